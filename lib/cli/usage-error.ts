/**
 * The command line itself is wrong (exit 2). `command` names the command whose --help explains
 * the right usage ("keys create"), so the message can point there.
 */
export class UsageError extends Error {
  override name = "UsageError";

  constructor(
    message: string,
    readonly command: string,
  ) {
    super(message);
  }
}
