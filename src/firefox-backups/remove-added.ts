/**
 * Removes chosen items of a comparison's "added since" list as ONE edit of the history, through its existing removal
 * path (the organizer's delete: removalEntries journals each item with everything under it, its folders above and
 * its URL's tags, before Firefox is touched; the history's undo re-creates them where they were, a crash is rolled
 * back at the next start).
 *
 * Nothing the person changed meanwhile goes: each item is removed only while it is as the comparison showed it (its
 * title, address and folder), and a folder only while everything in it is what the comparison listed as added in it
 * (a bookmark someone put in it since, or one that was in the backup and moved in, keeps the folder). Checked before
 * anything is journaled, and again right before each item's call.
 */
import type { JobContext } from '../messaging/define';
import { AppError } from '../messaging/errors';
import type { BookmarkNode, Browser } from '../platform/browser';
import { kindOf } from '../platform/tree';
import { editOperation, removalEntries, type EditDeps, type EditSummary, type TagAccess } from '../operation-history';

/** An added item as the comparison showed it: its id, title, address (null for a folder) and folder now. */
export interface AddedItem {
  id: string;
  title: string;
  url: string | null;
  parentId: string;
}

export interface RemoveAddedProgress {
  done: number;
  total: number;
}

export interface RemoveAddedReport {
  removed: number;
  /** Chosen items left where they are: changed since the comparison (or something put in the folder), or gone. */
  leftAlone: { title: string; url: string | null; reason: 'changed-since' | 'gone' }[];
  /** The operation in the history, null when nothing was removed. */
  operationId: string | null;
  cancelled: boolean;
}

export interface RemoveAddedDeps {
  browser: Browser;
  tags: Pick<TagAccess, 'getTagsForUrls'>;
  edits: EditDeps;
}

/** True while `node` and everything under it are as the comparison listed them (separators inside aside). */
function asListed(node: BookmarkNode, listed: ReadonlyMap<string, AddedItem>): boolean {
  const stack: BookmarkNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    const kind = kindOf(n);
    if (kind === 'separator' && n !== node) continue;
    const item = listed.get(n.id);
    if (!item || item.title !== n.title || item.parentId !== n.parentId || (kind === 'bookmark' ? item.url !== n.url : item.url !== null)) return false;
    for (const child of n.children ?? []) stack.push(child);
  }
  return true;
}

const subTree = async (browser: Browser, id: string): Promise<BookmarkNode | null> =>
  (await browser.bookmarks.getSubTree(id).catch(() => [] as BookmarkNode[]))[0] ?? null;

export async function removeAdded(deps: RemoveAddedDeps, items: readonly AddedItem[], ctx: JobContext<RemoveAddedProgress>): Promise<RemoveAddedReport> {
  const { browser } = deps;
  const listed = new Map(items.map((i) => [i.id, i]));
  const report: RemoveAddedReport = { removed: 0, leftAlone: [], operationId: null, cancelled: false };
  const leave = (item: AddedItem, reason: 'changed-since' | 'gone') => report.leftAlone.push({ title: item.title, url: item.url, reason });
  // The topmost chosen items: one inside a chosen folder goes with it.
  const tops: BookmarkNode[] = [];
  for (const item of listed.values()) {
    if (listed.has(item.parentId)) continue;
    const node = await subTree(browser, item.id);
    if (!node) leave(item, 'gone');
    else if (!asListed(node, listed)) leave(item, 'changed-since');
    else tops.push(node);
  }
  ctx.progress({ done: 0, total: tops.length });
  if (!tops.length) return report;

  const entries = await removalEntries({ browser, tags: deps.tags }, tops, 'deleted');
  const summary: EditSummary = { action: 'delete', items: tops.length, folderTitle: null, ...(tops.length === 1 ? { title: tops[0]!.title } : {}) };
  const operation = editOperation(deps.edits, summary);
  const stored = await operation.append(entries);
  const seqOf = new Map(stored.flatMap((e) => (e.role === 'removed' && e.topLevel ? [[e.id, e.seq] as const] : [])));
  const { steps } = operation;
  try {
    await steps.attempt([...seqOf.values()]);
    for (const [i, top] of tops.entries()) {
      const seq = seqOf.get(top.id)!;
      try {
        await ctx.checkpoint();
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'cancelled')) throw error;
        // What is removed stays removed (and can be undone); the rest is left as it is.
        report.cancelled = true;
        for (const rest of tops.slice(i)) await steps.skipped(seqOf.get(rest.id)!);
        break;
      }
      // Read again right before the call: what someone changed since the check stays as they left it.
      const now = await subTree(browser, top.id);
      const item = listed.get(top.id)!;
      if (!now || !asListed(now, listed)) {
        leave(item, now ? 'changed-since' : 'gone');
        await steps.skipped(seq);
        continue;
      }
      try {
        if (kindOf(now) === 'folder') await browser.bookmarks.removeTree(top.id);
        else await browser.bookmarks.remove(top.id);
      } catch {
        leave(item, 'gone');
        await steps.skipped(seq);
        continue;
      }
      await steps.done(seq);
      report.removed++;
      ctx.progress({ done: report.removed, total: tops.length });
    }
  } finally {
    await operation.finish({ cancelled: report.cancelled, edit: { ...summary, items: report.removed } });
  }
  return { ...report, operationId: await operation.sessionId };
}
