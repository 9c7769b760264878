import { ApiError } from "@/lib/errors/api-error";
import { invalidInput } from "@/lib/errors/invalid-input";
import { getNgoOrThrow } from "@/lib/registry/get-ngo";
import { randomId } from "@/lib/random-id";
import { recordEvent } from "@/lib/events/record-event";
import { actorText, type Actor } from "./actor";
import type { WrittenNgo } from "./create-ngo";
import { assertIfMatch, ngoEtag } from "./etag";
import { lockNgo, ngoRef } from "./locked-ngo";
import { runWrite } from "./run-write";
import { transitionSchema } from "./schemas";
import { REASON_REQUIRED, TRANSITIONS, isLegalTransition } from "./transitions";

/**
 * Moves an entry to another state (POST /api/v1/ngos/{slug}/transitions, `ngos transition`).
 * The entry is locked first, so of two concurrent moves the second sees the state the first
 * left: never two transitions from one state. An illegal move is a 409 naming the legal ones.
 */
export async function transitionNgo(
  slug: string,
  body: unknown,
  actor: Actor,
  { ifMatch }: { ifMatch?: string | null } = {},
): Promise<WrittenNgo> {
  const parsed = transitionSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { to } = parsed.data;
  const reason = parsed.data.reason ?? "";
  if (REASON_REQUIRED.includes(to) && reason === "") {
    throw ApiError.invalid([{ name: "reason", reason: `is required to move an entry to ${to}` }]);
  }
  const version = await runWrite(async (tx) => {
    const current = await lockNgo(tx, { slug });
    assertIfMatch(ifMatch, current.version);
    if (!isLegalTransition(current.state, to)) {
      const allowed = TRANSITIONS[current.state];
      throw new ApiError(
        "conflict",
        `An entry in state ${current.state} cannot move to ${to}: ` +
          (allowed.length ? `the allowed moves are to ${allowed.join(", ")}.` : "it is final."),
      );
    }
    const now = new Date();
    const next = current.version + 1;
    await tx.ngo.update({
      where: { id: current.id },
      data: { state: to, version: next, updatedAt: now, ...(to === "verified" ? { verifiedAt: now } : {}) },
    });
    await tx.ngoStateTransition.create({
      data: { id: randomId("nst"), ngoId: current.id, fromState: current.state, toState: to, actor: actorText(actor), reason, createdAt: now },
    });
    await recordEvent(tx, {
      type: "ngo.state_changed",
      data: { ngo: ngoRef({ ...current, state: to }), from: current.state, to, reason, actor: actorText(actor) },
    });
    return next;
  });
  return { ngo: await getNgoOrThrow(slug, "operator"), etag: ngoEtag(version) };
}
