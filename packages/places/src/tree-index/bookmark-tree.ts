// SPDX-License-Identifier: MPL-2.0
/**
 * A light mirror of the bookmark tree's shape in the background: parent, title, url, kind and date of every node,
 * so a search index can answer without reading the tree again (the package's PlacesIndex, tree-index.ts), give
 * each bookmark its folder path and find exactly the bookmarks under a folder that was renamed, moved or removed.
 * Paths are cached per folder. Optionally it also keeps the bookmarks by a word of their URL's host (`hostWord`:
 * an extension's lookup of the current page's copies).
 */
import type { BookmarkNode } from '../support/browser';
import { ROOT_ID, ROOT_TITLES } from '../support/browser';
import { descendants, kindOf, type NodeKind } from '../support/tree';
import { fit, IdRows, RowLists } from './id-rows';

/** One node of the mirror. */
export interface MirrorNode {
  id: string;
  parentId: string | undefined;
  title: string;
  url: string | undefined;
  kind: NodeKind;
  dateAdded: number;
}

/** Nodes as columns (a snapshot's shape): kinds as one letter each. */
export interface NodeColumns {
  ids: string[];
  parentIds: string[];
  titles: string[];
  /** '' for folders and separators. */
  urls: string[];
  /** One letter per node: f(older), b(ookmark), s(eparator). */
  kinds: string;
  dateAdded: number[];
}

export interface BookmarkTreeOptions {
  /** The word of a URL's host the bookmarks are kept by (bookmarkIdsOnHost); none kept without it. */
  hostWord?: (url: string) => string | undefined;
  /** A root folder's title in folder paths (the extension's words); Firefox's English names by default. */
  rootTitle?: (id: string) => string | undefined;
}

const englishRootTitle = (id: string): string | undefined => (ROOT_TITLES as Readonly<Record<string, string>>)[id];

const KIND_CODE = { folder: 1, bookmark: 2, separator: 3 } as const;
const CODE_KIND = [undefined, 'folder', 'bookmark', 'separator'] as const;
const KIND_LETTER = ['', 'f', 'b', 's'] as const;

/** The tree's bit in a shared IdRows. */
const HOLDER = 1;

/**
 * Kept as columns by row (id-rows.ts): a node's parent, kind and date in typed arrays, its title and URL in plain
 * arrays (the strings are getTree's own), its children and the bookmarks on a host as linked rows. A MirrorNode is
 * made when asked for: a copy, which later changes to the tree do not touch.
 */
export class BookmarkTree {
  /** Kinds by row (0: the row is not a node of the tree, only a parent named by one). */
  private kinds = new Uint8Array(0);
  /** Parent row + 1 (0: none). The parent's id is the one string `rows` keeps for it. */
  private parents = new Int32Array(0);
  private dates = new Float64Array(0);
  private titles: string[] = [];
  private urls: (string | undefined)[] = [];
  /** First child's row + 1, per row. */
  private firstChild = new Int32Array(0);
  private readonly siblings = new RowLists();
  private readonly onHost = new RowLists();
  private pathCache = new Map<string, string[]>();
  /** Bookmarks by their URL's host word (options.hostWord), kept with the tree. */
  private byHost = new Map<string, number>();

  /** `rows` may be shared with the sibling order of the same tree (one id -> row Map for both). */
  private readonly hostWord: ((url: string) => string | undefined) | undefined;
  private readonly rootTitle: (id: string) => string | undefined;

  constructor(
    readonly rows: IdRows = new IdRows(),
    options: BookmarkTreeOptions = {},
  ) {
    this.hostWord = options.hostWord;
    this.rootTitle = options.rootTitle ?? englishRootTitle;
  }

  clear(): void {
    for (let row = 0; row < this.kinds.length; row++) this.rows.release(row, HOLDER);
    this.kinds = new Uint8Array(0);
    this.parents = new Int32Array(0);
    this.dates = new Float64Array(0);
    this.titles = [];
    this.urls = [];
    this.firstChild = new Int32Array(0);
    this.pathCache.clear();
    this.byHost.clear();
  }

