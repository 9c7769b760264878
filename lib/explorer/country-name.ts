const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/** "KE" → "Kenya"; an unknown code stays as it is. */
export function countryName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
