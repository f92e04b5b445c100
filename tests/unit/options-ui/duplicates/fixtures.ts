import type { DuplicateCopy, DuplicateGroup } from '../../../../src/dedup/scan/scan-types';

export function copy(id: string, over: Partial<DuplicateCopy> = {}): DuplicateCopy {
  return {
    id,
    parentId: 'p',
    path: 'Bookmarks Menu › Dev',
    title: `Title ${id}`,
    url: `https://x.example/${id}`,
    dateAdded: 1_700_000_000_000,
    index: 0,
    siblings: 1,
    tags: [],
    visits: 0,
    rules: ['exact'],
    ...over,
  };
}

/** n groups of `copies` copies each; group i's URL is https://site.example/i; copy 0 in the toolbar, the others in Sync copy. */
export function makeGroups(n: number, copies = 2): DuplicateGroup[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `https://site.example/${i}`,
    rules: i % 2 ? ['exact', 'trailing-slash'] : ['exact'],
    suggestedKeeperId: `g${i}c0`,
    keptBecause: [{ rule: 'preferredFolder', rank: 0 }],
    copies: Array.from({ length: copies }, (_, j) =>
      copy(`g${i}c${j}`, {
        url: `https://site.example/${i}${j ? '/' : ''}`,
        parentId: j ? 'sync' : 'toolbar_____',
        path: j ? 'Other Bookmarks › Sync copy' : 'Bookmarks Toolbar',
        index: j ? j - 1 : i,
        siblings: j ? copies - 1 : n,
        title: `Page ${i}`,
      }),
    ),
  }));
}

/** One group of `n` copies spread over folders "Folder 0", "Folder 1", … (`perFolder` each), the first kept. */
export function bigGroup(n: number, perFolder: number): DuplicateGroup {
  return {
    key: 'https://big.example/page',
    rules: ['exact'],
    suggestedKeeperId: 'big0',
    keptBecause: [{ rule: 'oldest' }],
    copies: Array.from({ length: n }, (_, j) => {
      const f = Math.floor(j / perFolder);
      return copy(`big${j}`, {
        url: 'https://big.example/page',
        parentId: `folder${f}`,
        path: `Other Bookmarks › Synced › Folder ${f}`,
        index: j % perFolder,
        siblings: perFolder,
        title: 'Big page',
        dateAdded: 1_700_000_000_000 + j * 60_000,
      });
    }),
  };
}
