/** A seeded pseudo-random sequence: the same seed always yields the same values, so test data is reproducible. */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A random (version 4 shaped) UUID. */
  uuid(): string;
}

/** mulberry32: tiny and fast, which matters when generating hundreds of thousands of records. */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => nextUint32() / 4294967296;
  const int = (maxExclusive: number): number => Math.floor(next() * maxExclusive);
  const hex8 = (): string => nextUint32().toString(16).padStart(8, '0');

  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[int(items.length)];
      if (item === undefined) throw new RangeError('pick() needs a non-empty list');
      return item;
    },
    uuid() {
      const hex = hex8() + hex8() + hex8() + hex8();
      const variant = '89ab'[parseInt(hex[16] ?? '0', 16) & 3] ?? '8';
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
  };
}
