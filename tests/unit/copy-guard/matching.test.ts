/**
 * What counts as a copy beyond the exact address (src/copy-guard/README.md "What counts as a copy"), on the real
 * background and the fake browser: an address equal under the safe matching rules (an index page, a tracking
 * parameter, a trailing slash) is a copy and goes with "Remove the new copies", one that differs in a real query is a
 * new page; a folder that arrives holding the same pages as an existing folder is a copy of that folder, counted with
 * the other copies of it, whatever its title; one holding a new page too is not.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BURST_QUIET_MS, NOTIFICATION_PREFIX } from '../../../src/copy-guard';
import { MENU_ID, TOOLBAR_ID, UNFILED_ID, type BookmarkNode } from '../../../src/platform/browser';
import { boot, type Booted } from '../../kit/boot';

const url = (i: number, path = '/') => `https://page${i}.example${path}`;

/** The person's bookmarks before anything arrives (made inside a hold: Tidymarks' own, not counted). */
async function setup(make: (b: Booted['browser']['bookmarks']) => Promise<void>) {
  const booted = await boot({ seed: 1 });
  await booted.app.bookmarkEvents.hold(() => make(booted.app.browser.bookmarks));
  await booted.app.live.whenFresh();
  await booted.app.copyGuard.whenIdle();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  return booted;
}

async function burstEnds(booted: Booted) {
  await vi.advanceTimersByTimeAsync(BURST_QUIET_MS);
  await booted.app.copyGuard.whenIdle();
  vi.useRealTimers();
}

const messages = (booted: Booted) => booted.fake.control.notifications.filter((n) => n.id.startsWith(NOTIFICATION_PREFIX)).map((n) => n.message);
const ARRIVED = (what: string) => `${what} arrived in the last minute. Click to see them on the Duplicates page.`;

/** Every bookmark's address, sorted. */
async function urls(booted: Booted): Promise<string[]> {
  const out: string[] = [];
  const walk = (nodes: readonly BookmarkNode[]) => nodes.forEach((n) => (n.url ? out.push(n.url) : n.children && walk(n.children)));
  walk(await booted.browser.bookmarks.getTree());
  return out.sort();
}

afterEach(() => void vi.useRealTimers());

describe('copies under the safe matching rules', () => {
  it('an index page, a tracking parameter and a trailing slash are copies; a real query is a new page; Remove takes the copies', async () => {
    const booted = await setup(async (b) => {
      for (let i = 0; i < 10; i++) await b.create({ parentId: MENU_ID, title: `page ${i}`, url: url(i) });
      await b.create({ parentId: MENU_ID, title: 'a path', url: url(0, '/docs/') });
    });
    const before = await urls(booted);
    const b = booted.browser.bookmarks;
    for (let i = 0; i < 10; i++) {
      await b.create({ parentId: UNFILED_ID, title: `page ${i}`, url: url(i, '/index.html') });
      await b.create({ parentId: UNFILED_ID, title: `page ${i}`, url: url(i, '/?utm_source=sync') });
      // Not copies: a query that names another page.
      await b.create({ parentId: UNFILED_ID, title: `page ${i}`, url: url(i, '/?id=2') });
    }
    await b.create({ parentId: UNFILED_ID, title: 'a path', url: url(0, '/docs') });
    await burstEnds(booted);
    expect(messages(booted)).toEqual([ARRIVED('21 copies of 11 pages')]);

    const [burst] = await booted.client.call('copyGuard.log', {});
    const removed = await booted.client.startJob('copyGuard.remove', { burstId: burst!.id }).result;
    expect(removed.problems).toEqual([]);
    expect(removed.counts.copies).toBe(21);
    // The person's bookmarks stay as they were; the new pages stay.
    expect(await urls(booted)).toEqual([...before, ...Array.from({ length: 10 }, (_, i) => url(i, '/?id=2'))].sort());
  });
});

