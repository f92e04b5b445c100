/**
 * In-memory browser.bookmarks, faithful to Firefox ESR (Places behind ext-bookmarks), as measured by the contract
 * suite (tests/contract/cases/ runs the same checks against this fake and real Firefox):
 * - roots root________ > menu________ (0), toolbar_____ (1), [tags________ (2), hidden], unfiled_____ (3),
 *   mobile______ (4), with localized titles; 12-character GUIDs; returned nodes are copies.
 * - positions are stored as Places stores them and changed with Places' own shifting rules, so the index is
 *   usually dense, but not always: a move to another folder whose index equals the old index skips the clamp
 *   (Places drops the "unchanged" index) and can leave a gap, exactly as in Firefox; a removal renumbers the
 *   folder densely again.
 * - move: the index is the final position (same folder: clamped to the last slot); a move that ends where it
 *   started fires nothing.
 * - removeTree fires one onRemoved; update fires one onChanged per changed property, title before url.
 * - search: words (AND), case-insensitive, anywhere in title or URL, folders included, in creation order.
 * - Firefox's quirks are kept: error texts differ per method, schema errors throw synchronously, and a bookmark
 *   is accepted as a parent (its children are then invisible to getTree/getChildren).
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
const USER_ROOTS = [MENU, TOOLBAR, TAGS, UNFILED, MOBILE];

/** Firefox's error messages, word for word (measured in Firefox ESR; see tests/contract/cases/). */
export const BookmarkErrors = {
  getNotFound: 'Bookmark not found',
  removeNotFound: 'No bookmarks found for the provided GUID.',
  changeNotFound: 'No bookmarks found for the provided GUID',
  parentNotFound: 'No bookmarks found for the provided parentGuid',
  parentInvalid: 'parentGuid must be valid',
  nonEmptyFolder: 'Cannot remove a non-empty folder.',
  rootModify: 'The bookmark root cannot be modified',
  rootMove: "It's not possible to move Places root folders.",
  folderIntoItself: 'Cannot insert a folder into itself or one of its descendants',
  getChildrenNotFound: `can't access property "children", root is null`,
  getSubTreeNotFound: `can't access property "guid", node is null`,
  unexpected: 'An unexpected error occurred',
  /** A move whose item was removed between the move's read and its transaction. */
  moveVanished: `can't access property "tags", details is undefined`,
  invalidBookmark: (info: Record<string, unknown>) => `Invalid bookmark: ${JSON.stringify(info)}`,
  invalidGuid: (method: string, guid: unknown) => `Bookmarks.sys.mjs: ${method}: Invalid value for property 'guid': ${JSON.stringify(guid)}`,
  invalidProperty: (method: string, property: string, value: unknown) =>
    `Bookmarks.sys.mjs: ${method}: Invalid value for property '${property}': ${JSON.stringify(value)}`,
  schema: (parameter: string, detail: string, method: string) => `Type error for parameter ${parameter} (${detail}) for bookmarks.${method}.`,
} as const;

export type BookmarkType = 'bookmark' | 'folder' | 'separator';
const PLACES_TYPE: Record<BookmarkType, number> = { bookmark: 1, folder: 2, separator: 3 };

interface StoredNode {
  id: string;
  /** Undefined for the root, and for the orphans Firefox leaves when a bookmark that was used as a parent goes. */
  parentId: string | undefined;
  /** The position in the parent (moz_bookmarks.position); usually the index among siblings, not always. */
  position: number;
  type: BookmarkType;
  /** The title as stored; the user roots show a localized title instead. */
  title: string;
  url?: string;
  dateAdded: number;
  dateGroupModified?: number;
  /** Child ids ordered by position. Firefox accepts children even under a bookmark (they are then invisible). */
  children: string[];
}

export interface CreateDetails {
  parentId?: string;
  index?: number;
  title?: string;
  url?: string;
  type?: BookmarkType;
}

