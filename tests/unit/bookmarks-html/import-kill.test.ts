/**
 * An import journals its items ahead in batches (src/bookmarks-html/steps-ahead.ts AHEAD, ImportOperation.journalAhead):
 * one write holds the next items and the outcome of every item before them; a folder's contents wait for the write
 * after the folder's (its id comes with its create). Killed anywhere inside a batch (its first, a middle and its last
 * create; the create run or not; a folder, a separator), recovery at the next start takes back exactly what the import
 * made: the items of the killed batch are found in their order (src/operation-history/undo-created.ts matchInOrder),
 * and a bookmark the person made meanwhile alike one of them, in the same folder, stays.
 */
import { describe, expect, it } from 'vitest';
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { boot } from '../../kit/boot';
import { killedAtCreate } from '../../kit/killable';

/** Bookmarks of the flat file: two batches and a part (AHEAD is 32), so kills fall in the first, the second, the last. */
const ITEMS = 70;
const urlOf = (i: number) => `https://batch.example/${i}`;
const link = (i: number, title = `Item ${i}`) => `<DT><A HREF="${urlOf(i)}" ADD_DATE="1700000000">${title}</A>`;
const file = (body: string[]) => `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<H1>Bookmarks</H1>\n<DL><p>\n${body.join('\n')}\n</DL>\n`;

/** "Item 0" … "Item 69"; items 10 and 11 have the same title and address (skip off: both are imported). */
const flatFile = () => file(Array.from({ length: ITEMS }, (_, i) => (i === 11 ? link(10) : link(i))));

/**
 * A folder "Deep" holding "Inner" (40 bookmarks), a separator and 10 bookmarks, then 10 bookmarks: creates #1 Deep,
 * #2 Inner, #3–#42 Inner's, #43 the separator, #44–#53 Deep's, #54–#63 the top's. Journaled: Deep alone, Inner alone
 * (each the folder of the next), Inner's first 32, then the 29 others in one write.
 */
const NESTED_CREATES = 63;
const nestedFile = () =>
  file([
    '<DT><H3>Deep</H3>',
    '<DL><p>',
    '<DT><H3>Inner</H3>',
    '<DL><p>',
    ...Array.from({ length: 40 }, (_, i) => link(100 + i)),
    '</DL><p>',
    '<HR>',
    ...Array.from({ length: 10 }, (_, i) => link(200 + i)),
    '</DL><p>',
    ...Array.from({ length: 10 }, (_, i) => link(300 + i)),
  ]);

/**
 * An import of `html` into the person's folder "Mine" (which holds their "Own"), Firefox killed at its `killAt`-th
 * create (1-based): that create never runs (`ran: false`) or runs and never answers (`ran: true`). `before(n,
 * bookmarks, folderId)` runs as the n-th create is called (the person acting meanwhile).
 */
async function importKilled(
  html: string,
  killAt: number,
  ran: boolean,
  before: (n: number, b: Browser['bookmarks'], folderId: string) => Promise<void> = async () => undefined,
) {
  let clock = 1_800_000_000_000;
  const now = () => clock;
  let folderId = '';
  const kill = killedAtCreate({ killAt, ran, tick: () => void (clock += 1), before: (n, bookmarks) => before(n, bookmarks, folderId) });
  const first = await boot({ seed: 60 + killAt, now, backgroundNow: now, killed: kill.died, browser: kill.wrap });
  const b = first.browser.bookmarks;
  const folder = await b.create({ parentId: 'toolbar_____', title: 'Mine' });
  folderId = folder.id;
  const own = await b.create({ parentId: folder.id, title: 'Own', url: 'https://own.example/' });
  clock += 10;
  kill.control.armed = true;
  void first.client.startJob('bookmarksHtml.import', { html, target: { into: 'folder', folderId: folder.id }, skipExisting: false }).result.catch(() => undefined);
  await kill.died;
  first.unload();
  return { first, folder, own, b };
}

const titles = (nodes: BookmarkNode[]) => nodes.map((n) => `${n.title} <${n.url}>`);

