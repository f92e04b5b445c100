/**
 * A restore journals its items ahead in batches (src/firefox-backups/restore.ts AHEAD, ImportOperation.journalAhead):
 * one write holds the next items and the outcome of every item before them. Killed anywhere inside a batch (its first,
 * a middle and its last create; the create run or not), recovery at the next start takes back exactly what the restore
 * made: the items of the killed batch are found in their order (src/operation-history/undo-created.ts matchInOrder),
 * and a bookmark the person made meanwhile alike one of them, in the same folder, stays.
 */
import { describe, expect, it } from 'vitest';
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { compareWithNow, readLiveTree } from '../../../src/firefox-backups/compare';
import { parseFirefoxBackup } from '../../../src/firefox-backups/parse';
import { restorePlan } from '../../../src/firefox-backups/restore-plan';
import { boot } from '../../kit/boot';
import { killedAtCreate } from '../../kit/killable';

/** Items of the folder restored: two batches and a part (AHEAD is 32), so kills fall in the first, the second, the last. */
const ITEMS = 70;
/** Items 10 and 11 have the same title and address: restored twice into one folder. */
const titleOf = (i: number) => (i === 11 ? 'Item 10' : `Item ${i}`);
const urlOf = (i: number) => `https://batch.example/${i === 11 ? 10 : i}`;

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

const titles = (nodes: BookmarkNode[]) => nodes.map((n) => `${n.title} <${n.url}>`);

