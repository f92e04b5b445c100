/**
 * The two choices after a told burst, on the real background and the fake browser: "Remove the new copies" removes
 * exactly the copies that arrived and the folders they came in, as a cleanup of the one history (undoable, a change
 * someone else makes meanwhile wins), "Keep them" keeps them; both are kept in the "What arrived" log, which outlives
 * the event page. The burst is played by the fake's own bookmarks API (someone else: Sync, another extension).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BURST_QUIET_MS } from '../../../src/copy-guard';
import { KEPT_BURSTS } from '../../../src/copy-guard/store';
import type { ApplyProgress } from '../../../src/dedup';
import { MENU_ID, TOOLBAR_ID, UNFILED_ID, type BookmarkNode } from '../../../src/platform/browser';
import type { Browser } from '../../../src/platform/browser';
import { boot, type BootOptions, type Booted } from '../../kit/boot';
import { gate } from '../../kit/gate';

const page = (i: number) => ({ title: `page ${i}`, url: `https://page${i}.example/` });

/** 30 pages that exist before anything arrives (made inside a hold: Tidymarks' own, not counted). */
async function setup(options: BootOptions = {}) {
  const booted = await boot({ seed: 1, ...options });
  const { app } = booted;
  const originals = await app.bookmarkEvents.hold(async () => {
    const made: BookmarkNode[] = [];
    for (let i = 0; i < 30; i++) made.push(await app.browser.bookmarks.create({ parentId: MENU_ID, ...page(i) }));
    return made;
  });
  await app.live.whenFresh();
  await app.copyGuard.whenIdle();
  return { ...booted, originals };
}

/**
 * Sync brings the folder "Dev" with a copy of pages 0-19 (and a separator), and a loose copy of pages 20-29 in Other
 * Bookmarks; the burst ends and is told. The clock is the test's while the burst runs.
 */
async function syncBrings(booted: Booted) {
  const { browser } = booted;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const dev = await browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'Dev' });
  const devCopies: BookmarkNode[] = [];
  for (let i = 0; i < 20; i++) {
    devCopies.push(await browser.bookmarks.create({ parentId: dev.id, ...page(i) }));
    if (i === 9) await browser.bookmarks.create({ parentId: dev.id, type: 'separator' });
  }
  const looseCopies: BookmarkNode[] = [];
  for (let i = 20; i < 30; i++) looseCopies.push(await browser.bookmarks.create({ parentId: UNFILED_ID, ...page(i) }));
  await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
  await booted.app.copyGuard.whenIdle();
  vi.useRealTimers();
  return { dev, devCopies, looseCopies };
}

/** Every bookmark's and folder's id, title, URL and folder, in tree order (separators left out). */
async function bookmarks(booted: Booted) {
  const out: { id: string; title: string; url?: string; parentId?: string }[] = [];
  const walk = (nodes: readonly BookmarkNode[]) => {
    for (const node of nodes) {
      if (node.parentId !== undefined && node.type !== 'separator') out.push({ id: node.id, title: node.title, url: node.url, parentId: node.parentId });
      if (node.children) walk(node.children);
    }
  };
  walk(await booted.browser.bookmarks.getTree());
  return out;
}

const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
const log = (booted: Booted) => booted.client.call('copyGuard.log', {});

afterEach(() => void vi.useRealTimers());

