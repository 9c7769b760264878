import { ApiError } from "@/lib/errors/api-error";
import { getNgoOrThrow } from "@/lib/registry/get-ngo";
import type { ProjectedNgo } from "@/lib/registry/project-ngo";
import { slugSchema } from "@/lib/registry/schemas";

/**
 * One entry as the public sees it, or null when there is none to show (missing, hidden, or not a
 * slug at all).
 */
export async function findPublicNgo(slug: string): Promise<ProjectedNgo | null> {
  if (!slugSchema.safeParse(slug).success) return null;
  try {
    return await getNgoOrThrow(slug, "public");
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
