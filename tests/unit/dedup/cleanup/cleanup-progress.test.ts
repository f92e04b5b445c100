import { describe, expect, it } from 'vitest';
import type { CleanupProgress } from '../../../../src/operation-history/cleanup-numbers';
import { createProgressMeter, RATE_WINDOW_MS } from '../../../../src/dedup/cleanup/cleanup-progress';

function meter(total: number, calls = { move: 0, folder: 0, loose: 0 }) {
  let t = 0;
  const seen: CleanupProgress[] = [];
  const m = createProgressMeter({ now: () => t, total, calls, emit: (p) => seen.push(p) });
  return { m, seen, tick: (ms: number) => (t += ms) };
}

describe('cleanup progress meter', () => {
  it('regression: phases never go back (an earlier phase reported late keeps the later one)', () => {
    const { m, seen } = meter(10);
    m.report('collapsing');
    m.report('moving');
    m.report('removing');
    expect(seen.map((p) => p.phase)).toEqual(['collapsing', 'collapsing', 'removing']);
  });

  it('keeps the total it was made with, whatever is skipped', () => {
    const { m, seen, tick } = meter(5, { move: 0, folder: 0, loose: 5 });
    tick(10);
    m.advance('loose', 1, 1);
    m.drop('loose', 2);
    m.report('removing');
    expect(seen.at(-1)).toMatchObject({ done: 1, total: 5 });
  });

  it('regression: the rate is the last few seconds, not an average inflated by a copied folder going in one call', () => {
    // Loose removals for a whole rate window and one second more after the burst, whatever the window's length.
    const removals = ((RATE_WINDOW_MS + 1_000) / 1_000) * 250;
    const { m, seen, tick } = meter(1_000 + removals, { move: 0, folder: 1, loose: removals });
    tick(50);
    m.advance('folder', 1, 1_000); // 1,000 units in one call
    for (let i = 0; i < removals; i++) {
      tick(4); // 250 loose removals per second
      m.advance('loose', 1, 1);
    }
    m.report('removing');
    const rate = seen.at(-1)!.rate;
    // The folder's burst is outside the window now: the rate is the removals' own.
    expect(rate).toBe(250);
  });

  it('estimates the time left by the observed cost of each kind of step', () => {
    const { m, seen, tick } = meter(1_000, { move: 0, folder: 2, loose: 100 });
    tick(100);
    m.advance('folder', 1, 401); // a folder took 100 ms
    tick(300);
    m.advance('loose', 100 - 90, 10); // 10 loose removals took 300 ms: 30 ms each
    m.report('removing');
    // Left: one folder (100 ms) and 90 loose removals (30 ms each).
    expect(seen.at(-1)!.etaMs).toBe(100 + 90 * 30);
  });
});
