/**
 * Undo of an operation from its journal (a cleanup, an import, an edit, an undo: that is a redo); the same code rolls
 * back an interrupted one (recovery.ts). It restores what the operation did and nothing else, and it never reverts
 * what someone else did since (docs/ARCHITECTURE.md, "A change the cleanup did not make always wins"):
 *
 * - A removed item is re-created where it was (a removed folder too, its children into the new folder: old ids are
 *   remapped, and the mapping is kept in the journal so a later undo of an older session still finds the folder).
 *   Items are placed parent by parent, parents first, in ascending original index, so every index lands where it
 *   was; the URL's tags come back, and tags a merge added to a survivor are taken off again.
 * - A removed item that exists again (Firefox Sync brought it back with its id) is left where it is and reported.
 *   So is an item the operation moved that someone moved elsewhere since, and one someone deleted since.
 * - What the operation created (an import) is removed unless someone changed it since (renamed, re-addressed or
 *   moved it, or put something into a created folder): that stays, reported, with its tags.
 * - Only what the operation carried out is restored: its progress records (journal-records.ts) say what it attempted
 *   and did. An item someone else removed during the operation was skipped, and is never re-created.
 * - A rename or new address goes back only while the item still has what the edit gave it; tags go back tag by tag,
 *   only those still as the edit left them.
 * - Given `inverse` (the history's undo and redo), what the restore does is itself journaled there, ahead of each
 *   call, as an operation of its own: undoing that one is the redo, with the same rules and crash safety.
 *
 * It is idempotent: whatever already exists (found by id, through the id map) is not created again, so an undo
 * that was interrupted or cancelled can simply run again.
 *
 * restoreSession runs its steps over one shared RestoreState (undo-state.ts), in this order: the entries to restore
 * (undo-scope.ts); folders a cleanup replaced by a fresh copy, settled (undo-replaced-folders.ts); removed items
 * re-created, moved items moved back, someone else's rescued items re-created (undo-placements.ts); what the
 * operation created, removed (undo-created.ts); reorders, renames and new addresses taken back (undo-edits.ts); tags
 * (undo-tags.ts); keywords (undo-keywords.ts); an older version's holding folder tidied away (undo-holding-folder.ts).
 */
import { AppError } from '../messaging/errors';
import { t } from '../i18n';
import type { EditSteps } from './edit';
import { KEPT_SESSIONS } from './journal';
import type { CreatedEntry, ReorderedEntry, UpdatedEntry } from './journal-entries';
import { operationKindOf, type SessionRecord, type SessionStatus } from './journal-records';
import type { WriteDeps } from './ports';
import type { RestoredUnits } from './restored-units';
import { removeCreated } from './undo-created';
import { restoreOrders, restoreUpdates } from './undo-edits';
import { removeEmptyHoldingFolder } from './undo-holding-folder';
import { placeBack, planPlacements, recreateRescued } from './undo-placements';
import { settleReplacedFolders } from './undo-replaced-folders';
import { carriedOutEntries } from './undo-scope';
import { idsToResolve, indexTree, RestoreState, unrecorded, type LeftAlone, type RestoreCtx, type RestoreMode, type RestoreStart, type UndoProblem } from './undo-state';
import { restoreTags } from './undo-tags';
import { restoreKeywords } from './undo-keywords';

export type { LeftAlone, LeftAloneReason, RestoreMode, UndoPhase, UndoProblem, UndoProgress } from './undo-state';

export interface UndoResult {
  sessionId: string;
  /** Items re-created. */
  restored: number;
  /** The undo of a cleanup: what it re-created in the cleanup's units (restored-units.ts); absent for other operations. */
  units?: RestoredUnits;
  /** Items moved back to their original folder. */
  movedBack: number;
  /** Items the operation created that were removed (an import's undo). */
  removed: number;
  /** What undo did not touch because someone changed it since, by reason (none is a problem: it is the rule). */
  leftAlone: LeftAlone[];
  problems: UndoProblem[];
  /** True when cancelled part way: run the undo again to finish it. */
  cancelled: boolean;
}

const ALLOWED: Record<RestoreMode, readonly SessionStatus[]> = {
  undo: ['applied', 'undoing'],
  rollback: ['applying', 'rolling-back'],
};

/**
 * Brings back what a session changed. `rollback` is used by recovery for an operation that never finished. With
 * `inverse`, everything it does is journaled there first (see the file's comment).
 */
