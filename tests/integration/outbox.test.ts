// The outbox is written in the transaction of the change it reports: a change that fails leaves
// no event behind, and a change that commits always has its event. In-process, on a database of
// the test's own (PGlite, or PostgreSQL with TEST_DATABASE=postgres).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-database-env";

let release: () => Promise<void>;
const actor = { id: "key_outboxtest0000000000", name: "Outbox test" };

beforeAll(async () => {
  ({ release } = await useTestDatabase());
});

afterAll(async () => {
  await release?.();
});

async function counts() {
  const { getPrisma } = await import("@/lib/db");
  const prisma = await getPrisma();
  return { events: await prisma.webhookEvent.count(), ngos: await prisma.ngo.count(), transitions: await prisma.ngoStateTransition.count() };
}

describe("the outbox", () => {
  it("keeps no event of a change whose transaction fails after the event was written", async () => {
    const [{ runWrite }, { insertNgo }] = await Promise.all([import("@/lib/lifecycle/run-write"), import("@/lib/lifecycle/insert-ngo")]);
    const before = await counts();
    await expect(
      runWrite(async (tx) => {
        await insertNgo(tx, { name: "Doomed", sector: "health", country: "KE" }, actor);
        throw new Error("the rest of the change failed");
      }),
    ).rejects.toThrow("the rest of the change failed");
    expect(await counts()).toEqual(before);

    await runWrite((tx) => insertNgo(tx, { name: "Kept", sector: "health", country: "KE" }, actor));
    const after = await counts();
    expect(after).toEqual({ events: before.events + 1, ngos: before.ngos + 1, transitions: before.transitions + 1 });
  });

  it("writes no event for a refused transition, an update that changes nothing, or a stale If-Match", async () => {
    const [{ createNgo }, { transitionNgo }, { updateNgo }] = await Promise.all([
      import("@/lib/lifecycle/create-ngo"),
      import("@/lib/lifecycle/transition-ngo"),
      import("@/lib/lifecycle/update-ngo"),
    ]);
    const { ngo } = await createNgo({ name: "Quiet One", sector: "research", country: "NO", city: "Oslo" }, actor);
    const before = await counts();
    await expect(transitionNgo(ngo.slug, { to: "verified" }, actor)).rejects.toMatchObject({ status: 409 });
    await updateNgo(ngo.slug, { city: "Oslo" });
    await expect(updateNgo(ngo.slug, { city: "Bergen" }, { ifMatch: '"v99"' })).rejects.toMatchObject({ status: 412 });
    expect(await counts()).toEqual(before);
  });

  it("writes ngo.trust_score_changed only when the score moves", async () => {
    const [{ createNgo }, { updateNgo }, { getPrisma }] = await Promise.all([
      import("@/lib/lifecycle/create-ngo"),
      import("@/lib/lifecycle/update-ngo"),
      import("@/lib/db"),
    ]);
    const prisma = await getPrisma();
    const { ngo } = await createNgo({ name: "Scored", sector: "research", country: "NO" }, actor);
    const scoreEvents = () => prisma.webhookEvent.count({ where: { type: "ngo.trust_score_changed" } });
    const start = await scoreEvents();
    const inputs = (source: string) => ({
      trust_components: [{ component: "verification", score: 50, weight: 10_000, evidence_date: "2026-01-01", source }],
    });
    await updateNgo(ngo.slug, inputs("first look"));
    expect(await scoreEvents()).toBe(start + 1);
    // Different evidence, same score: ngo.updated, but no score event.
    await updateNgo(ngo.slug, inputs("second look"));
    expect(await scoreEvents()).toBe(start + 1);
    const updated = await prisma.webhookEvent.findMany({ where: { type: "ngo.updated" }, orderBy: { createdAt: "desc" }, take: 1 });
    expect(updated[0]?.data).toMatchObject({ changed: ["trust_components"] });
  });
});
