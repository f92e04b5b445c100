/**
 * The options page's one way of following bookmark changes: which Places events count, and one refresh per burst
 * (after a quiet time, at most a fixed delay after the burst's first event).
 */
import { describe, expect, it } from 'vitest';
import { changeListener, changesBookmarks, coalesce, MAX_DELAY_MS, QUIET_MS } from '../../../src/options-ui/bookmark-changes';
import type { PlacesEvent } from '@tidymarks/places';

/** A clock and timers the test moves by hand. */
function manualTime() {
  let now = 0;
  const timers: { at: number; f: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (f: () => void, ms: number) => {
      const timer = { at: now + ms, f };
      timers.push(timer);
      return timer as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: (timer: ReturnType<typeof setTimeout>) => void timers.splice(timers.indexOf(timer as unknown as (typeof timers)[number]), 1),
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > end) break;
        timers.shift();
        now = next.at;
        next.f();
      }
      now = end;
    },
    get waiting() {
      return timers.length;
    },
  };
}

describe('coalesce', () => {
  it('one call per burst: after the quiet time once the last event came', () => {
    const time = manualTime();
    let calls = 0;
    const burst = coalesce(() => calls++, time);
    burst.note();
    time.advance(QUIET_MS - 10);
    burst.note();
    time.advance(QUIET_MS - 10);
    expect(calls).toBe(0);
    time.advance(10);
    expect(calls).toBe(1);
    time.advance(5000);
    expect(calls).toBe(1);
    burst.note();
    time.advance(QUIET_MS);
    expect(calls).toBe(2);
  });

  it('a burst that never goes quiet still refreshes every MAX_DELAY_MS', () => {
    const time = manualTime();
    const at: number[] = [];
    const burst = coalesce(() => at.push(time.now()), time);
    for (let t = 0; t < 3 * MAX_DELAY_MS; t += QUIET_MS / 2) {
      burst.note();
      time.advance(QUIET_MS / 2);
    }
    expect(at).toEqual([MAX_DELAY_MS, 2 * MAX_DELAY_MS, 3 * MAX_DELAY_MS]);
  });

  it('stop drops what waits', () => {
    const time = manualTime();
    let calls = 0;
    const burst = coalesce(() => calls++, time);
    burst.note();
    burst.stop();
    time.advance(MAX_DELAY_MS * 2);
    expect(calls).toBe(0);
    expect(time.waiting).toBe(0);
  });
});

describe('changesBookmarks', () => {
  const of = (type: PlacesEvent['type']) => ({ type, data: {} }) as PlacesEvent;
  it('bookmark additions, removals, moves and changes (tags included) count; visits and history do not', () => {
    expect(
      ['bookmark-item-added', 'bookmark-item-removed', 'bookmark-item-moved', 'bookmark-item-changed'].map((t) => changesBookmarks(of(t as PlacesEvent['type']))),
    ).toEqual([true, true, true, true]);
    expect(['bookmark-item-visited', 'history-visit', 'history-end-batch', 'history-delete-url'].map((t) => changesBookmarks(of(t as PlacesEvent['type'])))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('changeListener', () => {
  const of = (type: PlacesEvent['type']) => ({ type, data: {} }) as PlacesEvent;
  it('Tidymarks’ own bulk work is one change, told at its end; changes outside it are told as they come', () => {
    const told: string[] = [];
    const listen = changeListener({ note: () => told.push('note'), stop: () => told.push('stop') });
    listen(of('bookmark-item-added'));
    expect(told).toEqual(['note']);
    listen(of('history-start-batch'));
    for (let i = 0; i < 1000; i++) listen(of('bookmark-item-removed'));
    expect(told).toEqual(['note', 'stop']);
    listen(of('history-end-batch'));
    expect(told).toEqual(['note', 'stop', 'note']);
    listen(of('history-visit'));
    listen(of('bookmark-item-changed'));
    expect(told).toEqual(['note', 'stop', 'note', 'note']);
  });
});
