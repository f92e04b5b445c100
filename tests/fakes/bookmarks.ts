/**
 * In-memory browser.bookmarks, faithful to Firefox (Places behind ext-bookmarks): the fixed roots, 12-character
 * GUIDs, index shifting, Firefox's move rule (the index is the final position), one onRemoved per removeTree, one
 * onChanged per changed property, search semantics and Firefox's error strings. Every fact is pinned by a case in
 * tests/contract/cases.ts that also runs in real Firefox.
 */
import type { BookmarkNode } from '../../src/platform/browser';
import type { EventHub } from './events';
import { GUID_PATTERN } from './ids';

export const ROOT = 'root________';
export const MENU = 'menu________';
export const TOOLBAR = 'toolbar_____';
export const TAGS = 'tags________';
export const UNFILED = 'unfiled_____';
export const MOBILE = 'mobile______';
const ROOTS = [ROOT, MENU, TOOLBAR, TAGS, UNFILED, MOBILE];

/** Firefox's error messages, word for word (measured in Firefox ESR by the contract suite). */
export const BookmarkErrors = {
  notFound: 'No bookmarks found for the provided GUID',
  parentInvalid: 'parentGuid must be valid',
  nonEmptyFolder: 'Cannot remove a non-empty folder.',
  rootModify: 'The bookmark root cannot be modified',
  folderIntoItself: 'Cannot insert a folder into itself or one of its descendants',
  invalidBookmark: (info: Record<string, unknown>) => `Invalid bookmark: ${JSON.stringify(info)}`,
} as const;

export type BookmarkType = 'bookmark' | 'folder' | 'separator';

interface StoredNode {
  id: string;
  parentId: string | undefined;
  type: BookmarkType;
  title: string;
  url?: string;
  dateAdded: number;
  /** Folders only: last change of the folder or its direct children. */
  dateGroupModified?: number;
  /** Folders only: child ids in order. */
  children?: string[];
}

export interface CreateDetails {
  parentId?: string;
  index?: number;
  title?: string;
  url?: string;
  type?: BookmarkType;
}

export interface SearchQuery {
  query?: string;
  url?: string;
  title?: string;
}

export interface FakeBookmarksOptions {
  hub: EventHub;
  now: () => number;
  newGuid: () => string;
}

function fail(message: string): never {
  throw new Error(message);
}

