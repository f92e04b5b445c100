/**
 * The organizer's background side: the tree snapshot the view starts from, and its writes (move, copy, sort a
 * folder, rename or change an address, create, remove). Every write checks Firefox's current state first and leaves
 * alone what is gone or not where the request expected: someone else's change wins, and the reply says how many
 * items were skipped. The view learns of every result through the Places events, like of anyone else's changes.
 * Dates are as Tidymarks shows them: an imported bookmark's file date where one was kept (src/bookmark-dates), in the
 * snapshot and in "sort by date added"; dates kept later reach the view as bookmark-item-changed 'dateAdded' events.
 */
import type { BackgroundDeps } from '../app/feature';
import { dateAddedOf, withFileDates, type FileDates, type FileDateStore } from '../bookmark-dates/file-dates';
import { t } from '../i18n';
import type { HandlersOf } from '../messaging/define';
import { AppError } from '../messaging/errors';
import type { BookmarkNode, Browser } from '../platform/browser';
import { ALL_ROOT_IDS, ROOT_ID, TAGS_ROOT_ID } from '../platform/browser';
import type { LiveIndex } from '../search/live-index';
import type { TagStore } from '../tags/tag-store';
import { removedEntryOf, type EditSummary, type Journal, type NewJournalEntry } from '../operations';
import { movesToOrder } from '../platform/folder-order';
import { journaledEdit, type EditJournalDeps } from './edit-journal';
import { orderAfterDrop } from './drop-rules';
import type { organizerProtocol } from './protocol';
import { encodeSnapshot, snapshotRows, type SnapshotRow } from './snapshot';
import { kindOf } from '../platform/tree';
import { sortedChildren } from './sort';

export interface OrganizerDeps extends BackgroundDeps {
  live: LiveIndex;
  tags: TagStore;
  /** The operation journal: deletes, moves and sorts are journaled edits, undone like a cleanup. */
  journal: Journal;
  /** Settles once start-up recovery of the journal is done. */
  recovered: Promise<unknown>;
  /** The imported files' dates: the date added the organizer shows and sorts by. */
  fileDates: Pick<FileDateStore, 'all'>;
}

async function getNode(browser: Browser, id: string): Promise<BookmarkNode | null> {
  try {
    return (await browser.bookmarks.get(id))[0] ?? null;
  } catch {
    return null;
  }
}

/** The folder a write goes into, refused with a reason when it is not one that can hold items. */
async function targetFolder(browser: Browser, parentId: string): Promise<BookmarkNode> {
  if (parentId === ROOT_ID || parentId === TAGS_ROOT_ID) throw new AppError('invalid-input', t('organizerDropRefused_intoRoot'));
  const folder = await getNode(browser, parentId);
  if (!folder) throw new AppError('not-found', t('organizerFolderGone'));
  if (kindOf(folder) !== 'folder') throw new AppError('invalid-input', t('organizerDropRefused_notFolder'));
  return folder;
}

/** Ids of the folder and every folder above it. */
async function ancestry(browser: Browser, folder: BookmarkNode): Promise<Set<string>> {
  const chain = new Set<string>([folder.id]);
  let parentId = folder.parentId;
  while (parentId && !chain.has(parentId)) {
    chain.add(parentId);
    parentId = (await getNode(browser, parentId))?.parentId;
  }
  return chain;
}

async function childIds(browser: Browser, folderId: string): Promise<string[]> {
  return (await browser.bookmarks.getChildren(folderId)).map((c) => c.id);
}

/** What a journaled edit learns of each call of applyOrder. */
interface OrderHooks {
  /** Before the call that moves `id` (a re-planned call may move an item no earlier plan did). */
  before?(id: string): Promise<void>;
  moved?(id: string): Promise<void>;
  failed?(id: string): Promise<void>;
}

/**
 * Gives a folder the order `target` with movesToOrder's calls, one after another. A move Firefox refuses (the item
 * went meanwhile) is skipped: the rest is planned again from the folder as it is then, so the others keep their order.
 */
async function applyOrder(browser: Browser, parentId: string, current: readonly string[], target: readonly string[], hooks: OrderHooks = {}): Promise<{ moved: number; failed: number }> {
  let wanted = [...target];
  let calls = movesToOrder(current, wanted);
  let moved = 0;
  let failed = 0;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    await hooks.before?.(call.id);
    try {
      await browser.bookmarks.move(call.id, { parentId, index: call.index });
      moved++;
      await hooks.moved?.(call.id);
    } catch {
      failed++;
      await hooks.failed?.(call.id);
      wanted = wanted.filter((id) => id !== call.id);
      const done = new Set(calls.slice(0, i).map((c) => c.id));
      const now = await childIds(browser, parentId);
      // Items from elsewhere not moved yet are still to come; those moved already are in `now`.
      calls = movesToOrder(now, wanted.filter((id) => now.includes(id) || !done.has(id)));
      i = -1;
    }
  }
  return { moved, failed };
}

