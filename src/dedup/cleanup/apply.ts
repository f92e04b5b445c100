/**
 * Applies a cleanup plan at Firefox's speed limit, journal first, and never at the cost of a change someone else
 * makes while it runs (docs/ARCHITECTURE.md, "A change the cleanup did not make always wins").
 *
 * 1. Check (plan-check.ts, reads only): every planned item must still be what the plan saw; roots are never
 *    touched; a removal goes ahead only while its kept copy stays (never the last copy). Refusals are reported. The
 *    tree the check read becomes the guard's shadow (cleanup-guard.ts), kept current by every bookmark event.
 * 2. Journal: one durable IndexedDB transaction records the session, every item to be removed (every descendant
 *    of a removed folder too) with parent, index, title, URL, dateAdded, type, the URL's tags and path, every
 *    planned move with its original place, and every tag merge with the tags the URL had before.
 * 3. Act, call by call. Before EACH call the item, the copy it duplicates (a folder: the folder that stays) and every
 *    folder they are in must be untouched by anyone else so far, or the item is skipped; a skip is written to the
 *    journal before the apply goes on, and so is, per batch, what the apply is about to attempt and what it did.
 *    A copied folder is re-read right before its removeTree and must match its journal entry exactly (ids, titles,
 *    URLs, structure); otherwise its journaled items are removed one by one and whatever else is in it stays.
 *    Loose duplicates go with bookmarks.remove, REMOVAL_LANES calls in flight, last child first in each folder
 *    (docs/ARCHITECTURE.md "Cleanup speed").
 * 4. After each call, and once more after the last (when late events of calls that raced ours have arrived): what
 *    someone else did between a decision and Firefox's transaction is put back at once. A duplicate renamed,
 *    re-addressed or moved in that moment is re-created with their change; an item created in, moved into or
 *    edited inside a folder as the folder was removed is re-created (in the folder that stays); when the copy that
 *    should stay is removed or re-addressed by someone else, a removed copy comes back so its URL keeps a bookmark.
 *    Each is journaled and reported. Firefox gives no atomic check-and-remove: the window left is the time between
 *    the last event seen and Firefox's transaction, measured in docs/ARCHITECTURE.md.
 *
 * ctx.checkpoint() honours pause and cancel between calls. A cancel stops before the next call: what was done
 * stays done (and can be undone), the rest is reported as skipped. Crash safety: see recovery.ts.
 *
 * This file checks and orchestrates; the state the phases share is run-state.ts, the journal's entries
 * journal-entries.ts, and the phases, in order: merge-tags.ts, move-children.ts, copied-folders.ts,
 * replace-folders.ts, remove-emptied-at-once.ts, remove-loose.ts, remove-emptied.ts. What someone else did meanwhile is caught up on by
 * changes-by-others.ts, which puts things back through put-back.ts, rescue.ts and kept-copies.ts.
 */
import { createBookmarkEvents } from '../../platform/bookmark-events';
import { createChangeWatch, type CleanupOutcomeNumbers, type CleanupPhase, type CleanupProgress, type WriteDeps } from '../../operation-history';
import { createProgressMeter } from './cleanup-progress';
import { checkPlan, type ApplyProblem } from './plan-check';
import type { CleanupPlan } from '../plan-types';
import { isEmptied } from './emptied-folders';
import { RunState, type Ctx } from './run-state';
import { buildEntries } from './journal-entries';
import { mergeTags } from './merge-tags';
import { moveUniqueChildren } from './move-children';
import { collapseFolders } from './copied-folders';
import { chooseReplacements, replaceFolders } from './replace-folders';
import { removeLoose } from './remove-loose';
import { removeEmptied } from './remove-emptied';
import { chooseEmptiedAtOnce, removeEmptiedAtOnce } from './remove-emptied-at-once';
import { reconcileEverything, settleNew } from './changes-by-others';

export type { ApplyProblem, ProblemReason } from './plan-check';
export { SETTLE_MS } from './run-state';
export { REMOVAL_BATCH } from './remove-loose';

export type ApplyPhase = CleanupPhase;
/** See cleanup-numbers.ts: fixed order of phases, a total fixed once journaled, a moving-window rate. */
export type ApplyProgress = CleanupProgress;

