/**
 * Drops log lines that have no reader left. When whatever reads this process's stdout or stderr
 * goes away (a supervisor or log collector that died, a test runner that was killed), every write
 * fails with EPIPE; an 'error' event with no listener is an uncaught exception, which Next logs to
 * the same closed stream, whose failure it logs again: a server found that way spun at half a core
 * and no longer stopped on SIGTERM. With a listener the failure is what it is, a line nobody reads.
 */
export function ignoreClosedLogStreams(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount("error") === 0) stream.on("error", () => {});
  }
}