/** The folders above a node, from the top: their titles (what undo reports) and ids (where undo restores). */
async function ancestorsOf(browser: Browser, parentId: string | undefined, cache: Map<string, { titles: string[]; ids: string[] }>): Promise<{ titles: string[]; ids: string[] }> {
  if (!parentId || parentId === ROOT_ID) return { titles: [], ids: parentId ? [parentId] : [] };
  const known = cache.get(parentId);
  if (known) return known;
  const node = await getNode(browser, parentId);
  const above = await ancestorsOf(browser, node?.parentId, cache);
  const chain = { titles: [...above.titles, node?.title ?? ''], ids: [...above.ids, parentId] };
  cache.set(parentId, chain);
  return chain;
}

/**
 * A journaled move of items into a folder, in the order a drop or a paste gives: items from other folders are
 * 'moved' entries (undo moves them back), and when items already in the folder change places, the folder's order
 * before is a 'reordered' entry (undo gives it back).
 */
async function journaledOrder(
  deps: { browser: Browser; edits: EditJournalDeps },
  folder: BookmarkNode,
  current: readonly string[],
  target: readonly string[],
  summary: EditSummary,
): Promise<{ moved: number; failed: number }> {
  const { browser, edits } = deps;
  const here = new Set(current);
  const calls = movesToOrder(current, target);
  const incoming = calls.map((c) => c.id).filter((id) => !here.has(id));
  const places = new Map<string, BookmarkNode>();
  if (incoming.length) {
    for (const node of await browser.bookmarks.get(incoming).catch(() => [] as BookmarkNode[])) places.set(node.id, node);
  }
  const reorderEntry = (): NewJournalEntry => ({ role: 'reordered', folderId: folder.id, title: folder.title, order: [...current] });
  const entries: NewJournalEntry[] = [];
  for (const id of incoming) {
    const node = places.get(id);
    if (node?.parentId) entries.push({ role: 'moved', id, title: node.title, parentId: node.parentId, index: node.index ?? 0, toParentId: folder.id });
  }
  const reorders = calls.some((c) => here.has(c.id));
  if (reorders) entries.push(reorderEntry());
  if (!entries.length) return applyOrder(browser, folder.id, current, target);
  return journaledEdit(edits, summary, entries, async (steps, stored) => {
    const seqOf = new Map<string, number>();
    let reorderSeq: number | null = null;
    for (const e of stored) {
      if (e.role === 'moved') seqOf.set(e.id, e.seq);
      if (e.role === 'reordered') reorderSeq = e.seq;
    }
    await steps.attempt(stored.map((e) => e.seq));
    let reordered = false;
    const result = await applyOrder(browser, folder.id, current, target, {
      before: async (id) => {
        // A re-planned call that moves an item of the folder: its order before goes into the journal first.
        if (here.has(id) && reorderSeq === null) {
          const [e] = await steps.append([reorderEntry()]);
          reorderSeq = e!.seq;
          await steps.attempt([reorderSeq]);
        }
      },
      moved: async (id) => {
        const seq = seqOf.get(id);
        if (seq !== undefined) await steps.done(seq);
        else reordered = true;
      },
      failed: async (id) => {
        const seq = seqOf.get(id);
        if (seq !== undefined) await steps.skipped(seq);
      },
    });
    if (reorderSeq !== null) await (reordered ? steps.done(reorderSeq) : steps.skipped(reorderSeq));
    return result;
  });
}

async function copyTree(browser: Browser, node: BookmarkNode, parentId: string, index: number | undefined): Promise<number> {
  const kind = kindOf(node);
  const created = await browser.bookmarks.create({
    parentId,
    ...(index === undefined ? {} : { index }),
    ...(kind === 'separator' ? { type: 'separator' as const } : { title: node.title ?? '' }),
    ...(kind === 'bookmark' ? { url: node.url } : {}),
  });
  let n = 1;
  for (const child of node.children ?? []) n += await copyTree(browser, child, created.id, undefined);
  return n;
}

const KIND_CODES = { folder: 'f', bookmark: 'b', separator: 's' } as const;