/** A call to browser.bookmarks as it is made (before any check), for tests that interleave other writers. */
export interface BookmarkCall {
  method: 'get' | 'getChildren' | 'getSubTree' | 'getTree' | 'getRecent' | 'search' | 'create' | 'move' | 'update' | 'remove' | 'removeTree';
  args: unknown[];
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

/** Localized titles Firefox shows for the roots (the stored titles are "menu", "toolbar", ...). */
const ROOT_DISPLAY_TITLES: Record<string, string> = {
  [ROOT]: '',
  [MENU]: 'Bookmarks Menu',
  [TOOLBAR]: 'Bookmarks Toolbar',
  [TAGS]: 'tags',
  [UNFILED]: 'Other Bookmarks',
  [MOBILE]: 'Mobile Bookmarks',
};
const ROOT_STORED_TITLES: Record<string, string> = { [ROOT]: '', [MENU]: 'menu', [TOOLBAR]: 'toolbar', [TAGS]: 'tags', [UNFILED]: 'unfiled', [MOBILE]: 'mobile' };

function fail(message: string): never {
  throw new Error(message);
}

/** Firefox checks the parameters against the API schema before anything runs, and throws synchronously. */
function checkIndex(index: unknown, parameter: string, method: string): void {
  if (index === undefined || index === null) return;
  if (typeof index !== 'number' || !Number.isInteger(index))
    fail(BookmarkErrors.schema(parameter, `Error processing index: Expected integer instead of ${JSON.stringify(index)}`, method));
  if (index < 0) fail(BookmarkErrors.schema(parameter, `Error processing index: Integer ${index} is too small (must be at least 0)`, method));
}

function checkString(value: unknown, parameter: string, method: string): void {
  if (typeof value !== 'string') fail(BookmarkErrors.schema(parameter, `Expected string instead of ${JSON.stringify(value)}`, method));
}

function parseUrl(url: string): string | null {
  if (url.length === 0 || url.length > 65536) return null;
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

/** The words of a search string, as Places' AUTOCOMPLETE_MATCH splits it (on whitespace, case-insensitive). */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

export function createFakeBookmarks({ hub, now, newGuid }: FakeBookmarksOptions) {
  const nodes = new Map<string, StoredNode>();
  const start = now();
  for (const id of [ROOT, ...USER_ROOTS]) {
    const parentId = id === ROOT ? undefined : ROOT;
    const position = parentId ? nodes.get(ROOT)!.children.length : 0;
    nodes.set(id, { id, parentId, position, type: 'folder', title: ROOT_STORED_TITLES[id], dateAdded: start, dateGroupModified: start, children: [] });
    if (parentId) nodes.get(ROOT)!.children.push(id);
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

  const find = (id: string): StoredNode | undefined => nodes.get(id);
  const parentOf = (node: StoredNode): StoredNode | undefined => (node.parentId === undefined ? undefined : nodes.get(node.parentId));
  const indexOf = (node: StoredNode): number => node.position;
  const displayTitle = (node: StoredNode): string => (Object.hasOwn(ROOT_DISPLAY_TITLES, node.id) ? ROOT_DISPLAY_TITLES[node.id] : node.title);
  /** Tag folders and tag entries live under the tags root; Firefox keeps them out of trees and searches. */
  const underTags = (node: StoredNode): boolean => node.parentId === TAGS || (node.parentId !== undefined && parentOf(node)?.parentId === TAGS);

  function toApi(node: StoredNode, depth: 'node' | 'tree'): BookmarkNode {
    const out: BookmarkNode = { id: node.id, title: displayTitle(node), index: indexOf(node), dateAdded: node.dateAdded, type: node.type };
    // Firefox sets parentId and url as own keys even when undefined (the root's parentId, a folder's url).
    if (node.type === 'folder' || parentOf(node)) out.parentId = parentOf(node) ? node.parentId : undefined;
    out.url = node.type === 'bookmark' ? node.url : node.type === 'separator' ? 'data:' : undefined;
    if (node.type === 'folder') {
      out.dateGroupModified = node.dateGroupModified;
      if (depth === 'tree') out.children = visibleChildren(node).map((c) => toApi(c, 'tree'));
    }
    return out;
  }

  function visibleChildren(node: StoredNode): StoredNode[] {
    if (node.type !== 'folder') return [];
    return node.children.map((id) => nodes.get(id)!).filter((c) => c.id !== TAGS);
  }

  /** The node Firefox passes to onRemoved: no dateAdded, no children. */
  function removedNode(node: StoredNode, parentId: string, index: number): BookmarkNode {
    const url = node.type === 'bookmark' ? node.url : node.type === 'separator' ? 'data:' : undefined;
    return { id: node.id, parentId, index, type: node.type, title: node.title, url };
  }

  function isAncestorOrSelf(ancestorId: string, node: StoredNode | undefined): boolean {
    for (let n = node; n; n = parentOf(n)) if (n.id === ancestorId) return true;
    return false;
  }

  /** The first slot of `parent.children` whose position is >= `position` (children are kept ordered by position). */
  function lowerBound(parent: StoredNode, position: number): number {
    let low = 0;
    let high = parent.children.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (nodes.get(parent.children[mid])!.position < position) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Adds `delta` to the positions within [low, high] (Places' UPDATE ... SET position = position + delta). */
  function shift(parent: StoredNode, low: number, high: number, delta: number): void {
    for (let i = lowerBound(parent, low); i < parent.children.length; i++) {
      const child = nodes.get(parent.children[i])!;
      if (child.position > high) break;
      child.position += delta;
    }
  }

  function takeOut(parent: StoredNode, node: StoredNode): void {
    parent.children.splice(lowerBound(parent, node.position), 1);
  }

  function putIn(parent: StoredNode, node: StoredNode, position: number): void {
    node.parentId = parent.id;
    node.position = position;
    parent.children.splice(lowerBound(parent, position), 0, node.id);
  }

  /** Places' insert: clamp to the child count, shift the rest up, take the slot. */
  function insertAt(parent: StoredNode, node: StoredNode, index: number | undefined | null): void {
    const count = parent.children.length;
    const position = index === undefined || index === null || index > count ? count : index;
    shift(parent, position, Infinity, +1);
    putIn(parent, node, position);
    parent.dateGroupModified = now();
  }

  function removeSubtree(node: StoredNode, keepOrphans: boolean): void {
    for (const childId of node.children) {
      const child = nodes.get(childId)!;
      if (keepOrphans) child.parentId = undefined;
      else removeSubtree(child, false);
    }
    nodes.delete(node.id);
  }

  /**
   * Places' connection, as measured in Firefox ESR (tests/contract, the "concurrent calls" cases): statements run
   * one after another on one FIFO queue, one per microtask, and a call queues its next statement only when its
   * previous one finished. A write first reads what it needs (remove/removeTree/update: the item; create: the
   * parent; move: the item, then the new parent); its transaction then waits for the transaction before it and
   * takes two statements, the change landing in the last one, which also notifies the listeners before the call
   * resolves. Reads of other calls run between a transaction's statements. So calls made at the same moment
   * interleave as in Firefox: a transaction acts on what the others left (an orphan, an item already gone), and a
   * removal notifies the node its own read saw, not the one it deleted.
   */
  const queue: (() => void)[] = [];
  let draining = false;
  const drain = () => {
    queue.shift()?.();
    if (queue.length) queueMicrotask(drain);
    else draining = false;
  };
  const step = <T>(body: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        try {
          resolve(body());
        } catch (error) {
          reject(error);
        }
      });
      if (!draining) {
        draining = true;
        queueMicrotask(drain);
      }
    });
  let lastTransaction: Promise<void> = Promise.resolve();
  /** A write's transaction: after the one before it, two statements, the change (and its notification) in the last. */
  const transaction = async <T>(change: () => T): Promise<T> => {
    const before = lastTransaction;
    let release!: () => void;
    lastTransaction = new Promise<void>((resolve) => (release = resolve));
    await before;
    try {
      await step(() => undefined);
      return await step(change);
    } finally {
      release();
    }
  };
  /** A read: one step (after the synchronous schema checks). */
  const later = step;
  /** Who is calling: observers see every call as it is made (tests interleave other writers with it). */
  const callObservers = new Set<(call: BookmarkCall) => void>();
  const announce = (method: BookmarkCall['method'], args: unknown[]) => {
    for (const observer of [...callObservers]) observer({ method, args });
  };

  function get(idOrIdList: string | string[]): Promise<BookmarkNode[]> {
    announce('get', [idOrIdList]);
    const ids = Array.isArray(idOrIdList) ? idOrIdList : [idOrIdList];
    if (Array.isArray(idOrIdList) && ids.length === 0) {
      fail(BookmarkErrors.schema('idOrIdList', 'Value must either: be a string value, or have at least 1 items', 'get'));
    }
    ids.forEach((id) => checkString(id, 'idOrIdList', 'get'));
    return later(() =>
      ids.map((id) => {
        if (!GUID_PATTERN.test(id)) fail(BookmarkErrors.invalidGuid('fetch', id));
        return toApi(find(id) ?? fail(BookmarkErrors.getNotFound), 'node');
      }),
    );
  }

  function getChildren(id: string): Promise<BookmarkNode[]> {
    announce('getChildren', [id]);
    checkString(id, 'id', 'getChildren');
    return later(() => visibleChildren(find(id) ?? fail(BookmarkErrors.getChildrenNotFound)).map((c) => toApi(c, 'node')));
  }

  function getSubTree(id: string): Promise<BookmarkNode[]> {
    announce('getSubTree', [id]);
    checkString(id, 'id', 'getSubTree');
    return later(() => [toApi(find(id) ?? fail(BookmarkErrors.getSubTreeNotFound), 'tree')]);
  }

  function getRecent(numberOfItems: number): Promise<BookmarkNode[]> {
    announce('getRecent', [numberOfItems]);
    if (typeof numberOfItems !== 'number' || !Number.isInteger(numberOfItems)) {
      fail(BookmarkErrors.schema('numberOfItems', `Expected integer instead of ${JSON.stringify(numberOfItems)}`, 'getRecent'));
    }
    if (numberOfItems < 1) {
      fail(BookmarkErrors.schema('numberOfItems', `Integer ${numberOfItems} is too small (must be at least 1)`, 'getRecent'));
    }
    return later(() =>
      [...nodes.values()]
        .filter((n) => n.type === 'bookmark' && !underTags(n))
        .map((n, order) => ({ n, order }))
        .sort((a, b) => b.n.dateAdded - a.n.dateAdded || b.order - a.order)
        .slice(0, numberOfItems)
        .map(({ n }) => toApi(n, 'node')),
    );
  }

  function search(query: string | SearchQuery): Promise<BookmarkNode[]> {
    announce('search', [query]);
    if (typeof query === 'object' && query !== null && query.url !== undefined && parseUrl(query.url) === null) {
      fail(BookmarkErrors.schema('query', 'Value must either: be a string value, or .url must match the format "url"', 'search'));
    }
    return later(() => {
      if (!query) fail(BookmarkErrors.unexpected);
      const q: SearchQuery = typeof query === 'string' ? { query } : query;
      const wanted = q.query ? searchWords(q.query) : [];
      const url = q.url ? parseUrl(q.url)! : undefined;
      return [...nodes.values()]
        .filter((n) => n.id !== ROOT && n.parentId !== undefined && !underTags(n))
        .filter((n) => {
          if (q.title && n.title !== q.title) return false;
          if (url !== undefined && n.url !== url) return false;
          const haystacks = [n.title.toLowerCase(), (n.url ?? '').toLowerCase()];
          return wanted.every((w) => haystacks.some((h) => h.includes(w)));
        })
        .map((n) => toApi(n, 'node'));
    });
  }

  function create(details: CreateDetails): Promise<BookmarkNode> {
    announce('create', [details]);
    checkIndex(details.index, 'bookmark', 'create');
    const title = details.title ?? '';
    const type: BookmarkType =
      details.type === 'separator' ? 'separator' : details.type === 'folder' || (details.type == null && details.url == null) ? 'folder' : 'bookmark';
    const parentGuid = details.parentId ?? UNFILED;
    const info: Record<string, unknown> = { title, type: PLACES_TYPE[type] };
    if (type === 'bookmark') info.url = details.url ?? '';
    if (details.index !== undefined && details.index !== null) info.index = details.index;
    info.parentGuid = parentGuid;
    const url = type === 'bookmark' ? parseUrl(details.url ?? '') : null;
    if ((type === 'bookmark' && url === null) || (type === 'separator' && title !== '') || !GUID_PATTERN.test(parentGuid)) {
      return Promise.reject(new Error(BookmarkErrors.invalidBookmark(info)));
    }
    return (async () => {
      // Read: the parent must exist (its child count fixes an index past the end).
      const count = await step(() => {
        if (parentGuid === ROOT) fail(BookmarkErrors.rootModify);
        return (find(parentGuid) ?? fail(BookmarkErrors.parentInvalid)).children.length;
      });
      return transaction(() => {
        const time = now();
        const node: StoredNode = { id: newGuid(), parentId: parentGuid, position: 0, type, title, dateAdded: time, children: [] };
        if (url !== null) node.url = url;
        if (type === 'folder') node.dateGroupModified = time;
        nodes.set(node.id, node);
        const parent = find(parentGuid);
        if (parent) insertAt(parent, node, details.index);
        // The parent went between the read and the insert (a removeTree): Firefox still inserts, into nothing.
        else node.position = details.index === undefined || details.index === null || details.index > count ? count : details.index;
        // The node as inserted: into the parent the read found, even when it is gone by now.
        const created = { ...toApi(node, 'node'), parentId: parentGuid };
        events.onCreated.emit(node.id, created);
        return created;
      });
    })();
  }

  function move(id: string, destination: { parentId?: string; index?: number }): Promise<BookmarkNode> {
    announce('move', [id, destination]);
    checkString(id, 'id', 'move');
    checkIndex(destination.index, 'destination', 'move');
    const info: Record<string, unknown> = { guid: id };
    if (destination.parentId !== undefined && destination.parentId !== null) info.parentGuid = destination.parentId;
    info.index = destination.index ?? -1;
    if (!GUID_PATTERN.test(id) || (destination.parentId != null && !GUID_PATTERN.test(destination.parentId))) {
      return Promise.reject(new Error(BookmarkErrors.invalidBookmark(info)));
    }
    return (async () => {
      // Reads: the item, then the new parent.
      await step(() => {
        const node = find(id) ?? fail(BookmarkErrors.changeNotFound);
        if (node.id === ROOT) fail(BookmarkErrors.rootModify);
        if (USER_ROOTS.includes(node.id)) fail(BookmarkErrors.rootMove);
      });
      const newParentId = await step(() => {
        const node = find(id) ?? fail(BookmarkErrors.changeNotFound);
        const parent = destination.parentId == null ? parentOf(node)! : (find(destination.parentId) ?? fail(BookmarkErrors.parentNotFound));
        if (parent.id === ROOT) fail(BookmarkErrors.rootModify);
        if (isAncestorOrSelf(node.id, parent)) fail(BookmarkErrors.folderIntoItself);
        return parent.id;
      });
      return transaction(() => moveNow(id, newParentId, destination.index));
    })();
  }

  /** The move's transaction, on the tree as it is now (the reads may be stale). */
  function moveNow(id: string, newParentId: string, requestedIndex: number | undefined): BookmarkNode {
    {
      // Removed after the reads: Firefox's update changes no row and then fails reading the item's details.
      const node = find(id) ?? fail(BookmarkErrors.moveVanished);
      const newParent = find(newParentId);
      const oldParent = parentOf(node);
      if (!newParent || !oldParent) {
        // The new parent went after the reads (a removeTree): Firefox moves the item into nothing, an orphan that
        // get still finds (without parentId), that no tree or folder lists, and that can no longer be moved.
        const oldIndex = node.position;
        if (oldParent) {
          takeOut(oldParent, node);
          shift(oldParent, oldIndex, Infinity, -1);
          oldParent.dateGroupModified = now();
        }
        node.parentId = newParentId;
        events.onMoved.emit(node.id, { parentId: newParentId, index: 0, oldParentId: oldParent?.id ?? newParentId, oldIndex });
        return toApi(node, 'node');
      }
      const destination = { index: requestedIndex };
      const oldIndex = node.position;
      // Places first drops what did not change: the parent, and the index when it equals the old one.
      const parentChanged = newParent.id !== oldParent.id;
      const requested = destination.index ?? -1;
      if (!parentChanged && requested === oldIndex) return toApi(node, 'node');
      let index: number;
      if (parentChanged && requested === oldIndex) {
        index = oldIndex; // not clamped: Firefox can leave a gap here
      } else {
        const last = parentChanged ? newParent.children.length : newParent.children.length - 1;
        index = requested === -1 || requested > last ? last : requested;
        // Clamped back onto its own slot (e.g. the last item moved to the end): nothing happens, no event.
        if (!parentChanged && index === oldIndex) return toApi(node, 'node');
      }
      takeOut(oldParent, node);
      if (parentChanged) {
        shift(oldParent, oldIndex, Infinity, -1);
        shift(newParent, index, Infinity, +1);
        oldParent.dateGroupModified = now();
      } else {
        shift(newParent, Math.min(oldIndex, index), Math.max(oldIndex, index), index < oldIndex ? +1 : -1);
      }
      putIn(newParent, node, index);
      newParent.dateGroupModified = now();
      events.onMoved.emit(node.id, { parentId: newParent.id, index, oldParentId: oldParent.id, oldIndex });
      return toApi(node, 'node');
    }
  }

  function update(id: string, changes: { title?: string; url?: string }): Promise<BookmarkNode> {
    announce('update', [id, changes]);
    checkString(id, 'id', 'update');
    const info: Record<string, unknown> = { guid: id };
    if (changes.title != null) info.title = changes.title;
    if (changes.url != null) info.url = changes.url;
    const url = changes.url != null ? parseUrl(changes.url) : undefined;
    if (!GUID_PATTERN.test(id) || url === null) return Promise.reject(new Error(BookmarkErrors.invalidBookmark(info)));
    return (async () => {
      // Read: the item as it is before the change.
      const read = await step(() => {
        const node = find(id) ?? fail(BookmarkErrors.changeNotFound);
        if (node.id === ROOT) fail(BookmarkErrors.rootModify);
        if (url !== undefined && node.type !== 'bookmark') fail(BookmarkErrors.invalidProperty('update', 'url', changes.url));
        if (changes.title != null && node.type === 'separator' && changes.title !== '') fail(BookmarkErrors.invalidProperty('update', 'title', changes.title));
        return { ...node, children: [] };
      });
      return transaction(() => updateNow(read, changes.title, url));
    })();
  }

  /** The update's transaction. An item removed after the read: no row changes, yet Firefox notifies and resolves. */
  function updateNow(read: StoredNode, title: string | null | undefined, url: string | undefined): BookmarkNode {
    {
      const node = find(read.id) ?? read;
      const titleChanged = title != null && title !== read.title;
      const urlChanged = url !== undefined && url !== read.url;
      if (titleChanged) node.title = title!;
      // A folder's dateGroupModified is its own last modification: renaming it counts.
      if (titleChanged && node.type === 'folder') node.dateGroupModified = now();
      if (urlChanged) node.url = url;
      if (titleChanged) events.onChanged.emit(node.id, { title: node.title });
      if (urlChanged) events.onChanged.emit(node.id, { url: node.url });
      return toApi(node, 'node');
    }
  }

  function removeWith(method: 'remove' | 'removeTree') {
    return (id: string): Promise<void> => {
      announce(method, [id]);
      checkString(id, 'id', method);
      // Places refuses the user roots and malformed ids before it looks anything up.
      if (!GUID_PATTERN.test(id) || USER_ROOTS.includes(id)) return Promise.reject(new Error(BookmarkErrors.invalidBookmark({ guid: id })));
      return (async () => {
        // Read: the item as it is now; the notification carries this read, whatever changes before the delete.
        const read = await step(() => {
          if (id === ROOT) fail(BookmarkErrors.rootModify);
          const node = find(id) ?? fail(BookmarkErrors.removeNotFound);
          if (method === 'remove' && node.type === 'folder' && node.children.length > 0) fail(BookmarkErrors.nonEmptyFolder);
          return { parentId: node.parentId, index: node.position, gone: removedNode(node, node.parentId ?? '', node.position) };
        });
        return transaction(() => {
          const node = find(id);
          // Removed by someone else after the read: nothing to delete, and Firefox still resolves and notifies.
          if (node) {
            const parent = parentOf(node);
            const readParent = read.parentId === undefined ? undefined : find(read.parentId);
            if (parent) takeOut(parent, node);
            // Places renumbers the parent its read saw; a parent the item was moved into meanwhile keeps a gap.
            if (readParent) {
              readParent.children.forEach((childId, position) => (nodes.get(childId)!.position = position));
              readParent.dateGroupModified = now();
            }
            // The delete takes the folder's contents as they are now (also for remove: its read saw it empty).
            removeSubtree(node, node.type !== 'folder');
          }
          const info = { parentId: read.parentId ?? '', index: read.index, node: read.gone };
          events.onRemoved.emit(id, info);
        });
      })();
    };
  }

  const api = {
    ...events,
    get,
    getChildren,
    getTree: (): Promise<BookmarkNode[]> => {
      announce('getTree', []);
      return later(() => [toApi(nodes.get(ROOT)!, 'tree')]);
    },
    getSubTree,
    getRecent,
    search,
    create,
    move,
    update,
    remove: removeWith('remove'),
    removeTree: removeWith('removeTree'),
  };

  return {
    api,
    /**
     * What Firefox Sync does when it applies an incoming bookmark: it inserts with the bookmark's own GUID (an
     * extension cannot), and onCreated fires. Appends to the parent.
     */
    insertWithId(details: { id: string; parentId: string; title: string; url?: string }): Promise<BookmarkNode> {
      return transaction(() => {
        if (nodes.has(details.id)) fail(`A bookmark with the id ${details.id} exists.`);
        const parent = find(details.parentId) ?? fail(BookmarkErrors.parentInvalid);
        const url = details.url === undefined ? null : parseUrl(details.url);
        const node: StoredNode = {
          id: details.id,
          parentId: parent.id,
          position: 0,
          type: url === null ? 'folder' : 'bookmark',
          title: details.title,
          dateAdded: now(),
          children: [],
        };
        if (url !== null) node.url = url;
        else node.dateGroupModified = node.dateAdded;
        nodes.set(node.id, node);
        insertAt(parent, node, undefined);
        events.onCreated.emit(node.id, toApi(node, 'node'));
        return toApi(node, 'node');
      });
    },
    /**
     * Calls `observer` synchronously whenever any code calls a bookmarks method, before the call's checks: a test can
     * make another writer's calls right before (or, with queueMicrotask, right after) the observed one. Returns a
     * function that stops observing.
     */
    observeCalls(observer: (call: BookmarkCall) => void): () => void {
      callObservers.add(observer);
      return () => void callObservers.delete(observer);
    },
    /** How many nodes the store holds besides the roots (for tests of the fake). */
    size: () => nodes.size - 1 - USER_ROOTS.length,
  };
}

export type FakeBookmarks = ReturnType<typeof createFakeBookmarks>['api'];
