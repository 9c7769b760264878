// The published sector list. The first migration inserts the same rows into `sectors`;
// a test keeps the two equal.
export const SECTORS = [
  { id: "health", name: "Health", description: "Medical care, public health and disease prevention" },
  { id: "education", name: "Education", description: "Schools, literacy, vocational training and scholarships" },
  { id: "environment", name: "Environment", description: "Conservation, climate action and biodiversity" },
  { id: "humanitarian", name: "Humanitarian aid", description: "Emergency relief, refugees and disaster response" },
  { id: "human_rights", name: "Human rights", description: "Civil liberties, legal aid and advocacy" },
  { id: "animal_welfare", name: "Animal welfare", description: "Animal protection, shelters and wildlife rescue" },
  { id: "arts_culture", name: "Arts and culture", description: "Heritage, the arts, libraries and museums" },
  {
    id: "community_development",
    name: "Community development",
    description: "Local infrastructure, housing and civic life",
  },
  { id: "poverty_relief", name: "Poverty relief", description: "Food security, livelihoods and social protection" },
  { id: "water_sanitation", name: "Water and sanitation", description: "Clean water, sanitation and hygiene" },
  {
    id: "children_youth",
    name: "Children and youth",
    description: "Child protection, youth programmes and family support",
  },
  { id: "research", name: "Research", description: "Scientific and social research for the public good" },
] as const;

export type SectorId = (typeof SECTORS)[number]["id"];

export const SECTOR_IDS = SECTORS.map((s) => s.id) as [SectorId, ...SectorId[]];
