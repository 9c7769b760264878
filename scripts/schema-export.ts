// npm run schema:export — writes schema.graphql, the GraphQL schema as SDL, from the running code.
// A unit test (lib/graphql/print-registry-schema.test.ts) fails while the committed file is stale.
import fs from "node:fs";
import path from "node:path";
import { printRegistrySchema } from "../lib/graphql/print-registry-schema";

const file = path.resolve("schema.graphql");
fs.writeFileSync(file, printRegistrySchema());
console.log(`Wrote ${path.relative(process.cwd(), file)}.`);
