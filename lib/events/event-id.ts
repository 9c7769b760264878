import { timeOrderedId } from "@/lib/random-id";

/**
 * An event id: evt_, the creation time in milliseconds (base 36, fixed width) and 16 random
 * characters. Ids of events sort by the time they were made, which keeps the outbox index
 * append-mostly, and the random part makes them unique across processes.
 */
export function eventId(now = Date.now()): string {
  return timeOrderedId("evt", 16, now);
}
