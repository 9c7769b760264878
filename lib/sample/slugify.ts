// Letters that Unicode does not decompose into a base letter and an accent.
const UNDECOMPOSABLE: Readonly<Record<string, string>> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** ASCII-folds and hyphenates: "Société d'Entraide" → "societe-d-entraide". */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (c) => UNDECOMPOSABLE[c]!)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
