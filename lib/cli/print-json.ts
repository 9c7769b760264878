import type { CliIo } from "./cli-io";

/** --json output: one object, pretty-printed so that it is also readable, on stdout. */
export function printJson(io: CliIo, value: unknown): void {
  io.out(JSON.stringify(value, null, 2));
}
