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
