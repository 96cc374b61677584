/**
 * Seeded randomness. Everything the sandbox invents (data, fault rolls, foot traffic) comes
 * from here so a seed reproduces a run exactly.
 */

/** 32-bit integer mix (a murmur3 finalizer): cheap, stateless, well spread. */
export const mix32 = (h: number): number => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** One more integer into a hash state (hashState). */
export const hashStep = (h: number, p: number): number =>
  mix32(h ^ Math.imul(p | 0, 0x27d4eb2d) ^ ((p / 0x100000000) | 0));

/**
 * A hash of several integers (unitOf makes it a float in [0, 1)), used where a value must be
 * recomputable. Hashes that share their first parts go on from it with hashStep (foot traffic
 * hashes every hour of every device from the same seed and serial).
 */
export const hashState = (...parts: number[]): number => {
  let h = 0x9e3779b9;
  for (const p of parts) h = hashStep(h, p);
  return h;
};

/** A hash state as a float in [0, 1). */
export const unitOf = (h: number): number => h / 0x100000000;

/** FNV-1a of a string, for turning serials into hash inputs. */
export const hashString = (s: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

export interface Rng {
  /** [0, 1) */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  hex(length: number): string;
}

/** mulberry32: tiny, fast and good enough for simulation. */
export const createRng = (seed: number): Rng => {
  let a = mix32(seed >>> 0 || 1);
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p: number) => next() < p,
    hex: (length: number) => {
      let s = '';
      while (s.length < length) s += int(0, 15).toString(16);
      return s;
    },
  };
};
