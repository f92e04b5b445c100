/**
 * The copy guard on the real background and the fake browser: bursts of bookmarks made by someone else (Sync,
 * another extension: here the fake's own bookmarks API, as the test plays them) are told once; our own bulk work,
 * new pages and a few copies never are. The guard's clock is the test's (fake setTimeout and Date), so a burst ends
 * when the test moves time on, never after a real wait.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BURST_QUIET_MS, DUPLICATES_PAGE, NOTIFICATION_PREFIX, ORGANIZER_QUIET_MS } from '../../../src/copy-guard';
import { TOOLBAR_ID, UNFILED_ID } from '../../../src/platform/browser';
import { boot, type Booted } from '../../kit/boot';
import { planFromTree } from '../dedup/cleanup-fixtures';

/** Boots with `pages` bookmarks that exist before anything arrives (made inside a hold: Tidymarks' own, not counted). */
async function setup(pages = 30) {
  const booted = await boot({ seed: 1 });
  const { app } = booted;
  const originals = await app.bookmarkEvents.hold(async () => {
    const made = [];
    for (let i = 0; i < pages; i++) made.push(await app.browser.bookmarks.create({ parentId: UNFILED_ID, title: `page ${i}`, url: `https://page${i}.example/` }));
    return made;
  });
  await app.live.whenFresh();
  await app.copyGuard.whenIdle();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  return { ...booted, originals };
}

/** Lets the burst end (no arrival for BURST_QUIET_MS) and waits until the guard has told what it brought. */
async function burstEnds(booted: Booted) {
  await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
  await booted.app.copyGuard.whenIdle();
}

/**
 * `n` copies of the originals, one after another, as Sync writes them (copy i of page i % pages); or as Tidymarks
 * writes them, through the browser its features write through (`app.browser.bookmarks`).
 */
async function copies(booted: Booted, originals: { title: string; url?: string }[], n: number, parentId: string = TOOLBAR_ID, bookmarks = booted.browser.bookmarks) {
  for (let i = 0; i < n; i++) {
    const original = originals[i % originals.length]!;
    await bookmarks.create({ parentId, title: original.title, url: original.url! });
  }
}

const guardNotifications = (booted: Booted) => booted.fake.control.notifications.filter((n) => n.id.startsWith(NOTIFICATION_PREFIX));

afterEach(() => void vi.useRealTimers());

