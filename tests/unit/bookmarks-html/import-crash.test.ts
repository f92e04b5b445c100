/**
 * The crash windows of an import's journal (src/bookmarks-html/import-journal.ts): each item is journaled just before
 * it is created, in the write that stores the id of the item before it. A crash anywhere leaves nothing of the file
 * after recovery, and never takes a bookmark the user made meanwhile with the same title and address in the same
 * folder: an entry that was never created claims nothing, and the one whose create may have run claims only an item
 * added after it was journaled, the newest.
 */
import { describe, expect, it } from 'vitest';
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { newSession } from '../../../src/operation-history';
import { boot } from '../../kit/boot';
import { gate } from '../../kit/gate';

const ITEMS = 10;
/** A flat file: "Item 0" … "Item 9", imported into the user's folder. */
const flatFile = () =>
  `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<H1>Bookmarks</H1>\n<DL><p>\n${Array.from({ length: ITEMS }, (_, i) => `<DT><A HREF="https://flat.example/${i}">Item ${i}</A>`).join('\n')}\n</DL>\n`;

type CreateDetails = Parameters<Browser['bookmarks']['create']>[0];

/**
 * Firefox as the import sees it, killed at its `killAt`-th create (1-based): the create never runs (`ran: false`) or
 * runs and never answers (`ran: true`). `before(n, bookmarks, folderId)` runs as the n-th create is called (the user
 * acting meanwhile, in the folder imported into). Every create takes one millisecond of a clock shared by Firefox and the background.
 */
async function importKilled(killAt: number, ran: boolean, before: (n: number, b: Browser['bookmarks'], folderId: string) => Promise<void>) {
  let clock = 1_800_000_000_000;
  const now = () => clock;
  const death = gate();
  let calls = 0;
  let folderId = '';
  const wrap = (browser: Browser): Browser =>
    ({
      ...browser,
      bookmarks: {
        ...browser.bookmarks,
        create: async (details: CreateDetails) => {
          const n = ++calls;
          if (n > killAt) return new Promise<never>(() => undefined);
          clock += 5;
          await before(n, browser.bookmarks, folderId);
          clock += 5;
          if (n < killAt) return browser.bookmarks.create(details);
          if (ran) await browser.bookmarks.create(details);
          death.open();
          return new Promise<never>(() => undefined);
        },
      },
    }) as unknown as Browser;
  const first = await boot({ seed: 11, now, backgroundNow: now, browser: wrap, killed: death.promise });
  const b = first.browser.bookmarks;
  const folder = await b.create({ parentId: 'menu________', title: 'Mine' });
  folderId = folder.id;
  await b.create({ parentId: folder.id, title: 'Own', url: 'https://own.example/' });
  void first.client.startJob('bookmarksHtml.import', { html: flatFile(), target: { into: 'folder', folderId: folder.id } }).result.catch(() => undefined);
  await death.promise;
  first.unload();
  return { first, folder, b };
}

const titles = (nodes: BookmarkNode[]) => nodes.map((n) => `${n.title} <${n.url}>`);

describe('a crash between an import’s journal and its creates', () => {
  it('killed after an item is journaled, before it is created: the user’s bookmark alike, made meanwhile in the same folder, stays', async () => {
    // The user bookmarks "Item 5" in the folder while the import creates Item 4; Firefox dies before Item 5 is created.
    let mine: BookmarkNode | null = null;
    const { first, folder, b } = await importKilled(6, false, async (n, bookmarks, folderId) => {
      if (n === 5) mine = await bookmarks.create({ parentId: folderId, title: 'Item 5', url: 'https://flat.example/5' });
    });
    expect(titles(await b.getChildren(folder.id))).toEqual([
      'Own <https://own.example/>',
      ...[0, 1, 2, 3].map((i) => `Item ${i} <https://flat.example/${i}>`),
      'Item 5 <https://flat.example/5>',
      'Item 4 <https://flat.example/4>',
    ]);

    const second = await boot({ fake: first.fake });
    expect(await b.getChildren(folder.id)).toEqual([
      expect.objectContaining({ title: 'Own', url: 'https://own.example/' }),
      expect.objectContaining({ id: mine!.id, title: 'Item 5', url: 'https://flat.example/5' }),
    ]);
    expect((await second.client.call('history.list', {}))[0]).toMatchObject({ kind: 'import', status: 'rolled-back' });
  });

  it('killed after an item was created, before its id was stored: that item goes, the user’s bookmark alike made earlier stays', async () => {
    let mine: BookmarkNode | null = null;
    const { first, folder, b } = await importKilled(6, true, async (n, bookmarks, folderId) => {
      if (n === 3) mine = await bookmarks.create({ parentId: folderId, title: 'Item 5', url: 'https://flat.example/5' });
    });
    expect((await b.getChildren(folder.id)).filter((c) => c.title === 'Item 5')).toHaveLength(2);

    await boot({ fake: first.fake });
    expect(await b.getChildren(folder.id)).toEqual([
      expect.objectContaining({ title: 'Own', url: 'https://own.example/' }),
      expect.objectContaining({ id: mine!.id, title: 'Item 5', url: 'https://flat.example/5' }),
    ]);
  });

  it('killed as the user makes the same bookmark in the same instant (after the entry, before the create): the newer, the import’s, goes', async () => {
    let mine: BookmarkNode | null = null;
    const { first, folder, b } = await importKilled(6, true, async (n, bookmarks, folderId) => {
      if (n === 6) mine = await bookmarks.create({ parentId: folderId, title: 'Item 5', url: 'https://flat.example/5' });
    });
    await boot({ fake: first.fake });
    expect(await b.getChildren(folder.id)).toEqual([
      expect.objectContaining({ title: 'Own', url: 'https://own.example/' }),
      expect.objectContaining({ id: mine!.id, title: 'Item 5', url: 'https://flat.example/5' }),
    ]);
  });

  it('killed at the first item (nothing recorded yet) or at the last: nothing of the file stays, nothing of the user’s goes', async () => {
    for (const [killAt, ran] of [
      [1, false],
      [1, true],
      [ITEMS, false],
      [ITEMS, true],
    ] as const) {
      // At the last, the user bookmarks it in the folder while the import creates the one before.
      const { first, folder, b } = await importKilled(killAt, ran, async (n, bookmarks, folderId) => {
        if (n === killAt - 1) await bookmarks.create({ parentId: folderId, title: `Item ${killAt - 1}`, url: `https://flat.example/${killAt - 1}` });
      });
      await boot({ fake: first.fake });
      expect(titles(await b.getChildren(folder.id)), `killed at ${killAt}, its create ${ran ? 'ran' : 'never ran'}`).toEqual([
        'Own <https://own.example/>',
        ...(killAt > 1 ? [`Item ${killAt - 1} <https://flat.example/${killAt - 1}>`] : []),
      ]);
    }
  });
});

