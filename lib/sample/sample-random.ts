// The sample registry's only source of chance: a small seeded PRNG (mulberry32), so the same
// seed gives the same registry on every machine and Node version. Never Math.random.

const ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const ID_CODES = Array.from(ID_ALPHABET, (c) => c.charCodeAt(0));
/** The character code for the five bits of `bits` from `shift` up. */
const idCode = (bits: number, shift: number) => ID_CODES[(bits >>> shift) & 31]!;

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: T[]): T[];
  /** A type-prefixed id: the prefix, "_", then 20 characters of lowercase base32. */
  id(prefix: string): string;
};

/**
 * mulberry32: a stream of uniform numbers in [0, 1) from a 32-bit seed, the same on every machine.
 * The fuzz tests use it bare, with numeric seeds, so a failing case can be replayed.
 */
export function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRandom(seed: string): Random {
  const next = mulberry32(hashSeed(seed));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new RangeError("cannot pick from an empty list");
      return items[int(0, items.length - 1)]!;
    },
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(0, i);
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
    id: (prefix) => {
      // Four draws of 25 bits, five characters each: 100 bits. The characters become one string
      // at once: added one at a time, they made each id a chain of a dozen pieces, which the
      // garbage collector copied for as long as the entry was kept.
      const a = Math.floor(next() * 33_554_432);
      const b = Math.floor(next() * 33_554_432);
      const c = Math.floor(next() * 33_554_432);
      const d = Math.floor(next() * 33_554_432);
      return `${prefix}_${String.fromCharCode(
        idCode(a, 20), idCode(a, 15), idCode(a, 10), idCode(a, 5), idCode(a, 0),
        idCode(b, 20), idCode(b, 15), idCode(b, 10), idCode(b, 5), idCode(b, 0),
        idCode(c, 20), idCode(c, 15), idCode(c, 10), idCode(c, 5), idCode(c, 0),
        idCode(d, 20), idCode(d, 15), idCode(d, 10), idCode(d, 5), idCode(d, 0),
      )}`;
    },
  };
}

// FNV-1a: spreads any seed string over the 32-bit state.
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
