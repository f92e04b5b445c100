import { describe, expect, it } from 'vitest';
import { chooseTargetFolder } from '../../../src/quick-bookmark/target-folder';
import type { BookmarkNode } from '../../../src/platform/browser';

const folder = (id: string, title: string, children: BookmarkNode[] = [], parentId = 'root________'): BookmarkNode =>
  ({ id, title, type: 'folder', parentId, children }) as BookmarkNode;

function treeWith(unfiledChildren: BookmarkNode[]): BookmarkNode[] {
  return [
    folder('root________', '', [
      folder('menu________', 'menu', [folder('work', 'Work', [], 'menu________')]),
      folder('toolbar_____', 'toolbar'),
      folder('unfiled_____', 'unfiled', unfiledChildren),
      folder('mobile______', 'mobile'),
    ]),
  ];
}

describe('chooseTargetFolder', () => {
  it('uses the folder chosen in settings', () => {
    expect(chooseTargetFolder(treeWith([]), 'work')).toEqual({ kind: 'existing', id: 'work', path: ['Bookmarks Menu', 'Work'] });
  });

  it('asks to create "Read later" under Other Bookmarks when nothing is configured and it is missing', () => {
    expect(chooseTargetFolder(treeWith([]), null)).toEqual({
      kind: 'create',
      parentId: 'unfiled_____',
      title: 'Read later',
      path: ['Other Bookmarks', 'Read later'],
    });
  });

  it('reuses an existing "Read later" folder of Other Bookmarks (not a bookmark of that name, not one elsewhere)', () => {
    const decoy = { id: 'bm', title: 'Read later', type: 'bookmark', url: 'https://x.example/', parentId: 'unfiled_____' } as BookmarkNode;
    const roots = treeWith([decoy, folder('rl', 'Read later', [], 'unfiled_____')]);
    expect(chooseTargetFolder(roots, null)).toEqual({ kind: 'existing', id: 'rl', path: ['Other Bookmarks', 'Read later'] });
  });

  it('falls back to "Read later" with a note when the configured folder was deleted', () => {
    const target = chooseTargetFolder(treeWith([]), 'gone');
    expect(target.kind).toBe('create');
    expect(target.note).toMatch(/no longer exists/);
  });

  it('never files into the invisible root, even if configured', () => {
    expect(chooseTargetFolder(treeWith([]), 'root________').kind).toBe('create');
  });
});
