/**
 * Settles with the promise, or rejects with a TimeoutError after `ms`: a probe must answer even
 * when a dependency never does. The abandoned promise keeps running; its outcome is ignored.
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DOMException(`no answer within ${ms} ms`, "TimeoutError")), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
