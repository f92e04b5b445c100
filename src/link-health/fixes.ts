/**
 * Link health's fixes, as edits of the one history (src/operation-history): moved bookmarks given the address their site
 * moved them to for good (title, folder and position kept; the address's tags go with it), dead ones removed or moved
 * to a folder. Never without a preview: `preview` says what each selected bookmark would become and what is left out
 * and why; `fix` carries out exactly what the preview showed, in the history's queue, journaled before Firefox is
 * touched, and leaves alone whatever someone else changed since (a change the fix did not make always wins): each
 * bookmark is read again right before its own call. Undo and redo are the history's.
 */
import type { BackgroundDeps } from '../feature-contract';
import { t } from '../i18n';
import type { JobContext } from '../messaging/define';
import { AppError } from '../messaging/errors';
import { editOperation, removalEntries, type EditDeps, type EditSummary, type History, type NewJournalEntry } from '../operation-history';
import { chunks, getExisting } from '../platform/bookmark-reads';
import { isMissingBookmarkError } from '../platform/bookmark-errors';
import { ROOT_ID, TAGS_ROOT_ID, type BookmarkNode, type Browser } from '../platform/browser';
import { folderPath } from '../platform/folder-path';
import { sameStoredUrl } from '../platform/stored-url';
import { kindOf } from '../platform/tree';
import { carryTags, type TagStore } from '../tags';
import { bookmarksOf, type BookmarkRef } from './bookmarks';
import { classifyAttempt } from './classify';
import { DEAD_CLASSES } from './marker';
import type { FixAction, FixChange, FixInput, FixLeftOut, FixLeftOutReason, FixPreview, FixPreviewInput, FixProgress, FixResult } from './protocol';
import type { LinkHealthStore, StoredVerdict } from './store';

/** Calls journaled as attempted together: a cancel leaves at most this many to mark as not done. */
const ATTEMPT_BATCH = 50;

export interface FixDeps extends BackgroundDeps {
  tags: TagStore;
  history: History;
  store: LinkHealthStore;
}

const ACTIONS: Record<FixAction, EditSummary['action']> = { update: 'links-update', remove: 'links-remove', move: 'links-move' };

/** The folder a move goes into; refused with a reason when it cannot hold bookmarks. */
async function targetFolder(browser: Browser, folderId: string | undefined): Promise<{ node: BookmarkNode; path: string[] }> {
  if (folderId === undefined) throw new AppError('invalid-input', t('linksFixNoFolder'));
  if (folderId === ROOT_ID || folderId === TAGS_ROOT_ID) throw new AppError('invalid-input', t('linksFixNotAFolder'));
  const [node] = await browser.bookmarks.get(folderId).catch((error: unknown) => {
    if (isMissingBookmarkError(error)) return [] as BookmarkNode[];
    throw error;
  });
  if (!node) throw new AppError('not-found', t('linksFixFolderGone'));
  if (kindOf(node) !== 'folder') throw new AppError('invalid-input', t('linksFixNotAFolder'));
  const path = await folderPath(browser, node.id);
  if (!path) throw new AppError('not-found', t('linksFixFolderGone'));
  return { node, path };
}

/** Why the verdict of `url` does not call for `action` (to `to`, for an update), or null when it does. */
function verdictRefuses(action: FixAction, verdict: StoredVerdict | undefined, url: string, to?: string | null): FixLeftOutReason | null {
  if (action === 'update') {
    const target = verdict?.class === 'moved' ? verdict.finalUrl : null;
    if (!target || !URL.canParse(target) || sameStoredUrl(target, url)) return 'not-moved';
    return to === undefined || to === target ? null : 'not-moved';
  }
  return verdict && DEAD_CLASSES.has(verdict.class) ? null : 'not-dead';
}

/**
 * What the check knows of the address a moved bookmark gets: the rest of the redirects after the permanent ones, from
 * the same answer. Null when the new address was not reached (the redirect led to a site without access).
 */
export function verdictAfterMove(verdict: StoredVerdict): StoredVerdict | null {
  const to = verdict.finalUrl;
  if (verdict.class !== 'moved' || !to || verdict.status === null) return null;
  const at = verdict.hops.findIndex((hop) => hop.to === to);
  const hops = verdict.hops.slice(at + 1);
  const finalUrl = hops.at(-1)?.to ?? to;
  const classified = classifyAttempt({ method: 'GET', url: to, status: verdict.status, hops, finalUrl, failure: null, retryAfterMs: null });
  const { overHttps: _, ...rest } = verdict;
  return { ...rest, url: to, class: classified.class, finalUrl: classified.finalUrl, hops, checks: 1 };
}

