/**
 * An exact set of 12-byte ids (ObjectIds) kept in typed arrays, numbering each id in the order it
 * was first added. Adding up three years of days meets ~250,000 shopper and product ids: a Set or
 * Map of strings took ~150 ms for that (a string built, hashed and collected per id); this takes
 * a few.
 */
const WORDS = 3;

/** The ids packed in `bytes` as 32-bit words, three per id (copied only when not 4-byte aligned). */
export function idWords(bytes: Uint8Array): Int32Array {
  if (bytes.byteOffset % 4 === 0) return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const words = new Int32Array(bytes.byteLength / 4);
  new Uint8Array(words.buffer).set(bytes);
  return words;
}

export class IdTable {
  /** Entry number + 1 per slot, 0 for an empty slot (open addressing, linear probing). */
  private slots: Int32Array;
  private ids: Int32Array;
  size = 0;

  constructor(expected = 1024) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.ids = new Int32Array(capacity * WORDS);
  }

  /** The number of the id at `words[at..at+2]`, adding it if new. */
  numberOf(words: Int32Array, at: number): number {
    const a = words[at]!;
    const b = words[at + 1]!;
    const c = words[at + 2]!;
    const mask = this.slots.length - 1;
    for (let slot = hash(a, b, c) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]! - 1;
      if (entry < 0) break;
      const k = entry * WORDS;
      if (this.ids[k] === a && this.ids[k + 1] === b && this.ids[k + 2] === c) return entry;
    }
    const entry = this.size;
    this.size += 1;
    if (this.size * 2 > this.slots.length) this.grow();
    this.ids.set([a, b, c], entry * WORDS);
    this.place(entry);
    return entry;
  }

  /** The id numbered `entry`, as 24 hex digits. */
  hexOf(entry: number): string {
    return Buffer.from(this.ids.buffer, entry * WORDS * 4, WORDS * 4).toString('hex');
  }

  private place(entry: number): void {
    const k = entry * WORDS;
    const mask = this.slots.length - 1;
    let slot = hash(this.ids[k]!, this.ids[k + 1]!, this.ids[k + 2]!) & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = entry + 1;
  }

  private grow(): void {
    const ids = new Int32Array(this.slots.length * 2 * WORDS);
    ids.set(this.ids);
    this.ids = ids;
    this.slots = new Int32Array(this.slots.length * 2);
    for (let entry = 0; entry < this.size - 1; entry += 1) this.place(entry);
  }
}

/** Mixes all three words: an ObjectId's middle word is the same for every id a process made. */
function hash(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}
