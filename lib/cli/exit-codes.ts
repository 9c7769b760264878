// The CLI's exit codes are part of its interface: scripts branch on them, so they never change.
export const EXIT_CODES = {
  ok: 0,
  /** Understood but refused: invalid input, not found, conflict, a failed migration. */
  failed: 1,
  /** The command line (or the environment's configuration) is wrong: nothing was attempted. */
  usage: 2,
  /** The database is unreachable, or the embedded one is held by a running server. */
  databaseUnavailable: 3,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
