import { SECTORS } from "@/lib/registry/sectors";

const NAMES = new Map<string, string>(SECTORS.map((s) => [s.id, s.name]));

/** "water_sanitation" → "Water and sanitation". */
export function sectorName(id: string): string {
  return NAMES.get(id) ?? id;
}
