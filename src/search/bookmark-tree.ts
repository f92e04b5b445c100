/**
 * A light mirror of the bookmark tree's shape in the background: parent, title and kind of every node, so the
 * search index can give each bookmark its folder path and re-index exactly the bookmarks under a folder that was
 * renamed, moved or removed, without reading the tree again. Paths are cached per folder.
 */
import { candidateSearchWord, type CandidateMirror } from '../url-matching';
import type { BookmarkNode } from '../platform/browser';
import { ROOT_ID, rootTitle } from '../platform/browser';
import { descendants, kindOf, type NodeKind } from '../platform/tree';

export interface MirrorNode {
  id: string;
  parentId: string | undefined;
  title: string;
  url: string | undefined;
  kind: NodeKind;
  dateAdded: number;
}

export class BookmarkTree implements CandidateMirror {
  private nodes = new Map<string, MirrorNode>();
  private children = new Map<string, Set<string>>();
  private pathCache = new Map<string, string[]>();
  /** Bookmark ids by their URL's host word (copies-of-url.ts), kept with the tree: the current page's lookup. */
  private byHost = new Map<string, Set<string>>();

  clear(): void {
    this.nodes.clear();
    this.children.clear();
    this.pathCache.clear();
    this.byHost.clear();
  }

  /** Ids of the bookmarks whose URL has this host word (candidateSearchWord): the current page's candidates. */
  bookmarkIdsOnHost(word: string): string[] {
    return [...(this.byHost.get(word) ?? [])];
  }

  private indexHost(node: MirrorNode): void {
    if (node.kind !== 'bookmark' || node.url === undefined) return;
    const word = candidateSearchWord(node.url);
    if (word === undefined) return;
    let set = this.byHost.get(word);
    if (!set) this.byHost.set(word, (set = new Set()));
    set.add(node.id);
  }

  private unindexHost(node: MirrorNode | undefined): void {
    if (!node || node.kind !== 'bookmark' || node.url === undefined) return;
    const word = candidateSearchWord(node.url);
    if (word !== undefined) this.byHost.get(word)?.delete(node.id);
  }

  get(id: string): MirrorNode | undefined {
    return this.nodes.get(id);
  }

  /** Adds or replaces one node (not its children). */
  put(node: BookmarkNode): MirrorNode {
    const old = this.nodes.get(node.id);
    if (old?.parentId !== undefined && old.parentId !== node.parentId) this.children.get(old.parentId)?.delete(node.id);
    const entry: MirrorNode = {
      id: node.id,
      // The parent's own id string: getTree gives every child its own copy of it.
      parentId: node.parentId === undefined ? undefined : (this.nodes.get(node.parentId)?.id ?? node.parentId),
      title: node.title ?? '',
      url: node.url,
      kind: kindOf(node),
      dateAdded: node.dateAdded ?? 0,
    };
    this.unindexHost(old);
    this.nodes.set(node.id, entry);
    this.indexHost(entry);
    if (node.parentId !== undefined) {
      let set = this.children.get(node.parentId);
      if (!set) this.children.set(node.parentId, (set = new Set()));
      set.add(node.id);
    }
    if (entry.kind === 'folder' && old) this.pathCache.clear();
    return entry;
  }

  /** Adds a node and everything under it (as getTree or onCreated give it). Returns the bookmarks added. */
  putTree(root: BookmarkNode): MirrorNode[] {
    const bookmarks: MirrorNode[] = [];
    for (const node of descendants(root)) this.putOne(node, bookmarks);
    return bookmarks;
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
    const entry = this.put(node);
    if (entry.kind === 'bookmark') bookmarks.push(entry);
  }

  /** Every node, parents not necessarily first (for snapshots). */
  nodesList(): IterableIterator<MirrorNode> {
    return this.nodes.values();
  }

  /** Puts back a node from a snapshot. */
  restore(node: MirrorNode): void {
    this.unindexHost(this.nodes.get(node.id));
    const entry = { ...node, parentId: node.parentId === undefined ? undefined : (this.nodes.get(node.parentId)?.id ?? node.parentId) };
    this.nodes.set(node.id, entry);
    this.indexHost(entry);
    if (node.parentId !== undefined) {
      let set = this.children.get(node.parentId);
      if (!set) this.children.set(node.parentId, (set = new Set()));
      set.add(node.id);
    }
  }

  setTitle(id: string, title: string): void {
    const node = this.nodes.get(id);
    if (!node) return;
    node.title = title;
    if (node.kind === 'folder') this.pathCache.clear();
  }

  setUrl(id: string, url: string): void {
    const node = this.nodes.get(id);
    if (!node) return;
    this.unindexHost(node);
    node.url = url;
    this.indexHost(node);
  }

  move(id: string, parentId: string): void {
    const node = this.nodes.get(id);
    if (!node) return;
    if (node.parentId !== undefined) this.children.get(node.parentId)?.delete(id);
    node.parentId = parentId;
    let set = this.children.get(parentId);
    if (!set) this.children.set(parentId, (set = new Set()));
    set.add(id);
    if (node.kind === 'folder') this.pathCache.clear();
  }

  /** Removes a node and everything under it; returns the bookmarks that were removed. */
  remove(id: string): MirrorNode[] {
    const node = this.nodes.get(id);
    if (!node) return [];
    const removed = [...this.bookmarksUnder(id)];
    if (node.kind === 'bookmark') removed.push(node);
    const stack = [id];
    while (stack.length) {
      const current = stack.pop()!;
      const kids = this.children.get(current);
      if (kids) stack.push(...kids);
      this.children.delete(current);
      this.unindexHost(this.nodes.get(current));
      this.nodes.delete(current);
    }
    if (node.parentId !== undefined) this.children.get(node.parentId)?.delete(id);
    if (node.kind === 'folder') this.pathCache.clear();
    return removed;
  }

  /** Every bookmark below a folder, at any depth. */
  *bookmarksUnder(folderId: string): Iterable<MirrorNode> {
    const stack = [folderId];
    while (stack.length) {
      const kids = this.children.get(stack.pop()!);
      if (!kids) continue;
      for (const kid of kids) {
        const node = this.nodes.get(kid)!;
        if (node.kind === 'bookmark') yield node;
        else if (node.kind === 'folder') stack.push(kid);
      }
    }
  }

  /** Titles of the folders from the top (below the invisible root) down to and including `folderId`. */
  folderPath(folderId: string | undefined): string[] {
    if (folderId === undefined || folderId === ROOT_ID) return [];
    const cached = this.pathCache.get(folderId);
    if (cached) return cached;
    const node = this.nodes.get(folderId);
    if (!node) return [];
    const path = [...this.folderPath(node.parentId), rootTitle(folderId) ?? node.title];
    this.pathCache.set(folderId, path);
    return path;
  }

  /** Every folder (except the invisible root) with its path, in tree order. */
  folders(): { id: string; path: string[] }[] {
    const out: { id: string; path: string[] }[] = [];
    const visit = (id: string) => {
      for (const kid of this.children.get(id) ?? []) {
        const node = this.nodes.get(kid)!;
        if (node.kind !== 'folder') continue;
        out.push({ id: kid, path: this.folderPath(kid) });
        visit(kid);
      }
    };
    visit(ROOT_ID);
    return out;
  }
}
