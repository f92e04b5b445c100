/**
 * Crash safety: what happens to an operation (a cleanup, an import) the event page did not finish (Firefox closed or
 * killed, the extension reloaded or updated, the event page unloaded mid-job).
 *
 * Decision: ROLL BACK. On the next start an operation that never reached 'applied' is undone from its journal, with
 * the same code as a user's undo (undo.ts), which is idempotent and acts only on what the operation's write-ahead
 * progress records say it attempted or did: items it never reached stay as they are (also when someone else
 * removed them meanwhile: never re-created), items it moved are moved back if they are still where it put them,
 * items it removed are re-created with their tags, items an import created are removed unless someone changed them
 * (and a holding folder left by a cleanup of an older version is emptied the same way and removed). The session is
 * then marked 'rolled-back' with a note, and the user can run it again. Why not roll forward: the plan
 * was checked against the tree as it was when the apply started; after a restart (and perhaps a sync in between)
 * finishing it would act on a tree nobody checked, while rolling back only restores what the journal recorded.
 * Nothing is lost either way: every item was journaled before it was touched.
 *
 * The one ambiguity a crash leaves: an item whose call was being attempted when Firefox died and that is missing
 * now was removed either by that call or by someone else in the same moment; it is re-created (a copy too many
 * rather than a bookmark lost). Skips because someone else changed an item are written before the apply goes on.
 *
 * An undo or redo of the history (history.ts) is an operation of its own (kind 'undo'), journaled ahead: one a crash
 * interrupted is rolled back like any other, and the operation it was undoing is 'applied' again; one that finished
 * just before the crash settles the operation it undid as 'undone'. An undo of an older version (no inverse) or a
 * roll-back that was itself interrupted is resumed: being idempotent, it just runs again.
 */
import type { WriteDeps } from './ports';
import { operationKindOf, UNFINISHED_STATUSES, type SessionRecord } from './journal-records';
import { restoreSession, type UndoResult } from './undo';
import { t } from '../i18n';

export interface RecoveryOutcome {
  sessionId: string;
  action: 'rolled-back' | 'undo-finished';
  result: UndoResult | null;
  error: string | null;
}

const quietCtx = { progress: () => undefined, checkpoint: async () => undefined };

/** Finds sessions left unfinished and rolls them back (apply) or finishes them (undo). Never throws. */
export async function recoverInterruptedSessions(deps: WriteDeps, which: (session: SessionRecord) => boolean = () => true): Promise<RecoveryOutcome[]> {
  const outcomes: RecoveryOutcome[] = [];
  let sessions;
  try {
    sessions = await deps.journal.unfinishedSessions();
  } catch (error) {
    console.error('Tidymarks: the cleanup journal could not be read at start-up', error);
    return outcomes;
  }
  // Newest first (the journal lists them so), like a stack: a newer session acted on what an older one left, so it is
  // taken back before the older one is. (Two are left only when a recovery itself failed and a cleanup ran after.)
  for (const listed of sessions.filter(which)) {
    try {
      // Read again: settling a newer session may have settled this one.
      const session = await deps.journal.getSession(listed.id);
      if (!session || !UNFINISHED_STATUSES.includes(session.status)) continue;
      if (session.status === 'undoing') {
        const inverse = sessions.filter((s) => s.undoes === session.id).sort((a, b) => (b.order ?? 0) - (a.order ?? 0))[0];
        if (inverse) {
          // Its undo was an operation of its own: finished (this one is undone), or rolled back (it stands).
          const now = await deps.journal.getSession(inverse.id);
          const finished = now?.status === 'applied';
          await deps.journal.updateSession(
            session.id,
            finished ? { status: 'undone', undoneAt: now.finishedAt ?? deps.now() } : { status: 'applied', undoStartedAt: null },
          );
          if (finished) outcomes.push({ sessionId: session.id, action: 'undo-finished', result: null, error: null });
          continue;
        }
      }
      const mode = session.status === 'undoing' ? 'undo' : 'rollback';
      const action = mode === 'undo' ? 'undo-finished' : 'rolled-back';
      try {
        const result = await restoreSession(deps, session.id, quietCtx, mode);
        if (mode === 'rollback') {
          await deps.journal.updateSession(session.id, {
            note: t(operationKindOf(session) === 'import' ? 'recoveryNoteImport' : 'recoveryNoteRolledBack'),
          });
          // An undo (or redo) cut short: the operation it was undoing stands as it was.
          const target = session.undoes ? await deps.journal.getSession(session.undoes) : undefined;
          if (target && (target.status === 'undoing' || target.status === 'undone'))
            await deps.journal.updateSession(target.id, { status: 'applied', undoStartedAt: null });
        }
        outcomes.push({ sessionId: session.id, action, result, error: null });
      } catch (error) {
        console.error(`Tidymarks: recovery of operation ${session.id} failed`, error);
        outcomes.push({ sessionId: session.id, action, result: null, error: error instanceof Error ? error.message : String(error) });
      }
    } catch (error) {
      console.error(`Tidymarks: recovery of operation ${listed.id} failed`, error);
      outcomes.push({ sessionId: listed.id, action: 'rolled-back', result: null, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcomes;
}
