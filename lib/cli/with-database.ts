/**
 * Runs a command's database work and closes the connection after it, also on failure: the
 * embedded database is flushed and its lock released before the process exits.
 */
export async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
  const close = async () => (await import("@/lib/db")).closeConnection();
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  await close();
  return result;
}
