/**
 * The organizer's background side: the tree snapshot the view starts from, and its writes (move, copy, sort a
 * folder, rename or change an address and tags, create, remove). Every write checks Firefox's current state first and
 * leaves alone what is gone or not where the request expected: someone else's change wins, and the reply says how many
 * items were skipped. The view learns of every result through the Places events, like of anyone else's changes.
 * Dates are as Tidymarks shows them: an imported bookmark's file date where one was kept (src/bookmark-dates), in the
 * snapshot and in "sort by date added"; dates kept later reach the view as bookmark-item-changed 'dateAdded' events.
 *
 * Every write is an edit of the history (src/operation-history): it runs in the history's queue and is journaled before
 * Firefox is touched, so Ctrl+Z undoes it (and Ctrl+Shift+Z does it again), and a crash rolls it back whole.
 */
import type { BackgroundDeps } from '../feature-contract';
import { dateAddedOf, withBookmarkDates, type BookmarkDates, type BookmarkDateStore } from '../bookmark-dates';
import { t } from '../i18n';
import type { HandlersOf } from '../messaging/define';
import { AppError } from '../messaging/errors';
import type { BookmarkNode, Browser } from '../platform/browser';
import { ALL_ROOT_IDS, ROOT_ID, TAGS_ROOT_ID } from '../platform/browser';
import type { LiveIndex } from '../search';
import type { TagStore } from '../tags';
import type { KeywordStore } from '../keywords';
import { journaledEdit, removalEntries, type EditDeps, type EditSummary, type History, type NewJournalEntry } from '../operation-history';
import { movesToOrder } from '../platform/folder-order';
import { sameStoredUrl } from '../platform/stored-url';
import { tagKey } from '../platform/tag-key';
import { orderAfterDrop } from './drop-rules';
import type { organizerProtocol } from './protocol';
import { encodeSnapshot, snapshotRows, type SnapshotRow } from './snapshot';
import { kindOf } from '../platform/tree';
import { sortedChildren } from './sort';

export interface OrganizerDeps extends BackgroundDeps {
  live: LiveIndex;
  tags: TagStore;
  /** The one history: every write is a journaled edit in its queue. */
  history: History;
  /** The imported files' dates: the date added the organizer shows and sorts by. */
  bookmarkDates: Pick<BookmarkDateStore, 'all'>;
  /** Tidymarks' keywords (src/keywords), shown with each bookmark of their address; none without it. */
  keywords?: Pick<KeywordStore, 'all'>;
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
async function applyOrder(
  browser: Browser,
  parentId: string,
  current: readonly string[],
  target: readonly string[],
  hooks: OrderHooks = {},
): Promise<{ moved: number; failed: number }> {
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
      calls = movesToOrder(
        now,
        wanted.filter((id) => now.includes(id) || !done.has(id)),
      );
      i = -1;
    }
  }
  return { moved, failed };
}

/**
 * A journaled move of items into a folder, in the order a drop or a paste gives: items from other folders are
 * 'moved' entries (undo moves them back), and when items already in the folder change places, the folder's order
 * before is a 'reordered' entry (undo gives it back).
 */
