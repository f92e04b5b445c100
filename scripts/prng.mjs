// The one seeded pseudo-random generator of tests, benchmarks and scripts (mulberry32: small, fast, and the same
// numbers in node and in a Firefox page). A seed replays the very same run: a failing seeded test, the demo
// collection and a benchmark's data are the same on every machine.

/** mulberry32 for `seed`: every helper draws from the one sequence. */
export function createRng(seed) {
  let state = seed >>> 0;
  /** A number in [0, 1). */
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n) => Math.floor(next() * n);
  return {
    next,
    below,
    int: (min, max) => min + below(max - min + 1),
    pick: (list) => list[below(list.length)],
    chance: (p) => next() < p,
    /** k distinct items of list, in list order. */
    sample(list, k) {
      const idx = list.map((_, i) => i);
      for (let i = idx.length - 1; i > 0; i--) {
        const j = below(i + 1);
        [idx[i], idx[j]] = [idx[j], idx[i]];
      }
      return idx
        .slice(0, Math.min(k, list.length))
        .sort((x, y) => x - y)
        .map((i) => list[i]);
    },
  };
}
