import { describe, expect, it } from 'vitest';
import { assignSlots, rowAt, rowOffsets, scrollToShow, scrollTopFor, visibleRows } from '../../../src/ui/virtual';

const heights = [74, 50, 50, 34];
const offsetsOf = (n: number) => rowOffsets(n, (i) => heights[i % heights.length]!);

describe('virtualizer with rows of a few heights', () => {
  it('offsets are a prefix sum; rowAt finds the row at a position', () => {
    const offsets = offsetsOf(8);
    expect([...offsets]).toEqual([0, 74, 124, 174, 208, 282, 332, 382, 416]);
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 73)).toBe(0);
    expect(rowAt(offsets, 74)).toBe(1);
    expect(rowAt(offsets, 10_000)).toBe(7);
  });
  it('renders only the rows in view plus the overscan, for 100,000 rows', () => {
    const offsets = offsetsOf(100_000);
    expect(visibleRows(offsets, 0, 300, 2)).toEqual({ start: 0, end: 8 }); // rows 0–5 cover 0–331 px, +2
    const middle = visibleRows(offsets, 208 * 10_000, 300, 2);
    expect(middle).toEqual({ start: 39_998, end: 40_008 });
  });
  it('clamps at the end, for tiny lists and a negative (elastic) scroll', () => {
    const offsets = offsetsOf(100_000);
    expect(visibleRows(offsets, offsets[100_000]!, 300, 2).end).toBe(100_000);
    expect(visibleRows(offsetsOf(3), 0, 300, 8)).toEqual({ start: 0, end: 3 });
    expect(visibleRows(offsetsOf(0), 0, 300, 8)).toEqual({ start: 0, end: 0 });
    expect(visibleRows(offsetsOf(10), -50, 300, 0).start).toBe(0);
  });
  it('scrollToShow moves as little as possible; scrollTopFor leaves some context', () => {
    const offsets = offsetsOf(20);
    expect(scrollToShow(offsets, 1, 0, 300)).toBe(0); // already in view
    expect(scrollToShow(offsets, 12, 0, 300)).toBe(offsets[13]! - 300); // below: its bottom at the bottom
    expect(scrollToShow(offsets, 2, 400, 300)).toBe(offsets[2]); // above: its top at the top
    expect(scrollTopFor(offsets, 4)).toBe(208 - 24);
    expect(scrollTopFor(offsets, 0)).toBe(0);
  });
});

describe('recycled slots', () => {
  it('rows that stay keep their slot; rows coming into view take the slots of rows that left', () => {
    const first = assignSlots(new Map(), ['a', 'b', 'c', 'd']);
    expect([...first]).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
    // Scrolled by two rows: c and d stay where they are, e and f reuse a's and b's elements.
    const scrolled = assignSlots(first, ['c', 'd', 'e', 'f']);
    expect([...scrolled]).toEqual([
      ['c', 2],
      ['d', 3],
      ['e', 0],
      ['f', 1],
    ]);
    // A new result set reuses every slot; a longer window adds slots after the ones in use.
    expect([...assignSlots(scrolled, ['x', 'y', 'z', 'w', 'v'])].map(([, slot]) => slot)).toEqual([0, 1, 2, 3, 4]);
  });

  it('seeded random windows: every id gets one slot, no two share one, kept ids keep theirs, slots stay below the window size plus kept ones', async () => {
    const { createRng } = await import('../../../scripts/prng.mjs');
    const rng = createRng(606);
    let previous = new Map<string, number>();
    for (let step = 0; step < 500; step++) {
      const start = rng.int(0, 60);
      const ids = Array.from({ length: rng.int(0, 30) }, (_, i) => `r${start + i}`);
      const next = assignSlots(previous, ids);
      expect([...next.keys()].sort()).toEqual([...ids].sort());
      expect(new Set(next.values()).size).toBe(ids.length);
      for (const id of ids) if (previous.has(id)) expect(next.get(id)).toBe(previous.get(id));
      const kept = ids.filter((id) => previous.has(id)).map((id) => previous.get(id)!);
      for (const slot of next.values()) expect(slot).toBeLessThan(Math.max(ids.length, ...kept.map((s) => s + 1)));
      previous = next;
    }
  });
});