async function journaledOrder(
  deps: { browser: Browser; edits: EditDeps },
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

/** The 'created' entries of copies of `node` (with everything inside) about to be made in `parentId`, parents first. */
function copyEntries(node: BookmarkNode, parentId: string | null, parentSeq: number | null, entries: NewJournalEntry[]): void {
  const kind = kindOf(node);
  const seq = entries.length;
  entries.push({
    role: 'created',
    parentId,
    parentSeq,
    type: kind,
    title: kind === 'separator' ? '' : (node.title ?? ''),
    url: kind === 'bookmark' ? (node.url ?? null) : null,
  });
  for (const child of node.children ?? []) copyEntries(child, null, seq, entries);
}

/** Creates the copy of `node` and everything inside, noting each new id against its entry (in copyEntries' order). */
async function copyTree(
  browser: Browser,
  node: BookmarkNode,
  parentId: string,
  index: number | undefined,
  seqs: Iterator<number>,
  created: (seq: number, id: string) => void,
): Promise<number> {
  const kind = kindOf(node);
  const seq = seqs.next().value as number;
  const made = await browser.bookmarks.create({
    parentId,
    ...(index === undefined ? {} : { index }),
    ...(kind === 'separator' ? { type: 'separator' as const } : { title: node.title ?? '' }),
    ...(kind === 'bookmark' ? { url: node.url } : {}),
  });
  created(seq, made.id);
  let n = 1;
  for (const child of node.children ?? []) n += await copyTree(browser, child, made.id, undefined, seqs, created);
  return n;
}

/** Tags as a list of keys, for comparing what a person sees with what is stored. */
const keysOf = (tags: readonly string[]) => new Set(tags.map(tagKey));

const KIND_CODES = { folder: 'f', bookmark: 'b', separator: 's' } as const;

/**
 * The snapshot's rows from the search index's mirror (tree and positions), when its positions are exact: what
 * getTree would say, without asking Firefox for 100,000 nodes again (the same trust places.search puts in it, see
 * src/places-engine/index-search.ts). Null when the mirror cannot stand in for Firefox now.
 */
export function rowsFromIndex(live: LiveIndex, dates: BookmarkDates): SnapshotRow[] | null {
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
  const { browser, live, tags, history, bookmarkDates } = deps;
  const edits: EditDeps = { journal: history.journal, now: deps.now };
  /** A write, in the history's queue. */
  const queued =
    <I, R>(write: (input: I) => Promise<R>) =>
    (input: I): Promise<R> =>
      history.serial(() => write(input));

  const handlers: HandlersOf<typeof organizerProtocol> = {
    'organizer.tree': async () => {
      const [dates, tagged, keywords] = await Promise.all([bookmarkDates.all(), tags.all(), deps.keywords?.all() ?? []]);
      const rows = rowsFromIndex(live, dates) ?? snapshotRows(withBookmarkDates(await browser.bookmarks.getTree(), dates));
      return {
        encoded: encodeSnapshot({ rows, tags: tagged.map((e) => [e.url, e.tags]), visits: [], keywords: keywords.map((e) => [e.url, e.keyword]) }),
      };
    },

    'organizer.visits': async () => {
      await live.ready();
      const visits: [string, number, number][] = [];
      for (const entry of live.index.historyEntries()) {
        if (live.index.bookmarkIdsOf(entry.url).length) visits.push([entry.url, entry.visitCount, entry.lastVisit]);
      }
      return { visits };
    },

    'organizer.move': queued(async ({ ids, parentId, beforeId }) => {
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
      const first = moving.length === 1 ? await getNode(browser, moving[0]!) : null;
      const summary: EditSummary = { action: 'move', items: moving.length, folderTitle: folder.title, ...(first ? { title: first.title } : {}) };
      const { failed } = await journaledOrder({ browser, edits }, folder, current, orderAfterDrop(current, moving, before), summary);
      return { done: moving.length - failed, skipped: ids.length - moving.length + failed };
    }),

    'organizer.copy': queued(async ({ ids, parentId, beforeId }) => {
      const folder = await targetFolder(browser, parentId);
      // What is copied, read first, and journaled (every copy it will make) before the first is made.
      const sources: BookmarkNode[] = [];
      let skipped = 0;
      for (const id of ids) {
        const [subtree] = ALL_ROOT_IDS.includes(id) ? [] : await browser.bookmarks.getSubTree(id).catch(() => [] as BookmarkNode[]);
        if (subtree) sources.push(subtree);
        else skipped++;
      }
      if (!sources.length) return { done: 0, skipped };
      const entries: NewJournalEntry[] = [];
      for (const node of sources) copyEntries(node, parentId, null, entries);
      const summary: EditSummary = { action: 'copy', items: entries.length, folderTitle: folder.title };
      const done = await journaledEdit(edits, summary, entries, async (steps, stored) => {
        const seqs = stored.map((e) => e.seq)[Symbol.iterator]();
        let n = 0;
        for (const node of sources) {
          const current = await childIds(browser, parentId);
          const at = beforeId === null ? -1 : current.indexOf(beforeId);
          n += await copyTree(browser, node, parentId, at < 0 ? undefined : at, seqs, steps.created);
        }
        return n;
      });
      return { done, skipped };
    }),

    'organizer.sortFolder': queued(async ({ folderId, by, foldersFirst }) => {
      const folder = await targetFolder(browser, folderId);
      const [children, dates] = await Promise.all([browser.bookmarks.getChildren(folderId), bookmarkDates.all()]);
      const nodes = children.map((c) => ({
        id: c.id,
        kind: kindOf(c),
        title: c.title ?? '',
        url: kindOf(c) === 'bookmark' ? (c.url ?? '') : '',
        dateAdded: dateAddedOf(c, dates),
      }));
      const order = sortedChildren(nodes, by, { foldersFirst });
      const summary: EditSummary = { action: 'sort', items: children.length, folderTitle: folder.title };
      const { moved, failed } = await journaledOrder(
        { browser, edits },
        folder,
        children.map((c) => c.id),
        order,
        summary,
      );
      return { done: moved, skipped: failed };
    }),

    'organizer.update': queued(async ({ id, title, url, tags: wanted }) => {
      const node = await getNode(browser, id);
      if (!node) throw new AppError('not-found', t('organizerItemGone'));
      const kind = kindOf(node);
      if ((url !== undefined || wanted !== undefined) && kind !== 'bookmark') throw new AppError('invalid-input', t('organizerNoAddress'));
      if (url !== undefined && !URL.canParse(url)) throw new AppError('invalid-input', t('organizerBadAddress', url.slice(0, 80)));
      const before = { title: node.title, url: node.url ?? null };
      const after = { title: title ?? before.title, url: url ?? before.url };
      const readdressed = !sameStoredUrl(after.url, before.url);
      const entries: NewJournalEntry[] = [];
      if (after.title !== before.title || readdressed) entries.push({ role: 'updated', id, before, after });
      // Tags belong to the address: they follow the bookmark to a new one (merged with what that one has), and the
      // old one keeps them only while another bookmark has it.
      const tagWrites: { url: string; tags: string[] }[] = [];
      const oldUrl = before.url;
      if (kind === 'bookmark' && oldUrl && (readdressed || wanted !== undefined)) {
        const had = await tags.getTagsForUrls(readdressed ? [oldUrl, after.url!] : [oldUrl]);
        const oldTags = had.get(oldUrl) ?? [];
        const mine = wanted ?? oldTags;
        if (!readdressed) tagWrites.push({ url: oldUrl, tags: [...mine] });
        else {
          const dropped = keysOf(oldTags.filter((tag) => !keysOf(mine).has(tagKey(tag))));
          const theirs = (had.get(after.url!) ?? []).filter((tag) => !dropped.has(tagKey(tag)));
          tagWrites.push({ url: after.url!, tags: [...theirs, ...mine.filter((tag) => !keysOf(theirs).has(tagKey(tag)))] });
          const others = (await browser.bookmarks.search({ url: oldUrl }).catch(() => [] as BookmarkNode[])).filter((n) => n.id !== id && n.url === oldUrl);
          if (!others.length && oldTags.length) tagWrites.push({ url: oldUrl, tags: [] });
        }
      }
      const edit = { kind: 'set', entries: tagWrites } as const;
      const tagged = tagWrites.length ? await tags.preview(edit) : [];
      if (tagged.length) {
        const had = await tags.getTagsForUrls(tagged.map((c) => c.url));
        for (const c of tagged) entries.push({ role: 'tags', url: c.url, before: had.get(c.url) ?? [], after: c.tags });
      }
      if (!entries.length) return { id };
      const summary: EditSummary = { action: 'update', items: 1, folderTitle: null, title: node.title };
      await journaledEdit(edits, summary, entries, async (steps, stored) => {
        await steps.attempt(stored.map((e) => e.seq));
        const updated = stored.find((e) => e.role === 'updated');
        if (updated) {
          try {
            await browser.bookmarks.update(id, { ...(title === undefined ? {} : { title }), ...(url === undefined ? {} : { url }) });
          } catch {
            await steps.skipped(updated.seq);
            throw new AppError('invalid-input', t('organizerBadAddress', (url ?? '').slice(0, 80)));
          }
          await steps.done(updated.seq);
        }
        if (tagged.length) {
          await tags.setTagsMany(tagWrites.filter((w) => w.tags.length));
          const forgotten = tagWrites.filter((w) => !w.tags.length).map((w) => w.url);
          if (forgotten.length) await tags.forgetUrls(forgotten);
        }
      });
      return { id };
    }),

    'organizer.create': queued(async ({ parentId, beforeId, kind, title, url }) => {
      const folder = await targetFolder(browser, parentId);
      if (kind === 'bookmark' && (url === undefined || !URL.canParse(url))) throw new AppError('invalid-input', t('organizerBadAddress', (url ?? '').slice(0, 80)));
      const current = await childIds(browser, parentId);
      const at = beforeId === null ? -1 : current.indexOf(beforeId);
      const entry: NewJournalEntry = {
        role: 'created',
        parentId,
        parentSeq: null,
        type: kind,
        title: kind === 'separator' ? '' : (title ?? ''),
        url: kind === 'bookmark' ? url! : null,
      };
      const summary: EditSummary = { action: 'create', items: 1, folderTitle: folder.title, title: title ?? '' };
      return journaledEdit(edits, summary, [entry], async (steps, [stored]) => {
        try {
          const created = await browser.bookmarks.create({
            parentId,
            ...(at < 0 ? {} : { index: at }),
            ...(kind === 'separator' ? { type: 'separator' as const } : { title: title ?? '' }),
            ...(kind === 'bookmark' ? { url } : {}),
          });
          steps.created(stored!.seq, created.id);
          return { id: created.id };
        } catch {
          await steps.skipped(stored!.seq);
          throw new AppError('invalid-input', t('organizerBadAddress', (url ?? '').slice(0, 80)));
        }
      });
    }),

    'organizer.remove': queued(async ({ ids }) => {
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
      const entries = await removalEntries({ browser, tags }, tops, 'deleted');
      const summary: EditSummary = { action: 'delete', items: tops.length, folderTitle: null, ...(tops.length === 1 ? { title: tops[0]!.title } : {}) };
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
    }),
  };

  return { handlers };
}