  /** Ids of the bookmarks whose URL has this host word (options.hostWord): the current page's candidates. */
  bookmarkIdsOnHost(word: string): string[] {
    const ids: string[] = [];
    for (const row of this.onHost.rows(this.byHost.get(word) ?? 0)) ids.push(this.rows.id(row));
    return ids;
  }

  private indexHost(row: number): void {
    const url = this.urls[row];
    if (this.kinds[row] !== KIND_CODE.bookmark || url === undefined || !this.hostWord) return;
    const word = this.hostWord(url);
    if (word === undefined) return;
    this.byHost.set(word, this.onHost.append(this.byHost.get(word) ?? 0, row));
  }

  private unindexHost(row: number): void {
    const url = this.urls[row];
    if (this.kinds[row] !== KIND_CODE.bookmark || url === undefined || !this.hostWord) return;
    const word = this.hostWord(url);
    if (word === undefined) return;
    const head = this.onHost.remove(this.byHost.get(word) ?? 0, row);
    if (head) this.byHost.set(word, head);
    else this.byHost.delete(word);
  }

  /** The row of a node the tree holds. */
  private nodeRow(id: string): number | undefined {
    const row = this.rows.row(id);
    return row !== undefined && row < this.kinds.length && this.kinds[row] !== 0 ? row : undefined;
  }

  private nodeAt(row: number): MirrorNode {
    const parent = this.parents[row]!;
    return {
      id: this.rows.id(row),
      parentId: parent === 0 ? undefined : this.rows.id(parent - 1),
      title: this.titles[row]!,
      url: this.urls[row],
      kind: CODE_KIND[this.kinds[row]!]!,
      dateAdded: this.dates[row]!,
    };
  }

  get(id: string): MirrorNode | undefined {
    const row = this.nodeRow(id);
    return row === undefined ? undefined : this.nodeAt(row);
  }

  /** A row claimed by the tree, with room in every column. */
  private claim(id: string): number {
    const row = this.rows.claim(id, HOLDER);
    const end = row + 1;
    this.kinds = fit(this.kinds, end);
    this.parents = fit(this.parents, end);
    this.dates = fit(this.dates, end);
    this.firstChild = fit(this.firstChild, end);
    return row;
  }

  /** Lets go of a row that is neither a node nor a parent of one. */
  private releaseIfUnused(row: number): void {
    if (this.kinds[row] === 0 && this.firstChild[row] === 0) this.rows.release(row, HOLDER);
  }

  private link(row: number, parentId: string | undefined): void {
    if (parentId === undefined) return;
    const parent = this.claim(parentId);
    this.parents[row] = parent + 1;
    this.firstChild[parent] = this.siblings.append(this.firstChild[parent]!, row);
  }

  private unlink(row: number): void {
    const link = this.parents[row]!;
    if (link === 0) return;
    this.parents[row] = 0;
    this.firstChild[link - 1] = this.siblings.remove(this.firstChild[link - 1]!, row);
    this.releaseIfUnused(link - 1);
  }

  /** Adds or replaces one node (not its children). */
  put(node: BookmarkNode): MirrorNode {
    this.putRow(node.id, node.parentId, node.title ?? '', node.url, kindOf(node), node.dateAdded ?? 0);
    return this.get(node.id)!;
  }

  private putRow(id: string, parentId: string | undefined, title: string, url: string | undefined, kind: NodeKind, dateAdded: number): number {
    const existing = this.nodeRow(id);
    const row = existing ?? this.claim(id);
    if (existing !== undefined) this.unindexHost(row);
    const parent = this.parents[row]!;
    if (parent === 0 || this.rows.id(parent - 1) !== parentId) {
      this.unlink(row);
      this.link(row, parentId);
    }
    if (existing !== undefined && kind === 'folder') this.pathCache.clear();
    this.kinds[row] = KIND_CODE[kind];
    this.titles[row] = title;
    this.urls[row] = url;
    this.dates[row] = dateAdded;
    this.indexHost(row);
    return row;
  }

