/**
 * The background's one source of bookmark events (src/platform/bookmark-events.ts): one listener per event,
 * immediate subscribers in Firefox's order, batched subscribers per burst (a quiet window, at most a maximum delay),
 * per N events and per hold of our own bulk work, quiet subscribers once a burst is over, and readers that flush so
 * they are never behind.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createBookmarkEvents, holdDuring, type BookmarkEvent } from '../../../src/platform/bookmark-events';
import { UNFILED_ID } from '../../../src/platform/browser';
import { createFakeBrowser } from '../../fakes/browser';
import type { FakeEvent, AnyListener } from '../../fakes/events';

const listenerCount = (event: unknown) => (event as FakeEvent<AnyListener>).listenerCount;

/** Firefox's clock and timers are the test's (Date too: the source compares the time of the last event). */
function virtualClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  onTestFinished(() => void vi.useRealTimers());
}

function setup(timing: Parameters<typeof createBookmarkEvents>[1] = {}) {
  const { browser } = createFakeBrowser({ seed: 3 });
  const events = createBookmarkEvents(browser.bookmarks, timing);
  const seen: BookmarkEvent[] = [];
  const batches: BookmarkEvent[][] = [];
  events.each((e) => seen.push(e));
  events.batched((batch) => batches.push([...batch]));
  return { b: browser.bookmarks, browser, events, seen, batches };
}

