// The first entries of every sample registry, whatever the seed: known slugs that tests, docs and
// demos can rely on. One verified entry per sector, one of each other state, and the demo NGO
// that accepts donations in the embed.
import type { SectorId } from "@/lib/registry/sectors";
import type { NgoState } from "@/lib/tiers";

export type SampleFixture = {
  slug: string;
  name: string;
  country: string;
  city: string;
  sector: SectorId;
  state: NgoState;
};

export const SAMPLE_FIXTURES = {
  /** Verified, donations enabled, water_sanitation: the embed demo's NGO. */
  donationDemo: "demo-water-trust",
  /** Verified, in São Paulo, with accents in its name. */
  accented: "fundacao-horizonte-verde",
  draft: "sample-draft-ngo",
  pendingReview: "sample-pending-ngo",
  suspended: "sample-suspended-ngo",
  revoked: "sample-revoked-ngo",
  archived: "sample-archived-ngo",
  /** One verified entry per sector. */
  verifiedBySector: {
    water_sanitation: "demo-water-trust",
    environment: "fundacao-horizonte-verde",
    poverty_relief: "societe-d-entraide-economique",
    children_youth: "asociacion-ninos-del-sur",
    health: "fundacja-zdrowe-miasto",
    education: "stiftung-lernen-fur-alle",
    humanitarian: "open-harbor-relief-network",
    human_rights: "fundacion-voz-y-derecho",
    animal_welfare: "silver-fern-wildlife-rescue",
    arts_culture: "associazione-teatro-aperto",
    community_development: "lakeside-neighbourhood-builders",
    research: "instituto-andino-de-investigacion-social",
  } satisfies Record<SectorId, string>,
} as const;

export const FIXTURE_NGOS: readonly SampleFixture[] = [
  { slug: "demo-water-trust", name: "Demo Water Trust", country: "KE", city: "Nairobi", sector: "water_sanitation", state: "verified" },
  { slug: "fundacao-horizonte-verde", name: "Fundação Horizonte Verde", country: "BR", city: "São Paulo", sector: "environment", state: "verified" },
  { slug: "societe-d-entraide-economique", name: "Société d'Entraide Économique", country: "FR", city: "Besançon", sector: "poverty_relief", state: "verified" },
  { slug: "asociacion-ninos-del-sur", name: "Asociación Niños del Sur", country: "AR", city: "Córdoba", sector: "children_youth", state: "verified" },
  { slug: "fundacja-zdrowe-miasto", name: "Fundacja Zdrowe Miasto", country: "PL", city: "Kraków", sector: "health", state: "verified" },
  { slug: "stiftung-lernen-fur-alle", name: "Stiftung Lernen für Alle", country: "CH", city: "Zürich", sector: "education", state: "verified" },
  { slug: "open-harbor-relief-network", name: "Open Harbor Relief Network", country: "GB", city: "Manchester", sector: "humanitarian", state: "verified" },
  { slug: "fundacion-voz-y-derecho", name: "Fundación Voz y Derecho", country: "CO", city: "Bogotá", sector: "human_rights", state: "verified" },
  { slug: "silver-fern-wildlife-rescue", name: "Silver Fern Wildlife Rescue", country: "NZ", city: "Wellington", sector: "animal_welfare", state: "verified" },
  { slug: "associazione-teatro-aperto", name: "Associazione Teatro Aperto", country: "IT", city: "Napoli", sector: "arts_culture", state: "verified" },
  { slug: "lakeside-neighbourhood-builders", name: "Lakeside Neighbourhood Builders", country: "UG", city: "Kampala", sector: "community_development", state: "verified" },
  { slug: "instituto-andino-de-investigacion-social", name: "Instituto Andino de Investigación Social", country: "PE", city: "Cusco", sector: "research", state: "verified" },
  { slug: "sample-draft-ngo", name: "Sample Draft NGO", country: "IE", city: "Galway", sector: "education", state: "draft" },
  { slug: "sample-pending-ngo", name: "Sample Pending NGO", country: "CA", city: "Montréal", sector: "health", state: "pending_review" },
  { slug: "sample-suspended-ngo", name: "Sample Suspended NGO", country: "US", city: "Chicago", sector: "poverty_relief", state: "suspended" },
  { slug: "sample-revoked-ngo", name: "Sample Revoked NGO", country: "ZA", city: "Durban", sector: "humanitarian", state: "revoked" },
  { slug: "sample-archived-ngo", name: "Sample Archived NGO", country: "DE", city: "Leipzig", sector: "arts_culture", state: "archived" },
];