  /** Adds a node and everything under it (as getTree or onCreated give it). Returns the ids of the bookmarks added. */
  putTree(root: BookmarkNode): string[] {
    const ids: string[] = [];
    if (!root.children?.length) {
      // One node (most onCreated events): no walk.
      const kind = kindOf(root);
      this.putRow(root.id, root.parentId, root.title ?? '', root.url, kind, root.dateAdded ?? 0);
      if (kind === 'bookmark') ids.push(root.id);
      return ids;
    }
    for (const node of descendants(root)) {
      const kind = kindOf(node);
      this.putRow(node.id, node.parentId, node.title ?? '', node.url, kind, node.dateAdded ?? 0);
      if (kind === 'bookmark') ids.push(node.id);
    }
    return ids;
  }

  /** putTree for a whole tree read from Firefox: awaits `breathe` every 256 nodes (the event loop gets turns). */
  async putTreeInSlices(root: BookmarkNode, breathe: () => Promise<void>): Promise<MirrorNode[]> {
    const bookmarks: MirrorNode[] = [];
    let n = 0;
    for (const node of descendants(root)) {
      this.putOne(node, bookmarks);
      if ((++n & 255) === 0) await breathe();
    }
    return bookmarks;
  }

  /** One node of putTree (parents come before their children). */
  private putOne(node: BookmarkNode, bookmarks: MirrorNode[]): void {
    const kind = kindOf(node);
    const row = this.putRow(node.id, node.parentId, node.title ?? '', node.url, kind, node.dateAdded ?? 0);
    if (kind === 'bookmark') bookmarks.push(this.nodeAt(row));
  }

  /** Every node, parents not necessarily first (for snapshots). */
  *nodesList(): IterableIterator<MirrorNode> {
    for (let row = 0; row < this.kinds.length; row++) if (this.kinds[row] !== 0) yield this.nodeAt(row);
  }

  /** One past the highest row a node can have: `columns` ranges go up to it. */
  get rowEnd(): number {
    return Math.min(this.kinds.length, this.rows.end);
  }

  /** The nodes in rows [from, to) as a snapshot's columns (kinds as letters: f, b, s). */
  columns(from: number, to: number): NodeColumns {
    const out: NodeColumns = { ids: [], parentIds: [], titles: [], urls: [], kinds: '', dateAdded: [] };
    const kinds: string[] = [];
    for (let row = from, end = Math.min(to, this.kinds.length); row < end; row++) {
      const kind = this.kinds[row]!;
      if (kind === 0) continue;
      const parent = this.parents[row]!;
      out.ids.push(this.rows.id(row));
      out.parentIds.push(parent === 0 ? '' : this.rows.id(parent - 1));
      out.titles.push(this.titles[row]!);
      out.urls.push(this.urls[row] ?? '');
      kinds.push(KIND_LETTER[kind]!);
      out.dateAdded.push(this.dates[row]!);
    }
    out.kinds = kinds.join('');
    return out;
  }

  /** Puts back a node from a snapshot. */
  restore(node: MirrorNode): void {
    this.putRow(node.id, node.parentId, node.title, node.url, node.kind, node.dateAdded);
  }

  setTitle(id: string, title: string): void {
    const row = this.nodeRow(id);
    if (row === undefined) return;
    this.titles[row] = title;
    if (this.kinds[row] === KIND_CODE.folder) this.pathCache.clear();
  }

  setUrl(id: string, url: string): void {
    const row = this.nodeRow(id);
    if (row === undefined) return;
    this.unindexHost(row);
    this.urls[row] = url;
    this.indexHost(row);
  }

  move(id: string, parentId: string): void {
    const row = this.nodeRow(id);
    if (row === undefined) return;
    this.unlink(row);
    this.link(row, parentId);
    if (this.kinds[row] === KIND_CODE.folder) this.pathCache.clear();
  }