/**
 * The snapshot's rows from the search index's mirror (tree and positions), when its positions are exact: what
 * getTree would say, without asking Firefox for 100,000 nodes again (the same trust places.search puts in it, see
 * src/places/index-search.ts). Null when the mirror cannot stand in for Firefox now.
 */
export function rowsFromIndex(live: LiveIndex, dates: FileDates): SnapshotRow[] | null {
  if (!live.positionsExact) return null;
  const { tree, order } = live;
  if (!tree.get(ROOT_ID)) return null;
  const rows: SnapshotRow[] = [];
  const stack: [string, number][] = [[ROOT_ID, -1]];
  while (stack.length) {
    const [id, parentRow] = stack.pop()!;
    const node = tree.get(id);
    if (!node) return null;
    const row = rows.length;
    rows.push([id, parentRow, order.positionOf(id) ?? 0, KIND_CODES[node.kind], node.title, node.kind === 'bookmark' ? (node.url ?? '') : '', dateAddedOf(node, dates)]);
    const children = order.childrenOf(id);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, row]);
  }
  return rows;
}

export function createOrganizerFeature(deps: OrganizerDeps) {
  const { browser, live, tags, fileDates } = deps;
  const edits: EditJournalDeps = { journal: deps.journal, now: deps.now, recovered: deps.recovered };

  const handlers: HandlersOf<typeof organizerProtocol> = {
    'organizer.tree': async () => {
      const [dates, tagged] = await Promise.all([fileDates.all(), tags.all()]);
      const rows = rowsFromIndex(live, dates) ?? snapshotRows(withFileDates(await browser.bookmarks.getTree(), dates));
      return { encoded: encodeSnapshot({ rows, tags: tagged.map((e) => [e.url, e.tags]), visits: [] }) };
    },

    'organizer.visits': async () => {
      await live.ready();
      const visits: [string, number, number][] = [];
      for (const entry of live.index.historyEntries()) {
        if (live.index.bookmarkIdsOf(entry.url).length) visits.push([entry.url, entry.visitCount, entry.lastVisit]);
      }
      return { visits };
    },

    'organizer.move': async ({ ids, parentId, beforeId }) => {
      const folder = await targetFolder(browser, parentId);
      const above = await ancestry(browser, folder);
      const current = await childIds(browser, parentId);
      // No read per item (a get costs about as much as half a move): an item gone meanwhile makes its move fail,
      // and it is counted as skipped.
      const moving = [...new Set(ids)];
      for (const id of moving) {
        if (ALL_ROOT_IDS.includes(id)) throw new AppError('invalid-input', t('organizerDropRefused_moveRoot'));
        if (above.has(id)) throw new AppError('invalid-input', t('organizerDropRefused_intoItself'));
      }
      const before = beforeId !== null && current.includes(beforeId) ? beforeId : null;
      const summary: EditSummary = { action: 'move', items: moving.length, folderTitle: folder.title };
      const { failed } = await journaledOrder({ browser, edits }, folder, current, orderAfterDrop(current, moving, before), summary);
      return { done: moving.length - failed, skipped: ids.length - moving.length + failed };
    },

    'organizer.copy': async ({ ids, parentId, beforeId }) => {
      await targetFolder(browser, parentId);
      let done = 0;
      let skipped = 0;
      for (const id of ids) {
        const current = await childIds(browser, parentId);
        const at = beforeId === null ? -1 : current.indexOf(beforeId);
        let subtree: BookmarkNode | undefined;
        try {
          [subtree] = await browser.bookmarks.getSubTree(id);
        } catch {
          subtree = undefined;
        }
        if (!subtree || ALL_ROOT_IDS.includes(id)) {
          skipped++;
          continue;
        }
        done += await copyTree(browser, subtree, parentId, at < 0 ? undefined : at);
      }
      return { done, skipped };
    },

    'organizer.sortFolder': async ({ folderId, by, foldersFirst }) => {
      const folder = await targetFolder(browser, folderId);
      const [children, dates] = await Promise.all([browser.bookmarks.getChildren(folderId), fileDates.all()]);
      const nodes = children.map((c) => ({ id: c.id, kind: kindOf(c), title: c.title ?? '', url: kindOf(c) === 'bookmark' ? (c.url ?? '') : '', dateAdded: dateAddedOf(c, dates) }));
      const order = sortedChildren(nodes, by, { foldersFirst });
      const summary: EditSummary = { action: 'sort', items: children.length, folderTitle: folder.title };
      const { moved, failed } = await journaledOrder({ browser, edits }, folder, children.map((c) => c.id), order, summary);
      return { done: moved, skipped: failed };
    },

    'organizer.update': async ({ id, title, url }) => {
      const node = await getNode(browser, id);
      if (!node) throw new AppError('not-found', t('organizerItemGone'));
      if (url !== undefined && kindOf(node) !== 'bookmark') throw new AppError('invalid-input', t('organizerNoAddress'));
      if (url !== undefined && !URL.canParse(url)) throw new AppError('invalid-input', t('organizerBadAddress', url.slice(0, 80)));
      try {
        await browser.bookmarks.update(id, { ...(title === undefined ? {} : { title }), ...(url === undefined ? {} : { url }) });
      } catch {
        throw new AppError('invalid-input', t('organizerBadAddress', (url ?? '').slice(0, 80)));
      }
      return { id };
    },

    'organizer.create': async ({ parentId, beforeId, kind, title, url }) => {
      await targetFolder(browser, parentId);
      if (kind === 'bookmark' && (url === undefined || !URL.canParse(url))) throw new AppError('invalid-input', t('organizerBadAddress', (url ?? '').slice(0, 80)));
      const current = await childIds(browser, parentId);
      const at = beforeId === null ? -1 : current.indexOf(beforeId);
      try {
        const created = await browser.bookmarks.create({
          parentId,
          ...(at < 0 ? {} : { index: at }),
          ...(kind === 'separator' ? { type: 'separator' as const } : { title: title ?? '' }),
          ...(kind === 'bookmark' ? { url } : {}),
        });
        return { id: created.id };
      } catch {
        throw new AppError('invalid-input', t('organizerBadAddress', (url ?? '').slice(0, 80)));
      }
    },

    'organizer.remove': async ({ ids }) => {
      const unique = [...new Set(ids)];
      for (const id of unique) {
        if (ALL_ROOT_IDS.includes(id)) throw new AppError('invalid-input', t('organizerDropRefused_moveRoot'));
      }
      // What goes, read before anything is touched: every item with everything under it, once (an item inside a
      // folder that goes too is that folder's).
      const subtrees: BookmarkNode[] = [];
      for (const id of unique) {
        const [node] = await browser.bookmarks.getSubTree(id).catch(() => [] as BookmarkNode[]);
        if (node) subtrees.push(node);
      }
      const inside = new Set<string>();
      const walk = (node: BookmarkNode, top: boolean) => {
        if (!top) inside.add(node.id);
        for (const child of node.children ?? []) walk(child, false);
      };
      for (const node of subtrees) walk(node, true);
      const tops = subtrees.filter((node) => !inside.has(node.id));
      if (!tops.length) return { done: 0, skipped: ids.length };
      const cache = new Map<string, { titles: string[]; ids: string[] }>();
      const entries: NewJournalEntry[] = [];
      const urls = new Set<string>();
      const add = (node: BookmarkNode, titles: string[], ancestorIds: string[], top: boolean) => {
        entries.push({ ...removedEntryOf(node, titles, ancestorIds, top, top ? 'deleted' : 'inside-removed-folder'), tags: [] });
        if (node.url) urls.add(node.url);
        for (const child of node.children ?? []) add(child, [...titles, node.title], [...ancestorIds, node.id], false);
      };
      for (const node of tops) {
        const chain = await ancestorsOf(browser, node.parentId, cache);
        add(node, chain.titles, chain.ids, true);
      }
      // Tags belong to a URL: undo gives them back.
      const tagsOf = await tags.getTagsForUrls([...urls]);
      for (const e of entries) if (e.role === 'removed' && e.url) e.tags = tagsOf.get(e.url) ?? [];
      const summary: EditSummary = { action: 'delete', items: tops.length, folderTitle: null };
      const done = await journaledEdit(edits, summary, entries, async (steps, stored) => {
        const seqOf = new Map(stored.filter((e) => e.role === 'removed' && e.topLevel).map((e) => [(e as { id: string }).id, e.seq]));
        await steps.attempt([...seqOf.values()]);
        let n = 0;
        for (const node of tops) {
          const seq = seqOf.get(node.id)!;
          try {
            if (kindOf(node) === 'folder') await browser.bookmarks.removeTree(node.id);
            else await browser.bookmarks.remove(node.id);
            n++;
            await steps.done(seq);
          } catch {
            // Gone meanwhile (by someone else): nothing of it is this edit's to undo.
            await steps.skipped(seq);
          }
        }
        return n;
      });
      return { done, skipped: ids.length - done };
    },
  };

  return { handlers };
}
