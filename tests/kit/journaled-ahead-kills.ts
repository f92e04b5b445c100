/**
 * The kills every writer that journals its items ahead must survive (ImportOperation.journalAhead; the import of a
 * bookmarks.html and the restore from a Firefox backup): the same cases, each test file bringing its own way to make
 * the items and kill Firefox at a create. The items: ITEMS bookmarks "Item 0" … into the person's folder, which holds
 * their "Own"; items 10 and 11 alike (same title and address). Recovery at the next start takes back exactly what the
 * writer made: the items of the killed batch are found in their order (src/operation-history/undo-created.ts
 * matchInOrder), and a bookmark the person made meanwhile alike one of them, in the same folder, stays.
 */
import { describe, expect, it } from 'vitest';
import type { BookmarkNode, Browser } from '../../src/platform/browser';
import { boot, type Booted } from './boot';

/** Two batches and a part (AHEAD is 32), so kills fall in the first, the second, the last. */
export const ITEMS = 70;
/** Item i's title and address; items 10 and 11 are alike. */
export const titleOf = (i: number) => (i === 11 ? 'Item 10' : `Item ${i}`);
export const urlOf = (i: number) => `https://batch.example/${i === 11 ? 10 : i}`;

export interface KilledRun {
  first: Booted;
  /** The person's folder the items go into; `own` is their bookmark in it. */
  folder: BookmarkNode;
  own: BookmarkNode;
  b: Browser['bookmarks'];
}

/**
 * Runs the writer over the ITEMS items, Firefox killed at its `killAt`-th create (1-based): that create never runs
 * (`ran: false`) or runs and never answers (`ran: true`). `before(n, bookmarks, folderId)` runs as the n-th create is
 * called (the person acting meanwhile).
 */
export type KillAtCreate = (killAt: number, ran: boolean, before?: (n: number, b: Browser['bookmarks'], folderId: string) => Promise<void>) => Promise<KilledRun>;

const titles = (nodes: BookmarkNode[]) => nodes.map((n) => `${n.title} <${n.url}>`);

/** The shared cases, for the writer `what` ("import", "restore"). */
export function describeJournaledAheadKills(what: string, killed: KillAtCreate): void {
  describe(`the ${what}, killed inside a batch of items journaled ahead`, () => {
    // 1, 16, 32: the first batch's first, a middle and its last; 33, 50, 64: the second's; 70: the last item of all.
    for (const killAt of [1, 16, 32, 33, 50, 64, 70]) {
      for (const ran of [false, true]) {
        it(`killed at create ${killAt} (${ran ? 'it ran' : 'it never ran'}): nothing of the ${what} stays, the person's bookmark does`, async () => {
          const { first, folder, own, b } = await killed(killAt, ran);
          expect((await b.getChildren(folder.id)).length).toBe(1 + killAt - (ran ? 0 : 1));
          // Journaled ahead: the items of the killed batch in one write (32 a batch); the killed item's id never stored.
          const [session] = await first.app.history.journal.listSessions();
          const entries = await first.app.history.journal.entries(session!.id);
          const progress = await first.app.history.journal.progress(session!.id);
          const batch = Math.floor((killAt - 1) / 32);
          const inBatch = entries.filter((e) => e.role === 'created' && e.aheadBatch === batch);
          expect(inBatch.length).toBe(Math.min(32, ITEMS - batch * 32));
          expect(progress.ids.has(inBatch[(killAt - 1) % 32]!.seq)).toBe(false);
          const second = await boot({ fake: first.fake });
          await expect.poll(async () => (await second.client.call('history.list', {}))[0]?.status).toBe('rolled-back');
          expect(await b.getChildren(folder.id)).toEqual([expect.objectContaining({ id: own.id, title: 'Own' })]);
        });
      }
    }

    it('the person bookmarks a page alike one further in the batch, before it is made; killed before it: theirs stays', async () => {
      // Item 20 is journaled with the first batch; the person bookmarks it as item 15 is made; Firefox dies at item 20.
      let mine: BookmarkNode | null = null;
      const { first, folder, own, b } = await killed(21, false, async (n, bookmarks, folderId) => {
        if (n === 16) mine = await bookmarks.create({ parentId: folderId, title: 'Item 20', url: urlOf(20) });
      });
      await boot({ fake: first.fake });
      expect(titles(await b.getChildren(folder.id))).toEqual(['Own <https://own.example/>', `Item 20 <${urlOf(20)}>`]);
      expect((await b.getChildren(folder.id)).map((c) => c.id)).toEqual([own.id, mine!.id]);
    });

    it('killed before an item is made, as the person bookmarks a page alike a later one of the batch: theirs stays', async () => {
      // Items up to 19 made; the person bookmarks Item 25 (journaled with them) as item 20 is asked for; Firefox dies then.
      let mine: BookmarkNode | null = null;
      const { first, folder, own, b } = await killed(21, false, async (n, bookmarks, folderId) => {
        if (n === 21) mine = await bookmarks.create({ parentId: folderId, title: 'Item 25', url: urlOf(25) });
      });
      await boot({ fake: first.fake });
      expect((await b.getChildren(folder.id)).map((c) => c.id)).toEqual([own.id, mine!.id]);
    });

    it(`the person bookmarks a page alike the next item in the batch; killed as that item is made: the newer, the ${what}’s, goes`, async () => {
      let mine: BookmarkNode | null = null;
      const { first, folder, b } = await killed(21, true, async (n, bookmarks, folderId) => {
        if (n === 21) mine = await bookmarks.create({ parentId: folderId, title: 'Item 20', url: urlOf(20) });
      });
      expect((await b.getChildren(folder.id)).filter((c) => c.title === 'Item 20')).toHaveLength(2);
      await boot({ fake: first.fake });
      expect((await b.getChildren(folder.id)).map((c) => c.id)).toContain(mine!.id);
      expect(titles(await b.getChildren(folder.id))).toEqual(['Own <https://own.example/>', `Item 20 <${urlOf(20)}>`]);
    });

    it(`the person bookmarks a page alike an item the batch made already: theirs stays, the ${what}’s goes (killed further on)`, async () => {
      let mine: BookmarkNode | null = null;
      const { first, folder, own, b } = await killed(25, true, async (n, bookmarks, folderId) => {
        if (n === 20) mine = await bookmarks.create({ parentId: folderId, index: 0, title: 'Item 5', url: urlOf(5) });
      });
      await boot({ fake: first.fake });
      expect((await b.getChildren(folder.id)).map((c) => c.id)).toEqual([mine!.id, own.id]);
    });

    it('the person renames, moves and removes items the batch made, then Firefox is killed in it: their changes stay, the rest goes', async () => {
      let renamed: BookmarkNode | null = null;
      let moved: BookmarkNode | null = null;
      const { first, folder, own, b } = await killed(31, true, async (n, bookmarks, folderId) => {
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
        const { first, folder, own, b } = await killed(killAt, true, async (n, bookmarks, folderId) => {
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
}
