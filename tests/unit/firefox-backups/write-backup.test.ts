import { describe, expect, it } from 'vitest';
import type { BookmarkNode } from '../../../src/platform/browser';
import { parseFirefoxBackup } from '../../../src/firefox-backups/parse';
import { writeFirefoxBackup, type BackupWriteInput } from '../../../src/firefox-backups/write-backup';

type Node = BookmarkNode & { children?: Node[] };
const node = (id: string, parentId: string, index: number, extra: Partial<Node>): Node =>
  ({ id, parentId, index, title: '', dateAdded: 1_700_000_000_000 + index, ...extra }) as Node;

function liveTree(): Node[] {
  const dev = node('devFolder001', 'toolbar_____', 1, {
    type: 'folder',
    title: 'Dev ‮ <b>',
    children: [
      node('mdnBookmark1', 'devFolder001', 0, { type: 'bookmark', title: 'MDN "docs"', url: 'https://developer.mozilla.org/' }),
      node('separator001', 'devFolder001', 1, { type: 'separator', title: '' }),
      node('emptyFolder1', 'devFolder001', 2, { type: 'folder', title: 'Empty', children: [] }),
    ],
  });
  return [
    node('root________', '', 0, {
      type: 'folder',
      children: [
        node('menu________', 'root________', 0, { type: 'folder', title: 'Bookmarks Menu', children: [] }),
        node('toolbar_____', 'root________', 1, {
          type: 'folder',
          title: 'Bookmarks Toolbar',
          children: [node('exampleBook1', 'toolbar_____', 0, { type: 'bookmark', title: 'Example', url: 'https://example.com/' }), dev],
        }),
        node('unfiled_____', 'root________', 2, { type: 'folder', title: 'Other Bookmarks', children: [] }),
        node('mobile______', 'root________', 3, { type: 'folder', title: 'Mobile Bookmarks', children: [] }),
      ],
    }),
  ];
}

const input = (tree: Node[], tags: Record<string, string[]> = {}, keywords: Record<string, string> = {}): BackupWriteInput => ({
  tree,
  tagsOf: (url) => tags[url] ?? [],
  keywordOf: (url) => keywords[url] ?? null,
  datesOf: (n) => ({ added: n.dateAdded, modified: n.id === 'exampleBook1' ? 1_750_000_000_000 : undefined }),
});

describe('writeFirefoxBackup', () => {
  it('writes what Firefox’s backup reader (parse.ts) reads back: kinds, GUIDs, titles, addresses, order, dates, tags, keywords, roots', () => {
    const { json, counts } = writeFirefoxBackup(input(liveTree(), { 'https://example.com/': ['work', 'a tag'] }, { 'https://developer.mozilla.org/': 'mdn' }));
    expect(counts).toEqual({ bookmarks: 2, folders: 2, separators: 1, taggedBookmarks: 1, keywordBookmarks: 1 });
    const back = parseFirefoxBackup(json);
    expect(back.skipped).toBe(0);
    expect(back.counts).toEqual({ items: 10, bookmarks: 2, folders: 7, separators: 1 });
    expect(back.items.map((i) => [i.kind, i.guid, i.title, i.url, i.position, i.depth, i.root])).toEqual([
      ['folder', 'root________', '', null, 0, 0, 'placesRoot'],
      ['folder', 'menu________', 'menu', null, 0, 1, 'bookmarksMenuFolder'],
      ['folder', 'toolbar_____', 'toolbar', null, 1, 1, 'toolbarFolder'],
      ['bookmark', 'exampleBook1', 'Example', 'https://example.com/', 0, 2, null],
      ['folder', 'devFolder001', 'Dev ‮ <b>', null, 1, 2, null],
      ['bookmark', 'mdnBookmark1', 'MDN "docs"', 'https://developer.mozilla.org/', 0, 3, null],
      ['separator', 'separator001', '', null, 1, 3, null],
      ['folder', 'emptyFolder1', 'Empty', null, 2, 3, null],
      ['folder', 'unfiled_____', 'unfiled', null, 2, 1, 'unfiledBookmarksFolder'],
      ['folder', 'mobile______', 'mobile', null, 3, 1, 'mobileFolder'],
    ]);
    const example = back.items.find((i) => i.guid === 'exampleBook1')!;
    expect(example.tags).toEqual(['work', 'a tag']);
    expect(example.keyword).toBeNull();
    expect(back.items.find((i) => i.guid === 'mdnBookmark1')!.keyword).toBe('mdn');
    expect([example.dateAdded, example.lastModified]).toEqual([1_700_000_000_000, 1_750_000_000_000]);
    // Microseconds in the file, as Firefox writes them.
    expect(JSON.parse(json).children[1].children[0]).toMatchObject({
      dateAdded: 1_700_000_000_000_000,
      lastModified: 1_750_000_000_000_000,
      typeCode: 1,
      type: 'text/x-moz-place',
    });
    expect(JSON.parse(json).children[1].children[0]).not.toHaveProperty('id');
  });

  it('a tree 10,000 folders deep is written without recursion and reads back whole', () => {
    const tree = liveTree();
    let parent = tree[0]!.children![2]!;
    for (let depth = 0; depth < 10_000; depth++) {
      const child = node(`deep${String(depth).padStart(8, '0')}`, parent.id, 0, { type: 'folder', title: `L${depth}`, children: [] });
      parent.children!.push(child);
      parent = child;
    }
    parent.children!.push(node('bottomBook01', parent.id, 0, { type: 'bookmark', title: 'bottom', url: 'https://deep.example/' }));
    const { json, counts } = writeFirefoxBackup(input(tree));
    expect(counts.folders).toBe(2 + 10_000);
    const back = parseFirefoxBackup(json);
    expect(back.items.find((i) => i.guid === 'bottomBook01')).toMatchObject({ depth: 10_002, url: 'https://deep.example/' });
  });

  it('a tree without a root is an error, not an empty backup', () => {
    expect(() => writeFirefoxBackup(input([]))).toThrow(/no root/);
  });
});
