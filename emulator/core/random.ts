import { createHash, randomBytes } from "node:crypto";

// Deterministic randomness for catalogs: the same seed and label always give the same
// sequence, so the same seed gives the same catalog. Ids and secrets use real randomness.

/** mulberry32: small, fast, good enough for generated catalogs. */
export function seededRandom(seed: number, label: string): () => number {
  let state = (seed ^ createHash("sha256").update(label).digest().readUInt32LE(0)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

export function intBetween(rand: () => number, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

export function randomId(prefix: string, bytes = 8): string {
  return `${prefix}${randomBytes(bytes).toString("hex")}`;
}
