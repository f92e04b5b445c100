/**
 * Sync during our own work (src/copy-guard/README.md "Sync during our own work"), on the real background and the
 * fake browser: while a cleanup or an import through Tidymarks holds the bookmark events, what Tidymarks creates is
 * not counted and what someone else creates (Sync, as the test plays it with the fake's own bookmarks API) is, told
 * once; the cleanup removes exactly its plan and never what arrived meanwhile.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_PREFIX } from '../../../src/copy-guard';
import { compareWithNow, readLiveTree } from '../../../src/firefox-backups/compare';
import { parseFirefoxBackup } from '../../../src/firefox-backups/parse';
import { restorePlan } from '../../../src/firefox-backups/restore-plan';
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { MENU_ID, TOOLBAR_ID, UNFILED_ID } from '../../../src/platform/browser';
import { boot, type Booted } from '../../kit/boot';
import { planFromTree } from '../dedup/cleanup-fixtures';

const page = (i: number) => ({ title: `page ${i}`, url: `https://page${i}.example/` });
const told = (booted: Booted) => booted.fake.control.notifications.filter((n) => n.id.startsWith(NOTIFICATION_PREFIX));
const ARRIVED = (what: string) => `${what} arrived in the last minute. Click to see them on the Duplicates page.`;

/** 30 pages in the menu (Tidymarks' own writes in a hold: not counted); the guard idle. */
async function setup(options: Parameters<typeof boot>[0] = {}) {
  const booted = await boot({ seed: 1, ...options });
  await booted.app.bookmarkEvents.hold(async () => {
    for (let i = 0; i < 30; i++) await booted.app.browser.bookmarks.create({ parentId: MENU_ID, ...page(i) });
  });
  await booted.app.live.whenFresh();
  await booted.app.copyGuard.whenIdle();
  return booted;
}

/** How many of Sync's creations landed while our own work held the events. */
let inHold = 0;

/** Sync brings a copy of pages `from`..`to - 1` into `parentId`, one after another, with the fake's own API. */
async function syncBrings(booted: Booted, from: number, to: number, parentId: string) {
  const ids: string[] = [];
  for (let i = from; i < to; i++) {
    ids.push((await booted.browser.bookmarks.create({ parentId, ...page(i) })).id);
    if (booted.app.bookmarkEvents.holding) inHold++;
  }
  return ids;
}

/** The tree now as Firefox writes it into a backup (BookmarkJSONUtils: GUIDs, positions, dates in µs). */
async function backupOf(browser: Browser): Promise<string> {
  const roots: Record<string, string> = {
    root________: 'placesRoot',
    menu________: 'bookmarksMenuFolder',
    toolbar_____: 'toolbarFolder',
    unfiled_____: 'unfiledBookmarksFolder',
    mobile______: 'mobileFolder',
  };
  const json = (n: BookmarkNode): object => ({
    guid: n.id,
    title: n.title,
    index: n.index ?? 0,
    dateAdded: (n.dateAdded ?? 0) * 1000,
    lastModified: (n.dateAdded ?? 0) * 1000,
    ...(n.url !== undefined
      ? { typeCode: 1, type: 'text/x-moz-place', uri: n.url }
      : { typeCode: 2, type: 'text/x-moz-place-container', ...(roots[n.id] && { root: roots[n.id] }), children: (n.children ?? []).map(json) }),
  });
  return JSON.stringify(json((await browser.bookmarks.getTree())[0]!));
}