describe('the copy guard', () => {
  it('tells a burst of 25 copies once, in words', async () => {
    const booted = await setup(10);
    await copies(booted, booted.originals, 25);
    expect(guardNotifications(booted)).toEqual([]);
    await burstEnds(booted);
    expect(guardNotifications(booted)).toMatchObject([
      { title: 'Copies of your bookmarks arrived', message: '25 copies of 10 pages arrived in the last minute. Click to see them on the Duplicates page.' },
    ]);
  });

  it('says nothing of 19 copies (under the threshold of 20)', async () => {
    const booted = await setup(10);
    await copies(booted, booted.originals, 19);
    await burstEnds(booted);
    expect(guardNotifications(booted)).toEqual([]);
  });

  it('says nothing of 30 new pages the person adds', async () => {
    const booted = await setup(10);
    for (let i = 0; i < 30; i++) await booted.browser.bookmarks.create({ parentId: TOOLBAR_ID, title: `new ${i}`, url: `https://new${i}.example/` });
    await burstEnds(booted);
    expect(guardNotifications(booted)).toEqual([]);
  });

  it('counts a burst of copies inside a folder that arrived whole as copies in that folder', async () => {
    const booted = await setup(30);
    const { browser } = booted;
    const dev = await browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'Dev' });
    const inner = await browser.bookmarks.create({ parentId: dev.id, title: 'inner' });
    await copies(booted, booted.originals, 20, dev.id);
    await copies(booted, booted.originals, 20, inner.id);
    // And 3 loose copies beside it, and 2 new pages in the folder (not copies).
    await copies(booted, booted.originals, 3);
    await browser.bookmarks.create({ parentId: dev.id, title: 'fresh', url: 'https://fresh.example/' });
    await browser.bookmarks.create({ parentId: inner.id, title: 'fresh too', url: 'https://fresh-too.example/' });
    await burstEnds(booted);
    expect(guardNotifications(booted).map((n) => n.message)).toEqual([
      '3 copies of 3 pages and 40 copies in the folder “Dev” arrived in the last minute. Click to see them on the Duplicates page.',
    ]);
  });

  it('never counts copies made by a cleanup undone, nor an import through Tidymarks', async () => {
    const booted = await setup(25);
    const { app, client, browser } = booted;
    vi.useRealTimers();
    // 25 copies made inside a hold (they are not the test's subject) and cleaned up; the undo brings them back.
    await app.bookmarkEvents.hold(() => copies(booted, booted.originals, 25, TOOLBAR_ID, app.browser.bookmarks));
    await client.startJob('dedup.cleanup', await planFromTree(browser, { createdAt: Date.now() })).result;
    expect(await browser.bookmarks.search({ url: 'https://page0.example/' })).toHaveLength(1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await client.startJob('history.undo', {}).result;
    expect(await browser.bookmarks.search({ url: 'https://page0.example/' })).toHaveLength(2);
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${booted.originals.map((o) => `<DT><A HREF="${o.url}">${o.title}</A>\n`).join('')}</DL>\n`;
    await client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' }, skipExisting: false }).result;
    expect(await browser.bookmarks.search({ url: 'https://page0.example/' })).toHaveLength(3);
    await burstEnds(booted);
    expect(guardNotifications(booted)).toEqual([]);
  });

  it('says nothing when the person turned it off', async () => {
    const booted = await setup(10);
    await booted.client.call('settings.set', { patch: { copyGuard: { enabled: false } } });
    await copies(booted, booted.originals, 25);
    await burstEnds(booted);
    expect(guardNotifications(booted)).toEqual([]);
  });

  it('follows the threshold the person set', async () => {
    const booted = await setup(10);
    await booted.client.call('settings.set', { patch: { copyGuard: { threshold: 5 } } });
    await copies(booted, booted.originals, 5);
    await burstEnds(booted);
    expect(guardNotifications(booted).map((n) => n.message)).toEqual(['5 copies of 5 pages arrived in the last minute. Click to see them on the Duplicates page.']);
  });

  it('tells two bursts apart when more than a second of quiet lies between them', async () => {
    const booted = await setup(10);
    await copies(booted, booted.originals, 20);
    // Copies less than a second apart are one burst.
    await vi.advanceTimersByTimeAsync(BURST_QUIET_MS - 1);
    await copies(booted, booted.originals, 5);
    await burstEnds(booted);
    await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
    await copies(booted, booted.originals, 21);
    await burstEnds(booted);
    expect(guardNotifications(booted).map((n) => n.message)).toEqual([
      '25 copies of 10 pages arrived in the last minute. Click to see them on the Duplicates page.',
      '21 copies of 10 pages arrived in the last minute. Click to see them on the Duplicates page.',
    ]);
  });

  it('ends a burst that goes on after a minute: told then, what follows is the next burst', async () => {
    const booted = await setup(10);
    // A copy every 0.9 s for 63 s: never a second of quiet.
    for (let i = 0; i < 70; i++) {
      await copies(booted, [booted.originals[i % 10]!], 1);
      await vi.advanceTimersByTimeAsync(900);
    }
    await burstEnds(booted);
    // The first 67 (0 s to 59.4 s) were one burst; the 3 after the minute are the next, under the threshold.
    expect(guardNotifications(booted).map((n) => n.message)).toEqual(['67 copies of 10 pages arrived in the last minute. Click to see them on the Duplicates page.']);
  });

  it('opens the Duplicates page when the notification is clicked', async () => {
    const booted = await setup(10);
    await copies(booted, booted.originals, 25);
    await burstEnds(booted);
    const [shown] = guardNotifications(booted);
    booted.fake.control.clickNotification(shown!.id);
    await booted.app.copyGuard.whenIdle();
    const opened = booted.fake.control.tabs().find((tab) => tab.url === booted.browser.runtime.getURL(DUPLICATES_PAGE));
    expect(opened).toMatchObject({ active: true });
    expect(guardNotifications(booted)).toEqual([]);
  });
});

describe('the copy guard while the person works in the organizer', () => {
  const ARRIVED = '25 copies of 10 pages arrived in the last minute. Click to see them on the Duplicates page.';
  /** The person renames a bookmark in the organizer (one of its edits). */
  const organizerEdit = (booted: Awaited<ReturnType<typeof setup>>, title: string) => booted.client.call('organizer.update', { id: booted.originals[0]!.id, title });

  it('keeps a burst quiet until a minute after the last organizer edit, then tells it once', async () => {
    const booted = await setup(10);
    await organizerEdit(booted, 'renamed');
    await copies(booted, booted.originals, 25);
    await burstEnds(booted);
    // Kept and waiting (the Duplicates page and the toolbar button show it), but no notification over the work.
    expect(guardNotifications(booted)).toEqual([]);
    expect((await booted.client.call('copyGuard.log', {})).map((b) => b.status)).toEqual(['waiting']);
    expect(await booted.app.copyGuard.waiting()).toBe(true);
    // Another edit half a minute later: the person is still at work.
    await vi.advanceTimersByTimeAsync(ORGANIZER_QUIET_MS / 2);
    await organizerEdit(booted, 'renamed again');
    await vi.advanceTimersByTimeAsync(ORGANIZER_QUIET_MS - 1_000);
    await booted.app.copyGuard.whenIdle();
    expect(guardNotifications(booted)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    await booted.app.copyGuard.whenIdle();
    expect(guardNotifications(booted).map((n) => n.message)).toEqual([ARRIVED]);
  });

  it('says nothing later of a burst the person chose about meanwhile', async () => {
    const booted = await setup(10);
    await organizerEdit(booted, 'renamed');
    await copies(booted, booted.originals, 25);
    await burstEnds(booted);
    const [burst] = await booted.client.call('copyGuard.log', {});
    await booted.client.call('copyGuard.keep', { burstId: burst!.id });
    await vi.advanceTimersByTimeAsync(ORGANIZER_QUIET_MS);
    await booted.app.copyGuard.whenIdle();
    expect(guardNotifications(booted)).toEqual([]);
  });

  it('tells a held-back burst after the event page slept: the alarm wakes it', async () => {
    const booted = await setup(10);
    await organizerEdit(booted, 'renamed');
    await copies(booted, booted.originals, 25);
    await burstEnds(booted);
    booted.restart();
    await vi.advanceTimersByTimeAsync(ORGANIZER_QUIET_MS);
    // The new event page hears the alarm once its first chunk has loaded the app (src/app/wake-queue.ts).
    await vi.waitFor(() => expect(guardNotifications(booted).map((n) => n.message)).toEqual([ARRIVED]));
  });

  it('tells a burst at once when the last organizer edit is more than a minute old', async () => {
    const booted = await setup(10);
    await organizerEdit(booted, 'renamed');
    await vi.advanceTimersByTimeAsync(ORGANIZER_QUIET_MS);
    await copies(booted, booted.originals, 25);
    await burstEnds(booted);
    expect(guardNotifications(booted).map((n) => n.message)).toEqual([ARRIVED]);
  });
});
