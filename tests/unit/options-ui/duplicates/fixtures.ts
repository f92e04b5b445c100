import type { DuplicateCopy, DuplicateGroup } from '../../../../src/dedup/scan-types';

export function copy(id: string, over: Partial<DuplicateCopy> = {}): DuplicateCopy {
  return { id, parentId: 'p', path: 'Bookmarks Menu › Dev', title: `Title ${id}`, url: `https://x.example/${id}`, dateAdded: 1_700_000_000_000, tags: [], visits: 0, rules: ['exact'], ...over };
}

/** n groups of `copies` copies each; group i's URL is https://site.example/i */
export function makeGroups(n: number, copies = 2): DuplicateGroup[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `https://site.example/${i}`,
    rules: i % 2 ? ['exact', 'trailing-slash'] : ['exact'],
    suggestedKeeperId: `g${i}c0`,
    copies: Array.from({ length: copies }, (_, j) =>
      copy(`g${i}c${j}`, { url: `https://site.example/${i}${j ? '/' : ''}`, path: j ? 'Other Bookmarks › Sync copy' : 'Bookmarks Toolbar', title: `Page ${i}` }),
    ),
  }));
}