describe('folders that copy an existing folder, by their contents', () => {
  /** The person's folder "Dev" (pages 0-9 and a folder "Inner" with pages 10-14) in the menu, and pages 20-29 loose. */
  const mine = async (b: Booted['browser']['bookmarks']) => {
    const dev = await b.create({ parentId: MENU_ID, title: 'Dev' });
    for (let i = 0; i < 10; i++) await b.create({ parentId: dev.id, title: `page ${i}`, url: url(i) });
    const inner = await b.create({ parentId: dev.id, title: 'Inner' });
    for (let i = 10; i < 15; i++) await b.create({ parentId: inner.id, title: `page ${i}`, url: url(i) });
    for (let i = 20; i < 30; i++) await b.create({ parentId: MENU_ID, title: `page ${i}`, url: url(i) });
  };
  /** A copy of a folder as Sync brings it: the same pages (in another order, maybe under another title). */
  async function copyOf(booted: Booted, parentId: string, title: string, pages: number[], extra?: string) {
    const b = booted.browser.bookmarks;
    const folder = await b.create({ parentId, title });
    for (const i of pages) await b.create({ parentId: folder.id, title: `page ${i}`, url: url(i) });
    if (extra) await b.create({ parentId: folder.id, title: 'new', url: extra });
    return folder;
  }

  it('three copies of "Dev" (one under another title, one reordered) are counted as copies of "Dev"; one with a new page is not', async () => {
    const booted = await setup(mine);
    const devPages = Array.from({ length: 10 }, (_, i) => i);
    for (const title of ['Dev', 'Dev (1)']) {
      const copy = await copyOf(booted, TOOLBAR_ID, title, devPages);
      await copyOf(booted, copy.id, 'Inner', [10, 11, 12, 13, 14]);
    }
    const renamed = await copyOf(booted, UNFILED_ID, 'From my laptop', [...devPages].reverse());
    await copyOf(booted, renamed.id, 'Inner', [14, 13, 12, 11, 10]);
    // Like "Dev" but with a page the person's "Dev" does not have: a folder of copies, not a copy of "Dev".
    await copyOf(booted, UNFILED_ID, 'Dev', devPages, 'https://fresh.example/');
    await burstEnds(booted);
    expect(messages(booted)).toEqual([ARRIVED('3 copies of the folder “Dev” (45 bookmarks) and 10 copies in the folder “Dev”')]);
    const [burst] = await booted.client.call('copyGuard.log', {});
    expect(burst!.count).toMatchObject({
      total: 55,
      folders: [
        { title: 'Dev', copies: 45, folderCopies: 3 },
        { title: 'Dev', copies: 10 },
      ],
    });
  });

  it('a copy of a folder inside another ("Inner") is a copy of that folder; the copies of it go whole with Remove', async () => {
    const booted = await setup(mine);
    const copies = [await copyOf(booted, TOOLBAR_ID, 'Inner', [10, 11, 12, 13, 14]), await copyOf(booted, TOOLBAR_ID, 'Inner', [10, 11, 12, 13, 14])];
    // And copies of the loose pages in a folder of their own: the menu holds them with "Dev", so it is no copy of a folder.
    await copyOf(booted, TOOLBAR_ID, 'Loose', [20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
    await burstEnds(booted);
    expect(messages(booted)).toEqual([ARRIVED('2 copies of the folder “Inner” (10 bookmarks) and 10 copies in the folder “Loose”')]);

    const [burst] = await booted.client.call('copyGuard.log', {});
    const removed = await booted.client.startJob('copyGuard.remove', { burstId: burst!.id }).result;
    expect(removed.counts).toMatchObject({ copies: 20, emptyFolders: 3 });
    expect(await booted.browser.bookmarks.getChildren(TOOLBAR_ID)).toEqual([]);
    for (const folder of copies) expect(await booted.browser.bookmarks.get(folder.id).catch(() => 'gone')).toBe('gone');
  });
});
