// Reads every app/**/route.ts without running it (TypeScript's parser) and writes the route
// manifest: each route's methods and, on API paths, the access each handler declares with
// route(). Used by scripts/route-manifest.ts and its unit test; never imported by the app.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { ApiAccess } from "./api-access-rule";
import { isApiPath } from "./is-api-path";

const METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

export const MANIFEST_PATH = "lib/http/route-manifest.ts";

type Manifest = Record<string, Record<string, ApiAccess | null>>;

/** The manifest's source for the app under `root`, and what is wrong with its routes. */
export function buildRouteManifest(root: string): { source: string; errors: string[] } {
  const manifest: Manifest = {};
  const errors: string[] = [];
  const app = path.join(root, "app");
  for (const file of fs.readdirSync(app, { recursive: true, encoding: "utf8" }).sort()) {
    if (path.basename(file) !== "route.ts") continue;
    const pattern = `/${path.dirname(file).split(path.sep).filter((s) => s !== "." && !/^\(.*\)$/.test(s)).join("/")}`;
    const relative = path.posix.join("app", file.split(path.sep).join("/"));
    const methods = readMethods(relative, fs.readFileSync(path.join(app, file), "utf8"), errors);
    for (const [method, access] of Object.entries(methods)) {
      if (access === null && isApiPath(pattern)) {
        errors.push(`${relative}: ${method} has no access declaration: define it with route({ access: … }, handler)`);
      }
    }
    manifest[pattern] = methods;
  }
  return { source: render(manifest), errors };
}

/** Each exported HTTP method of a route file, with the access its route() call declares (null: none). */
function readMethods(file: string, text: string, errors: string[]): Record<string, ApiAccess | null> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const constants = new Map<string, ts.Expression>();
  const exported: [string, ts.Expression | undefined][] = [];
  for (const statement of source.statements) {
    const isExported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        constants.set(declaration.name.text, declaration.initializer);
        if (isExported && METHODS.has(declaration.name.text)) exported.push([declaration.name.text, declaration.initializer]);
      }
    } else if (ts.isFunctionDeclaration(statement) && isExported && statement.name && METHODS.has(statement.name.text)) {
      exported.push([statement.name.text, undefined]);
    } else if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        if (METHODS.has(element.name.text)) errors.push(`${file}: export ${element.name.text} as const ${element.name.text} = route(…)`);
      }
    }
  }
  const methods: Record<string, ApiAccess | null> = {};
  for (const [method, initializer] of exported.sort(([a], [b]) => a.localeCompare(b))) {
    methods[method] = initializer ? declaredAccess(resolve(initializer, constants), `${file} ${method}`, errors) : null;
  }
  return methods;
}

/** Follows `export const GET = handler` to `const handler = route(…)` in the same file. */
function resolve(expression: ts.Expression, constants: Map<string, ts.Expression>, seen = new Set<string>()): ts.Expression {
  if (!ts.isIdentifier(expression) || seen.has(expression.text)) return expression;
  const target = constants.get(expression.text);
  return target ? resolve(target, constants, seen.add(expression.text)) : expression;
}

function declaredAccess(expression: ts.Expression, where: string, errors: string[]): ApiAccess | null {
  if (!ts.isCallExpression(expression) || !isCallTo(expression, "route")) return null;
  const [declaration] = expression.arguments;
  const property = declaration && ts.isObjectLiteralExpression(declaration) ? declaration.properties.find((p) => p.name?.getText() === "access") : undefined;
  const value = property && ts.isPropertyAssignment(property) ? property.initializer : undefined;
  if (value && ts.isStringLiteral(value)) return { kind: value.text } as ApiAccess;
  const [scope] = value && ts.isCallExpression(value) && isCallTo(value, "keyed") ? value.arguments : [];
  if (scope && ts.isStringLiteral(scope)) return { kind: "keyed", scope: scope.text } as ApiAccess;
  errors.push(`${where}: route()'s first argument must be a literal { access: "read" | "health" | "live" | "client_secret" | "signed_webhook" | keyed("<scope>"), … }`);
  return null;
}

function isCallTo(call: ts.CallExpression, name: string): boolean {
  return ts.isIdentifier(call.expression) && call.expression.text === name;
}

function render(manifest: Manifest): string {
  const lines = Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)).map(([pattern, methods]) => {
    const entries = Object.entries(methods).map(([method, access]) => `${method}: ${access ? renderAccess(access) : "null"}`);
    return `  ${JSON.stringify(pattern)}: { ${entries.join(", ")} },`;
  });
  return `// Generated by scripts/route-manifest.ts from the route() declarations in app/**/route.ts: do not
// edit. \`npm run routes\` rewrites it; lib/http/route-manifest.test.ts fails while it is stale.
import type { ApiAccess } from "./api-access-rule";

/**
 * Each route handler file as its URL pattern, with the methods it exports and the access each
 * declares (null: not an API route, nothing declared). Read by proxy.ts (the access checks and
 * the 405's Allow header) without importing a single handler.
 */
export const ROUTE_MANIFEST: Readonly<Record<string, Readonly<Record<string, ApiAccess | null>>>> = {
${lines.join("\n")}
};
`;
}

function renderAccess(access: ApiAccess): string {
  return `{ ${Object.entries(access).map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(", ")} }`;
}