describe('bookmark events', () => {
  it('registers one listener per bookmarks event, however many subscribe, and close removes them', () => {
    const { browser, events } = setup();
    for (let i = 0; i < 5; i++) {
      events.each(() => undefined);
      events.batched(() => undefined);
    }
    const b = browser.bookmarks;
    expect([b.onCreated, b.onRemoved, b.onChanged, b.onMoved].map(listenerCount)).toEqual([1, 1, 1, 1]);
    events.close();
    expect([b.onCreated, b.onRemoved, b.onChanged, b.onMoved].map(listenerCount)).toEqual([0, 0, 0, 0]);
  });

  it('gives immediate subscribers every event as it arrives, with the positions Firefox reports', async () => {
    const { b, seen, batches } = setup();
    const folder = await b.create({ parentId: UNFILED_ID, title: 'F' });
    expect(seen.map((e) => e.kind)).toEqual(['created']);
    const a = await b.create({ parentId: folder.id, title: 'a', url: 'https://a.example/' });
    await b.update(a.id, { title: 'A' });
    await b.move(a.id, { parentId: UNFILED_ID, index: 0 });
    await b.remove(a.id);
    expect(seen).toEqual([
      { kind: 'created', id: folder.id, parentId: UNFILED_ID, node: expect.objectContaining({ id: folder.id }) },
      { kind: 'created', id: a.id, parentId: folder.id, node: expect.objectContaining({ id: a.id, index: 0 }) },
      { kind: 'changed', id: a.id, title: 'A' },
      { kind: 'moved', id: a.id, parentId: UNFILED_ID, index: 0, oldParentId: folder.id, oldIndex: 0 },
      { kind: 'removed', id: a.id, parentId: UNFILED_ID, index: 0, node: expect.objectContaining({ id: a.id, url: 'https://a.example/' }) },
    ]);
    // The batched subscribers have not heard of them yet: they come together.
    expect(batches).toEqual([]);
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]).toEqual(seen);
  });

  it('delivers a batch at once when a reader flushes, and never the same event twice', async () => {
    const { b, events, batches } = setup({ windowMs: 60_000 });
    await b.create({ parentId: UNFILED_ID, title: 'one', url: 'https://one.example/' });
    await b.create({ parentId: UNFILED_ID, title: 'two', url: 'https://two.example/' });
    expect(events.pending).toBe(2);
    events.flush();
    expect(batches.map((batch) => batch.length)).toEqual([2]);
    events.flush();
    expect(batches).toHaveLength(1);
    expect(events.pending).toBe(0);
  });

  it('delivers as soon as the batch is full in a burst', async () => {
    const { b, batches } = setup({ windowMs: 60_000, maxEvents: 10 });
    for (let i = 0; i < 25; i++) await b.create({ parentId: UNFILED_ID, title: `n${i}`, url: `https://n${i}.example/` });
    expect(batches.map((batch) => batch.length)).toEqual([10, 10]);
  });

  it('holds batches while our own bulk work runs and delivers them as one before its result, nested holds with the outermost', async () => {
    // Firefox's clock is the test's: 20 ms pass at once, so a 1 ms window that were not held would have delivered.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const { b, events, seen, batches } = setup({ windowMs: 1 });
    const sizesWhenDone: number[][] = [];
    const result = await events.hold(async () => {
      for (let i = 0; i < 30; i++) await b.create({ parentId: UNFILED_ID, title: `n${i}`, url: `https://n${i}.example/` });
      await events.hold(async () => {
        await b.create({ parentId: UNFILED_ID, title: 'inner', url: 'https://inner.example/' });
      });
      // The inner hold ended, the outer runs: still nothing delivered, though the window is 1 ms.
      vi.advanceTimersByTime(20);
      sizesWhenDone.push(batches.map((batch) => batch.length));
      return 'done';
    });
    expect(result).toBe('done');
    expect(sizesWhenDone).toEqual([[]]);
    // Delivered before hold() resolved.
    expect(batches.map((batch) => batch.length)).toEqual([31]);
    expect(seen).toHaveLength(31);
  });

  it('says, as each event arrives, whether our own bulk work made it (a hold runs, nested ones until the outermost ends)', async () => {
    const { b, events } = setup();
    const holding: [string, boolean][] = [];
    events.each((e) => void holding.push([e.kind === 'created' ? e.node.title : e.kind, events.holding]));
    await b.create({ parentId: UNFILED_ID, title: 'before', url: 'https://before.example/' });
    expect(events.holding).toBe(false);
    await events.hold(async () => {
      await b.create({ parentId: UNFILED_ID, title: 'ours', url: 'https://ours.example/' });
      await events.hold(() => b.create({ parentId: UNFILED_ID, title: 'nested', url: 'https://nested.example/' }));
      await b.create({ parentId: UNFILED_ID, title: 'ours after nested', url: 'https://ours2.example/' });
    });
    await events.hold(() => Promise.reject(new Error('failed work'))).catch(() => undefined);
    await b.create({ parentId: UNFILED_ID, title: 'after', url: 'https://after.example/' });
    expect(holding).toEqual([
      ['before', false],
      ['ours', true],
      ['nested', true],
      ['ours after nested', true],
      ['after', false],
    ]);
  });

  it('a long hold still delivers now and then, so someone else’s change is not held for minutes', async () => {
    const { b, events, batches } = setup({ heldWindowMs: 30 });
    let release!: () => void;
    const work = events.hold(() => new Promise<void>((resolve) => (release = resolve)));
    await b.create({ parentId: UNFILED_ID, title: 'sync', url: 'https://sync.example/' });
    await vi.waitFor(() => expect(batches.map((batch) => batch.length)).toEqual([1]));
    release();
    await work;
  });

  it('delivers the batch when the held work fails, and one subscriber that throws does not stop the others', async () => {
    const { b, events, batches } = setup({ windowMs: 60_000 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after: number[] = [];
    events.batched(() => {
      throw new Error('boom');
    });
    events.batched((batch) => after.push(batch.length));
    await expect(
      events.hold(async () => {
        await b.create({ parentId: UNFILED_ID, title: 'x', url: 'https://x.example/' });
        throw new Error('the job failed');
      }),
    ).rejects.toThrow('the job failed');
    expect(batches.map((batch) => batch.length)).toEqual([1]);
    expect(after).toEqual([1]);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });

  it('holdDuring wraps each request of a record in a hold', async () => {
    const { b, events, batches } = setup({ windowMs: 60_000 });
    const handlers = holdDuring(events, {
      make: async (n: number) => {
        for (let i = 0; i < n; i++) await b.create({ parentId: UNFILED_ID, title: `m${i}`, url: `https://m${i}.example/` });
        expect(batches).toEqual([]);
        return n;
      },
    });
    expect(await handlers.make(3)).toBe(3);
    expect(batches.map((batch) => batch.length)).toEqual([3]);
  });

  it('a burst is one batch: delivered once no event came for the window, with every event once and in order', async () => {
    virtualClock();
    const { b, seen, batches } = setup({ windowMs: 50, maxDelayMs: 60_000 });
    for (let i = 0; i < 10; i++) {
      await b.create({ parentId: UNFILED_ID, title: `n${i}`, url: `https://n${i}.example/` });
      vi.advanceTimersByTime(40);
    }
    // 400 ms after the first event, 40 after the last: still one burst.
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(10);
    expect(batches).toEqual([seen]);
    expect(seen).toHaveLength(10);
  });

  it('a burst that goes on is delivered at most the maximum delay after the first event it holds', async () => {
    virtualClock();
    const { b, seen, batches } = setup({ windowMs: 50, maxDelayMs: 100 });
    for (let i = 0; i < 30; i++) {
      await b.create({ parentId: UNFILED_ID, title: `n${i}`, url: `https://n${i}.example/` });
      vi.advanceTimersByTime(10);
    }
    // 300 ms of events 10 ms apart: a batch every 100 ms (the toolbar button follows a long sync within that).
    expect(batches.map((batch) => batch.length)).toEqual([10, 10, 10]);
    vi.advanceTimersByTime(50);
    expect(batches.flat()).toEqual(seen);
  });

  it('sets no timer per event: a burst of 200 events sets a few', async () => {
    virtualClock();
    const { b, events } = setup({ windowMs: 50, maxDelayMs: 200, quietMs: 100 });
    events.quiet(() => undefined);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    const folder = await b.create({ parentId: UNFILED_ID, title: 'F' });
    for (let i = 0; i < 200; i++) {
      await b.create({ parentId: folder.id, title: `n${i}`, url: `https://n${i}.example/` });
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(1000);
    expect(timers.mock.calls.length).toBeLessThan(20);
    expect(cleared.mock.calls.length).toBeLessThan(20);
  });

  it('calls quiet subscribers once after a burst, after its batch, and not while our own bulk work runs', async () => {
    virtualClock();
    const { b, events, batches } = setup({ windowMs: 10, maxDelayMs: 20, quietMs: 100 });
    const log: string[] = [];
    events.batched((batch) => log.push(`batch ${batch.length}`));
    events.quiet(() => log.push('quiet'));
    for (let i = 0; i < 5; i++) {
      await b.create({ parentId: UNFILED_ID, title: `n${i}`, url: `https://n${i}.example/` });
      vi.advanceTimersByTime(60);
    }
    // Batches came during the burst; the burst is not over 60 ms after its last event.
    expect(log).not.toContain('quiet');
    vi.advanceTimersByTime(40);
    expect(log.at(-1)).toBe('quiet');
    expect(log.filter((l) => l === 'quiet')).toHaveLength(1);
    expect(batches.flat()).toHaveLength(5);
    // Nothing happened since: no second call.
    vi.advanceTimersByTime(1000);
    expect(log.filter((l) => l === 'quiet')).toHaveLength(1);

    // Our own work is one burst, whatever pauses it makes; it is over when the work ends (and quiet after that).
    log.length = 0;
    let release!: () => void;
    const work = events.hold(async () => {
      await b.create({ parentId: UNFILED_ID, title: 'own', url: 'https://own.example/' });
      await new Promise<void>((resolve) => (release = resolve));
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(log).toEqual([]);
    release();
    await work;
    expect(log).toEqual(['batch 1']);
    vi.advanceTimersByTime(99);
    expect(log).toEqual(['batch 1']);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['batch 1', 'quiet']);
  });

  it('a quiet subscriber hears nothing when no event came, and close stops everything', async () => {
    virtualClock();
    const { b, events, batches } = setup({ windowMs: 10, quietMs: 50 });
    let calls = 0;
    events.quiet(() => calls++);
    vi.advanceTimersByTime(1000);
    expect(calls).toBe(0);
    await b.create({ parentId: UNFILED_ID, title: 'x', url: 'https://x.example/' });
    events.close();
    vi.advanceTimersByTime(1000);
    expect(calls).toBe(0);
    expect(batches).toEqual([]);
  });
});
