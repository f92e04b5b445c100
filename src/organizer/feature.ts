/**
 * The organizer's background side: the tree snapshot the view starts from, and its writes (move, copy, sort a
 * folder, rename or change an address, create, remove). Every write checks Firefox's current state first and leaves
 * alone what is gone or not where the request expected: someone else's change wins, and the reply says how many
 * items were skipped. The view learns of every result through the Places events, like of anyone else's changes.
 */
import type { BackgroundDeps } from '../app/feature';
import { t } from '../i18n';
import type { HandlersOf } from '../messaging/define';
import { AppError } from '../messaging/errors';
import type { BookmarkNode, Browser } from '../platform/browser';
import { ALL_ROOT_IDS, ROOT_ID, TAGS_ROOT_ID } from '../platform/browser';
import type { LiveIndex } from '../search/live-index';
import type { TagStore } from '../tags/tag-store';
import { movesToOrder, orderAfterDrop } from './drop-rules';
import type { organizerProtocol } from './protocol';
import { encodeSnapshot, kindOfNode, snapshotRows, type SnapshotRow } from './snapshot';
import { sortedChildren } from './sort';

export interface OrganizerDeps extends BackgroundDeps {
  live: LiveIndex;
  tags: TagStore;
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
  if (kindOfNode(folder) !== 'folder') throw new AppError('invalid-input', t('organizerDropRefused_notFolder'));
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

/**
 * Gives a folder the order `target` with movesToOrder's calls, one after another. A move Firefox refuses (the item
 * went meanwhile) is skipped: the rest is planned again from the folder as it is then, so the others keep their order.
 */
async function applyOrder(browser: Browser, parentId: string, current: readonly string[], target: readonly string[]): Promise<{ moved: number; failed: number }> {
  let wanted = [...target];
  let calls = movesToOrder(current, wanted);
  let moved = 0;
  let failed = 0;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    try {
      await browser.bookmarks.move(call.id, { parentId, index: call.index });
      moved++;
    } catch {
      failed++;
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

async function copyTree(browser: Browser, node: BookmarkNode, parentId: string, index: number | undefined): Promise<number> {
  const kind = kindOfNode(node);
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
export function rowsFromIndex(live: LiveIndex): SnapshotRow[] | null {
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
    rows.push([id, parentRow, order.positionOf(id) ?? 0, KIND_CODES[node.kind], node.title, node.kind === 'bookmark' ? (node.url ?? '') : '', node.dateAdded]);
    const children = order.childrenOf(id);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, row]);
  }
  return rows;
}

export function createOrganizerFeature(deps: OrganizerDeps) {
  const { browser, live, tags } = deps;

  const handlers: HandlersOf<typeof organizerProtocol> = {
    'organizer.tree': async () => {
      const [fromIndex, tagged] = await Promise.all([Promise.resolve(rowsFromIndex(live)), tags.all()]);
      const rows = fromIndex ?? snapshotRows(await browser.bookmarks.getTree());
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
      const { failed } = await applyOrder(browser, parentId, current, orderAfterDrop(current, moving, before));
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
      await targetFolder(browser, folderId);
      const children = await browser.bookmarks.getChildren(folderId);
      const nodes = children.map((c) => ({ id: c.id, kind: kindOfNode(c), title: c.title ?? '', url: kindOfNode(c) === 'bookmark' ? (c.url ?? '') : '', dateAdded: c.dateAdded ?? 0 }));
      const order = sortedChildren(nodes, by, { foldersFirst });
      const { moved, failed } = await applyOrder(browser, folderId, children.map((c) => c.id), order);
      return { done: moved, skipped: failed };
    },

    'organizer.update': async ({ id, title, url }) => {
      const node = await getNode(browser, id);
      if (!node) throw new AppError('not-found', t('organizerItemGone'));
      if (url !== undefined && kindOfNode(node) !== 'bookmark') throw new AppError('invalid-input', t('organizerNoAddress'));
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
      let done = 0;
      for (const id of new Set(ids)) {
        if (ALL_ROOT_IDS.includes(id)) throw new AppError('invalid-input', t('organizerDropRefused_moveRoot'));
      }
      for (const id of new Set(ids)) {
        const node = await getNode(browser, id);
        if (!node) continue;
        try {
          if (kindOfNode(node) === 'folder') await browser.bookmarks.removeTree(id);
          else await browser.bookmarks.remove(id);
          done++;
        } catch {
          // Gone meanwhile (inside a folder removed just before, or by someone else).
        }
      }
      return { done, skipped: ids.length - done };
    },
  };

  return { handlers };
}
