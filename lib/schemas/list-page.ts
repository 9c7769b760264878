// The one shape of every list answer of the API: `{ data, page: { next_cursor, limit } }`, the
// registry's lists (which add `meta`) and the admin lists alike, so a client pages them all the
// same way. Lists that answer everything at once say so with next_cursor null.

export type ListPage<T> = { data: T[]; page: { next_cursor: string | null; limit: number } };

export function listPage<T>(data: T[], nextCursor: string | null, limit: number): ListPage<T> {
  return { data, page: { next_cursor: nextCursor, limit } };
}
