import { describe, expect, it } from 'vitest';
import { createRng } from '../../../scripts/prng.mjs';
import { createGuidGenerator, GUID_PATTERN } from '../../fakes/ids';

describe('the seeded PRNG (scripts/prng.mjs)', () => {
  it('is mulberry32: the published first numbers for seed 1, so every seeded run, the demo collection and the benchmark data stay the same', () => {
    const rng = createRng(1);
    expect([rng.next(), rng.next(), rng.next()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it('replays the same sequence for a seed and another one for another seed', () => {
    const draw = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 50 }, () => rng.next());
    };
    expect(draw(24301)).toEqual(draw(24301));
    expect(draw(24301)).not.toEqual(draw(24302));
    // Seeds are taken as 32-bit unsigned numbers.
    expect(draw(-1)).toEqual(draw(2 ** 32 - 1));
  });

  it('draws numbers in [0, 1) and integers in [0, n) spread evenly over 10,000 draws', () => {
    const rng = createRng(7);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      const k = rng.below(10);
      expect(Number.isInteger(k) && k >= 0 && k < 10).toBe(true);
      counts[k]! += 1;
    }
    // 1,000 expected per bucket; a fair generator stays within ±15% (seeded: the same counts on every run).
    for (const count of counts) {
      expect(count).toBeGreaterThan(850);
      expect(count).toBeLessThan(1150);
    }
  });

  it('int(min, max) reaches both bounds and nothing outside them', () => {
    const rng = createRng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) seen.add(rng.int(2019, 2025));
    expect([...seen].sort()).toEqual([2019, 2020, 2021, 2022, 2023, 2024, 2025]);
  });

  it('pick, chance and sample draw from the same sequence as next', () => {
    const list = ['a', 'b', 'c', 'd', 'e', 'f'];
    const a = createRng(11);
    const b = createRng(11);
    expect(a.pick(list)).toBe(list[Math.floor(b.next() * list.length)]);
    expect(a.chance(0.5)).toBe(b.next() < 0.5);
    const rng = createRng(12);
    expect(Array.from({ length: 100 }, () => rng.chance(0)).some(Boolean)).toBe(false);
    expect(Array.from({ length: 100 }, () => rng.chance(1)).every(Boolean)).toBe(true);
  });

  it('sample gives k distinct items in list order, or the whole list when k is larger', () => {
    const list = Array.from({ length: 20 }, (_, i) => i);
    const rng = createRng(5);
    for (let round = 0; round < 50; round++) {
      const picked = rng.sample(list, 7);
      expect(picked).toHaveLength(7);
      expect(new Set(picked).size).toBe(7);
      expect(picked).toEqual([...picked].sort((x, y) => x - y));
    }
    expect(rng.sample(['x', 'y'], 5)).toEqual(['x', 'y']);
  });

  it("gives the fake browser's GUIDs: 12 URL-safe characters, the same ids for a seed", () => {
    const ids = (seed: number) => {
      const next = createGuidGenerator(seed);
      return Array.from({ length: 100 }, () => next());
    };
    expect(ids(9)).toEqual(ids(9));
    expect(new Set(ids(9)).size).toBe(100);
    for (const id of ids(9)) expect(id).toMatch(GUID_PATTERN);
  });
});
