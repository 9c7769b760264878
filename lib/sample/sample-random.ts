// The sample registry's only source of chance: a small seeded PRNG (mulberry32), so the same
// seed gives the same registry on every machine and Node version. Never Math.random.

const ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

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
      // Four draws of 25 bits, five characters each: 100 bits.
      let id = `${prefix}_`;
      for (let draw = 0; draw < 4; draw++) {
        const bits = Math.floor(next() * 33_554_432);
        for (let shift = 20; shift >= 0; shift -= 5) id += ID_ALPHABET[(bits >>> shift) & 31];
      }
      return id;
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
