/**
 * Puts chosen changes since a backup back as they were, as ONE edit of the history: moved items into their backup
 * folder (at their backup position, clamped), renamed items to their backup title, re-addressed items to their backup
 * address. Journaled ahead with the edits' own entries ('moved': where the item is now; 'updated': its title and address
 * before and after), so the history's undo takes each back only while it is as this left it, and a crash is rolled
 * back at the next start.
 *
 * Nothing the person changed after the comparison is touched: an item is put back only while its folder, title and
 * address are still what the comparison showed (checked before anything is journaled, and again right before its
 * call). Tags stay with the address they were given to (Tidymarks' tags belong to an address, not to a bookmark).
 */
import type { JobContext } from '../messaging/define';
import { AppError } from '../messaging/errors';
import type { BookmarkNode, Browser } from '../platform/browser';
import { getExisting } from '../platform/bookmark-reads';
import { editOperation, type EditDeps, type EditSummary, type NewJournalEntry } from '../operation-history';

/** One change to put back, with the item as the comparison showed it now. */
export interface PutBack {
  id: string;
  /** Now, as the comparison showed it. */
  title: string;
  url: string | null;
  parentId: string;
  /** What to put back (one item may have several): its backup folder (its id now) and position, title, address. */
  to: { folder?: { parentId: string; index: number }; title?: string; url?: string };
}

export interface PutBackProgress {
  done: number;
  total: number;
}

export interface PutBackReport {
  done: number;
  leftAlone: { title: string; url: string | null; reason: 'changed-since' | 'gone' }[];
  operationId: string | null;
  cancelled: boolean;
}

/** True while `node` is as the comparison showed it. */
const asShown = (node: BookmarkNode | undefined, change: PutBack) =>
  !!node && node.title === change.title && (node.url ?? null) === change.url && node.parentId === change.parentId;

export async function putBack(deps: { browser: Browser; edits: EditDeps }, changes: readonly PutBack[], ctx: JobContext<PutBackProgress>): Promise<PutBackReport> {
  const { browser } = deps;
  const report: PutBackReport = { done: 0, leftAlone: [], operationId: null, cancelled: false };
  const leave = (change: PutBack, reason: 'changed-since' | 'gone') => report.leftAlone.push({ title: change.title, url: change.url, reason });
  const nodes = await getExisting(
    browser,
    changes.map((c) => c.id),
  );
  const todo: { change: PutBack; node: BookmarkNode }[] = [];
  for (const change of changes) {
    const node = nodes.get(change.id);
    if (!node) leave(change, 'gone');
    else if (!asShown(node, change)) leave(change, 'changed-since');
    else todo.push({ change, node });
  }
  ctx.progress({ done: 0, total: todo.length });
  if (!todo.length) return report;

  // Per item, its entries: 'moved' for a folder to go back to, 'updated' for a title or address.
  const entriesOf = ({ change: { to }, node }: (typeof todo)[number]): NewJournalEntry[] => {
    const out: NewJournalEntry[] = [];
    if (to.folder) out.push({ role: 'moved', id: node.id, title: node.title, parentId: node.parentId!, index: node.index ?? 0, toParentId: to.folder.parentId });
    if (to.title !== undefined || to.url !== undefined) {
      const before = { title: node.title, url: node.url ?? null };
      out.push({ role: 'updated', id: node.id, before, after: { title: to.title ?? before.title, url: to.url ?? before.url } });
    }
    return out;
  };
  const perItem = todo.map(entriesOf);
  const summary: EditSummary = { action: 'update', items: todo.length, folderTitle: null, ...(todo.length === 1 ? { title: todo[0]!.node.title } : {}) };
  const operation = editOperation(deps.edits, summary);
  const stored = await operation.append(perItem.flat());
  const seqsOf: number[][] = [];
  let next = 0;
  for (const list of perItem) seqsOf.push(stored.slice(next, (next += list.length)).map((e) => e.seq));
  const { steps } = operation;
  try {
    await steps.attempt(stored.map((e) => e.seq));
    for (const [i, { change }] of todo.entries()) {
      const seqs = seqsOf[i]!;
      try {
        await ctx.checkpoint();
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'cancelled')) throw error;
        report.cancelled = true;
        for (const rest of seqsOf.slice(i).flat()) await steps.skipped(rest);
        break;
      }
      // Read again right before the calls: what someone changed since stays as they left it.
      const [now] = await browser.bookmarks.get(change.id).catch(() => [] as BookmarkNode[]);
      if (!asShown(now, change)) {
        leave(change, now ? 'changed-since' : 'gone');
        for (const seq of seqs) await steps.skipped(seq);
        continue;
      }
      const { to } = change;
      const finished = new Set<number>();
      try {
        if (to.folder) {
          const length = (await browser.bookmarks.getChildren(to.folder.parentId)).length;
          await browser.bookmarks.move(change.id, { parentId: to.folder.parentId, index: Math.min(to.folder.index, length) });
          await steps.done(seqs[0]!);
          finished.add(seqs[0]!);
        }
        if (to.title !== undefined || to.url !== undefined) {
          await browser.bookmarks.update(change.id, { ...(to.title !== undefined && { title: to.title }), ...(to.url !== undefined && { url: to.url }) });
          await steps.done(seqs.at(-1)!);
        }
      } catch {
        leave(change, 'gone');
        for (const seq of seqs) if (!finished.has(seq)) await steps.skipped(seq);
        continue;
      }
      report.done++;
      ctx.progress({ done: report.done, total: todo.length });
    }
  } finally {
    await operation.finish({ cancelled: report.cancelled, edit: { ...summary, items: report.done } });
  }
  return { ...report, operationId: await operation.sessionId };
}
