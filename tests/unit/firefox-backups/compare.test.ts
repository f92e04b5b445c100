import { describe, expect, it } from 'vitest';
import { compareWithNow, readLiveTree, type BackupDiff, type LiveTree } from '../../../src/firefox-backups/compare';
import { parseFirefoxBackup } from '../../../src/firefox-backups/parse';
import { backupOf, liveOf, recreatedSince, roots, type Node } from '../../kit/backup-trees';

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

  it('compares 100,000 bookmarks re-created since: every one matched by its address and folder path', () => {
    // Speed is bench/backups.bench.ts's business (backups.compare.node.100k.*), not a timed test's.
    const { backup, live } = recreatedSince(1000, 100);
    const diff = compareWithNow(backup, live);
    expect(diff.matchedByPath).toBe(101_000);
    expect(counts(diff)).toEqual({ added: 0, removed: 0, moved: 0, renamed: 0, readdressed: 0, retagged: 0 });
  });
});

describe('readLiveTree', () => {
  it('reads the snapshot string and refuses anything else', () => {
    expect(readLiveTree(JSON.stringify({ rows: [], tags: [], visits: [] })).rows).toEqual([]);
    expect(() => readLiveTree('null')).toThrow(TypeError);
    expect(() => readLiveTree('{"rows": 1, "tags": []}')).toThrow(TypeError);
  });
});