export interface ApplyResult {
  sessionId: string;
  cancelled: boolean;
  /** What was done, in the plan's units (cleanup-numbers.ts). */
  counts: CleanupOutcomeNumbers;
  /** Everything left as it was or put back, and why (reason 'rescued': someone else's item re-created). */
  problems: ApplyProblem[];
  elapsedMs: number;
}

/** Applies a plan. Throws (having changed nothing) when cancelled or failing before the journal is written. */
export async function applyPlan(deps: WriteDeps, plan: CleanupPlan, ctx: Ctx<ApplyProgress>): Promise<ApplyResult> {
  const started = deps.now();
  ctx.progress({ phase: 'checking', done: 0, total: 0, rate: 0, etaMs: null });
  // Tracking starts before the check, so whatever changes after the check is seen.
  const ownEvents = deps.watch ? null : createBookmarkEvents(deps.browser.bookmarks);
  const ownWatch = ownEvents ? createChangeWatch(ownEvents) : null;
  const tracker = (deps.watch ?? ownWatch!).track();
  try {
    const check = await checkPlan(deps.browser, plan);
    await ctx.checkpoint();
    return await runCleanup(new RunState(deps, plan, ctx, check, tracker, started));
  } finally {
    tracker.stop();
    ownWatch?.close();
    ownEvents?.close();
  }
}

/** One apply, from the journal on: the journal, the phases in order, the settle, the outcome. */
async function runCleanup(run: RunState): Promise<ApplyResult> {
  const { check, ctx } = run;
  const { tags, now } = run.deps;
  ctx.progress({ phase: 'journaling', done: 0, total: 0, rate: 0, etaMs: null });
  const replacements = await chooseReplacements(run);
  const newEntries = await buildEntries(check, run.plan, tags, replacements);
  await ctx.checkpoint();
  const entries = run.beginJournal(newEntries);
  const replacedSeq = new Map(entries.filter((e) => e.role === 'replaced-folder').map((e) => [e.id, e.seq]));
  for (const r of replacements) r.seq = replacedSeq.get(r.folder.id)!;

  const folders = [...check.removals.values()].filter((r) => r.planned.kind === 'folder' && !isEmptied(r));
  const emptied = [...check.removals.values()].filter(isEmptied).length;
  const inReplaced = replacements.reduce((sum, r) => sum + r.removals.length, 0);
  const looseCount = check.removals.size - folders.length - inReplaced - emptied;
  // The total is the copies the plan removes, the page's headline figure (plan.numbers.copies when the pre-check
  // refused nothing): folders and moves go along without units of their own.
  const total = [...check.removals.keys()].reduce((sum, id) => sum + run.copiesOf(id), 0);
  run.meter = createProgressMeter({
    now,
    total,
    calls: { move: check.moves.size, folder: folders.length + replacements.length + emptied, loose: looseCount },
    emit: (p) => ctx.progress(p),
  });
  for (const id of check.removals.keys()) run.state.set(id, 'pending');

  try {
    await mergeTags(run, entries);
    await moveUniqueChildren(run);
    await collapseFolders(run, folders);
    await replaceFolders(run, replacements);
    await removeEmptiedAtOnce(run, chooseEmptiedAtOnce(run));
    await removeLoose(run);
    await removeEmptied(run);
    // Late events of calls that raced ours, then what they call for. The features take what the calls changed
    // while the wait runs (a 10,000-bookmark folder is a few dozen ms of the search index's time).
    const settling = run.settle();
    run.deps.deliverEvents?.();
    await settling;
    await settleNew(run);
    await reconcileEverything(run);
  } finally {
    run.counts.skipped = run.problems.filter((p) => p.reason !== 'rescued').length;
  }

  const finishedAt = now();
  await run.log.write();
  await run.journal.finishApply(run.sessionId, {
    skippedSeqs: [...run.skippedSeqs],
    removedKeys: run.removedKeys,
    patch: { status: 'applied', cancelled: run.cancelled, counts: run.counts, finishedAt },
  });
  run.meter.report('done');
  return { sessionId: run.sessionId, cancelled: run.cancelled, counts: run.counts, problems: run.problems, elapsedMs: finishedAt - run.started };
}