  /** Removes a node and everything under it; returns the ids of the bookmarks that were removed. */
  remove(id: string): string[] {
    const row = this.nodeRow(id);
    if (row === undefined) return [];
    const removed: string[] = [];
    const folder = this.kinds[row] === KIND_CODE.folder;
    this.unlink(row);
    const stack = [row];
    while (stack.length) {
      const current = stack.pop()!;
      if (this.firstChild[current] !== 0) for (const kid of this.siblings.rows(this.firstChild[current]!)) stack.push(kid);
      if (this.kinds[current] === KIND_CODE.bookmark) removed.push(this.rows.id(current));
      // The whole list goes with its folder: links inside it are not undone one by one.
      this.parents[current] = 0;
      this.firstChild[current] = 0;
      this.unindexHost(current);
      this.kinds[current] = 0;
      this.titles[current] = '';
      this.urls[current] = undefined;
      this.rows.release(current, HOLDER);
    }
    if (folder) this.pathCache.clear();
    return removed;
  }

  /** The ids of every bookmark below a folder, at any depth. */
  bookmarkIdsUnder(folderId: string): string[] {
    const ids: string[] = [];
    const start = this.rows.row(folderId);
    if (start === undefined || start >= this.kinds.length) return ids;
    const stack = [start];
    while (stack.length) {
      for (const kid of this.siblings.rows(this.firstChild[stack.pop()!]!)) {
        const kind = this.kinds[kid];
        if (kind === KIND_CODE.bookmark) ids.push(this.rows.id(kid));
        else if (kind === KIND_CODE.folder) stack.push(kid);
      }
    }
    return ids;
  }

  /** What kind of node the tree holds under this id (undefined: none). */
  kindOf(id: string): NodeKind | undefined {
    const row = this.nodeRow(id);
    return row === undefined ? undefined : CODE_KIND[this.kinds[row]!];
  }

  /** The parent id of a node the tree holds. */
  parentIdOf(id: string): string | undefined {
    const row = this.nodeRow(id);
    const parent = row === undefined ? 0 : this.parents[row]!;
    return parent === 0 ? undefined : this.rows.id(parent - 1);
  }

  /** Every bookmark below a folder, at any depth. */
  *bookmarksUnder(folderId: string): Iterable<MirrorNode> {
    const start = this.rows.row(folderId);
    if (start === undefined || start >= this.kinds.length) return;
    const stack = [start];
    while (stack.length) {
      for (const kid of this.siblings.rows(this.firstChild[stack.pop()!]!)) {
        const kind = this.kinds[kid];
        if (kind === KIND_CODE.bookmark) yield this.nodeAt(kid);
        else if (kind === KIND_CODE.folder) stack.push(kid);
      }
    }
  }

  /** Titles of the folders from the top (below the invisible root) down to and including `folderId`. */
  folderPath(folderId: string | undefined): string[] {
    if (folderId === undefined || folderId === ROOT_ID) return [];
    const cached = this.pathCache.get(folderId);
    if (cached) return cached;
    const row = this.nodeRow(folderId);
    if (row === undefined) return [];
    const parent = this.parents[row]!;
    const path = [...this.folderPath(parent === 0 ? undefined : this.rows.id(parent - 1)), this.rootTitle(folderId) ?? this.titles[row]!];
    this.pathCache.set(folderId, path);
    return path;
  }

  /** Every folder (except the invisible root) with its path, in tree order. */
  folders(): { id: string; path: string[] }[] {
    const out: { id: string; path: string[] }[] = [];
    const visit = (row: number) => {
      for (const kid of this.siblings.rows(this.firstChild[row]!)) {
        if (this.kinds[kid] !== KIND_CODE.folder) continue;
        const id = this.rows.id(kid);
        out.push({ id, path: this.folderPath(id) });
        visit(kid);
      }
    };
    const root = this.rows.row(ROOT_ID);
    if (root !== undefined && root < this.kinds.length) visit(root);
    return out;
  }
}
