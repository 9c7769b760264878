import { describe, expect, it } from "vitest";
import { eventExample } from "./event-examples";
import { eventPayloadSchemas } from "./event-payload-schemas";
import { EVENT_TYPES } from "@/lib/events/event-types";

describe("the event payload schemas", () => {
  it("describe every event type, and each type's example fits its schema", () => {
    expect(eventPayloadSchemas).toHaveLength(EVENT_TYPES.length);
    EVENT_TYPES.forEach((type, i) => {
      expect(eventPayloadSchemas[i]!.safeParse(eventExample(type)).success).toBe(true);
      // A payload of another type does not fit.
      const other = EVENT_TYPES[(i + 1) % EVENT_TYPES.length]!;
      expect(eventPayloadSchemas[i]!.safeParse(eventExample(other)).success).toBe(false);
    });
  });
});
