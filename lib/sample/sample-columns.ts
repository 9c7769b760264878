// The columns the sample loaders write, with their PostgreSQL types: the keys are also the
// SampleNgo (component, transition) fields that carry the values. The batched loader and the
// COPY loader write exactly these, so both load the same rows.

/** Column → PostgreSQL type. */
export type Columns = Readonly<Record<string, string>>;

export const NGO_COLUMNS: Columns = {
  id: "text", slug: "text", name: "text", legal_name: "text", registration_number: "text", country: "text",
  city: "text", sector_id: "text", website: "text", description: "text", founded_year: "int",
  donations_enabled: "boolean", state: "ngo_state", trust_score: "int", trust_methodology: "text",
  trust_as_of: "timestamptz", created_at: "timestamptz", updated_at: "timestamptz", verified_at: "timestamptz",
};
export const COMPONENT_COLUMNS: Columns = { component: "text", score: "int", weight: "int", evidence_date: "date", source: "text" };
export const TRANSITION_COLUMNS: Columns = {
  id: "text", from_state: "ngo_state", to_state: "ngo_state", actor: "text", reason: "text", created_at: "timestamptz",
};