export async function restoreSession(deps: WriteDeps, sessionId: string, ctx: RestoreCtx, mode: RestoreMode, inverse: EditSteps | null = null): Promise<UndoResult> {
  const { journal, now } = deps;
  const inv = inverse ?? unrecorded();
  const { session, resuming } = await startRestore(deps, sessionId, mode);
  ctx.progress({ phase: 'checking', done: 0, total: 0, rate: 0 });
  const state = await readRestore({ deps, ctx, session, mode, resuming, inverse, inv });

  const plan = planPlacements(state);
  const created = state.entries.filter((e): e is CreatedEntry => e.role === 'created');
  const reordered = state.entries.filter((e): e is ReorderedEntry => e.role === 'reordered');
  const updated = state.entries.filter((e): e is UpdatedEntry => e.role === 'updated');
  state.begin(plan.placements.length + created.length + reordered.length + updated.length);

  /** The URLs of created items that stay (someone changed them): their tags stay too. */
  const keptUrls = new Set<string>();
  let finished = false;
  try {
    finished = await placeBack(state, plan);
    if (finished) await recreateRescued(state);
    if (finished && created.length) finished = await removeCreated(state, created, keptUrls);
    // Last, once items moved back have left the folders they were moved into: each reordered folder's old order.
    if (finished) finished = await restoreOrders(state, reordered);
    if (finished) finished = await restoreUpdates(state, updated);
  } finally {
    await state.flushIds();
  }

  if (!finished) {
    await journal.updateSession(sessionId, { status: mode === 'undo' ? 'applied' : 'rolling-back' });
    state.report('restoring');
    return resultOf(state, true);
  }

  state.report('tags');
  await restoreTags(state, keptUrls);
  await restoreKeywords(state);

  await removeEmptyHoldingFolder(deps, session);

  await journal.forgetRemoved(sessionId);
  const final: Partial<SessionRecord> = mode === 'undo' ? { status: 'undone', undoneAt: now() } : { status: 'rolled-back', undoneAt: now() };
  await journal.updateSession(sessionId, final);
  state.report('done');
  return resultOf(state, false);
}

/**
 * The session, once it is known that it can be restored this way (an undo of an applied operation, a roll-back of an
 * unfinished one, or the same again when it was interrupted: `resuming`), marked as being restored.
 */
async function startRestore(deps: WriteDeps, sessionId: string, mode: RestoreMode): Promise<{ session: SessionRecord; resuming: boolean }> {
  const { journal, now } = deps;
  const session = await journal.getSession(sessionId);
  if (!session) throw new AppError('not-found', t('undoSessionGone', KEPT_SESSIONS));
  if (!ALLOWED[mode].includes(session.status)) {
    const what =
      session.status === 'undone' ? t('undoStatusUndone') : session.status === 'rolled-back' ? t('undoStatusRolledBack') : t('undoStatusOther', session.status);
    throw new AppError('conflict', t(mode === 'undo' ? 'undoRefusedUndo' : 'undoRefusedRollback', what));
  }
  const working: SessionStatus = mode === 'undo' ? 'undoing' : 'rolling-back';
  const resuming = session.status === working;
  await journal.updateSession(sessionId, { status: working, undoStartedAt: session.undoStartedAt ?? now() });
  return { session, resuming };
}

/**
 * What the restore starts from: the entries the operation carried out (undo-scope.ts), the tree as it is once the
 * folders a cleanup replaced are settled (undo-replaced-folders.ts), and where each journaled id is now.
 */
async function readRestore(start: Omit<RestoreStart, 'progress' | 'all' | 'entries' | 'live' | 'resolved'>): Promise<RestoreState> {
  const { deps, session, inv } = start;
  const { browser, journal } = deps;
  const progress = await journal.progress(session.id);
  const all = await journal.entries(session.id);
  const entries = carriedOutEntries(all, progress);
  const readTree = deps.readTree ?? (() => browser.bookmarks.getTree());
  let live = indexTree(await readTree());
  // Folders the cleanup replaced by a fresh copy: finished (the id map leads to the new folder) or taken back.
  if (await settleReplacedFolders(deps, session, entries, progress, live, inv)) live = indexTree(await readTree());
  const resolved = await journal.resolveIds(idsToResolve(entries));
  return new RestoreState({ ...start, progress, all, entries, live, resolved });
}

function resultOf(state: RestoreState, cancelled: boolean): UndoResult {
  const { session, restored, movedBack, removed, problems } = state;
  const units = operationKindOf(session) === 'cleanup' ? { units: { ...state.units.units } } : {};
  return { sessionId: session.id, restored, ...units, movedBack, removed, leftAlone: state.leftAlone.list(), problems, cancelled };
}
