/** Bookmark cases: the tree, its roots, and creating items. */
import { MENU_ID, MOBILE_ID, ROOT_ID, TAGS_ROOT_ID, TOOLBAR_ID } from '../../../src/platform/browser';
import { assert } from '../assert';
import { type ContractCase, U, GUID, BOOKMARK_KEYS, FOLDER_KEYS, mk, folder, titles, indices, exists } from './kit';

export const bookmarkTreeCases: ContractCase[] = [
  // ---- the tree and its roots
  {
    name: 'getTree returns the root with the four user roots, titled and indexed as in Firefox',
    async run(b) {
      const [root] = await b.bookmarks.getTree();
      assert.equal(root.id, ROOT_ID, 'root id');
      assert.equal(root.title, '', 'root title');
      assert.equal(root.parentId, undefined, 'root has no parentId');
      assert.equal(root.type, 'folder', 'root type');
      assert.keys(root, [...FOLDER_KEYS, 'children'], 'root keys (parentId and url present but undefined)');
      const children = root.children!;
      assert.equal(
        children.map((c) => c.id),
        [MENU_ID, TOOLBAR_ID, U, MOBILE_ID],
        'root children',
      );
      assert.equal(
        children.map((c) => c.title),
        ['Bookmarks Menu', 'Bookmarks Toolbar', 'Other Bookmarks', 'Mobile Bookmarks'],
        'titles',
      );
      assert.equal(
        children.map((c) => c.index),
        [0, 1, 3, 4],
        'indices skip the hidden tags root',
      );
      assert.equal(
        children.map((c) => c.parentId),
        [ROOT_ID, ROOT_ID, ROOT_ID, ROOT_ID],
        'parents',
      );
      assert.equal(
        children.map((c) => c.children),
        [[], [], [], []],
        'empty roots have empty children arrays',
      );
    },
  },
  {
    name: 'the tags root is hidden from getTree and getChildren but get finds it at index 2',
    async run(b) {
      const rootChildren = await b.bookmarks.getChildren(ROOT_ID);
      assert.equal(
        rootChildren.map((c) => c.id),
        [MENU_ID, TOOLBAR_ID, U, MOBILE_ID],
        'getChildren(root)',
      );
      const [tags] = await b.bookmarks.get(TAGS_ROOT_ID);
      assert.equal(
        { title: tags.title, index: tags.index, parentId: tags.parentId, type: tags.type },
        { title: 'tags', index: 2, parentId: ROOT_ID, type: 'folder' },
        'tags root',
      );
    },
  },
  {
    name: 'getChildren gives nodes without children; getSubTree and getTree nest them',
    async run(b) {
      const f = await folder(b, 'F');
      const inner = await folder(b, 'inner', f.id);
      await mk(b, 'leaf', inner.id);
      const [child] = await b.bookmarks.getChildren(U);
      assert.keys(child, FOLDER_KEYS, 'getChildren folder keys');
      const [sub] = await b.bookmarks.getSubTree(f.id);
      assert.keys(sub, [...FOLDER_KEYS, 'children'], 'getSubTree keys');
      assert.equal(
        sub.children!.map((c) => c.title),
        ['inner'],
        'sub children',
      );
      assert.equal(
        sub.children![0].children!.map((c) => c.title),
        ['leaf'],
        'grandchildren',
      );
      const [root] = await b.bookmarks.getTree();
      assert.equal(root.children![2].children![0].children![0].children![0].title, 'leaf', 'getTree nests to the leaf');
    },
  },
  // ---- create
  {
    name: 'create appends to the end of a folder',
    async run(b) {
      const a = await mk(b, 'a');
      const c = await mk(b, 'c');
      assert.equal(a.index, 0, 'first index');
      assert.equal(c.index, 1, 'second index');
    },
  },
  {
    name: 'create at index 0 shifts every sibling down by one',
    async run(b) {
      await mk(b, 'a');
      await mk(b, 'b');
      const z = await mk(b, 'z', U, { index: 0 });
      assert.equal(z.index, 0, 'returned index');
      assert.equal(await titles(b), ['z', 'a', 'b'], 'order');
      assert.equal(await indices(b), [0, 1, 2], 'indices');
    },
  },
  {
    name: 'create at a middle index inserts before the node that was there',
    async run(b) {
      await mk(b, 'a');
      await mk(b, 'b');
      await mk(b, 'c');
      const m = await mk(b, 'm', U, { index: 2 });
      assert.equal(m.index, 2, 'returned index');
      assert.equal(await titles(b), ['a', 'b', 'm', 'c'], 'order');
    },
  },
  {
    name: 'create with an index past the end appends',
    async run(b) {
      await mk(b, 'a');
      const far = await mk(b, 'far', U, { index: 99 });
      assert.equal(far.index, 1, 'clamped index');
      assert.equal(await titles(b), ['a', 'far'], 'order');
    },
  },
  {
    name: 'create without parentId files into Other Bookmarks',
    async run(b) {
      const n = await b.bookmarks.create({ title: 'loose', url: 'https://loose.example/' });
      assert.equal(n.parentId, U, 'parent');
    },
  },
  {
    name: 'create returns a bookmark node with a 12-character GUID and a normalized URL',
    async run(b) {
      const n = await b.bookmarks.create({ parentId: U, title: 'Norm', url: 'HTTPS://Norm.Example' });
      assert.keys(n, BOOKMARK_KEYS, 'bookmark keys');
      assert.ok(GUID.test(n.id), `GUID-like id ${n.id}`);
      assert.equal(n.url, 'https://norm.example/', 'normalized url');
      assert.equal(n.type, 'bookmark', 'type');
      assert.ok(typeof n.dateAdded === 'number' && n.dateAdded > 0, 'dateAdded');
      const js = await b.bookmarks.create({ parentId: U, title: 'js', url: 'javascript:void(0)' });
      assert.equal(js.url, 'javascript:void(0)', 'javascript: URLs are accepted');
    },
  },
  {
    name: 'create without url makes a folder; type folder ignores a url',
    async run(b) {
      const f = await folder(b, 'F');
      assert.keys(f, FOLDER_KEYS, 'folder keys');
      assert.equal(f.type, 'folder', 'type');
      assert.equal(f.dateGroupModified, f.dateAdded, 'a new folder was last modified when added');
      const g = await b.bookmarks.create({ parentId: U, title: 'G', type: 'folder', url: 'https://ignored.example/' });
      assert.equal({ type: g.type, url: g.url }, { type: 'folder', url: undefined }, 'url ignored');
    },
  },
  {
    name: 'separators have type separator, url "data:" and an empty title; a titled separator is refused',
    async run(b) {
      const s = await b.bookmarks.create({ parentId: U, type: 'separator' });
      assert.equal({ type: s.type, url: s.url, title: s.title }, { type: 'separator', url: 'data:', title: '' }, 'separator');
      assert.keys(s, BOOKMARK_KEYS, 'separator keys');
      await assert.rejects(
        () => b.bookmarks.create({ parentId: U, type: 'separator', title: 'sep' }),
        'Invalid bookmark: {"title":"sep","type":3,"parentGuid":"unfiled_____"}',
      );
    },
  },
  {
    name: 'create rejects a missing parent, the root, and malformed input with Firefox messages',
    async run(b) {
      await assert.rejects(() => mk(b, 'x', 'nonexistent1'), 'parentGuid must be valid', 'unknown parent');
      await assert.rejects(() => mk(b, 'x', ROOT_ID), 'The bookmark root cannot be modified', 'into the root');
      await assert.rejects(
        () => mk(b, 'x', 'nonexistent_1'),
        'Invalid bookmark: {"title":"x","type":1,"url":"https://x.example/","parentGuid":"nonexistent_1"}',
        'malformed parent id',
      );
      await assert.rejects(
        () => b.bookmarks.create({ parentId: U, title: 'x', url: 'not a url' }),
        'Invalid bookmark: {"title":"x","type":1,"url":"not a url","parentGuid":"unfiled_____"}',
        'invalid url',
      );
      await assert.rejects(
        () => b.bookmarks.create({ parentId: U, title: 'x', url: 'not a url', index: 0 }),
        'Invalid bookmark: {"title":"x","type":1,"url":"not a url","index":0,"parentGuid":"unfiled_____"}',
        'invalid url with index',
      );
      await assert.rejects(
        () => b.bookmarks.create({ parentId: U, type: 'bookmark', title: 'nourl' }),
        'Invalid bookmark: {"title":"nourl","type":1,"url":"","parentGuid":"unfiled_____"}',
        'bookmark without url',
      );
      assert.equal(await titles(b), [], 'nothing was created');
    },
  },
  {
    name: 'schema errors (negative index) throw synchronously instead of rejecting',
    async run(b) {
      assert.throwsSync(
        () => b.bookmarks.create({ parentId: U, title: 'x', url: 'https://x.example/', index: -1 }),
        'Type error for parameter bookmark (Error processing index: Integer -1 is too small (must be at least 0)) for bookmarks.create.',
      );
      assert.throwsSync(() => b.bookmarks.getRecent(0), 'Type error for parameter numberOfItems (Integer 0 is too small (must be at least 1)) for bookmarks.getRecent.');
      assert.throwsSync(
        () => b.bookmarks.get([]),
        'Type error for parameter idOrIdList (Value must either: be a string value, or have at least 1 items) for bookmarks.get.',
      );
    },
  },
  {
    name: 'Firefox accepts a bookmark as parent; the child is then invisible to getChildren and getTree',
    async run(b) {
      const host = await mk(b, 'host');
      const child = await mk(b, 'child', host.id);
      assert.equal(child.parentId, host.id, 'child parent');
      assert.equal(await b.bookmarks.getChildren(host.id), [], 'getChildren of a bookmark');
      const [sub] = await b.bookmarks.getSubTree(host.id);
      assert.equal(sub.children, undefined, 'a bookmark has no children in getSubTree');
      assert.ok(await exists(b, child.id), 'get still finds the child');
    },
  },
];
