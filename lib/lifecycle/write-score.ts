import type { Prisma } from "@/lib/db";
import type { TrustScore } from "@/lib/trust/components";

/** Replaces an entry's score components and score with a freshly computed one, in the caller's transaction. */
export async function writeScore(tx: Prisma.TransactionClient, ngoId: string, score: TrustScore): Promise<void> {
  await tx.trustScoreComponent.deleteMany({ where: { ngoId } });
  await tx.trustScoreComponent.createMany({
    data: score.components.map((c) => ({
      ngoId,
      component: c.component,
      score: c.score,
      weight: c.weight,
      evidenceDate: c.evidence_date,
      source: c.source,
    })),
  });
  await tx.ngo.update({
    where: { id: ngoId },
    data: { trustScore: score.score, trustMethodology: score.methodology_version, trustAsOf: score.as_of },
  });
}
