/**
 * A burst across a restart (src/copy-guard/README.md "A burst across a restart"), on the real background and the fake
 * browser: a burst still open when the event page goes (an unload, or Firefox quitting: its timers die with it) is
 * told by the next start from the parts it saved as it went, once, with what arrived after the start joined to it;
 * one under the threshold is forgotten. The saves are batched: a few writes for a burst, never one per arrival.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BURST_QUIET_MS, NOTIFICATION_PREFIX } from '../../../src/copy-guard';
import { openBurstStore } from '../../../src/copy-guard/store';
import { SAVE_OPEN_MS } from '../../../src/copy-guard/timing';
import { TOOLBAR_ID, UNFILED_ID } from '../../../src/platform/browser';
import { boot, type Booted } from '../../kit/boot';

async function setup() {
  const booted = await boot({ seed: 1 });
  saved.store = openBurstStore();
  const originals = await booted.app.bookmarkEvents.hold(async () => {
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await booted.app.browser.bookmarks.create({ parentId: UNFILED_ID, title: `page ${i}`, url: `https://page${i}.example/` }));
    // One more: a folder of copies of the 10 pages is no copy of Other Bookmarks as a whole.
    await booted.app.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'another', url: 'https://another.example/' });
    return made;
  });
  await booted.app.live.whenFresh();
  await booted.app.copyGuard.whenIdle();
  // The test's own look at the store, opened before the clock is the test's (opening waits on a real timer).
  await saved.store.openBursts();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  // Not spread: booted.app is the background running now (a getter), the new one after a start.
  return Object.assign(booted, { originals });
}

/** `n` copies (copy i of page i % 10) made by someone else, one after another. */
async function copies(booted: Awaited<ReturnType<typeof setup>>, n: number, parentId: string = TOOLBAR_ID) {
  for (let i = 0; i < n; i++) {
    const original = booted.originals[i % booted.originals.length]!;
    await booted.browser.bookmarks.create({ parentId, title: original.title, url: original.url! });
  }
}

/** How many arrivals the open bursts' saved parts hold (read as the next start reads them). */
const saved = Object.assign(async () => (await saved.store.openBursts()).flatMap((b) => b.parts).reduce((sum, part) => sum + part.bookmarks.length, 0), {
  store: openBurstStore(),
});

/** The event page goes mid-burst: its listeners, memory and timers with it (bookmarks and IndexedDB stay); it starts again. */
async function goesAndComesBack(booted: Booted) {
  booted.unload();
  vi.clearAllTimers();
  booted.start();
  await vi.waitFor(() => expect(booted.app.copyGuard.started()).toBe(true));
}

const told = (booted: Booted) => booted.fake.control.notifications.filter((n) => n.id.startsWith(NOTIFICATION_PREFIX)).map((n) => n.message);
const ARRIVED = (what: string) => `${what} arrived in the last minute. Click to see them on the Duplicates page.`;

afterEach(() => void vi.useRealTimers());

describe('a burst across a restart', () => {
  it('is told by the next start from what it saved, with what arrives after the start joined to it, once', async () => {
    const booted = await setup();
    let writes = 0;
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (this.name === 'open') writes++;
      return put.apply(this, args);
    });
    await copies(booted, 15);
    await vi.advanceTimersByTimeAsync(SAVE_OPEN_MS);
    await copies(booted, 10);
    await vi.advanceTimersByTimeAsync(SAVE_OPEN_MS);
    await vi.waitFor(async () => expect(await saved()).toBe(25));
    // Two parts for 25 arrivals: a write per SAVE_OPEN_MS of arrivals, not per arrival.
    expect(writes).toBe(2);
    expect(told(booted)).toEqual([]);

    await goesAndComesBack(booted);
    // Sync goes on after the start: the same burst.
    await copies(booted, 5, UNFILED_ID);
    await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
    await booted.app.copyGuard.whenIdle();
    expect(told(booted)).toEqual([ARRIVED('30 copies of 10 pages')]);
    expect(await booted.client.call('copyGuard.log', {})).toMatchObject([{ status: 'waiting', count: { total: 30 } }]);
    expect(await saved()).toBe(0);

    // Told once: another start finds nothing left open.
    await goesAndComesBack(booted);
    await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
    await booted.app.copyGuard.whenIdle();
    expect(told(booted)).toHaveLength(1);
    expect(await booted.client.call('copyGuard.log', {})).toHaveLength(1);
  });

  it('a burst cut short and told by the next start: copies in a folder that arrived are counted in it', async () => {
    const booted = await setup();
    const dev = await booted.browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'Dev' });
    await copies(booted, 20, dev.id);
    await vi.advanceTimersByTimeAsync(SAVE_OPEN_MS);
    await vi.waitFor(async () => expect(await saved()).toBe(20));
    await goesAndComesBack(booted);
    // More of "Dev" after the start: its folder is known from the saved part.
    await copies(booted, 5, dev.id);
    await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
    await booted.app.copyGuard.whenIdle();
    expect(told(booted)).toEqual([ARRIVED('25 copies in the folder “Dev”')]);
  });

  it('a burst under the threshold cut short is forgotten, not told', async () => {
    const booted = await setup();
    await copies(booted, 5);
    await vi.advanceTimersByTimeAsync(SAVE_OPEN_MS);
    await vi.waitFor(async () => expect(await saved()).toBe(5));
    await goesAndComesBack(booted);
    await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
    await booted.app.copyGuard.whenIdle();
    expect(told(booted)).toEqual([]);
    expect(await saved()).toBe(0);
  });
});
