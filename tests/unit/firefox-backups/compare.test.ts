import { describe, expect, it } from 'vitest';
import { compareWithNow, readLiveTree, type BackupDiff, type LiveRow, type LiveTree } from '../../../src/firefox-backups/compare';
import { parseFirefoxBackup } from '../../../src/firefox-backups/parse';

/** A tree both sides are written from: folders with children, bookmarks with an address (and tags), separators. */
type Node = { id: string; title: string; url?: string; tags?: string[]; children?: Node[]; separator?: true; added?: number };

const ROOT_NAMES: Record<string, string> = {
  menu________: 'bookmarksMenuFolder',
  toolbar_____: 'toolbarFolder',
  unfiled_____: 'unfiledBookmarksFolder',
  mobile______: 'mobileFolder',
};
const LIVE_TITLES: Record<string, string> = {
  menu________: 'Bookmarks Menu',
  toolbar_____: 'Bookmarks Toolbar',
  unfiled_____: 'Other Bookmarks',
  mobile______: 'Mobile Bookmarks',
};

function roots(content: Partial<Record<'menu________' | 'toolbar_____' | 'unfiled_____' | 'mobile______', Node[]>>): Node[] {
  return ['menu________', 'toolbar_____', 'unfiled_____', 'mobile______'].map((id) => ({ id, title: id, children: content[id as keyof typeof content] ?? [] }));
}

/** A Firefox GUID (12 characters) from a short test id. */
const gid = (id: string) => id.padEnd(12, '-').slice(0, 12);

/** The backup: Firefox's JSON (root names for its titles, as Firefox writes them), parsed as the worker parses it. */
function backupOf(top: Node[]) {
  const json = (n: Node, i: number): object =>
    n.separator
      ? { guid: gid(n.id), typeCode: 3, index: i, title: '' }
      : n.children
        ? {
            guid: gid(n.id),
            typeCode: 2,
            index: i,
            title: ROOT_NAMES[n.id] ? n.id.replace(/_+$/, '') : n.title,
            root: ROOT_NAMES[n.id],
            children: n.children.map(json),
            dateAdded: 1e15,
          }
        : {
            guid: gid(n.id),
            typeCode: 1,
            index: i,
            title: n.title,
            uri: n.url,
            dateAdded: (n.added ?? 1.7e12) * 1000,
            ...(n.tags?.length ? { tags: n.tags.join(',') } : {}),
          };
  const text = JSON.stringify({ guid: 'root________', typeCode: 2, title: '', root: 'placesRoot', children: top.map(json) });
  return parseFirefoxBackup(text).items;
}

/** Now: the organizer's snapshot rows in preorder, with the WebExtension API's root titles, and Tidymarks' tags. */
function liveOf(top: Node[]): LiveTree {
  const rows: LiveRow[] = [['root________', -1, 0, 'f', '', '', 0]];
  const tags: [string, string[]][] = [];
  const walk = (nodes: Node[], parent: number) =>
    nodes.forEach((n, i) => {
      const row = rows.length;
      const kind = n.separator ? 's' : n.children ? 'f' : 'b';
      rows.push([gid(n.id), parent, i, kind, LIVE_TITLES[n.id] ?? n.title, n.url ?? '', n.added ?? 1.8e12]);
      if (n.tags?.length) tags.push([n.url!, n.tags]);
      if (n.children) walk(n.children, row);
    });
  walk(top, 0);
  return { rows, tags };
}

const counts = (diff: BackupDiff) => ({
  added: diff.added.length,
  removed: diff.removed.length,
  moved: diff.moved.length,
  renamed: diff.renamed.length,
  readdressed: diff.readdressed.length,
  retagged: diff.retagged.length,
});
const titles = (items: { title: string }[]) => items.map((i) => i.title).sort();
const b = (id: string, title: string, url: string, extra: Partial<Node> = {}): Node => ({ id, title, url, ...extra });

