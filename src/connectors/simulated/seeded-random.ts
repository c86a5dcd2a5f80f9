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
  const hex = (value: number, digits: number): string => value.toString(16).padStart(digits, '0');

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
      const [high, middle, low, last] = [nextUint32(), nextUint32(), nextUint32(), nextUint32()];
      // join() yields one flat string; concatenating slices would keep several string objects per id.
      return [
        hex(high, 8),
        hex(middle >>> 16, 4),
        hex(0x4000 | (middle & 0x0fff), 4),
        hex(0x8000 | ((low >>> 16) & 0x3fff), 4),
        hex(low & 0xffff, 4) + hex(last, 8),
      ].join('-');
    },
  };
}
