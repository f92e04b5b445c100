import { describe, expect, it } from 'vitest';
import { bookmarksOf } from '../../../src/link-health/bookmarks';
import type { BookmarkNode } from '../../../src/platform/browser';

const node = (n: Partial<BookmarkNode> & { id: string }): BookmarkNode => ({ title: '', ...n }) as BookmarkNode;

describe('bookmarksOf', () => {
  it('lists every bookmark with its folder path in tree order, without separators, folders or the tags root', () => {
    const tree = [
      node({
        id: 'root________',
        type: 'folder',
        children: [
          node({
            id: 'toolbar_____',
            parentId: 'root________',
            type: 'folder',
            title: 'toolbar',
            children: [
              node({ id: 'a', parentId: 'toolbar_____', type: 'bookmark', title: 'A', url: 'https://a.example/' }),
              node({ id: 's', parentId: 'toolbar_____', type: 'separator', url: 'data:' }),
              node({
                id: 'f',
                parentId: 'toolbar_____',
                type: 'folder',
                title: 'Work',
                children: [node({ id: 'b', parentId: 'f', type: 'bookmark', title: 'B', url: 'https://b.example/' })],
              }),
            ],
          }),
          node({
            id: 'tags________',
            parentId: 'root________',
            type: 'folder',
            children: [
              node({
                id: 't',
                parentId: 'tags________',
                type: 'folder',
                title: 'tag',
                children: [node({ id: 'tb', parentId: 't', type: 'bookmark', url: 'https://t.example/' })],
              }),
            ],
          }),
          node({
            id: 'unfiled_____',
            parentId: 'root________',
            type: 'folder',
            children: [node({ id: 'c', parentId: 'unfiled_____', type: 'bookmark', title: 'C', url: 'https://c.example/' })],
          }),
        ],
      }),
    ];
    expect(bookmarksOf(tree)).toEqual([
      { id: 'a', title: 'A', url: 'https://a.example/', parentId: 'toolbar_____', path: ['Bookmarks Toolbar'] },
      { id: 'b', title: 'B', url: 'https://b.example/', parentId: 'f', path: ['Bookmarks Toolbar', 'Work'] },
      { id: 'c', title: 'C', url: 'https://c.example/', parentId: 'unfiled_____', path: ['Other Bookmarks'] },
    ]);
  });

  it('reads a tree 8,000 folders deep (it recursed once per level and overflowed the stack)', () => {
    const root = node({ id: 'root________', type: 'folder', children: [] });
    let parent = root;
    for (let i = 0; i < 8_000; i++) {
      const folder = node({ id: `f${i}`, parentId: parent.id, type: 'folder', title: `F${i}`, children: [] });
      parent.children!.push(folder);
      parent = folder;
    }
    parent.children!.push(node({ id: 'deep', parentId: parent.id, type: 'bookmark', title: 'Deep', url: 'https://deep.example/' }));
    const [deep] = bookmarksOf([root]);
    expect(deep?.id).toBe('deep');
    expect(deep?.path).toHaveLength(8_000);
  });
});