describe('a restore killed inside a batch of items journaled ahead', () => {
  // 1, 16, 32: the first batch's first, a middle and its last; 33, 50, 64: the second's; 70: the last item of all.
  for (const killAt of [1, 16, 32, 33, 50, 64, 70]) {
    for (const ran of [false, true]) {
      it(`killed at create ${killAt} (${ran ? 'it ran' : 'it never ran'}): nothing of the restore stays, the person's bookmark does`, async () => {
        const { first, folder, own, b } = await restoreKilled(killAt, ran);
        expect((await b.getChildren(folder.id)).length).toBe(1 + killAt - (ran ? 0 : 1));
        // Journaled ahead: the items of the killed batch in one write (32 a batch); the killed item's id never stored.
        const [session] = await first.app.history.journal.listSessions();
        const entries = await first.app.history.journal.entries(session!.id);
        const progress = await first.app.history.journal.progress(session!.id);
        const batch = Math.floor((killAt - 1) / 32);
        const killed = entries.filter((e) => e.role === 'created' && e.aheadBatch === batch);
        expect(killed.length).toBe(Math.min(32, ITEMS - batch * 32));
        expect(progress.ids.has(killed[(killAt - 1) % 32]!.seq)).toBe(false);
        const second = await boot({ fake: first.fake });
        await expect.poll(async () => (await second.client.call('history.list', {}))[0]?.status).toBe('rolled-back');
        expect(await b.getChildren(folder.id)).toEqual([expect.objectContaining({ id: own.id, title: 'Own' })]);
      });
    }
  }

  it('the person bookmarks a page alike one further in the batch, before it is made; killed before it: theirs stays', async () => {
    // Item 20 is journaled with the first batch; the person bookmarks it as item 15 is made; Firefox dies at item 20.
    let mine: BookmarkNode | null = null;
    const { first, folder, own, b } = await restoreKilled(21, false, async (n, bookmarks, folderId) => {
      if (n === 16) mine = await bookmarks.create({ parentId: folderId, title: 'Item 20', url: urlOf(20) });
    });
    await boot({ fake: first.fake });
    expect(titles(await b.getChildren(folder.id))).toEqual(['Own <https://own.example/>', `Item 20 <${urlOf(20)}>`]);
    expect((await b.getChildren(folder.id)).map((c) => c.id)).toEqual([own.id, mine!.id]);
  });

  it('killed before an item is made, as the person bookmarks a page alike a later one of the batch: theirs stays', async () => {
    // Items up to 19 made; the person bookmarks Item 25 (journaled with them) as item 20 is asked for; Firefox dies then.
    let mine: BookmarkNode | null = null;
    const { first, folder, own, b } = await restoreKilled(21, false, async (n, bookmarks, folderId) => {
      if (n === 21) mine = await bookmarks.create({ parentId: folderId, title: 'Item 25', url: urlOf(25) });
    });
    await boot({ fake: first.fake });
    expect((await b.getChildren(folder.id)).map((c) => c.id)).toEqual([own.id, mine!.id]);
  });

  it('the person bookmarks a page alike the next item in the batch; killed as that item is made: the newer, the restore’s, goes', async () => {
    let mine: BookmarkNode | null = null;
    const { first, folder, b } = await restoreKilled(21, true, async (n, bookmarks, folderId) => {
      if (n === 21) mine = await bookmarks.create({ parentId: folderId, title: 'Item 20', url: urlOf(20) });
    });
    expect((await b.getChildren(folder.id)).filter((c) => c.title === 'Item 20')).toHaveLength(2);
    await boot({ fake: first.fake });
    expect((await b.getChildren(folder.id)).map((c) => c.id)).toContain(mine!.id);
    expect(titles(await b.getChildren(folder.id))).toEqual(['Own <https://own.example/>', `Item 20 <${urlOf(20)}>`]);
  });

  it('the person bookmarks a page alike an item the batch made already: theirs stays, the restore’s goes (killed further on)', async () => {
    let mine: BookmarkNode | null = null;
    const { first, folder, own, b } = await restoreKilled(25, true, async (n, bookmarks, folderId) => {
      if (n === 20) mine = await bookmarks.create({ parentId: folderId, index: 0, title: 'Item 5', url: urlOf(5) });
    });
    await boot({ fake: first.fake });
    expect((await b.getChildren(folder.id)).map((c) => c.id)).toEqual([mine!.id, own.id]);
  });

  it('the person renames, moves and removes items the batch made, then Firefox is killed in it: their changes stay, the rest goes', async () => {
    let renamed: BookmarkNode | null = null;
    let moved: BookmarkNode | null = null;
    const { first, folder, own, b } = await restoreKilled(31, true, async (n, bookmarks, folderId) => {
      if (n !== 12) return;
      const made = await bookmarks.getChildren(folderId);
      const byTitle = (title: string) => made.find((c) => c.title === title)!;
      renamed = await bookmarks.update(byTitle('Item 5').id, { title: 'Item 5, mine' });
      moved = await bookmarks.move(byTitle('Item 7').id, { parentId: 'unfiled_____' });
      await bookmarks.remove(byTitle('Item 3').id);
    });
    const second = await boot({ fake: first.fake });
    await expect.poll(async () => (await second.client.call('history.list', {}))[0]?.status).toBe('rolled-back');
    expect((await b.getChildren(folder.id)).map((c) => c.id).sort()).toEqual([own.id, renamed!.id].sort());
    expect((await b.get(renamed!.id))[0]!.title).toBe('Item 5, mine');
    expect((await b.get(moved!.id))[0]!.parentId).toBe('unfiled_____');
  });

  it('two items alike in one batch, killed between them or after both: both found, nothing of the person’s taken', async () => {
    for (const killAt of [12, 13]) {
      let mine: BookmarkNode | null = null;
      // The person bookmarks the page of items 10 and 11 as item 9 is made.
      const { first, folder, own, b } = await restoreKilled(killAt, true, async (n, bookmarks, folderId) => {
        if (n === 10) mine = await bookmarks.create({ parentId: folderId, title: 'Item 10', url: urlOf(10) });
      });
      await boot({ fake: first.fake });
      expect(
        (await b.getChildren(folder.id)).map((c) => c.id),
        `killed at ${killAt}`,
      ).toEqual([own.id, mine!.id]);
    }
  });
});
