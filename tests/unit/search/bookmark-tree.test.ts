import { describe, expect, it } from 'vitest';
import { BookmarkTree } from '../../../src/search/bookmark-tree';

describe('BookmarkTree.folderPath', () => {
  it('names the roots as Firefox shows them, not with the titles the API reports (review: the popup showed raw root titles)', () => {
    const tree = new BookmarkTree();
    tree.put({ id: 'root________', title: '', type: 'folder' });
    tree.put({ id: 'toolbar_____', parentId: 'root________', title: 'toolbar', type: 'folder' });
    tree.put({ id: 'f1', parentId: 'toolbar_____', title: 'Dev', type: 'folder' });
    expect(tree.folderPath('f1')).toEqual(['Bookmarks Toolbar', 'Dev']);
    expect(tree.folderPath('toolbar_____')).toEqual(['Bookmarks Toolbar']);
  });
});