describe('an import killed inside a batch of items journaled ahead', () => {
  // 1, 16, 32: the first batch's first, a middle and its last; 33, 50, 64: the second's; 70: the last item of all.
  for (const killAt of [1, 16, 32, 33, 50, 64, 70]) {
    for (const ran of [false, true]) {
      it(`killed at create ${killAt} (${ran ? 'it ran' : 'it never ran'}): nothing of the file stays, the person's bookmark does`, async () => {
        const { first, folder, own, b } = await importKilled(flatFile(), killAt, ran);
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

  // 1 and 2: a folder journaled alone; 3, 20, 34: the first, a middle and the last of Inner's batch; 35: the first of
  // the next; 43: the separator; 63: the last item of all.
  for (const killAt of [1, 2, 3, 20, 34, 35, 43, 63]) {
    for (const ran of [false, true]) {
      it(`folders in folders, killed at create ${killAt} of ${NESTED_CREATES} (${ran ? 'it ran' : 'it never ran'}): nothing of the file stays`, async () => {
        const { first, folder, own, b } = await importKilled(nestedFile(), killAt, ran);
        const [session] = await first.app.history.journal.listSessions();
        const entries = await first.app.history.journal.entries(session!.id);
        // Deep alone, Inner alone, then 32 and 29: a folder's contents are journaled after it is made.
        const sizes = new Map<number, number>();
        for (const e of entries) if (e.role === 'created') sizes.set(e.aheadBatch!, (sizes.get(e.aheadBatch!) ?? 0) + 1);
        expect([...sizes.values()]).toEqual([1, 1, 32, 29].slice(0, killAt <= 1 ? 1 : killAt === 2 ? 2 : killAt <= 34 ? 3 : 4));
        await boot({ fake: first.fake });
        expect(await b.getChildren(folder.id)).toEqual([expect.objectContaining({ id: own.id, title: 'Own' })]);
      });
    }
  }

  it('the person bookmarks a page alike one further in the batch, before it is made; killed before it: theirs stays', async () => {
    // Item 20 is journaled with the first batch; the person bookmarks it as item 15 is made; Firefox dies at item 20.
    let mine: BookmarkNode | null = null;
    const { first, folder, own, b } = await importKilled(flatFile(), 21, false, async (n, bookmarks, folderId) => {
      if (n === 16) mine = await bookmarks.create({ parentId: folderId, title: 'Item 20', url: urlOf(20) });
    });
    await boot({ fake: first.fake });
    expect(titles(await b.getChildren(folder.id))).toEqual(['Own <https://own.example/>', `Item 20 <${urlOf(20)}>`]);
    expect((await b.getChildren(folder.id)).map((c) => c.id)).toEqual([own.id, mine!.id]);
  });

  it('the person bookmarks a page alike the next item in the batch; killed as that item is made: the newer, the import’s, goes', async () => {
    let mine: BookmarkNode | null = null;
    const { first, folder, b } = await importKilled(flatFile(), 21, true, async (n, bookmarks, folderId) => {
      if (n === 21) mine = await bookmarks.create({ parentId: folderId, title: 'Item 20', url: urlOf(20) });
    });
    expect((await b.getChildren(folder.id)).filter((c) => c.title === 'Item 20')).toHaveLength(2);
    await boot({ fake: first.fake });
    expect((await b.getChildren(folder.id)).map((c) => c.id)).toContain(mine!.id);
    expect(titles(await b.getChildren(folder.id))).toEqual(['Own <https://own.example/>', `Item 20 <${urlOf(20)}>`]);
  });

  it('the person renames, moves and removes items the batch made, then Firefox is killed in it: their changes stay, the rest goes', async () => {
    let renamed: BookmarkNode | null = null;
    let moved: BookmarkNode | null = null;
    const { first, folder, own, b } = await importKilled(flatFile(), 31, true, async (n, bookmarks, folderId) => {
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
      const { first, folder, own, b } = await importKilled(flatFile(), killAt, true, async (n, bookmarks, folderId) => {
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