describe('recovery of an import journaled item by item', () => {
  it('of the entries with no id recorded only the last can have been created: the user’s items alike of the others stay', async () => {
    // As a power loss could leave it: three entries journaled, no id recorded (the records after the first were lost).
    let clock = 1_800_000_000_000;
    const now = () => clock;
    const first = await boot({ seed: 12, now, backgroundNow: now });
    const b = first.browser.bookmarks;
    const journal = first.app.history.journal;
    const folder = await b.create({ parentId: 'menu________', title: 'Mine' });
    clock += 10;
    await journal.beginSession(newSession('imp', 'import', 'bookmarks.html import', now()), []);
    const entry = (i: number) => ({
      role: 'created' as const,
      parentId: folder.id,
      parentSeq: null,
      type: 'bookmark' as const,
      title: `Item ${i}`,
      url: `https://flat.example/${i}`,
    });
    clock += 10;
    const userItems = [];
    for (const i of [0, 1]) {
      await journal.append('imp', [{ ...entry(i), journaledAt: now() }], { durability: 'relaxed' });
      clock += 10;
      // The user's own, made after the entry was journaled: the import never created this one.
      userItems.push(await b.create({ parentId: folder.id, title: `Item ${i}`, url: `https://flat.example/${i}` }));
      clock += 10;
    }
    await journal.append('imp', [{ ...entry(2), journaledAt: now() }], { durability: 'relaxed' });
    clock += 1;
    await b.create({ parentId: folder.id, title: 'Item 2', url: 'https://flat.example/2' }); // the import's, its id lost
    first.unload();

    await boot({ fake: first.fake });
    expect((await b.getChildren(folder.id)).map((c) => c.id)).toEqual(userItems.map((u) => u.id));
  });

  it('the last entry’s item stamped a millisecond before it was journaled (Firefox rounds the extension’s clock) is still taken back', async () => {
    let clock = 1_800_000_000_000;
    const now = () => clock;
    const first = await boot({ seed: 14, now, backgroundNow: now });
    const b = first.browser.bookmarks;
    const journal = first.app.history.journal;
    const folder = await b.create({ parentId: 'menu________', title: 'Mine' });
    clock += 10;
    await journal.beginSession(newSession('imp', 'import', 'bookmarks.html import', now()), []);
    clock += 10;
    await journal.append(
      'imp',
      [{ role: 'created', parentId: folder.id, parentSeq: null, type: 'bookmark', title: 'Item 0', url: 'https://flat.example/0', journaledAt: now() }],
      {
        durability: 'relaxed',
      },
    );
    clock -= 1;
    await b.create({ parentId: folder.id, title: 'Item 0', url: 'https://flat.example/0' });
    first.unload();

    await boot({ fake: first.fake });
    expect(await b.getChildren(folder.id)).toEqual([]);
  });

  it('a session of an earlier version (no journaledAt) is still matched as before: every entry with no id, by its data', async () => {
    let clock = 1_800_000_000_000;
    const now = () => clock;
    const first = await boot({ seed: 13, now, backgroundNow: now });
    const b = first.browser.bookmarks;
    const journal = first.app.history.journal;
    const folder = await b.create({ parentId: 'menu________', title: 'Mine' });
    clock += 10;
    await journal.beginSession(newSession('old', 'import', 'bookmarks.html import', now()), []);
    for (const i of [0, 1, 2]) {
      await journal.append('old', [{ role: 'created', parentId: folder.id, parentSeq: null, type: 'bookmark', title: `Item ${i}`, url: `https://flat.example/${i}` }]);
      clock += 1;
      await b.create({ parentId: folder.id, title: `Item ${i}`, url: `https://flat.example/${i}` });
    }
    first.unload();

    await boot({ fake: first.fake });
    expect(await b.getChildren(folder.id)).toEqual([]);
  });
});
