/**
 * An undo journals the items it re-creates ahead, several folders in one write (undo-placements.ts AHEAD: 128
 * entries at most), and stores their ids behind the creates. Killed anywhere inside such a write (the first create
 * of it, a middle one, the first of its second folder, its last; the create run or not), the next start rolls the
 * undo back: what it re-created goes (found by their data, in their order: undo-created.ts matchInOrder), the
 * operation it undid stands, and what the person did meanwhile stays.
 */
import { describe, expect, it } from 'vitest';
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { boot } from '../../kit/boot';
import { killedAtCreate } from '../../kit/killable';

/** Four folders of 50 bookmarks, all deleted: the undo re-creates 200, journaled ahead as two writes of two folders. */
const FOLDERS = 4;
const PER_FOLDER = 50;

/**
 * Deletes every bookmark of the four folders as one organizer edit, then undoes it with Firefox killed at the undo's
 * `killAt`-th create (1-based): that create never runs (`ran: false`) or runs and never answers (`ran: true`).
 * `before(n, bookmarks, folderIds)` runs as the n-th create is called. Each create moves the shared clock by 2 ms.
 */
async function undoKilled(killAt: number, ran: boolean, before: (n: number, b: Browser['bookmarks'], folderIds: string[]) => Promise<void> = async () => undefined) {
  let clock = 1_800_000_000_000;
  const now = () => clock;
  const folderIds: string[] = [];
  const kill = killedAtCreate({ killAt, ran, tick: () => void (clock += 1), before: (n, bookmarks) => before(n, bookmarks, folderIds) });
  const first = await boot({
    seed: 60 + killAt,
    now,
    backgroundNow: now,
    killed: kill.died,
    browser: kill.wrap,
  });
  const b = first.browser.bookmarks;
  const ids: string[] = [];
  for (let f = 0; f < FOLDERS; f++) {
    const folder = await b.create({ parentId: 'menu________', title: `F${f}` });
    folderIds.push(folder.id);
    for (let i = 0; i < PER_FOLDER; i++) {
      clock += 1;
      ids.push((await b.create({ parentId: folder.id, title: `f${f} item ${i}`, url: `https://${f}-${i}.example/` })).id);
    }
  }
  await first.client.call('organizer.remove', { ids });
  const own = await b.create({ parentId: folderIds[1]!, title: 'Own', url: 'https://own.example/' });
  clock += 10;
  kill.control.armed = true;
  void first.client.startJob('history.undo', {}).result.catch(() => undefined);
  await kill.died;
  first.unload();
  const contents = async () => Promise.all(folderIds.map(async (id) => (await b.getChildren(id)).map((c) => c.id)));
  return { first, folderIds, own, b, contents };
}

describe('an undo killed inside a write of items journaled ahead', () => {
  // 1: the first write's first create; 25: a middle one; 50, 51: the end of its first folder and the start of its
  // second; 100: its last; 101: the second write's first; 200: the last of all.
  for (const killAt of [1, 25, 50, 51, 100, 101, 200]) {
    for (const ran of [false, true]) {
      it(`killed at create ${killAt} (${ran ? 'it ran' : 'it never ran'}): the delete stands, the person's bookmark stays`, async () => {
        const { first, own, b, contents } = await undoKilled(killAt, ran);
        expect((await contents()).flat()).toHaveLength(1 + killAt - (ran ? 0 : 1));
        // Journaled ahead: the killed item's entry is in a write of several folders, its id never stored.
        const sessions = await first.app.history.journal.listSessions();
        const undo = sessions.find((s) => s.kind === 'undo')!;
        const entries = await first.app.history.journal.entries(undo.id);
        const batch = killAt <= 100 ? 0 : 1;
        expect(entries.filter((e) => e.role === 'created' && e.aheadBatch === batch)).toHaveLength(100);
        const second = await boot({ fake: first.fake });
        await expect.poll(async () => (await second.client.call('history.list', {}))[0]).toMatchObject({ state: 'done', canUndo: true });
        expect(await contents()).toEqual([[], [own.id], [], []]);
        expect((await b.get(own.id))[0]!.title).toBe('Own');
      });
    }
  }

  it('the person bookmarks a page alike one further in the write, before it is re-created; killed before it: theirs stays', async () => {
    // The undo re-creates F0; as its item 40 is asked for, the person bookmarks F1's item 3 in F1; killed at F0's 45.
    let mine: BookmarkNode | null = null;
    const { first, own, contents } = await undoKilled(46, false, async (n, bookmarks, folderIds) => {
      if (n === 41) mine = await bookmarks.create({ parentId: folderIds[1]!, title: 'f1 item 3', url: 'https://1-3.example/' });
    });
    await boot({ fake: first.fake });
    expect(await contents()).toEqual([[], [own.id, mine!.id], [], []]);
  });

  it('the person bookmarks a page alike the next item; killed as that one is re-created: the newer, the undo’s, goes', async () => {
    let mine: BookmarkNode | null = null;
    const { first, own, contents } = await undoKilled(54, true, async (n, bookmarks, folderIds) => {
      if (n === 54) mine = await bookmarks.create({ parentId: folderIds[1]!, title: 'f1 item 3', url: 'https://1-3.example/' });
    });
    await boot({ fake: first.fake });
    expect(await contents()).toEqual([[], [own.id, mine!.id], [], []]);
  });

  it('the person renames, moves and removes items the undo re-created, then Firefox is killed in the write: their changes stay', async () => {
    let renamed: BookmarkNode | null = null;
    let moved: BookmarkNode | null = null;
    const { first, own, b, contents } = await undoKilled(90, true, async (n, bookmarks, folderIds) => {
      if (n !== 70) return;
      const made = await bookmarks.getChildren(folderIds[1]!);
      const byTitle = (title: string) => made.find((c) => c.title === title)!;
      renamed = await bookmarks.update(byTitle('f1 item 5').id, { title: 'f1 item 5, mine' });
      moved = await bookmarks.move(byTitle('f1 item 7').id, { parentId: 'unfiled_____' });
      await bookmarks.remove(byTitle('f1 item 3').id);
    });
    const second = await boot({ fake: first.fake });
    await expect.poll(async () => (await second.client.call('history.list', {}))[0]).toMatchObject({ state: 'done', canUndo: true });
    expect((await contents()).map((ids) => [...ids].sort())).toEqual([[], [own.id, renamed!.id].sort(), [], []]);
    expect((await b.get(renamed!.id))[0]!.title).toBe('f1 item 5, mine');
    expect((await b.get(moved!.id))[0]!.parentId).toBe('unfiled_____');
  });
});
