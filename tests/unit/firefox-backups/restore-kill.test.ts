/**
 * A restore journals its items ahead in batches (src/bookmarks-html/steps-ahead.ts AHEAD, ImportOperation.journalAhead):
 * one write holds the next items and the outcome of every item before them. Killed anywhere inside a batch, recovery at
 * the next start takes back exactly what the restore made; the cases are the ones every writer that journals ahead
 * must pass (tests/kit/journaled-ahead-kills.ts), here with a restore of an emptied folder from a Firefox backup.
 */
import { expect } from 'vitest';
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { compareWithNow, readLiveTree } from '../../../src/firefox-backups/compare';
import { parseFirefoxBackup } from '../../../src/firefox-backups/parse';
import { restorePlan } from '../../../src/firefox-backups/restore-plan';
import { boot } from '../../kit/boot';
import { describeJournaledAheadKills, ITEMS, titleOf, urlOf } from '../../kit/journaled-ahead-kills';
import { killedAtCreate } from '../../kit/killable';

/** A Firefox backup (its JSON) of the toolbar holding "Batch" with ITEMS bookmarks, dates in µs. */
function backupOf(folder: BookmarkNode, items: BookmarkNode[]): string {
  const bookmark = (n: BookmarkNode) => ({
    guid: n.id,
    title: n.title,
    index: n.index,
    dateAdded: n.dateAdded! * 1000,
    lastModified: n.dateAdded! * 1000,
    typeCode: 1,
    type: 'text/x-moz-place',
    uri: n.url,
  });
  const container = (guid: string, root: string | null, children: object[]) => ({
    guid,
    title: '',
    index: 0,
    dateAdded: 0,
    lastModified: 0,
    typeCode: 2,
    type: 'text/x-moz-place-container',
    ...(root && { root }),
    children,
  });
  const batch = { ...container(folder.id, null, items.map(bookmark)), title: 'Batch', index: folder.index };
  return JSON.stringify(
    container('root________', 'placesRoot', [
      container('menu________', 'bookmarksMenuFolder', []),
      { ...container('toolbar_____', 'toolbarFolder', [batch]), index: 1 },
      { ...container('unfiled_____', 'unfiledBookmarksFolder', []), index: 2 },
      { ...container('mobile______', 'mobileFolder', []), index: 3 },
    ]),
  );
}

/**
 * A restore of the emptied "Batch" folder, Firefox killed at its `killAt`-th create (1-based): that create never runs
 * (`ran: false`) or runs and never answers (`ran: true`). `before(n, bookmarks, folderId)` runs as the n-th create is
 * called (the person acting meanwhile). Every create moves the clock Firefox and the background share by 2 ms.
 */
async function restoreKilled(killAt: number, ran: boolean, before: (n: number, b: Browser['bookmarks'], folderId: string) => Promise<void> = async () => undefined) {
  let clock = 1_800_000_000_000;
  const now = () => clock;
  let folderId = '';
  const kill = killedAtCreate({ killAt, ran, tick: () => void (clock += 1), before: (n, bookmarks) => before(n, bookmarks, folderId) });
  const first = await boot({
    seed: 40 + killAt,
    now,
    backgroundNow: now,
    killed: kill.died,
    browser: kill.wrap,
  });
  const b = first.browser.bookmarks;
  const folder = await b.create({ parentId: 'toolbar_____', title: 'Batch' });
  folderId = folder.id;
  const items: BookmarkNode[] = [];
  for (let i = 0; i < ITEMS; i++) {
    clock += 1;
    items.push(await b.create({ parentId: folder.id, title: titleOf(i), url: urlOf(i) }));
  }
  const backup = backupOf((await b.get(folder.id))[0]!, items);
  for (const item of items) await b.remove(item.id);
  const own = await b.create({ parentId: folder.id, title: 'Own', url: 'https://own.example/' });
  const { encoded } = await first.client.call('organizer.tree', {});
  const diff = compareWithNow(parseFirefoxBackup(backup).items, readLiveTree(encoded));
  const steps = restorePlan(diff, diff.removed.keys()).steps;
  expect(steps).toHaveLength(ITEMS);
  clock += 10;
  kill.control.armed = true;
  void first.client.startJob('backups.restoreRemoved', { steps }).result.catch(() => undefined);
  await kill.died;
  first.unload();
  return { first, folder, own, b };
}

describeJournaledAheadKills('restore', restoreKilled);
