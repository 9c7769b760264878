import type { FieldError } from "@/lib/errors/api-error";
import { fromDatabaseError } from "@/lib/errors/from-database-error";
import { describeDatabaseUnavailable } from "@/lib/errors/database-unavailable";
import { EXIT_CODES, type ExitCode } from "./exit-codes";

export type CliFailure = {
  exitCode: ExitCode;
  /** Stable, for --json: usage, configuration, database_busy, database_unavailable,
   * not_migrated, internal, or the ApiError code (invalid_request, not_found, conflict, …). */
  type: string;
  /** One line, no stack trace, SQL or secret. */
  message: string;
  fields?: FieldError[];
};

/**
 * Anything a command threw, as the operator hears it. Compared by name, not instanceof, like
 * describeFailure in lib/health: the CLI may load a module twice through dynamic imports.
 */
export function describeCliError(error: unknown): CliFailure {
  const name = error instanceof Error ? error.name : undefined;
  const message = error instanceof Error ? error.message : String(error);
  switch (name) {
    case "UsageError": {
      const { command } = error as Error & { command: string };
      const help = `npm run cli -- ${command ? `${command} ` : ""}--help`;
      return { exitCode: EXIT_CODES.usage, type: "usage", message: `${sentence(message)} Run \`${help}\` for usage.` };
    }
    case "ConfigError":
      return { exitCode: EXIT_CODES.usage, type: "configuration", message };
    case "DatabaseBusyError":
      return {
        exitCode: EXIT_CODES.databaseUnavailable,
        type: "database_busy",
        message:
          `${message} Nothing was changed. While the server runs, manage keys over HTTP instead: ` +
          "/api/v1/keys with an operator key (the embedded default writes one to demo-keys.json in that directory).",
      };
    case "ApiError": {
      const { code, extras } = error as Error & { code: string; extras: { errors?: FieldError[] } };
      if (!extras.errors?.length) return { exitCode: EXIT_CODES.failed, type: code, message };
      // Every field at fault, not ApiError's "3 parameters are not valid" summary.
      const fields = extras.errors.map((e) => `${e.name}: ${e.reason}`).join("; ");
      return { exitCode: EXIT_CODES.failed, type: code, message: sentence(`invalid ${fields}`), fields: extras.errors };
    }
    case "MigrationError":
      return { exitCode: EXIT_CODES.failed, type: "migration_failed", message };
  }
  const unavailable = describeDatabaseUnavailable(error);
  if (unavailable) return { exitCode: EXIT_CODES.databaseUnavailable, type: "database_unavailable", message: unavailable };
  if (isMissingTable(error)) {
    return {
      exitCode: EXIT_CODES.failed,
      type: "not_migrated",
      message: "The database is not migrated yet: run `npm run cli -- db migrate` first.",
    };
  }
  // A race or an odd value the database refused, as the API would answer it (409, 404, 400).
  const refused = fromDatabaseError(error);
  if (refused) return { exitCode: EXIT_CODES.failed, type: refused.code, message: refused.detail };
  const code = (error as { code?: unknown } | null)?.code;
  return {
    exitCode: EXIT_CODES.failed,
    type: "internal",
    // The message itself stays unprinted: driver and Prisma messages can quote SQL or secrets.
    message: `Unexpected ${name ?? typeof error}${typeof code === "string" ? ` (${code})` : ""}: the command did not complete.`,
  };
}

function isMissingTable(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { kind?: unknown; code?: unknown } };
  return code === "P2021" || code === "42P01" || cause?.kind === "TableDoesNotExist" || cause?.code === "42P01";
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
