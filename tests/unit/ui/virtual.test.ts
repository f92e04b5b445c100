import { describe, expect, it } from 'vitest';
import { rowAt, rowOffsets, scrollToShow, scrollTopFor, visibleRows } from '../../../src/ui/virtual';

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
