import { describe, expect, it } from 'vitest';
import { scrollTopFor, visibleRows } from '../../../../src/options-ui/duplicates/virtual';

describe('visibleRows', () => {
  it('renders only the rows in view plus the overscan', () => {
    expect(visibleRows(0, 340, 34, 100_000, 8)).toEqual({ start: 0, end: 19 });
    expect(visibleRows(34 * 1000, 340, 34, 100_000, 8)).toEqual({ start: 992, end: 1019 });
  });
  it('clamps at the end and for tiny lists', () => {
    expect(visibleRows(34 * 100_000, 340, 34, 100_000, 8)).toEqual({ start: 99_992, end: 100_000 });
    expect(visibleRows(0, 340, 34, 3, 8)).toEqual({ start: 0, end: 3 });
    expect(visibleRows(0, 340, 34, 0, 8)).toEqual({ start: 0, end: 0 });
  });
  it('ignores a negative scroll (elastic scrolling)', () => {
    expect(visibleRows(-50, 340, 34, 10, 0)).toEqual({ start: 0, end: 10 });
  });
  it('scrollTopFor keeps one row of context', () => {
    expect(scrollTopFor(10, 34)).toBe(9 * 34);
    expect(scrollTopFor(0, 34)).toBe(0);
  });
});
