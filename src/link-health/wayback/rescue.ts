/**
 * The rescue's changes, as edits of the one history (the path fixes.ts takes): a dead bookmark's address replaced by
 * its snapshot (title, folder and place kept), or the snapshot added beside it, in the same folder right after it,
 * titled to say what it is. The address's tags go with it (replace) or are given to the copy too (beside), as a fix's
 * update does. Journaled before Firefox is touched; each bookmark is read again right before its own call, and one
 * someone changed since the view showed it is left alone. Undo and redo are the history's.
 */
import type { BackgroundDeps } from '../../feature-contract';
import { t } from '../../i18n';
import type { JobContext } from '../../messaging/define';
import { AppError } from '../../messaging/errors';
import { editOperation, type EditSummary, type History, type NewJournalEntry } from '../../operation-history';
import { getExisting } from '../../platform/bookmark-reads';
import { isMissingBookmarkError } from '../../platform/bookmark-errors';
import type { BookmarkNode } from '../../platform/browser';
import { kindOf } from '../../platform/tree';
import { carryTags, type TagStore } from '../../tags';
import { parseSnapshotAddress } from '../../url-matching';
import { captureDay } from './snapshots';
import type { RescueInput, RescueLeftOutReason, RescueResult } from './protocol';

export interface RescueDeps extends BackgroundDeps {
  history: History;
  tags: TagStore;
}

/** "<title> (archived 3 May 2019)": the title of a snapshot added beside its bookmark. */
export function archivedTitle(title: string, snapshotUrl: string): string {
  const capture = captureDay(snapshotUrl);
  return capture ? t('waybackArchivedTitle', title, capture.day) : title;
}

export function createRescue(deps: RescueDeps) {
  const { browser, history } = deps;

  async function rescue(input: RescueInput, ctx: Pick<JobContext<{ done: number; total: number }>, 'progress' | 'checkpoint'>): Promise<RescueResult> {
    const { action } = input;
    for (const item of input.items) if (!parseSnapshotAddress(item.snapshot)) throw new AppError('invalid-input', t('waybackNotASnapshot'));
    const leftAlone: RescueResult['leftAlone'] = [];
    const leave = (item: { id: string; url: string }, reason: RescueLeftOutReason) => leftAlone.push({ id: item.id, url: item.url, reason });
    const unique = [...new Map(input.items.map((i) => [i.id, i])).values()];
    const nodes = await getExisting(
      browser,
      unique.map((i) => i.id),
    );
    const why = (item: RescueInput['items'][number], node: BookmarkNode | undefined): RescueLeftOutReason | null =>
      !node || kindOf(node) !== 'bookmark' ? 'gone' : node.url !== item.url ? 'url-changed' : null;
    const todo: { item: RescueInput['items'][number]; node: BookmarkNode }[] = [];
    for (const item of unique) {
      const node = nodes.get(item.id);
      const reason = why(item, node);
      if (reason) leave(item, reason);
      else todo.push({ item, node: node! });
    }
    ctx.progress({ done: 0, total: todo.length });
    if (!todo.length) return { action, done: 0, leftAlone, operationId: null };

    const entries: NewJournalEntry[] = todo.map(({ item, node }) =>
      action === 'replace'
        ? { role: 'updated', id: node.id, before: { title: node.title, url: node.url! }, after: { title: node.title, url: item.snapshot } }
        : { role: 'created', parentId: node.parentId!, parentSeq: null, type: 'bookmark', title: archivedTitle(node.title, item.snapshot), url: item.snapshot },
    );
    const summary: EditSummary = {
      action: action === 'replace' ? 'links-archive-replace' : 'links-archive-add',
      items: todo.length,
      folderTitle: null,
      ...(todo.length === 1 ? { title: todo[0]!.node.title } : {}),
    };
    const operation = editOperation({ journal: history.journal, now: deps.now }, summary);
    const stored = await operation.append(entries);
    const steps = operation.steps;
    let done = 0;
    const carried: { from: string; to: string }[] = [];
    try {
      for (const [i, { item }] of todo.entries()) {
        const seq = stored[i]!.seq;
        await ctx.checkpoint();
        await steps.attempt([seq]);
        const [now] = await browser.bookmarks.get(item.id).catch(() => [] as BookmarkNode[]);
        const reason = why(item, now);
        if (reason) {
          leave(item, reason);
          await steps.skipped(seq);
          continue;
        }
        try {
          if (action === 'replace') await browser.bookmarks.update(item.id, { url: item.snapshot });
          else {
            const entry = entries[i] as { title: string };
            const made = await browser.bookmarks.create({ parentId: now!.parentId!, index: (now!.index ?? 0) + 1, title: entry.title, url: item.snapshot });
            steps.created(seq, made.id);
          }
        } catch (error) {
          leave(item, isMissingBookmarkError(error) ? 'gone' : 'failed');
          await steps.skipped(seq);
          continue;
        }
        await steps.done(seq);
        done++;
        carried.push({ from: item.url, to: item.snapshot });
        ctx.progress({ done, total: todo.length });
      }
    } finally {
      try {
        // Also when cancelled part way: what was changed has its tags.
        if (carried.length) await carryTags({ browser, tagStore: deps.tags }, (e) => operation.append(e), carried);
      } finally {
        await operation.finish({ edit: { ...summary, items: done } });
      }
    }
    return { action, done, leftAlone, operationId: done ? await operation.sessionId : null };
  }

  return {
    /** Alone in the history's queue, like a fix. */
    rescue: (input: RescueInput, ctx: JobContext<{ done: number; total: number }>) => history.alone('links-fix', ctx, (job) => rescue(input, job)),
  };
}
