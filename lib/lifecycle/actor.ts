/** Who made a change, as history records it: a key's name and id, or the CLI's operator. */
export type Actor = { id: string; name: string };

/** The history's actor text: "Name (key_…)", so both the person-readable and the exact key are kept. */
export function actorText(actor: Actor): string {
  return `${actor.name} (${actor.id})`;
}