describe('the copy guard during our own work', () => {
  beforeEach(() => void (inHold = 0));

  it('a Sync burst during a cleanup: told once; the cleanup removes exactly its plan, every Sync copy stays, and the folder it would have emptied', async () => {
    const booted = await setup();
    const { app, client, browser, control } = booted;
    // 25 copies of ours (in a hold, through the browser Tidymarks writes with), then the cleanup of them.
    const ours = await app.bookmarkEvents.hold(async () => {
      const folder = await app.browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'Old' });
      const made: string[] = [folder.id];
      for (let i = 0; i < 25; i++) made.push((await app.browser.bookmarks.create({ parentId: i < 10 ? folder.id : TOOLBAR_ID, ...page(i) })).id);
      return made;
    });
    // The copies go; so does "Old", which they leave empty (after them, as the scan plans an emptied folder).
    const plan = await planFromTree(browser, { createdAt: Date.now() });
    expect(plan.removals).toHaveLength(25);
    plan.removals.push({ id: ours[0]!, kind: 'folder', expectedUrl: null, expectedParentId: TOOLBAR_ID, reason: 'emptied-folder', keptId: null });
    // At the cleanup's first call to Firefox, Sync brings 30 copies, one after another while the cleanup goes on: 20
    // loose beside the cleanup's, 10 into its folder "Old".
    let sync: Promise<string[]> | undefined;
    let started = false;
    const stop = control.observeBookmarkCalls(() => {
      if (!started) {
        started = true;
        sync = Promise.all([syncBrings(booted, 0, 20, TOOLBAR_ID), syncBrings(booted, 20, 30, ours[0]!)]).then((lists) => lists.flat());
      }
    });
    const result = await client.startJob('dedup.cleanup', plan).result;
    stop();
    expect(sync).toBeDefined();
    const syncIds = await sync!;
    expect(syncIds).toHaveLength(30);
    // Most of them while the cleanup ran (else this test would test nothing).
    expect(inHold).toBeGreaterThanOrEqual(15);
    // Every Sync copy is there, as it arrived; what the plan removed is gone, nothing else.
    const present = async (id: string) => (await browser.bookmarks.get(id).catch(() => [])).length === 1;
    for (const id of syncIds) expect(await present(id)).toBe(true);
    expect(await present(ours[0]!)).toBe(true); // "Old" holds Sync's copies now: it stays, with them
    expect((await browser.bookmarks.getChildren(ours[0]!)).map((node) => node.url)).toEqual(Array.from({ length: 10 }, (_, i) => page(20 + i).url));
    expect(result.counts.copies).toBe(25);
    for (const id of ours.slice(1)) expect(await present(id)).toBe(false);
    const left = (await browser.bookmarks.getTree()).flatMap(function walk(node): string[] {
      return [node.id, ...(node.children ?? []).flatMap(walk)];
    });
    expect(left).toHaveLength(1 + 4 + 30 + 1 + 30); // the root, its four folders, the pages, "Old", Sync's copies
    // Told once, naming Sync's copies only (the cleanup's own writes are not arrivals).
    await expect.poll(() => told(booted).map((n) => n.message), { timeout: 5_000 }).toEqual([ARRIVED('30 copies of 30 pages')]);
    await app.copyGuard.whenIdle();
    expect(told(booted)).toHaveLength(1);
    const [burst] = await client.call('copyGuard.log', {});
    expect(burst).toMatchObject({ status: 'waiting', count: { total: 30 } });
  });

  it('a Sync burst while an import through Tidymarks creates: told with Sync’s copies only', async () => {
    // Sync writes while one of the import's creates is under way (its event and its id not yet matched).
    let creates = 0;
    let sync: Promise<string[]> | undefined;
    let booted: Booted | undefined;
    const slowCreate = (browser: Browser): Browser =>
      new Proxy(browser, {
        get(target, key) {
          if (key !== 'bookmarks') return Reflect.get(target, key) as unknown;
          return new Proxy(target.bookmarks, {
            get(api, name) {
              if (name !== 'create') return Reflect.get(api, name) as unknown;
              return async (details: Parameters<Browser['bookmarks']['create']>[0]) => {
                if (booted?.app.bookmarkEvents.holding && details.url && ++creates === 3) {
                  sync = syncBrings(booted, 0, 25, UNFILED_ID);
                  await sync;
                }
                return api.create(details);
              };
            },
          });
        },
      });
    booted = await setup({ browser: slowCreate });
    const { client, browser } = booted;
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${Array.from({ length: 30 }, (_, i) => `<DT><A HREF="${page(i).url}">${page(i).title}</A>\n`).join('')}</DL>\n`;
    const report = await client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' }, skipExisting: false }).result;
    expect(report).toMatchObject({ imported: { bookmarks: 30 } });
    expect(await sync).toHaveLength(25);
    expect(inHold).toBe(25);
    expect(await browser.bookmarks.search({ url: page(0).url })).toHaveLength(3);
    await booted.app.copyGuard.whenIdle();
    expect(told(booted).map((n) => n.message)).toEqual([ARRIVED('25 copies of 25 pages')]);
  });

  it('a Sync burst during a restore from a Firefox backup: told with Sync’s copies only', async () => {
    const booted = await setup();
    const { app, client, browser, control } = booted;
    // A folder of 25 copies of ours, in a backup, then removed: the restore brings them back (copies: not counted).
    const old = await app.bookmarkEvents.hold(async () => {
      const folder = await app.browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'Old' });
      for (let i = 0; i < 25; i++) await app.browser.bookmarks.create({ parentId: folder.id, ...page(i) });
      return folder;
    });
    const backup = await backupOf(browser);
    await app.bookmarkEvents.hold(() => app.browser.bookmarks.removeTree(old.id));
    const { encoded } = await client.call('organizer.tree', {});
    const diff = compareWithNow(parseFirefoxBackup(backup).items, readLiveTree(encoded));
    const plan = restorePlan(diff, [diff.removed.findIndex((item) => item.title === 'Old')]);
    expect(plan).toMatchObject({ chosen: 26 });
    // Sync brings 25 copies while the restore creates (at its third create, one after another).
    let creates = 0;
    let sync: Promise<string[]> | undefined;
    const stop = control.observeBookmarkCalls((call) => {
      if (call.method === 'create' && ++creates === 3) sync = syncBrings(booted, 5, 30, UNFILED_ID);
    });
    const report = await client.startJob('backups.restoreRemoved', { steps: plan.steps }).result;
    stop();
    expect(report).toMatchObject({ restored: { bookmarks: 25, folders: 1 }, problems: [] });
    expect(await sync).toHaveLength(25);
    expect(inHold).toBeGreaterThanOrEqual(10);
    expect(await browser.bookmarks.search({ url: page(7).url })).toHaveLength(3);
    await app.copyGuard.whenIdle();
    expect(told(booted).map((n) => n.message)).toEqual([ARRIVED('25 copies of 25 pages')]);
  });

  it('our own import alone, with Sync quiet: no notification', async () => {
    const booted = await setup();
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${Array.from({ length: 30 }, (_, i) => `<DT><A HREF="${page(i).url}">${page(i).title}</A>\n`).join('')}</DL>\n`;
    await booted.client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' }, skipExisting: false }).result;
    expect(await booted.browser.bookmarks.search({ url: page(0).url })).toHaveLength(2);
    await booted.app.copyGuard.whenIdle();
    expect(told(booted)).toEqual([]);
  });
});
