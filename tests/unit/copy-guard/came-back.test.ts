/**
 * Copies that come back (src/copy-guard/README.md "Copies that come back"), on the real background and the fake
 * browser: a cleanup removes copies, then someone else (Sync, as the test plays it with the fake's bookmarks API)
 * brings the same pages again; the guard says they came back and when they were removed, in its notification and its
 * log, and "Remove the new copies" takes them again. A copy of a page no cleanup removed is not said to come back, nor
 * is one whose removal was undone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BURST_QUIET_MS, NOTIFICATION_PREFIX } from '../../../src/copy-guard';
import { MENU_ID, TOOLBAR_ID, UNFILED_ID } from '../../../src/platform/browser';
import { boot, type Booted } from '../../kit/boot';
import { planFromTree } from '../dedup/cleanup-fixtures';

const page = (i: number) => ({ title: `page ${i}`, url: `https://page${i}.example/` });

/** 30 pages that exist before anything arrives (made inside a hold: Tidymarks' own, not counted). */
async function setup() {
  const booted = await boot({ seed: 1 });
  await booted.app.bookmarkEvents.hold(async () => {
    for (let i = 0; i < 30; i++) await booted.app.browser.bookmarks.create({ parentId: MENU_ID, ...page(i) });
  });
  await booted.app.live.whenFresh();
  await booted.app.copyGuard.whenIdle();
  return booted;
}

/** Someone else brings a copy of each page `from`..`to - 1` into `parentId`; the burst ends and is told. */
async function syncBrings(booted: Booted, from: number, to: number, parentId = UNFILED_ID) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  for (let i = from; i < to; i++) await booted.browser.bookmarks.create({ parentId, ...page(i) });
  await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
  await booted.app.copyGuard.whenIdle();
  vi.useRealTimers();
}

const told = (booted: Booted) => booted.fake.control.notifications.filter((n) => n.id.startsWith(NOTIFICATION_PREFIX));
const log = (booted: Booted) => booted.client.call('copyGuard.log', {});
const copiesOf = async (booted: Booted, i: number) => (await booted.browser.bookmarks.search({ url: page(i).url })).length;
const today = () => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(Date.now());

afterEach(() => void vi.useRealTimers());

describe('copies that come back after a cleanup', () => {
  it('are told as come back, with the day of the cleanup; removed again, and the removal undone', async () => {
    const booted = await setup();
    // Copies of pages 0-24 the guard is not asked about (a hold), then a cleanup from the Duplicates page.
    await booted.app.bookmarkEvents.hold(async () => {
      for (let i = 0; i < 25; i++) await booted.app.browser.bookmarks.create({ parentId: TOOLBAR_ID, ...page(i) });
    });
    const cleanup = await booted.client.startJob('dedup.cleanup', await planFromTree(booted.browser, { createdAt: Date.now() })).result;
    expect(cleanup.counts.copies).toBe(25);
    expect(await copiesOf(booted, 0)).toBe(1);

    // Sync brings the same 25 copies again, and 5 copies of pages no cleanup touched.
    await syncBrings(booted, 0, 30);
    const [burst] = await log(booted);
    expect(burst).toMatchObject({ status: 'waiting', count: { total: 30, cameBack: { copies: 25 } } });
    expect(told(booted)).toMatchObject([
      {
        title: 'Copies you removed came back',
        message: `25 copies that you removed on ${today()} came back. 30 copies of 30 pages arrived in the last minute. Click to see them on the Duplicates page.`,
      },
    ]);

    // The same remove choice: every new copy goes again, and its undo brings them back.
    const again = await booted.client.startJob('copyGuard.remove', { burstId: burst!.id }).result;
    expect(again.counts.copies).toBe(30);
    expect(await copiesOf(booted, 0)).toBe(1);
    expect(await copiesOf(booted, 29)).toBe(1);
    await booted.client.startJob('history.undo', { sessionId: again.sessionId }).result;
    expect(await copiesOf(booted, 0)).toBe(2);
    expect(await copiesOf(booted, 29)).toBe(2);
    await booted.app.copyGuard.whenIdle();
    expect(await log(booted)).toHaveLength(1);
  });

  it('come back after the guard’s own removal too; not once that removal is undone', async () => {
    const booted = await setup();
    const started = Date.now();
    await syncBrings(booted, 0, 25);
    const [first] = await log(booted);
    expect(first!.count.cameBack).toBeUndefined();
    expect(told(booted).map((n) => n.title)).toEqual(['Copies of your bookmarks arrived']);
    const removal = await booted.client.startJob('copyGuard.remove', { burstId: first!.id }).result;

    // They come back (into another folder): told as such.
    await syncBrings(booted, 0, 25, TOOLBAR_ID);
    const [second] = await log(booted);
    expect(second!.count).toMatchObject({ total: 25, cameBack: { copies: 25 } });
    // The day said is the removal's (its operation's end), not the arrival's.
    const [operation] = (await booted.client.call('history.list', {})).filter((s) => s.id === removal.sessionId);
    expect(operation!.finishedAt).toBeGreaterThanOrEqual(started);
    expect(second!.count.cameBack).toMatchObject({ firstRemovedAt: operation!.finishedAt, lastRemovedAt: operation!.finishedAt });
    expect(told(booted).map((n) => n.title)).toEqual(['Copies of your bookmarks arrived', 'Copies you removed came back']);

    // Once the first removal is undone, its copies were never removed: copies arriving now are plain copies.
    await booted.client.call('copyGuard.keep', { burstId: second!.id });
    await booted.client.startJob('history.undo', { sessionId: removal.sessionId }).result;
    await syncBrings(booted, 0, 25, MENU_ID);
    const [third] = await log(booted);
    expect(third!.id).not.toBe(second!.id);
    expect(third!.count.total).toBe(25);
    expect(third!.count.cameBack).toBeUndefined();
  });
});
