/** Runs `fn` on every item, at most `concurrency` at a time (a fuzz run's clients), in order of the list. */
export async function inParallel<T>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
