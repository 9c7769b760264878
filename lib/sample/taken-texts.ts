// The texts a generator has used up, kept as 64-bit fingerprints in two typed arrays instead of a
// Set of the strings: at two million slugs and two million registration numbers, a Set kept four
// million strings alive, which every major garbage collection walked again, and the generator's
// time per entry grew by two thirds between 100,000 and 2,000,000 entries.
//
// A text that was added is always found (the same text has the same fingerprint). A text that was
// not may be found too if its fingerprint equals one that was: with two million texts, about one
// lookup in four billion. The generator then takes another candidate, as for a text in use, so
// what it makes stays unique either way.

const EMPTY_HIGH = 0;
const EMPTY_LOW = 0;

export class TakenTexts {
  private high = new Uint32Array(1 << 16);
  private low = new Uint32Array(1 << 16);
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(text: string): boolean {
    const [high, low] = fingerprint(text);
    return this.slotOf(high, low, this.high, this.low) < 0;
  }

  /** Adds the text; false when it (or a text with its fingerprint) was there already. */
  add(text: string): boolean {
    const [high, low] = fingerprint(text);
    const slot = this.slotOf(high, low, this.high, this.low);
    if (slot < 0) return false;
    this.high[slot] = high;
    this.low[slot] = low;
    // At most half full, so that a lookup probes a slot or two.
    if (++this.count * 2 > this.high.length) this.grow();
    return true;
  }

  /** The free slot where the fingerprint goes, or -1 when it is there already. Linear probing. */
  private slotOf(high: number, low: number, highs: Uint32Array, lows: Uint32Array): number {
    const mask = highs.length - 1;
    for (let slot = low & mask; ; slot = (slot + 1) & mask) {
      const h = highs[slot]!;
      const l = lows[slot]!;
      if (h === EMPTY_HIGH && l === EMPTY_LOW) return slot;
      if (h === high && l === low) return -1;
    }
  }

  private grow(): void {
    const highs = new Uint32Array(this.high.length * 2);
    const lows = new Uint32Array(this.low.length * 2);
    for (let i = 0; i < this.high.length; i++) {
      const h = this.high[i]!;
      const l = this.low[i]!;
      if (h !== EMPTY_HIGH || l !== EMPTY_LOW) {
        const slot = this.slotOf(h, l, highs, lows);
        highs[slot] = h;
        lows[slot] = l;
      }
    }
    this.high = highs;
    this.low = lows;
  }
}

const pair: [number, number] = [0, 0];

/**
 * Two independent 32-bit hashes of the text's UTF-16 code units (FNV-1a, and a multiply-rotate
 * hash with another seed), with the empty slot's value moved aside. The pair is reused: callers
 * read it at once.
 */
function fingerprint(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x85ebca6b);
    b = (b << 13) | (b >>> 19);
  }
  b = Math.imul(b ^ (b >>> 16), 0xc2b2ae35);
  b ^= b >>> 13;
  a >>>= 0;
  b >>>= 0;
  pair[0] = a;
  pair[1] = a === EMPTY_HIGH && b === EMPTY_LOW ? 1 : b;
  return pair;
}
