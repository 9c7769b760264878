import { Prisma } from "@/lib/db";
import { loadStoredKey, type StoredKey } from "./load-key-by-hash";

/** The key with this id, or null: how an embed session finds the key it names, still checked for revocation. */
export function loadKeyById(id: string): Promise<StoredKey | null> {
  return loadStoredKey(Prisma.sql`k.id = ${id}`);
}
