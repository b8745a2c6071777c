import { Types } from 'mongoose';

/** A seeded PRNG (mulberry32): the same seed gives the same shop on every machine. */
export class Random {
  private state: number;

  constructor(...seeds: number[]) {
    // FNV-1a over the seeds, so (seed, stream, index) picks an independent sequence.
    let h = 0x811c9dc5;
    for (const s of seeds) {
      h ^= s >>> 0;
      h = Math.imul(h, 0x01000193) >>> 0;
      h ^= Math.floor(s / 2 ** 32) >>> 0;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    this.state = h;
  }

  /** [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of choices) {
      r -= w;
      if (r < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  /** Letters and digits, as payment providers' ids have them. */
  token(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  hex(length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }
}

/** Kinds of generated documents: the byte after an id's timestamp, so ids never collide across kinds. */
export const ID_KINDS = {
  user: 1,
  product: 2,
  order: 3,
  checkout: 4,
  redemption: 5,
  coupon: 6,
  codSlot: 7,
  cart: 8,
  message: 9,
  abandonedCheckout: 10,
} as const;

/**
 * An ObjectId made at `at` (its timestamp is the document's creation, as the driver's would be)
 * whose other 8 bytes are the kind and the index: deterministic and unique per kind.
 */
export function objectIdAt(at: Date, kind: keyof typeof ID_KINDS, index: number): Types.ObjectId {
  const seconds = Math.max(0, Math.floor(at.getTime() / 1000));
  const hex =
    seconds.toString(16).padStart(8, '0') +
    ID_KINDS[kind].toString(16).padStart(2, '0') +
    index.toString(16).padStart(14, '0');
  return new Types.ObjectId(hex);
}