export function createLinkFixes(deps: FixDeps) {
  const { browser, tags, history, store } = deps;
  const edits: EditDeps = { journal: history.journal, now: deps.now };

  async function preview({ action, items, folderId }: FixPreviewInput): Promise<FixPreview> {
    const folder = action === 'move' ? await targetFolder(browser, folderId) : null;
    const [tree, verdicts] = await Promise.all([browser.bookmarks.getTree(), store.verdicts()]);
    const refs = bookmarksOf(tree);
    const byId = new Map(refs.map((r) => [r.id, r]));
    const changes: { ref: BookmarkRef; to: string | null; cls: StoredVerdict['class'] }[] = [];
    const leftOut: FixLeftOut[] = [];
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      const ref = byId.get(item.id);
      const refuse = (reason: FixLeftOutReason) => leftOut.push({ id: item.id, title: ref?.title ?? '', url: ref?.url ?? item.url, reason });
      if (!ref) refuse('gone');
      else if (ref.url !== item.url) refuse('url-changed');
      else {
        const verdict = verdicts.get(ref.url);
        const why = verdictRefuses(action, verdict, ref.url);
        if (why) refuse(why);
        else if (folder && ref.parentId === folder.node.id) refuse('in-folder');
        else changes.push({ ref, to: action === 'update' ? verdict!.finalUrl : null, cls: verdict!.class });
      }
    }
    // Tags belong to an address: an update takes them to the new one; a removal takes them along when no other
    // bookmark keeps the address (undo gives them back).
    const had = await tags.getTagsForUrls([...new Set(changes.map((c) => c.ref.url))]);
    const going = new Set(changes.map((c) => c.ref.id));
    const kept = new Set(refs.filter((r) => !going.has(r.id)).map((r) => r.url));
    const out: FixChange[] = changes.map(({ ref, to, cls }) => ({
      id: ref.id,
      title: ref.title,
      url: ref.url,
      to,
      parentId: ref.parentId,
      path: ref.path,
      class: cls,
      tags: action === 'update' || (action === 'remove' && !kept.has(ref.url)) ? (had.get(ref.url) ?? []) : [],
    }));
    return { action, folder: folder && { id: folder.node.id, path: folder.path }, changes: out, leftOut };
  }

  /** Why a bookmark as Firefox has it now is not the one the preview showed (for this fix), or null. */
  function changedSince(
    action: FixAction,
    change: FixInput['changes'][number],
    node: BookmarkNode | undefined,
    verdicts: ReadonlyMap<string, StoredVerdict>,
  ): FixLeftOutReason | null {
    if (!node || kindOf(node) !== 'bookmark') return 'gone';
    if (node.url !== change.url) return 'url-changed';
    // A move keeps what someone renamed; a removal would take their change with it.
    if (action === 'move' && node.parentId !== change.parentId) return 'changed';
    if (action === 'remove' && (node.parentId !== change.parentId || node.title !== change.title)) return 'changed';
    return verdictRefuses(action, verdicts.get(change.url), change.url, action === 'update' ? change.to : undefined);
  }

  async function fix(input: FixInput, ctx: Pick<JobContext<FixProgress>, 'progress' | 'checkpoint'>): Promise<FixResult> {
    const { action } = input;
    const folder = action === 'move' ? await targetFolder(browser, input.folderId) : null;
    const leftAlone: FixLeftOut[] = [];
    const leave = (change: { id: string; title: string; url: string }, reason: FixLeftOutReason) =>
      leftAlone.push({ id: change.id, title: change.title, url: change.url, reason });
    const base = { action, folder: folder && { id: folder.node.id, path: folder.path }, leftAlone };

    // What differs from the preview already is left alone before anything is journaled.
    const verdicts = await store.verdicts();
    const unique = [...new Map(input.changes.map((c) => [c.id, c])).values()];
    const nodes = await getExisting(
      browser,
      unique.map((c) => c.id),
    );
    const todo: { change: FixInput['changes'][number]; node: BookmarkNode }[] = [];
    for (const change of unique) {
      const node = nodes.get(change.id);
      const why = changedSince(action, change, node, verdicts);
      if (why) leave(change, why);
      else todo.push({ change, node: node! });
    }
    ctx.progress({ done: 0, total: todo.length });
    if (!todo.length) return { ...base, done: 0, operationId: null, cancelled: false };

    let entries: NewJournalEntry[];
    if (action === 'update')
      entries = todo.map(({ change, node }) => ({
        role: 'updated',
        id: node.id,
        before: { title: node.title, url: node.url! },
        after: { title: node.title, url: change.to! },
      }));
    else if (action === 'move')
      entries = todo.map(({ node }) => ({
        role: 'moved',
        id: node.id,
        title: node.title,
        parentId: node.parentId!,
        index: node.index ?? 0,
        toParentId: folder!.node.id,
      }));
    else
      entries = await removalEntries(
        { browser, tags },
        todo.map((d) => d.node),
        'deleted',
      );
    const summary: EditSummary = {
      action: ACTIONS[action],
      items: todo.length,
      folderTitle: folder?.node.title ?? null,
      ...(todo.length === 1 ? { title: todo[0]!.node.title } : {}),
    };
    const operation = editOperation(edits, summary);
    const stored = await operation.append(entries);
    const seqOf = new Map(stored.filter((e) => e.role !== 'removed' || e.topLevel).map((e) => [(e as { id: string }).id, e.seq]));
    const steps = operation.steps;

    const moved: { from: string; to: string; verdict: StoredVerdict }[] = [];
    let done = 0;
    let cancelled = false;
    try {
      for (const batch of chunks(todo, ATTEMPT_BATCH)) {
        await steps.attempt(batch.map((d) => seqOf.get(d.node.id)!));
        for (const [i, { change }] of batch.entries()) {
          const seq = seqOf.get(change.id)!;
          try {
            await ctx.checkpoint();
          } catch (error) {
            if (!(error instanceof AppError && error.code === 'cancelled')) throw error;
            // What is done stays done (and can be undone); the rest of this batch was never called.
            cancelled = true;
            for (const rest of batch.slice(i)) await steps.skipped(seqOf.get(rest.node.id)!);
            break;
          }
          // Read again right before the call: what someone changed since the preview stays as they left it.
          const [now] = await browser.bookmarks.get(change.id).catch(() => [] as BookmarkNode[]);
          const why = changedSince(action, change, now, verdicts);
          if (why) {
            leave(change, why);
            await steps.skipped(seq);
            continue;
          }
          try {
            if (action === 'update') await browser.bookmarks.update(change.id, { url: change.to! });
            else if (action === 'move') await browser.bookmarks.move(change.id, { parentId: folder!.node.id });
            else await browser.bookmarks.remove(change.id);
          } catch (error) {
            leave(change, isMissingBookmarkError(error) ? 'gone' : 'failed');
            await steps.skipped(seq);
            continue;
          }
          await steps.done(seq);
          done++;
          if (action === 'update') moved.push({ from: change.url, to: change.to!, verdict: verdicts.get(change.url)! });
          ctx.progress({ done, total: todo.length });
        }
        if (cancelled) break;
      }
      if (moved.length) await carryTags({ browser, tagStore: tags }, (e) => operation.append(e), moved);
    } finally {
      await operation.finish({ cancelled, edit: { ...summary, items: done } });
    }
    // A fixed address is no longer listed as moved: what the check learned of the new one is its verdict now.
    if (moved.length) await refreshVerdicts(moved.map((m) => m.verdict));
    return { ...base, done, operationId: await operation.sessionId, cancelled };
  }

  async function refreshVerdicts(old: readonly StoredVerdict[]) {
    const known = await store.verdicts();
    const fresh = old.map(verdictAfterMove).filter((v): v is StoredVerdict => !!v && (known.get(v.url)?.checkedAt ?? -1) < v.checkedAt);
    await store.putVerdicts(fresh);
  }

  return {
    preview,
    /**
     * The fix, alone in the history's queue: a second cleanup, undo or fix is refused while it runs or is paused; while
     * paused it gives up its queue turn to other writes (each bookmark is read again before its call anyway).
     */
    fix: (input: FixInput, ctx: JobContext<FixProgress>) => history.alone('links-fix', ctx, (job) => fix(input, job)),
  };
}
