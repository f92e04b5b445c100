/** Bookmark cases: moving, removing, updating and reading items. */
import { MENU_ID, MOBILE_ID, ROOT_ID, TOOLBAR_ID } from '../../../src/platform/browser';
import { assert } from '../assert';
import { withEvents } from '../events';
import { type ContractCase, U, mk, folder, titles, indices, exists } from './kit';

export const bookmarkEditCases: ContractCase[] = [
  // ---- move
  {
    name: 'move down inside a folder: the index is the final position',
    async run(b) {
      const a = await mk(b, 'a');
      await mk(b, 'b');
      await mk(b, 'c');
      await mk(b, 'd');
      await withEvents(b, async (events) => {
        const moved = await b.bookmarks.move(a.id, { index: 2 });
        assert.equal(moved.index, 2, 'returned index');
        assert.equal(await titles(b), ['b', 'c', 'a', 'd'], 'order');
        const [e] = await events.waitFor(1);
        assert.equal(e, { name: 'onMoved', args: [a.id, { parentId: U, index: 2, oldParentId: U, oldIndex: 0 }] }, 'onMoved');
      });
    },
  },
  {
    name: 'move up inside a folder lands at the index given',
    async run(b) {
      await mk(b, 'a');
      await mk(b, 'b');
      await mk(b, 'c');
      const d = await mk(b, 'd');
      const moved = await b.bookmarks.move(d.id, { parentId: U, index: 1 });
      assert.equal(moved.index, 1, 'returned index');
      assert.equal(await titles(b), ['a', 'd', 'b', 'c'], 'order');
      assert.equal(await indices(b), [0, 1, 2, 3], 'indices stay dense');
    },
  },
  {
    name: 'move inside a folder to an index at or past the end, or without index, puts it last',
    async run(b) {
      const a = await mk(b, 'a');
      const bb = await mk(b, 'b');
      const c = await mk(b, 'c');
      assert.equal((await b.bookmarks.move(a.id, { parentId: U, index: 3 })).index, 2, 'index = length');
      assert.equal(await titles(b), ['b', 'c', 'a'], 'after index = length');
      assert.equal((await b.bookmarks.move(bb.id, { parentId: U, index: 50 })).index, 2, 'index past the end');
      assert.equal(await titles(b), ['c', 'a', 'b'], 'after index past the end');
      assert.equal((await b.bookmarks.move(c.id, { parentId: U })).index, 2, 'no index');
      assert.equal(await titles(b), ['a', 'b', 'c'], 'after no index');
    },
  },
  {
    name: 'move to the position it already has fires no onMoved',
    async run(b) {
      await mk(b, 'a');
      const bb = await mk(b, 'b');
      await mk(b, 'c');
      await withEvents(b, async (events) => {
        const same = await b.bookmarks.move(bb.id, { parentId: U, index: 1 });
        assert.equal(same.index, 1, 'index');
        await events.settle();
        assert.equal(events.take(), [], 'no events');
      });
    },
  },
  {
    name: 'move across folders shifts both folders and reports old and new places',
    async run(b) {
      const a = await mk(b, 'a');
      const bb = await mk(b, 'b');
      await mk(b, 'c');
      const f = await folder(b, 'F', TOOLBAR_ID);
      await mk(b, 'x', f.id);
      await mk(b, 'y', f.id);
      await withEvents(b, async (events) => {
        const moved = await b.bookmarks.move(bb.id, { parentId: f.id, index: 1 });
        assert.equal({ parentId: moved.parentId, index: moved.index }, { parentId: f.id, index: 1 }, 'returned place');
        assert.equal(await titles(b), ['a', 'c'], 'old folder');
        assert.equal(await indices(b), [0, 1], 'old folder indices');
        assert.equal(await titles(b, f.id), ['x', 'b', 'y'], 'new folder');
        const [e] = await events.waitFor(1);
        assert.equal(e, { name: 'onMoved', args: [bb.id, { parentId: f.id, index: 1, oldParentId: U, oldIndex: 1 }] }, 'onMoved');
      });
      const last = await b.bookmarks.move(a.id, { parentId: f.id });
      assert.equal(last.index, 3, 'without index it is appended');
    },
  },
  {
    name: 'move refuses cycles, roots and unknown ids with Firefox messages',
    async run(b) {
      const f = await folder(b, 'F');
      const g = await folder(b, 'G', f.id);
      const a = await mk(b, 'a');
      await assert.rejects(() => b.bookmarks.move(f.id, { parentId: f.id }), 'Cannot insert a folder into itself or one of its descendants', 'into itself');
      await assert.rejects(() => b.bookmarks.move(f.id, { parentId: g.id }), 'Cannot insert a folder into itself or one of its descendants', 'into a descendant');
      await assert.rejects(() => b.bookmarks.move(MENU_ID, { parentId: U }), "It's not possible to move Places root folders.", 'a user root');
      await assert.rejects(() => b.bookmarks.move(a.id, { parentId: ROOT_ID }), 'The bookmark root cannot be modified', 'into the root');
      await assert.rejects(() => b.bookmarks.move('nonexistent1', { parentId: U }), 'No bookmarks found for the provided GUID', 'unknown id');
      await assert.rejects(() => b.bookmarks.move(a.id, { parentId: 'nonexistent1' }), 'No bookmarks found for the provided parentGuid', 'unknown parent');
      await assert.rejects(() => b.bookmarks.move('x', { parentId: U }), 'Invalid bookmark: {"guid":"x","parentGuid":"unfiled_____","index":-1}', 'malformed id');
      await assert.rejects(
        () => b.bookmarks.move(a.id, { parentId: 'x', index: 0 }),
        `Invalid bookmark: {"guid":"${a.id}","parentGuid":"x","index":0}`,
        'malformed parent',
      );
      assert.equal(await titles(b), ['F', 'a'], 'nothing moved');
    },
  },
  // ---- remove
  {
    name: 'remove shifts later siblings up and reports the removed node',
    async run(b) {
      await mk(b, 'a');
      const bb = await mk(b, 'b');
      await mk(b, 'c');
      await withEvents(b, async (events) => {
        await b.bookmarks.remove(bb.id);
        assert.equal(await titles(b), ['a', 'c'], 'order');
        assert.equal(await indices(b), [0, 1], 'indices');
        const [e] = await events.waitFor(1);
        assert.equal(
          e,
          {
            name: 'onRemoved',
            args: [bb.id, { parentId: U, index: 1, node: { id: bb.id, parentId: U, index: 1, type: 'bookmark', title: 'b', url: 'https://b.example/' } }],
          },
          'onRemoved',
        );
      });
    },
  },
  {
    name: 'remove of a non-empty folder is refused and changes nothing; an empty folder goes',
    async run(b) {
      const f = await folder(b, 'F');
      const x = await mk(b, 'x', f.id);
      await assert.rejects(() => b.bookmarks.remove(f.id), 'Cannot remove a non-empty folder.');
      assert.equal(await titles(b, f.id), ['x'], 'child kept');
      await b.bookmarks.remove(x.id);
      await b.bookmarks.remove(f.id);
      assert.equal(await titles(b), [], 'folder gone');
    },
  },
  {
    name: 'removeTree fires one onRemoved for the folder and removes every descendant',
    async run(b) {
      await mk(b, 'before');
      const f = await folder(b, 'F');
      const x = await mk(b, 'x', f.id);
      const sub = await folder(b, 'sub', f.id);
      const z = await mk(b, 'z', sub.id);
      await mk(b, 'after');
      await withEvents(b, async (events) => {
        await b.bookmarks.removeTree(f.id);
        const got = await events.waitFor(1);
        assert.equal(
          got,
          [{ name: 'onRemoved', args: [f.id, { parentId: U, index: 1, node: { id: f.id, parentId: U, index: 1, type: 'folder', title: 'F' } }] }],
          'one event',
        );
        assert.keys((got[0].args[1] as { node: object }).node, ['id', 'parentId', 'index', 'type', 'title', 'url'], 'removed folder node keys');
      });
      for (const id of [f.id, x.id, sub.id, z.id]) assert.equal(await exists(b, id), false, `${id} is gone`);
      assert.equal(await titles(b), ['before', 'after'], 'siblings');
    },
  },
  {
    name: 'removeTree also removes a single bookmark',
    async run(b) {
      const a = await mk(b, 'a');
      await b.bookmarks.removeTree(a.id);
      assert.equal(await titles(b), [], 'gone');
    },
  },
  {
    name: 'remove and removeTree refuse unknown ids, roots and malformed ids with Firefox messages',
    async run(b) {
      for (const method of ['remove', 'removeTree'] as const) {
        const call = (id: string) => () => b.bookmarks[method](id);
        await assert.rejects(call('nonexistent1'), 'No bookmarks found for the provided GUID.', `${method} unknown`);
        await assert.rejects(call(MENU_ID), 'Invalid bookmark: {"guid":"menu________"}', `${method} user root`);
        await assert.rejects(call(ROOT_ID), 'The bookmark root cannot be modified', `${method} root`);
        await assert.rejects(call('x'), 'Invalid bookmark: {"guid":"x"}', `${method} malformed`);
      }
    },
  },
  // ---- update
  {
    name: 'update of title and url fires two onChanged, title first',
    async run(b) {
      const a = await mk(b, 'a');
      await withEvents(b, async (events) => {
        const updated = await b.bookmarks.update(a.id, { url: 'https://new.example/', title: 'New' });
        assert.equal({ title: updated.title, url: updated.url, index: updated.index }, { title: 'New', url: 'https://new.example/', index: 0 }, 'returned node');
        const got = await events.waitFor(2);
        assert.equal(
          got,
          [
            { name: 'onChanged', args: [a.id, { title: 'New' }] },
            { name: 'onChanged', args: [a.id, { url: 'https://new.example/' }] },
          ],
          'events',
        );
      });
    },
  },
  {
    name: 'update with unchanged values fires nothing; an empty title is a change',
    async run(b) {
      const a = await mk(b, 'a');
      await withEvents(b, async (events) => {
        await b.bookmarks.update(a.id, { title: 'a', url: 'https://a.example/' });
        await events.settle();
        assert.equal(events.take(), [], 'no events for unchanged values');
        const cleared = await b.bookmarks.update(a.id, { title: '' });
        assert.equal(cleared.title, '', 'empty title');
        assert.equal(await events.waitFor(1), [{ name: 'onChanged', args: [a.id, { title: '' }] }], 'one event');
      });
    },
  },
  {
    name: 'update refuses bad input with Firefox messages and changes nothing',
    async run(b) {
      const a = await mk(b, 'a');
      const f = await folder(b, 'F');
      const s = await b.bookmarks.create({ parentId: U, type: 'separator' });
      await assert.rejects(() => b.bookmarks.update('nonexistent1', { title: 'x' }), 'No bookmarks found for the provided GUID', 'unknown');
      await assert.rejects(() => b.bookmarks.update('x', { title: 't' }), 'Invalid bookmark: {"guid":"x","title":"t"}', 'malformed');
      await assert.rejects(
        () => b.bookmarks.update(a.id, { title: 'T', url: 'not a url' }),
        `Invalid bookmark: {"guid":"${a.id}","title":"T","url":"not a url"}`,
        'bad url',
      );
      await assert.rejects(
        () => b.bookmarks.update(f.id, { url: 'https://f.example/' }),
        `Bookmarks.sys.mjs: update: Invalid value for property 'url': "https://f.example/"`,
        'url on a folder',
      );
      await assert.rejects(() => b.bookmarks.update(s.id, { title: 'x' }), `Bookmarks.sys.mjs: update: Invalid value for property 'title': "x"`, 'title on a separator');
      await assert.rejects(() => b.bookmarks.update(ROOT_ID, { title: 'x' }), 'The bookmark root cannot be modified', 'root');
      const [after] = await b.bookmarks.get(a.id);
      assert.equal({ title: after.title, url: after.url }, { title: 'a', url: 'https://a.example/' }, 'unchanged');
    },
  },
  {
    name: 'renaming a user root fires onChanged but Firefox keeps showing the localized title',
    async run(b) {
      await withEvents(b, async (events) => {
        try {
          const renamed = await b.bookmarks.update(MOBILE_ID, { title: 'Phone' });
          assert.equal(renamed.title, 'Mobile Bookmarks', 'returned title');
          assert.equal(await events.waitFor(1), [{ name: 'onChanged', args: [MOBILE_ID, { title: 'Phone' }] }], 'event');
        } finally {
          await b.bookmarks.update(MOBILE_ID, { title: 'mobile' });
        }
      });
    },
  },
  // ---- get
  {
    name: 'get distinguishes malformed and unknown ids, and keeps the order of a list',
    async run(b) {
      await assert.rejects(() => b.bookmarks.get('nonexistent_1'), `Bookmarks.sys.mjs: fetch: Invalid value for property 'guid': "nonexistent_1"`, 'malformed');
      await assert.rejects(() => b.bookmarks.get('nonexistent1'), 'Bookmark not found', 'unknown');
      const a = await mk(b, 'a');
      const c = await mk(b, 'c');
      assert.equal(
        (await b.bookmarks.get([c.id, a.id])).map((n) => n.title),
        ['c', 'a'],
        'list order',
      );
      await assert.rejects(() => b.bookmarks.get([a.id, 'nonexistent1']), 'Bookmark not found', 'one unknown in a list');
    },
  },
  {
    name: 'getChildren and getSubTree of an unknown id fail with Firefox internal messages',
    async run(b) {
      await assert.rejects(() => b.bookmarks.getChildren('nonexistent1'), `can't access property "children", root is null`, 'getChildren');
      await assert.rejects(() => b.bookmarks.getSubTree('nonexistent1'), `can't access property "guid", node is null`, 'getSubTree');
    },
  },
];
