import { processWide } from "@/lib/process-wide";
import type { PrismaClient } from "./generated/client";

export type EmbeddedFill = (prisma: PrismaClient) => Promise<void>;

const holder = () => processWide("embedded-fill", () => ({ fill: undefined as EmbeddedFill | undefined }));

/**
 * What an embedded database gets each time it is opened, after its migrations: the sample
 * registry when it is empty. The database layer imports no domain, so the entry points set it
 * (lib/compose-process.ts) before the first open; without it the database opens empty.
 */
export function setEmbeddedFill(fill: EmbeddedFill): void {
  holder().fill = fill;
}

export function embeddedFill(): EmbeddedFill | undefined {
  return holder().fill;
}
