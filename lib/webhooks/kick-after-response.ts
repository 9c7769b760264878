import { after } from "next/server";
import { kickDispatcher } from "./kick-dispatcher";

/**
 * Schedules the prompt kick for when the response has gone out: a request that committed events
 * gets them on their way within milliseconds, without making its client wait for the delivery.
 */
export function kickAfterResponse(): void {
  after(() => kickDispatcher());
}
