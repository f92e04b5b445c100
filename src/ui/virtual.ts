/**
 * A list virtualizer for rows of a few fixed heights (group headers, copies, folders): the offsets are one prefix
 * sum (a Float64Array, built once per list), and which rows to render for a scroll position is two binary searches,
 * whatever the number of rows (20,000 groups with their copies are ~100,000 rows). Written here instead of adding a
 * dependency: with heights known up front the whole algorithm is these few lines.
 */
export interface RowWindow {
  /** First row to render (inclusive). */
  start: number;
  /** Row after the last to render (exclusive). */
  end: number;
}

/** offsets[i] is the top of row i; offsets[n] the total height. */
export function rowOffsets(count: number, heightOf: (index: number) => number): Float64Array {
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i]! + heightOf(i);
  return offsets;
}

/** The row at a vertical position (the last row for positions past the end). */
export function rowAt(offsets: Float64Array, y: number): number {
  const n = offsets.length - 1;
  if (n <= 0) return 0;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function visibleRows(offsets: Float64Array, scrollTop: number, viewportHeight: number, overscan = 6): RowWindow {
  const n = offsets.length - 1;
  if (n <= 0) return { start: 0, end: 0 };
  const first = rowAt(offsets, Math.max(0, scrollTop));
  const last = rowAt(offsets, Math.max(0, scrollTop + Math.max(0, viewportHeight) - 1));
  return { start: Math.max(0, first - overscan), end: Math.min(n, last + 1 + overscan) };
}

/** The scrollTop that brings row `index` fully into view while moving as little as possible. */
export function scrollToShow(offsets: Float64Array, index: number, scrollTop: number, viewportHeight: number): number {
  const top = offsets[index] ?? 0;
  const bottom = offsets[index + 1] ?? top;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}

/** The scrollTop that shows row `index` near the top, with a little of the row above as context. */
export function scrollTopFor(offsets: Float64Array, index: number, context = 24): number {
  return Math.max(0, (offsets[index] ?? 0) - context);
}

/**
 * Recycling: which slot (a rendered element, keyed by its slot number) shows each row of a new window. A row that
 * was shown keeps its slot, so it is not rendered again; rows coming into view take the slots of rows that left, so
 * their elements are reused (their text and attributes patched) instead of made anew and laid out from scratch —
 * scrolling 300 px changes ~11 slots of 36, a new search result set changes the text of the same elements. Returns
 * each id's slot, lowest free slots first (the slots of a window of n rows stay within 0..n-1 plus those kept).
 */
export function assignSlots(previous: ReadonlyMap<string, number>, ids: readonly string[]): Map<string, number> {
  const next = new Map<string, number>();
  const used = new Set<number>();
  for (const id of ids) {
    const slot = previous.get(id);
    if (slot !== undefined && !next.has(id)) {
      next.set(id, slot);
      used.add(slot);
    }
  }
  let free = 0;
  for (const id of ids) {
    if (next.has(id)) continue;
    while (used.has(free)) free++;
    next.set(id, free);
    used.add(free);
  }
  return next;
}
