/** The explorer's URL for a search form's fields: the non-empty ones, trimmed ("/?q=water&sector=…"), else "/". */
export function searchHref(fields: Iterable<[string, FormDataEntryValue]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of fields) {
    if (typeof value === "string" && value.trim() !== "") params.set(name, value.trim());
  }
  const query = params.toString();
  return query ? `/?${query}` : "/";
}
