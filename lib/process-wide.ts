// One value per process. Next evaluates a module once per bundle (proxy.ts, each route, dev
// reloads), so a module-level variable would exist several times in one process; state that must
// be one per process (the database handle, the rate-limit store, the key cache, the GraphQL
// server) is kept on globalThis under a registered symbol instead, always through this function.

/** The process's value for `name`, made by `create` on first use. */
export function processWide<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`trust-registry.${name}`);
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}
