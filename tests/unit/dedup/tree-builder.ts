/** Builds bookmarks.getTree()-shaped trees for the dedup unit tests. */
import fc from 'fast-check';
import type { BookmarkNode } from '../../../src/platform/browser';
import { MENU_ID, MOBILE_ID, ROOT_ID, TOOLBAR_ID, UNFILED_ID } from '../../../src/platform/browser';

export type Spec =
  | { kind: 'bookmark'; url: string; title?: string; id?: string; dateAdded?: number }
  | { kind: 'folder'; title: string; children: Spec[]; id?: string; dateAdded?: number }
  | { kind: 'separator'; id?: string };

export const bm = (url: string, title = '', extra: { id?: string; dateAdded?: number } = {}): Spec => ({ kind: 'bookmark', url, title, ...extra });
export const folder = (title: string, children: Spec[], extra: { id?: string; dateAdded?: number } = {}): Spec => ({ kind: 'folder', title, children, ...extra });
export const sep = (): Spec => ({ kind: 'separator' });

export interface Roots {
  menu?: Spec[];
  toolbar?: Spec[];
  unfiled?: Spec[];
  mobile?: Spec[];
}

/** A tree like getTree() returns; ids are "b1", "f2", ... unless given; dateAdded grows in tree order. */
export function buildTree(roots: Roots): BookmarkNode[] {
  let next = 1;
  const build = (spec: Spec, parentId: string, index: number): BookmarkNode => {
    const n = next++;
    if (spec.kind === 'separator') {
      return { id: spec.id ?? `s${n}`, parentId, index, title: '', type: 'separator', url: 'data:', dateAdded: 1000 + n };
    }
    if (spec.kind === 'bookmark') {
      return { id: spec.id ?? `b${n}`, parentId, index, title: spec.title ?? '', type: 'bookmark', url: spec.url, dateAdded: spec.dateAdded ?? 1000 + n };
    }
    const id = spec.id ?? `f${n}`;
    return {
      id,
      parentId,
      index,
      title: spec.title,
      type: 'folder',
      dateAdded: spec.dateAdded ?? 1000 + n,
      children: spec.children.map((c, i) => build(c, id, i)),
    };
  };
  const root = (id: string, title: string, specs: Spec[] | undefined, index: number): BookmarkNode => ({
    id,
    parentId: ROOT_ID,
    index,
    title,
    type: 'folder',
    dateAdded: 1,
    children: (specs ?? []).map((c, i) => build(c, id, i)),
  });
  return [
    {
      id: ROOT_ID,
      title: '',
      type: 'folder',
      dateAdded: 1,
      children: [
        root(MENU_ID, 'Bookmarks Menu', roots.menu, 0),
        root(TOOLBAR_ID, 'Bookmarks Toolbar', roots.toolbar, 1),
        root(UNFILED_ID, 'Other Bookmarks', roots.unfiled, 2),
        root(MOBILE_ID, 'Mobile Bookmarks', roots.mobile, 3),
      ],
    },
  ];
}

/** Every node of a tree, by id. */
export function nodesById(tree: BookmarkNode[]): Map<string, BookmarkNode> {
  const map = new Map<string, BookmarkNode>();
  const stack = [...tree];
  while (stack.length) {
    const n = stack.pop()!;
    map.set(n.id, n);
    if (n.children) stack.push(...n.children);
  }
  return map;
}

/** Random roots made of `spec` trees where some folders appear twice (copied), as sync does (property tests). */
export function rootsWithCopiedFolders(spec: fc.Arbitrary<Spec>): fc.Arbitrary<Roots> {
  return fc
    .record({
      menu: fc.array(spec, { maxLength: 6 }),
      toolbar: fc.array(spec, { maxLength: 4 }),
      unfiled: fc.array(spec, { maxLength: 4 }),
      copies: fc.array(fc.nat(), { maxLength: 3 }),
    })
    .map(({ menu, toolbar, unfiled, copies }) => {
      const folders = [...menu, ...toolbar].filter((s) => s.kind === 'folder');
      const copied = folders.length ? copies.map((i) => folders[i % folders.length]!) : [];
      return { menu, toolbar, unfiled: [...unfiled, ...copied] };
    });
}