function parseUrl(url: string): string | null {
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

/** The words of a search string, as Places' AUTOCOMPLETE_MATCH splits it. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

export function createFakeBookmarks({ hub, now, newGuid }: FakeBookmarksOptions) {
  const nodes = new Map<string, StoredNode>();
  const rootTitles: Record<string, string> = {
    [ROOT]: '',
    [MENU]: 'Bookmarks Menu',
    [TOOLBAR]: 'Bookmarks Toolbar',
    [TAGS]: 'Tags',
    [UNFILED]: 'Other Bookmarks',
    [MOBILE]: 'Mobile Bookmarks',
  };
  const start = now();
  nodes.set(ROOT, { id: ROOT, parentId: undefined, type: 'folder', title: '', dateAdded: start, dateGroupModified: start, children: [] });
  for (const id of [MENU, TOOLBAR, TAGS, UNFILED, MOBILE]) {
    nodes.set(id, { id, parentId: ROOT, type: 'folder', title: rootTitles[id], dateAdded: start, dateGroupModified: start, children: [] });
    nodes.get(ROOT)!.children!.push(id);
  }

  const events = {
    onCreated: hub.event<(id: string, node: BookmarkNode) => void>(),
    onRemoved: hub.event<(id: string, info: { parentId: string; index: number; node: BookmarkNode }) => void>(),
    onChanged: hub.event<(id: string, info: { title?: string; url?: string }) => void>(),
    onMoved: hub.event<(id: string, info: { parentId: string; index: number; oldParentId: string; oldIndex: number }) => void>(),
    onChildrenReordered: hub.event<(id: string, info: { childIds: string[] }) => void>(),
    onImportBegan: hub.event<() => void>(),
    onImportEnded: hub.event<() => void>(),
  };

  const find = (id: unknown): StoredNode | undefined => (typeof id === 'string' ? nodes.get(id) : undefined);
  const mustFind = (id: unknown): StoredNode => find(id) ?? fail(BookmarkErrors.notFound);
  const indexOf = (node: StoredNode): number => (node.parentId ? nodes.get(node.parentId)!.children!.indexOf(node.id) : 0);
  const isHidden = (node: StoredNode): boolean => node.id === TAGS || (node.parentId !== undefined && isHidden(nodes.get(node.parentId)!));

  function toApi(node: StoredNode, depth: 'node' | 'tree'): BookmarkNode {
    const out: BookmarkNode = { id: node.id, title: node.title, index: indexOf(node), dateAdded: node.dateAdded, type: node.type };
    if (node.parentId !== undefined) out.parentId = node.parentId;
    if (node.type === 'bookmark') out.url = node.url;
    if (node.type === 'separator') out.url = 'data:';
    if (node.type === 'folder') {
      out.dateGroupModified = node.dateGroupModified;
      if (depth === 'tree') {
        out.children = node.children!.map((id) => nodes.get(id)!).filter((c) => !isHidden(c)).map((c) => toApi(c, 'tree'));
      }
    }
    return out;
  }

  /** The node as Firefox reports it in onRemoved (no children, even for a folder). */
  function removedNode(node: StoredNode, index: number, parentId: string): BookmarkNode {
    const out: BookmarkNode = { id: node.id, parentId, index, title: node.title, dateAdded: node.dateAdded, type: node.type };
    if (node.type === 'bookmark') out.url = node.url;
    if (node.type === 'separator') out.url = 'data:';
    return out;
  }

  function isAncestorOrSelf(ancestorId: string, node: StoredNode): boolean {
    for (let n: StoredNode | undefined = node; n; n = n.parentId ? nodes.get(n.parentId) : undefined) {
      if (n.id === ancestorId) return true;
    }
    return false;
  }

  function touch(folder: StoredNode): void {
    folder.dateGroupModified = now();
  }

  function detach(node: StoredNode): { parentId: string; index: number } {
    const parent = nodes.get(node.parentId!)!;
    const index = parent.children!.indexOf(node.id);
    parent.children!.splice(index, 1);
    touch(parent);
    return { parentId: parent.id, index };
  }

  function dropSubtree(node: StoredNode): void {
    for (const childId of node.children ?? []) dropSubtree(nodes.get(childId)!);
    nodes.delete(node.id);
  }

  function clampIndex(index: number | undefined, length: number): number {
    return index === undefined || index === null || index < 0 || index > length ? length : index;
  }

  const api = {
    ...events,

    async get(idOrIds: string | string[]): Promise<BookmarkNode[]> {
      const ids = Array.isArray(idOrIds) ? idOrIds : [idOrIds];
      return ids.map((id) => toApi(mustFind(id), 'node'));
    },

    async getChildren(id: string): Promise<BookmarkNode[]> {
      const node = mustFind(id);
      if (node.type !== 'folder') return [];
      return node.children!.map((c) => nodes.get(c)!).filter((c) => !isHidden(c)).map((c) => toApi(c, 'node'));
    },

    async getTree(): Promise<BookmarkNode[]> {
      return [toApi(nodes.get(ROOT)!, 'tree')];
    },

    async getSubTree(id: string): Promise<BookmarkNode[]> {
      return [toApi(mustFind(id), 'tree')];
    },

    async getRecent(numberOfItems: number): Promise<BookmarkNode[]> {
      if (!Number.isInteger(numberOfItems) || numberOfItems < 1) {
        fail(`Type error for parameter numberOfItems (Integer ${numberOfItems} is too small (must be at least 1)) for bookmarks.getRecent.`);
      }
      return [...nodes.values()]
        .filter((n) => n.type === 'bookmark' && !isHidden(n))
        .map((n, order) => ({ n, order }))
        .sort((a, b) => b.n.dateAdded - a.n.dateAdded || b.order - a.order)
        .slice(0, numberOfItems)
        .map(({ n }) => toApi(n, 'node'));
    },

    async search(query: string | SearchQuery): Promise<BookmarkNode[]> {
      const q: SearchQuery = typeof query === 'string' ? { query } : { ...query };
      const wanted = q.query !== undefined ? words(q.query) : [];
      const url = q.url !== undefined ? parseUrl(q.url) ?? fail(`Invalid URL: ${q.url}`) : undefined;
      return [...nodes.values()]
        .filter((n) => !ROOTS.includes(n.id) && !isHidden(n))
        .filter((n) => {
          if (q.title !== undefined && q.title !== '' && n.title !== q.title) return false;
          if (url !== undefined && n.url !== url) return false;
          if (wanted.length > 0) {
            if (n.type !== 'bookmark') return false;
            const haystack = `${n.url} ${n.title}`.toLowerCase();
            if (!wanted.every((w) => haystack.includes(w))) return false;
          }
          return n.type !== 'separator';
        })
        .map((n) => toApi(n, 'node'));
    },

    async create(details: CreateDetails): Promise<BookmarkNode> {
      const parentId = details.parentId ?? UNFILED;
      const type: BookmarkType = details.type ?? (details.url !== undefined ? 'bookmark' : 'folder');
      const title = type === 'separator' ? '' : details.title ?? '';
      let url: string | undefined;
      if (type === 'bookmark') {
        url = parseUrl(details.url ?? '') ?? fail(BookmarkErrors.invalidBookmark({ title, type, url: details.url, parentGuid: parentId }));
      }
      const parent = find(parentId);
      if (!parent || parent.type !== 'folder' || parent.id === ROOT) fail(BookmarkErrors.parentInvalid);
      const id = newGuid();
      const time = now();
      const node: StoredNode = { id, parentId: parent.id, type, title, dateAdded: time };
      if (url !== undefined) node.url = url;
      if (type === 'folder') {
        node.children = [];
        node.dateGroupModified = time;
      }
      nodes.set(id, node);
      const index = clampIndex(details.index, parent.children!.length);
      parent.children!.splice(index, 0, id);
      touch(parent);
      const created = toApi(node, 'node');
      events.onCreated.emit(id, created);
      return toApi(node, 'node');
    },

    async move(id: string, destination: { parentId?: string; index?: number }): Promise<BookmarkNode> {
      const node = mustFind(id);
      if (ROOTS.includes(node.id)) fail(BookmarkErrors.rootModify);
      const newParent = destination.parentId === undefined ? nodes.get(node.parentId!)! : find(destination.parentId);
      if (!newParent || newParent.type !== 'folder' || newParent.id === ROOT) fail(BookmarkErrors.parentInvalid);
      if (isAncestorOrSelf(node.id, newParent)) fail(BookmarkErrors.folderIntoItself);
      const oldParentId = node.parentId!;
      const oldIndex = indexOf(node);
      detach(node);
      const index = clampIndex(destination.index, newParent.children!.length);
      newParent.children!.splice(index, 0, node.id);
      node.parentId = newParent.id;
      touch(newParent);
      if (newParent.id !== oldParentId || index !== oldIndex) {
        events.onMoved.emit(node.id, { parentId: newParent.id, index, oldParentId, oldIndex });
      }
      return toApi(node, 'node');
    },

    async update(id: string, changes: { title?: string; url?: string }): Promise<BookmarkNode> {
      const node = mustFind(id);
      if (ROOTS.includes(node.id)) fail(BookmarkErrors.rootModify);
      let url: string | undefined;
      if (changes.url !== undefined) {
        if (node.type !== 'bookmark') fail(BookmarkErrors.invalidBookmark({ guid: id, url: changes.url }));
        url = parseUrl(changes.url) ?? fail(BookmarkErrors.invalidBookmark({ guid: id, url: changes.url }));
      }
      const titleChanged = changes.title !== undefined && node.type !== 'separator' && changes.title !== node.title;
      const urlChanged = url !== undefined && url !== node.url;
      if (titleChanged) node.title = changes.title!;
      if (urlChanged) node.url = url;
      if (titleChanged) events.onChanged.emit(node.id, { title: node.title });
      if (urlChanged) events.onChanged.emit(node.id, { url: node.url });
      return toApi(node, 'node');
    },

    async remove(id: string): Promise<void> {
      const node = mustFind(id);
      if (ROOTS.includes(node.id)) fail(BookmarkErrors.rootModify);
      if (node.type === 'folder' && node.children!.length > 0) fail(BookmarkErrors.nonEmptyFolder);
      removeNode(node);
    },

    async removeTree(id: string): Promise<void> {
      const node = mustFind(id);
      if (ROOTS.includes(node.id)) fail(BookmarkErrors.rootModify);
      removeNode(node);
    },
  };

  function removeNode(node: StoredNode): void {
    const { parentId, index } = detach(node);
    const gone = removedNode(node, index, parentId);
    dropSubtree(node);
    events.onRemoved.emit(node.id, { parentId, index, node: gone });
  }

  return {
    api,
    /** All live bookmarks with a URL (for history/tab helpers and tests). */
    urls(): string[] {
      return [...nodes.values()].filter((n) => n.type === 'bookmark').map((n) => n.url!);
    },
  };
}

export type FakeBookmarks = ReturnType<typeof createFakeBookmarks>['api'];
