/** Bookmark cases: the events of each call, search and getRecent. */
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { MENU_ID, MOBILE_ID, TAGS_ROOT_ID, TOOLBAR_ID } from '../../../src/platform/browser';
import { assert } from '../assert';
import { clockPast, withEvents } from '../events';
import { type ContractCase, U, FOLDER_KEYS, mk, folder, titles } from './kit';
import { randomEditsMatchModel } from './random-edits';

export const bookmarkEventSearchCases: ContractCase[] = [
  // ---- events
  {
    name: 'onCreated carries the new node, folders with dateGroupModified',
    async run(b) {
      await withEvents(b, async (events) => {
        const f = await folder(b, 'F');
        const a = await mk(b, 'a', f.id);
        const s = await b.bookmarks.create({ parentId: f.id, type: 'separator', index: 0 });
        const got = await events.waitFor(3);
        assert.equal(
          got.map((e) => e.name),
          ['onCreated', 'onCreated', 'onCreated'],
          'names',
        );
        assert.equal(got[0].args, [f.id, f], 'folder event equals the returned node');
        assert.equal(got[1].args, [a.id, a], 'bookmark event equals the returned node');
        assert.equal(got[2].args, [s.id, s], 'separator event');
        assert.keys(got[0].args[1], FOLDER_KEYS, 'folder event keys');
      });
    },
  },
  {
    name: 'events arrive in the order of the calls, each with Firefox argument shapes',
    async run(b) {
      await withEvents(b, async (events) => {
        const f = await folder(b, 'F');
        const a = await mk(b, 'a');
        await b.bookmarks.update(a.id, { title: 'A' });
        await b.bookmarks.move(a.id, { parentId: f.id });
        await b.bookmarks.remove(a.id);
        const got = await events.waitFor(5);
        assert.equal(
          got.map((e) => [e.name, e.args[0]]),
          [
            ['onCreated', f.id],
            ['onCreated', a.id],
            ['onChanged', a.id],
            ['onMoved', a.id],
            ['onRemoved', a.id],
          ],
          'order',
        );
        assert.equal(got[3].args[1], { parentId: f.id, index: 0, oldParentId: U, oldIndex: 1 }, 'moveInfo');
        assert.equal(
          got[4].args[1],
          { parentId: f.id, index: 0, node: { id: a.id, parentId: f.id, index: 0, type: 'bookmark', title: 'A', url: 'https://a.example/' } },
          'removeInfo',
        );
      });
    },
  },
  {
    name: 'returned nodes are copies: changing them never changes the bookmarks',
    async run(b) {
      const a = await mk(b, 'a');
      a.title = 'mutated';
      const [tree] = await b.bookmarks.getTree();
      tree.children![2].children![0].title = 'mutated too';
      tree.children![2].children!.length = 0;
      const [got] = await b.bookmarks.get(a.id);
      got.url = 'https://mutated.example/';
      const [fresh] = await b.bookmarks.get(a.id);
      assert.equal({ title: fresh.title, url: fresh.url }, { title: 'a', url: 'https://a.example/' }, 'store unchanged');
      assert.equal(await titles(b), ['a'], 'tree unchanged');
    },
  },
  // ---- search and getRecent
  {
    name: 'search with a string matches every word, case-insensitively, anywhere in title or URL',
    async run(b) {
      await b.bookmarks.create({ parentId: U, title: 'Mozilla Firefox Browser', url: 'https://www.mozilla.org/firefox/' });
      await b.bookmarks.create({ parentId: U, title: 'Rust Language', url: 'https://www.rust-lang.org/' });
      await b.bookmarks.create({ parentId: U, title: 'Example', url: 'https://example.com/Path?Q=Firefox' });
      const f = await folder(b, 'Firefox folder');
      await b.bookmarks.create({ parentId: f.id, title: 'dupe', url: 'https://www.mozilla.org/firefox/' });
      await b.bookmarks.create({ parentId: U, type: 'separator' });
      const s = async (q: string) => (await b.bookmarks.search(q)).map((n) => n.title);
      assert.equal(await s('FIREFOX'), ['Mozilla Firefox Browser', 'Example', 'Firefox folder', 'dupe'], 'one word, folders too, creation order');
      assert.equal(await s('firefox mozilla'), ['Mozilla Firefox Browser', 'dupe'], 'all words, any order');
      assert.equal(await s('moz fire'), ['Mozilla Firefox Browser', 'dupe'], 'parts of words');
      assert.equal(await s('lang rust'), ['Rust Language'], 'title and url words');
      assert.equal(await s('q=firefox'), ['Example'], 'inside the query string');
      assert.equal(await s('mozilla.org/firefox'), ['Mozilla Firefox Browser', 'dupe'], 'url fragments');
      assert.equal(await s('https'), ['Mozilla Firefox Browser', 'Rust Language', 'Example', 'dupe'], 'folders have no url');
      assert.equal(await s('  rust  '), ['Rust Language'], 'spaces trimmed');
      assert.equal(await s('"rust"'), [], 'quotes are literal');
      assert.equal(await s('fire*'), [], 'no wildcards');
    },
  },
  {
    name: 'search with an object: url is normalized and exact, title is exact and case-sensitive',
    async run(b) {
      await b.bookmarks.create({ parentId: U, title: 'Rust Language', url: 'https://www.rust-lang.org/' });
      await b.bookmarks.create({ parentId: U, title: 'rust copy', url: 'https://www.rust-lang.org/' });
      await b.bookmarks.create({ parentId: U, title: 'Rust Language', url: 'https://www.rust-lang.org/learn' });
      const s = async (q: { query?: string; url?: string; title?: string }) => (await b.bookmarks.search(q)).map((n) => `${n.title}|${n.url}`);
      assert.equal(await s({ url: 'HTTPS://WWW.RUST-LANG.ORG' }), ['Rust Language|https://www.rust-lang.org/', 'rust copy|https://www.rust-lang.org/'], 'url');
      assert.equal(await s({ title: 'Rust Language' }), ['Rust Language|https://www.rust-lang.org/', 'Rust Language|https://www.rust-lang.org/learn'], 'title');
      assert.equal(await s({ title: 'rust language' }), [], 'title is case-sensitive');
      assert.equal(await s({ title: 'Rust' }), [], 'title is not a prefix match');
      assert.equal(await s({ query: 'learn', title: 'Rust Language' }), ['Rust Language|https://www.rust-lang.org/learn'], 'query and title combine');
      assert.throwsSync(
        () => b.bookmarks.search({ url: 'not a url' }),
        'Type error for parameter query (Value must either: be a string value, or .url must match the format "url") for bookmarks.search.',
      );
    },
  },
  {
    name: 'search of an empty string fails; an empty object lists every node but the root',
    async run(b) {
      await assert.rejects(() => b.bookmarks.search(''), 'An unexpected error occurred');
      const a = await mk(b, 'a');
      const s = await b.bookmarks.create({ parentId: U, type: 'separator' });
      const all = (await b.bookmarks.search({})).map((n) => n.id);
      assert.equal(all, [MENU_ID, TOOLBAR_ID, TAGS_ROOT_ID, U, MOBILE_ID, a.id, s.id], 'everything but the root');
    },
  },
  {
    name: 'search matches the user roots by their stored names, not their shown titles',
    async run(b) {
      const found = (await b.bookmarks.search('unfiled')).map((n) => [n.id, n.title]);
      assert.equal(found, [[U, 'Other Bookmarks']], 'stored title unfiled');
      assert.equal(await b.bookmarks.search('Other Bookmarks'), [], 'shown title');
    },
  },
  {
    name: 'getRecent lists bookmarks only, newest first, limited',
    async run(b) {
      // Each item dated a millisecond after the one before.
      const later = async (made: Promise<BookmarkNode>) => clockPast((await made).dateAdded!);
      await later(mk(b, 'one'));
      await later(folder(b, 'folder'));
      await later(mk(b, 'two'));
      await later(b.bookmarks.create({ parentId: U, type: 'separator' }));
      await mk(b, 'three', TOOLBAR_ID);
      assert.equal(
        (await b.bookmarks.getRecent(10)).map((n) => n.title),
        ['three', 'two', 'one'],
        'all',
      );
      assert.equal(
        (await b.bookmarks.getRecent(2)).map((n) => n.title),
        ['three', 'two'],
        'limited',
      );
    },
  },
  {
    name: 'dateGroupModified advances when a folder changes or its children change, not when a child is renamed',
    async run(b) {
      const dgm = async (id: string) => (await b.bookmarks.get(id))[0].dateGroupModified!;
      const f = await folder(b, 'F');
      let last = await dgm(f.id);
      const advanced = async (what: string, change: () => Promise<unknown>, expectAdvance: boolean) => {
        await clockPast(last);
        await change();
        const now = await dgm(f.id);
        assert.equal(now > last, expectAdvance, `${what} advances dateGroupModified`);
        last = now;
      };
      let a!: BookmarkNode;
      await advanced('creating a child', async () => (a = await mk(b, 'a', f.id)), true);
      await advanced('renaming a child', () => b.bookmarks.update(a.id, { title: 'A' }), false);
      await advanced('renaming the folder', () => b.bookmarks.update(f.id, { title: 'F2' }), true);
      const c = await mk(b, 'c', f.id);
      last = await dgm(f.id);
      await advanced('reordering children', () => b.bookmarks.move(c.id, { parentId: f.id, index: 0 }), true);
      await advanced('moving a child out', () => b.bookmarks.move(a.id, { parentId: U }), true);
      await advanced('removing a child', () => b.bookmarks.remove(c.id), true);
    },
  },
  {
    name: 'a seeded run of 150 random creates, moves, renames and removes matches a model of Places positions after every step',
    async run(b) {
      await randomEditsMatchModel(b, 0xb00c, 150);
    },
  },
  ...[0x5eed, 0xf1ef0c5].map((seed) => ({
    name: `another seeded run (seed ${seed}) of 150 random edits matches the model of Places positions`,
    async run(b: Browser) {
      await randomEditsMatchModel(b, seed, 150);
    },
  })),
  {
    name: 'a move to another folder asking for the old index skips the clamp and can leave a gap (Firefox bug)',
    async run(b) {
      const source = await folder(b, 'S');
      const items: BookmarkNode[] = [];
      for (const t of ['i0', 'i1', 'i2', 'i3']) items.push(await mk(b, t, source.id));
      const target = await folder(b, 'T');
      await mk(b, 'e0', target.id);
      await withEvents(b, async (events) => {
        const moved = await b.bookmarks.move(items[3].id, { parentId: target.id, index: 3 });
        assert.equal(moved.index, 3, 'returned index is the old one, past the end');
        assert.equal(
          (await b.bookmarks.getChildren(target.id)).map((n) => [n.title, n.index]),
          [
            ['e0', 0],
            ['i3', 3],
          ],
          'a gap at 1 and 2',
        );
        assert.equal(
          await events.waitFor(1),
          [{ name: 'onMoved', args: [items[3].id, { parentId: target.id, index: 3, oldParentId: source.id, oldIndex: 3 }] }],
          'event',
        );
      });
      const appended = await mk(b, 'after', target.id);
      assert.equal(appended.index, 2, 'a later create appends at the child count');
      assert.equal(
        (await b.bookmarks.getChildren(target.id)).map((n) => [n.title, n.index]),
        [
          ['e0', 0],
          ['after', 2],
          ['i3', 4],
        ],
        'and shifts the positions after it',
      );
      const other = await mk(b, 'other', source.id);
      const normal = await b.bookmarks.move(other.id, { parentId: target.id, index: 9 });
      assert.equal(normal.index, 3, 'another index is clamped to the child count');
      await b.bookmarks.remove(appended.id);
      assert.equal(
        (await b.bookmarks.getChildren(target.id)).map((n) => [n.title, n.index]),
        [
          ['e0', 0],
          ['other', 1],
          ['i3', 2],
        ],
        'a removal renumbers the folder',
      );
    },
  },
];
