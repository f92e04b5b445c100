// SPDX-License-Identifier: MPL-2.0
import { describe, expect, it } from 'vitest';
import { MENU_ID, TOOLBAR_ID, UNFILED_ID } from '../src/support/browser';
import { BookmarkTree as PlacesTree, type BookmarkTreeOptions } from '../src/tree-index/bookmark-tree';
import { IdRows } from '../src/tree-index/id-rows';
import { SiblingOrder } from '../src/tree-index/sibling-order';
import { createRng } from '../../../scripts/prng.mjs';
import { createFakeBrowser } from '../../../tests/fakes/browser';
import { expectOrderAsFirefox, randomEdit } from './random-edits';

/** The host word the bookmarks are kept by in these tests: the host, lower-cased, without www. or port. */
const hostWord = (url: string): string | undefined => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
};

/** The package's tree mirror, keeping bookmarks by host word (an extension's current-page lookup). */
class BookmarkTree extends PlacesTree {
  constructor(rows?: IdRows, options: BookmarkTreeOptions = { hostWord }) {
    super(rows, options);
  }
}

describe('BookmarkTree.folderPath', () => {
  it('names roots with the words the extension gives', () => {
    const tree = new PlacesTree(undefined, { rootTitle: (id) => (id === 'toolbar_____' ? 'Lesezeichen-Symbolleiste' : undefined) });
    tree.put({ id: 'root________', title: '', type: 'folder' });
    tree.put({ id: 'toolbar_____', parentId: 'root________', title: 'toolbar', type: 'folder' });
    tree.put({ id: 'f1', parentId: 'toolbar_____', title: 'Dev', type: 'folder' });
    expect(tree.folderPath('f1')).toEqual(['Lesezeichen-Symbolleiste', 'Dev']);
  });

  it('names the roots as Firefox shows them, not with the titles the API reports (review: the popup showed raw root titles)', () => {
    const tree = new BookmarkTree();
    tree.put({ id: 'root________', title: '', type: 'folder' });
    tree.put({ id: 'toolbar_____', parentId: 'root________', title: 'toolbar', type: 'folder' });
    tree.put({ id: 'f1', parentId: 'toolbar_____', title: 'Dev', type: 'folder' });
    expect(tree.folderPath('f1')).toEqual(['Bookmarks Toolbar', 'Dev']);
    expect(tree.folderPath('toolbar_____')).toEqual(['Bookmarks Toolbar']);
  });
});

describe('BookmarkTree.bookmarkIdsOnHost (the current page lookup)', () => {
  const tree = () => {
    const t = new BookmarkTree();
    t.put({ id: 'root________', title: '', type: 'folder' });
    t.put({ id: 'unfiled_____', parentId: 'root________', title: 'unfiled', type: 'folder' });
    t.put({ id: 'f', parentId: 'unfiled_____', title: 'Folder', type: 'folder' });
    t.put({ id: 'a', parentId: 'f', title: 'A', url: 'https://WWW.Docs.example/a', type: 'bookmark' });
    t.put({ id: 'b', parentId: 'unfiled_____', title: 'B', url: 'http://docs.example:8080/b', type: 'bookmark' });
    t.put({ id: 'c', parentId: 'unfiled_____', title: 'C', url: 'https://other.example/docs.example', type: 'bookmark' });
    return t;
  };

  it('keeps none without a host word', () => {
    const t = new PlacesTree();
    t.put({ id: 'a', parentId: 'unfiled_____', title: 'A', url: 'https://docs.example/a', type: 'bookmark' });
    expect(t.bookmarkIdsOnHost('docs.example')).toEqual([]);
  });

  it('names every bookmark on the host word, whatever the case, www. or port', () => {
    expect(tree().bookmarkIdsOnHost('docs.example').sort()).toEqual(['a', 'b']);
    expect(tree().bookmarkIdsOnHost('nowhere.example')).toEqual([]);
  });

  it('stays current when a URL changes, a bookmark is replaced or a folder goes with its bookmarks', () => {
    const t = tree();
    t.setUrl('b', 'https://other.example/');
    expect(t.bookmarkIdsOnHost('docs.example')).toEqual(['a']);
    expect(t.bookmarkIdsOnHost('other.example').sort()).toEqual(['b', 'c']);
    t.put({ id: 'c', parentId: 'unfiled_____', title: 'C', url: 'https://docs.example/c', type: 'bookmark' });
    expect(t.bookmarkIdsOnHost('docs.example').sort()).toEqual(['a', 'c']);
    t.remove('f');
    expect(t.bookmarkIdsOnHost('docs.example')).toEqual(['c']);
    t.restore({ id: 'a', parentId: 'unfiled_____', title: 'A', url: 'https://docs.example/a', kind: 'bookmark', dateAdded: 0 });
    expect(t.bookmarkIdsOnHost('docs.example').sort()).toEqual(['a', 'c']);
    t.clear();
    expect(t.bookmarkIdsOnHost('docs.example')).toEqual([]);
  });
});

describe('BookmarkTree and SiblingOrder sharing one id table (the live index keeps both at 100k)', () => {
  /** What a mirror holds, in a form two mirrors can be compared by. */
  const holds = (tree: BookmarkTree, hosts: readonly string[]) => ({
    nodes: [...tree.nodesList()].sort((a, b) => a.id.localeCompare(b.id)),
    // Children come in the order the mirror learnt of them, not by position (the order knows positions).
    folders: tree.folders().sort((a, b) => a.id.localeCompare(b.id)),
    under: tree
      .folders()
      .map((f) => [f.id, [...tree.bookmarksUnder(f.id)].map((n) => n.id).sort()])
      .sort(),
    hosts: hosts.map((h) => tree.bookmarkIdsOnHost(h).sort()),
  });

  it('after random creates, renames, new URLs, moves and removals both say what Firefox says, also once the order stops following', async () => {
    for (const seed of [41, 42, 43, 44]) {
      const { browser } = createFakeBrowser({ seed });
      const b = browser.bookmarks;
      const random = createRng(seed).below;
      const rows = new IdRows();
      const tree = new BookmarkTree(rows);
      for (const root of await b.getTree()) tree.putTree(root);
      const order = await SiblingOrder.fromTreeInSlices(await b.getTree(), async () => undefined, rows);
      b.onCreated.addListener((_id, node) => {
        tree.putTree(node);
        order.created(node);
      });
      b.onChanged.addListener((id, change) => {
        if (change.title !== undefined) tree.setTitle(id, change.title);
        if (change.url !== undefined) tree.setUrl(id, change.url);
      });
      b.onMoved.addListener((id, move) => {
        tree.move(id, move.parentId);
        order.moved(id, move);
      });
      b.onRemoved.addListener((id, info) => {
        tree.remove(id);
        order.removed(id, info);
      });
      const hosts = ['h0.example', 'h1.example', 'h2.example'];
      const folders = [MENU_ID, TOOLBAR_ID, UNFILED_ID];
      const items: string[] = [];
      for (let step = 0; step < 200; step++) {
        // Halfway the order stops following (as after an event it cannot place): its rows must not go with it.
        if (step === 100) order.invalidate();
        await randomEdit(b, random, { folders, items, roots: 3, step, op: items.length < 4 ? 0 : random(10), hosts, updates: true });

        const fresh = new BookmarkTree();
        for (const root of await b.getTree()) fresh.putTree(root);
        expect(holds(tree, hosts), `seed ${seed} step ${step}`).toEqual(holds(fresh, hosts));
        if (step >= 100) continue;
        await expectOrderAsFirefox(b, order, folders, `seed ${seed} step ${step}`);
      }
    }
  });
});
