// The CLI's command line without a database: help at every level and usage errors, which must
// answer before anything opens the database.
import { describe, expect, it } from "vitest";
import type { CliIo } from "./cli-io";
import { CLI_HELP } from "./help-texts";
import { runCli } from "./run-cli";

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (text) => void out.push(text), err: (text) => void err.push(text) };
  const code = await runCli(argv, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("runCli", () => {
  it.each([["--help"], ["-h"]])("%j prints the CLI's help and exits 0", async (flag) => {
    expect(await run(flag)).toEqual({ code: 0, out: CLI_HELP, err: "" });
  });

  it.each([
    [[], "error: Missing command. Run `npm run cli -- --help` for usage."],
    [["frobnicate"], "error: Unknown command 'frobnicate': the groups are keys, db, ngos, webhooks, events, donations. Run `npm run cli -- --help` for usage."],
    [["keys"], "error: Missing command: create, list, show, revoke, rotate. Run `npm run cli -- keys --help` for usage."],
    [["keys", "delete"], "error: Unknown command 'delete'. Run `npm run cli -- keys --help` for usage."],
    [["keys", "show"], "error: Missing required argument 'id'. Run `npm run cli -- keys show --help` for usage."],
    [["keys", "revoke", "a", "b"], expect.stringMatching(/^error: Too many arguments.*Run `npm run cli -- keys revoke --help` for usage\.$/)],
    [["keys", "list", "--status", "lost"], "error: --status must be one of active, expired, revoked, not 'lost'. Run `npm run cli -- keys list --help` for usage."],
    [["keys", "create", "--name", "x", "--kind", "public"], "error: --kind must be one of publishable, secret, not 'public'. Run `npm run cli -- keys create --help` for usage."],
    [["keys", "create", "--name", "x", "--kind", "secret", "--scope", "root"], expect.stringMatching(/^error: --scope must be one of /)],
    [["keys", "create", "--name", "x", "--kind", "secret", "--rate-limit", "1e3"], expect.stringMatching(/^error: --rate-limit must be a whole number/)],
    [["keys", "create", "--name"], expect.stringMatching(/^error: Option '--name <name>' argument missing/)],
    [["db", "seed", "--count", "0"], "error: --count must be a whole number from 1 to 2000000, not '0'. Run `npm run cli -- db seed --help` for usage."],
    [["db", "seed", "--count", "-3"], expect.stringMatching(/^error: .*--count.*Run `npm run cli -- db seed --help` for usage\.$/)],
    [["keys", "create", "--name", "x", "--kind", "secret", "--colour", "red"], "error: Unknown option '--colour'. Run `npm run cli -- keys create --help` for usage."],
    [["db", "migrate", "--force"], "error: Unknown option '--force'. Run `npm run cli -- db migrate --help` for usage."],
    [["ngos"], "error: Missing command: create, update, transition, import. Run `npm run cli -- ngos --help` for usage."],
    [["ngos", "transition", "x"], "error: Required option '--to <state>' not specified. Run `npm run cli -- ngos transition --help` for usage."],
    [["ngos", "import", "a.csv", "--batch-size", "0"], expect.stringContaining("--batch-size must be a whole number from 1 to 50000")],
    [["webhooks", "create", "--url", "https://x.example", "--bogus"], "error: Unknown option '--bogus'. Run `npm run cli -- webhooks create --help` for usage."],
    [["events", "purge"], expect.stringContaining("Run `npm run cli -- events --help` for usage.")],
  ])("%j is a usage error: exit 2, one line on stderr", async (argv, message) => {
    expect(await run(...argv)).toEqual({ code: 2, out: "", err: message });
  });

  it.each([["keys"], ["keys", "create"], ["keys", "rotate"], ["db", "seed"], ["ngos"], ["ngos", "import"], ["webhooks", "rotate-secret"], ["events", "list"], ["donations", "list"]])("%j --help prints generated help and exits 0", async (...argv) => {
    const { code, out, err } = await run(...argv, "--help");
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect(out).toMatch(new RegExp(`^Usage: npm run cli -- ${argv.join(" ")} `));
  });

  it("reports errors as one JSON object on stderr with --json", async () => {
    const { code, out, err } = await run("keys", "create", "--name", "x", "--json");
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(JSON.parse(err)).toEqual({
      error: {
        type: "usage",
        message: "Required option '--kind <kind>' not specified. Run `npm run cli -- keys create --help` for usage.",
        exit_code: 2,
      },
    });
  });
});
