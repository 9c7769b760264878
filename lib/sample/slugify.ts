// Letters that Unicode does not decompose into a base letter and an accent.
const UNDECOMPOSABLE: Readonly<Record<string, string>> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/**
 * ASCII-folds and hyphenates: "Société d'Entraide" → "societe-d-entraide". Cut to maxLength, it
 * still ends in a letter or digit: a slug never ends in a hyphen.
 */
export function slugify(text: string, maxLength = Infinity): string {
  const slug = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (c) => UNDECOMPOSABLE[c]!)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.length > maxLength ? slug.slice(0, maxLength).replace(/-+$/, "") : slug;
}