describe('compareWithNow', () => {
  it('finds nothing changed between a tree and itself: roots matched by GUID, root titles aside', () => {
    const tree = roots({
      toolbar_____: [{ id: 'f1', title: 'Dev', children: [b('a', 'A', 'https://a.example/', { tags: ['x'] }), { id: 's', title: '', separator: true }] }],
    });
    const diff = compareWithNow(backupOf(tree), liveOf(tree));
    expect(counts(diff)).toEqual({ added: 0, removed: 0, moved: 0, renamed: 0, readdressed: 0, retagged: 0 });
    expect(diff.matchedById).toBe(7); // root, 4 root folders, Dev, A (separators take no part)
  });

  it('classifies every kind of change, and a position change inside the same folder is not a move', () => {
    const then = roots({
      menu________: [
        { id: 'f1', title: 'Work', children: [b('a', 'A', 'https://a.example/'), b('b', 'B', 'https://b.example/'), b('c', 'C', 'https://c.example/')] },
        { id: 'f2', title: 'Home', children: [b('d', 'D', 'https://d.example/', { tags: ['one', 'Two'] }), b('e', 'E', 'https://e.example/', { tags: ['keep'] })] },
        b('gone', 'Gone', 'https://gone.example/'),
      ],
    });
    const now = roots({
      menu________: [
        { id: 'f1', title: 'Work renamed', children: [b('c', 'C', 'https://c.example/'), b('a', 'A', 'https://a.example/')] },
        {
          id: 'f2',
          title: 'Home',
          children: [
            b('d', 'D', 'https://d.example/', { tags: ['two', 'one'] }),
            b('e', 'E', 'https://e.example/', { tags: ['keep', 'new'] }),
            b('b', 'B2', 'https://b2.example/'),
          ],
        },
        b('new', 'New', 'https://new.example/'),
      ],
    });
    const diff = compareWithNow(backupOf(then), liveOf(now));
    expect(counts(diff)).toEqual({ added: 1, removed: 1, moved: 1, renamed: 2, readdressed: 1, retagged: 1 });
    expect(titles(diff.added)).toEqual(['New']);
    expect(titles(diff.removed)).toEqual(['Gone']);
    expect(diff.moved.map((m) => [m.title, diff.thenFolders[m.then]!.title, diff.nowFolders[m.now]!.title])).toEqual([['B2', 'Work', 'Home']]);
    expect(diff.renamed.map((r) => [r.titleThen, r.title]).sort()).toEqual([
      ['B', 'B2'],
      ['Work', 'Work renamed'],
    ]);
    expect(diff.readdressed.map((r) => [r.urlThen, r.url])).toEqual([['https://b.example/', 'https://b2.example/']]);
    // Tags compare as a set, case aside: D's are the same; E gained one.
    expect(diff.retagged.map((r) => [r.title, r.tagsThen, r.tagsNow])).toEqual([['E', ['keep'], ['keep', 'new']]]);
    expect(diff.removed[0]).toMatchObject({ url: 'https://gone.example/', now: -1, date: 1.7e12 });
    expect(diff.added[0]).toMatchObject({ url: 'https://new.example/', then: -1, date: 1.8e12 });
  });

  it('matches an item re-created since by address and folder path, a folder by title and path', () => {
    const then = roots({ unfiled_____: [{ id: 'f1', title: 'News', children: [b('a', 'A', 'https://a.example/'), b('a2', 'A again', 'https://a.example/')] }] });
    // Restored by Firefox or Sync: new GUIDs everywhere below the root folders, the same titles and addresses.
    const now = roots({ unfiled_____: [{ id: 'F1', title: 'News', children: [b('A', 'A', 'https://a.example/'), b('A2', 'A again', 'https://a.example/')] }] });
    const diff = compareWithNow(backupOf(then), liveOf(now));
    expect(counts(diff)).toEqual({ added: 0, removed: 0, moved: 0, renamed: 0, readdressed: 0, retagged: 0 });
    expect(diff.matchedByPath).toBe(3);
  });

  it('does not match by address across folders: the same address in another folder is removed and added', () => {
    const then = roots({ unfiled_____: [b('a', 'A', 'https://a.example/')] });
    const now = roots({ toolbar_____: [b('A', 'A', 'https://a.example/')] });
    const diff = compareWithNow(backupOf(then), liveOf(now));
    expect(counts(diff)).toMatchObject({ added: 1, removed: 1, moved: 0 });
  });

  it('a folder moved moves; its contents, still in it, do not; a removed folder lists its contents as removed', () => {
    const then = roots({
      menu________: [
        { id: 'f1', title: 'Kept', children: [b('a', 'A', 'https://a.example/')] },
        { id: 'f2', title: 'Gone', children: [b('b', 'B', 'https://b.example/')] },
      ],
    });
    const now = roots({ toolbar_____: [{ id: 'f1', title: 'Kept', children: [b('a', 'A', 'https://a.example/')] }] });
    const diff = compareWithNow(backupOf(then), liveOf(now));
    expect(titles(diff.moved)).toEqual(['Kept']);
    expect(titles(diff.removed)).toEqual(['B', 'Gone']);
    expect(diff.removed.find((r) => r.title === 'B')!.kind).toBe('bookmark');
    expect(diff.removed.find((r) => r.title === 'Gone')!.kind).toBe('folder');
  });

  it('leaves out an old backup’s tags folder and the live tags root', () => {
    const items = backupOf(roots({}));
    const withTags = parseFirefoxBackup(
      JSON.stringify({
        guid: 'root________',
        typeCode: 2,
        root: 'placesRoot',
        children: [
          {
            guid: 'tags________',
            typeCode: 2,
            root: 'tagsFolder',
            title: 'tags',
            children: [{ guid: 't1', typeCode: 2, title: 'work', children: [{ guid: 'x', typeCode: 1, uri: 'https://x.example/' }] }],
          },
        ],
      }),
    ).items;
    const live: LiveTree = {
      rows: [
        ['root________', -1, 0, 'f', '', '', 0],
        ['tags________', 0, 0, 'f', 'Tags', '', 0],
        ['y', 1, 0, 'b', 'Y', 'https://y.example/', 0],
      ],
      tags: [],
    };
    expect(counts(compareWithNow(withTags, live))).toMatchObject({ added: 0, removed: 0 });
    expect(items.length).toBeGreaterThan(0);
  });

  it('10,000 items: the right counts when a share of them changed in every way', () => {
    const folders = (rename: boolean): Node[] =>
      Array.from({ length: 100 }, (_, f) => ({
        id: `folder${f}`,
        title: rename && f % 10 === 0 ? `Folder ${f} (renamed)` : `Folder ${f}`,
        children: Array.from({ length: 99 }, (_, i) => b(`bm${f}-${i}`, `Page ${f}-${i}`, `https://site${f}.example/${i}`)),
      }));
    const thenTree = roots({ unfiled_____: folders(false) });
    const nowTop = folders(true);
    let readdressed = 0;
    let moved = 0;
    let recreated = 0;
    let removed = 0;
    for (const [f, folder] of nowTop.entries()) {
      const kids = folder.children!;
      if (f % 7 === 0) {
        kids[3] = { ...kids[3]!, url: `${kids[3]!.url}?v=2` };
        readdressed++;
      }
      if (f % 5 === 0) {
        nowTop[(f + 1) % 100]!.children!.push(kids.splice(10, 1)[0]!);
        moved++;
      }
      if (f % 3 === 0) {
        // Removed and re-created with the same address in the same folder (in renamed folders too).
        kids[20] = { ...kids[20]!, id: `new-${f}` };
        recreated++;
      }
      if (f % 4 === 0) {
        kids.splice(30, 2);
        removed += 2;
      }
    }
    nowTop[50]!.children!.push(b('added1', 'Added', 'https://added.example/'));
    const backup = backupOf(thenTree);
    expect(backup.length).toBe(1 + 4 + 100 + 9900);
    const diff = compareWithNow(backup, liveOf(roots({ unfiled_____: nowTop })));
    expect(counts(diff)).toEqual({ added: 1, removed, moved, renamed: 10, readdressed, retagged: 0 });
    expect(diff.matchedByPath).toBe(recreated);
  });

  it('compares 100,000 bookmarks in well under a second', () => {
    const top = Array.from({ length: 1000 }, (_, f) => ({
      id: `folder${f}`,
      title: `Folder ${f}`,
      children: Array.from({ length: 100 }, (_, i) => b(`bm${f}-${i}`, `Page ${f}-${i}`, `https://site${f}.example/${i}`)),
    }));
    const backup = backupOf(roots({ unfiled_____: top }));
    // Now: every GUID new (as after a restore), so all 101,000 go through the second, address-and-path match.
    const recreated = top.map((f) => ({ ...f, id: `N${f.id}`, children: f.children.map((c) => ({ ...c, id: `N${c.id}` })) }));
    const live = liveOf(roots({ unfiled_____: recreated }));
    // The best of three runs (the first pays for the compiler warming up; this machine is shared).
    let best = Infinity;
    for (let round = 0; round < 3; round++) {
      const start = performance.now();
      const diff = compareWithNow(backup, live);
      best = Math.min(best, performance.now() - start);
      expect(diff.matchedByPath).toBe(101_000);
      expect(counts(diff)).toEqual({ added: 0, removed: 0, moved: 0, renamed: 0, readdressed: 0, retagged: 0 });
    }
    expect(best).toBeLessThan(1000);
  });
});

describe('readLiveTree', () => {
  it('reads the snapshot string and refuses anything else', () => {
    expect(readLiveTree(JSON.stringify({ rows: [], tags: [], visits: [] })).rows).toEqual([]);
    expect(() => readLiveTree('null')).toThrow(TypeError);
    expect(() => readLiveTree('{"rows": 1, "tags": []}')).toThrow(TypeError);
  });
});