describe('after a burst is told: remove the new copies, or keep them', () => {
  it('a told burst waits in the log with what arrived', async () => {
    const booted = await setup();
    await syncBrings(booted);
    expect(await log(booted)).toMatchObject([
      { status: 'waiting', count: { total: 30, loose: { copies: 10, pages: 10 }, folders: [{ title: 'Dev', copies: 20 }] }, sessionId: null, removed: null },
    ]);
  });

  it('removes exactly the copies that arrived and their folder, as a cleanup of the history; undo brings them back', async () => {
    const booted = await setup();
    const before = await bookmarks(booted);
    const { dev } = await syncBrings(booted);
    const arrived = await bookmarks(booted);
    // The person's own bookmark, added after the burst: it is no copy that arrived, and stays.
    const mine = await booted.browser.bookmarks.create({ parentId: UNFILED_ID, ...page(3) });
    const [burst] = await log(booted);
    const result = await booted.client.startJob('copyGuard.remove', { burstId: burst!.id }).result;
    expect(result.problems).toEqual([]);
    expect(result.counts).toMatchObject({ copies: 30, loose: 30, emptyFolders: 1, skipped: 0 });
    expect(byId(await bookmarks(booted))).toEqual(byId([...before, { id: mine.id, title: 'page 3', url: page(3).url, parentId: UNFILED_ID }]));
    expect(await booted.browser.bookmarks.get(dev.id).catch(() => 'gone')).toBe('gone');
    expect(await log(booted)).toMatchObject([{ id: burst!.id, status: 'removed', sessionId: result.sessionId, removed: 30 }]);
    const [operation] = await booted.client.call('history.list', {});
    expect(operation).toMatchObject({ id: result.sessionId, kind: 'cleanup', canUndo: true, counts: { copies: 30, emptyFolders: 1 } });

    await booted.client.startJob('history.undo', { sessionId: result.sessionId }).result;
    // The same titles, addresses and folders as after the burst (the folder comes back with a new id, so do its copies).
    const shape = (list: { title: string; url?: string }[]) => list.map(({ title, url }) => `${title} ${url}`).sort();
    expect(shape(await bookmarks(booted))).toEqual(shape([...arrived, { title: 'page 3', url: page(3).url }]));
    expect((await booted.browser.bookmarks.getChildren(TOOLBAR_ID)).map((n) => n.title)).toEqual(['Dev']);
    // Undone operations are not told again: our own work (the undo) is never a burst.
    await booted.app.copyGuard.whenIdle();
    expect(await log(booted)).toHaveLength(1);
  });

  it('what someone changes meanwhile wins: a copy renamed, a bookmark added into the folder, and a copy moved before the click', async () => {
    const booted = await setup();
    const { dev, devCopies, looseCopies } = await syncBrings(booted);
    // Before the click: the person moves one loose copy to the toolbar (it is theirs now).
    await booted.browser.bookmarks.move(looseCopies[0]!.id, { parentId: TOOLBAR_ID });
    const [burst] = await log(booted);
    const edits: Promise<unknown>[] = [];
    const onProgress = (progress: ApplyProgress) => {
      // As the removal starts (checked, being journaled, nothing removed yet): a rename and a new bookmark in "Dev".
      if (progress.phase !== 'journaling' || edits.length) return;
      edits.push(
        booted.browser.bookmarks.update(devCopies[5]!.id, { title: 'renamed by me' }),
        booted.browser.bookmarks.create({ parentId: dev.id, title: 'added by me', url: 'https://mine.example/' }),
      );
    };
    const result = await booted.client.startJob('copyGuard.remove', { burstId: burst!.id }, onProgress).result;
    expect(edits).toHaveLength(2);
    await Promise.all(edits);
    const now = await bookmarks(booted);
    // The moved copy, the renamed copy, the new bookmark and their folder stay; every other copy went.
    expect(now.filter((b) => b.parentId === dev.id).map((b) => b.title)).toEqual(['renamed by me', 'added by me']);
    expect(now.find((b) => b.id === looseCopies[0]!.id)).toMatchObject({ parentId: TOOLBAR_ID });
    expect(now.filter((b) => b.url === page(0).url)).toHaveLength(1);
    expect(now.filter((b) => b.url === page(21).url)).toHaveLength(1);
    expect(result.counts.copies).toBe(28);
    expect(result.problems.map((p) => p.id).sort()).toEqual([looseCopies[0]!.id, devCopies[5]!.id, dev.id].sort());
  });

  for (const [what, method, killAt] of [
    ['at the folder’s removeTree', 'removeTree', 1],
    ['at the fifth loose copy', 'remove', 5],
  ] as const) {
    it(`Firefox killed ${what}: at the next start everything is back, and the choice is offered again`, async () => {
      const death = gate();
      let dead = false;
      let calls = 0;
      // Firefox as the removal sees it: the call that kills it runs and never answers, and nothing answers after it.
      const wrap = (browser: Browser): Browser =>
        ({
          ...browser,
          bookmarks: {
            ...browser.bookmarks,
            [method]: async (id: string) => {
              if (dead) return new Promise<never>(() => undefined);
              if (++calls < killAt) return browser.bookmarks[method](id);
              await browser.bookmarks[method](id);
              dead = true;
              death.open();
              return new Promise<never>(() => undefined);
            },
          },
        }) as unknown as Browser;
      const first = await setup({ browser: wrap, killed: death.promise });
      const before = await bookmarks(first);
      await syncBrings(first);
      const arrived = await bookmarks(first);
      const [burst] = await log(first);
      void first.client.startJob('copyGuard.remove', { burstId: burst!.id }).result.catch(() => undefined);
      await death.promise;
      first.unload();
      expect((await bookmarks(first)).length).toBeLessThan(arrived.length);

      const second = await boot({ fake: first.fake });
      await second.app.copyGuard.whenIdle();
      const shape = (list: { title: string; url?: string; parentId?: string }[]) => list.map(({ title, url }) => `${title} ${url}`).sort();
      expect(shape(await bookmarks(second))).toEqual(shape(arrived));
      expect(await log(second)).toMatchObject([{ id: burst!.id, status: 'waiting' }]);
      // The recovery's own work brought them back: no burst of its own.
      expect(await log(second)).toHaveLength(1);
      await second.client.startJob('copyGuard.remove', { burstId: burst!.id }).result;
      expect(shape(await bookmarks(second))).toEqual(shape(before));
    });
  }

  it('keep them: the copies stay, the log says so, and a removal is refused afterwards', async () => {
    const booted = await setup();
    await syncBrings(booted);
    const arrived = await bookmarks(booted);
    const [burst] = await log(booted);
    expect(await booted.client.call('copyGuard.keep', { burstId: burst!.id })).toMatchObject({ status: 'kept' });
    await expect(booted.client.startJob('copyGuard.remove', { burstId: burst!.id }).result).rejects.toMatchObject({
      code: 'conflict',
      message: 'A choice was made for these copies already.',
    });
    await expect(booted.client.call('copyGuard.keep', { burstId: burst!.id })).rejects.toMatchObject({ code: 'conflict' });
    await expect(booted.client.call('copyGuard.keep', { burstId: '12345' })).rejects.toMatchObject({
      code: 'not-found',
      message: 'Tidymarks no longer keeps these copies’ arrival: it keeps the last 50.',
    });
    await expect(booted.client.call('copyGuard.keep', { burstId: 'not a burst' } as never)).rejects.toMatchObject({ code: 'invalid-request' });
    expect(await bookmarks(booted)).toEqual(arrived);
    expect(await log(booted)).toMatchObject([{ status: 'kept' }]);
  });

  it('the choice still works after the event page unloaded', async () => {
    const booted = await setup();
    await syncBrings(booted);
    booted.restart();
    await booted.app.history.recovered;
    const [burst] = await log(booted);
    expect(burst).toMatchObject({ status: 'waiting' });
    const result = await booted.client.startJob('copyGuard.remove', { burstId: burst!.id }).result;
    expect(result.counts).toMatchObject({ copies: 30, emptyFolders: 1 });
    expect(await booted.browser.bookmarks.search({ url: page(0).url })).toHaveLength(1);
  });

  it('the toolbar button shows that copies wait, on every tab, until the choice is made', async () => {
    const booted = await setup();
    const { fake } = booted;
    const bookmarked = fake.control.openTab({ url: page(1).url, title: 'One' });
    const other = fake.control.openTab({ url: 'https://elsewhere.example/', title: 'Elsewhere', active: false });
    const button = async (tabId: number) => ({
      badge: await fake.browser.action.getBadgeText({ tabId }),
      title: await fake.browser.action.getTitle({ tabId }),
    });
    await vi.waitFor(async () => expect(await button(bookmarked.id)).toEqual({ badge: '', title: 'Tidymarks: bookmarked' }));
    await syncBrings(booted);
    const waiting = ' — copies arrived: choose on the Duplicates page';
    // Every tab: the page's own tooltip (page 1 now has its copy in "Dev": 2 times), with the waiting copies after it.
    await vi.waitFor(async () => expect(await button(bookmarked.id)).toEqual({ badge: '!', title: `Tidymarks: bookmarked 2 times${waiting}` }));
    await vi.waitFor(async () => expect(await button(other.id)).toEqual({ badge: '!', title: `Tidymarks: not bookmarked${waiting}` }));
    // The event page unloads and starts again; a reload in the active tab wakes it (Firefox dropped the tab's values).
    booted.restart();
    fake.control.reload(bookmarked.id);
    expect(await button(bookmarked.id)).toEqual({ badge: '', title: 'Tidymarks' });
    await vi.waitFor(async () => expect(await button(bookmarked.id)).toEqual({ badge: '!', title: `Tidymarks: bookmarked 2 times${waiting}` }));
    const [burst] = await log(booted);
    await booted.client.call('copyGuard.keep', { burstId: burst!.id });
    await vi.waitFor(async () => expect(await button(bookmarked.id)).toEqual({ badge: '2', title: 'Tidymarks: bookmarked 2 times' }));
    await vi.waitFor(async () => expect(await button(other.id)).toEqual({ badge: '', title: 'Tidymarks: not bookmarked' }));
    expect(fake.control.listenerErrors).toEqual([]);
  });

  it('keeps the newest bursts only, newest first', async () => {
    const booted = await setup();
    const { client } = booted;
    // Threshold 2: each burst of 2 copies is told.
    await client.call('settings.set', { patch: { copyGuard: { threshold: 2 } } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    for (let burst = 0; burst < KEPT_BURSTS + 2; burst++) {
      for (let i = 0; i < 2; i++) await booted.browser.bookmarks.create({ parentId: UNFILED_ID, ...page(i) });
      await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
      await booted.app.copyGuard.whenIdle();
    }
    vi.useRealTimers();
    const kept = await log(booted);
    expect(kept).toHaveLength(KEPT_BURSTS);
    expect(kept.map((b) => b.at)).toEqual(kept.map((b) => b.at).sort((a, b) => b - a));
    expect(kept.every((b) => b.count.total === 2 && b.status === 'waiting')).toBe(true);
  });
});
