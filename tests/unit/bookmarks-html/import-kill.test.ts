/**
 * An import journals its items ahead in batches (src/bookmarks-html/steps-ahead.ts AHEAD, ImportOperation.journalAhead):
 * one write holds the next items and the outcome of every item before them; a folder's contents wait for the write
 * after the folder's (its id comes with its create). Killed anywhere inside a batch (its first, a middle and its last
 * create; the create run or not; a folder, a separator), recovery at the next start takes back exactly what the import
 * made: the items of the killed batch are found in their order (src/operation-history/undo-created.ts matchInOrder),
 * and a bookmark the person made meanwhile alike one of them, in the same folder, stays. The cases every writer that
 * journals ahead must pass are shared with the restore's (tests/kit/journaled-ahead-kills.ts); folders in folders are
 * the import's own.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../src/platform/browser';
import { boot } from '../../kit/boot';
import { describeJournaledAheadKills, ITEMS, titleOf, urlOf } from '../../kit/journaled-ahead-kills';
import { killedAtCreate } from '../../kit/killable';

const link = (i: number) => `<DT><A HREF="${urlOf(i)}" ADD_DATE="1700000000">${titleOf(i)}</A>`;
const file = (body: string[]) => `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<H1>Bookmarks</H1>\n<DL><p>\n${body.join('\n')}\n</DL>\n`;

/** The shared cases' items (tests/kit/journaled-ahead-kills.ts), items 10 and 11 alike (skip off: both are imported). */
const flatFile = () => file(Array.from({ length: ITEMS }, (_, i) => link(i)));

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

describeJournaledAheadKills('import', (killAt, ran, before) => importKilled(flatFile(), killAt, ran, before));

describe('an import of folders in folders killed inside a batch of items journaled ahead', () => {
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
});
