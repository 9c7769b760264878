import os from "node:os";
import type { Actor } from "@/lib/lifecycle/actor";

/** Who the history names for a change made with the CLI: the operator's login on this machine. */
export function cliActor(): Actor {
  let user = "unknown";
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the history still says it came from the CLI.
  }
  return { id: `cli:${user}`, name: "Operator CLI" };
}
