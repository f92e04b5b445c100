/**
 * A fixed-row-height list virtualizer: which rows to render for a scroll position. Every row has the same height,
 * so the window is two divisions, whatever the number of rows (20,000 groups with their copies are ~100,000 rows).
 * Written here instead of adding a dependency: with fixed heights the whole algorithm is these few lines.
 */
export interface RowWindow {
  /** First row to render (inclusive). */
  start: number;
  /** Row after the last to render (exclusive). */
  end: number;
}

export function visibleRows(scrollTop: number, viewportHeight: number, rowHeight: number, rowCount: number, overscan = 8): RowWindow {
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(rowCount - 1, first - overscan));
  const end = Math.min(rowCount, first + visible + overscan);
  return { start, end: Math.max(start, end) };
}

/** The scrollTop that shows `row` near the top (one row of context above it). */
export function scrollTopFor(row: number, rowHeight: number): number {
  return Math.max(0, (row - 1) * rowHeight);
}
