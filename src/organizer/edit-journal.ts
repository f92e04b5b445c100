/**
 * The organizer's deletes, moves and folder sorts as operations of the one operation journal (src/operations): each
 * is a session of kind 'edit', journaled before Firefox is touched, with write-ahead progress, so that
 *  - undo (Ctrl+Z in the organizer, or the history on the Duplicates page) is the same undo as a cleanup's: it puts
 *    back only what the edit did, and leaves alone what someone changed since;
 *  - an edit cut short by a crash is rolled back when Tidymarks starts again (operations/recovery.ts), as a whole.
 */
import { newSession, ProgressLog, type EditSummary, type Journal, type JournalEntry, type NewJournalEntry, type SessionRecord } from '../operations';

export interface EditJournalDeps {
  journal: Journal;
  now: () => number;
  /**
   * Settles once start-up recovery is done: an edit journaled before would look to it like one a crash
   * interrupted, and be rolled back while it runs.
   */
  recovered: Promise<unknown>;
  newSessionId?: () => string;
}

/** What an edit tells the journal while it runs. */
export interface EditSteps {
  /** The entries (by seq) whose calls come next: written before the calls. */
  attempt(seqs: readonly number[]): Promise<void>;
  /** An entry carried out (written with the next few, as a cleanup does). */
  done(seq: number): Promise<void>;
  /** An entry left alone: its item went or moved meanwhile. */
  skipped(seq: number): Promise<void>;
  /** Entries added while the edit runs (an item a re-planned move touches). */
  append(entries: readonly NewJournalEntry[]): Promise<JournalEntry[]>;
}

/** Records not yet written after this many entries done: recovery allows for that many (operations/undo.ts). */
const UNWRITTEN_AT_MOST = 8;

/**
 * Runs `work` as one journaled edit. Nothing is written when there is nothing to journal. The session ends
 * 'applied' whatever `work` carried out (skips are recorded), so undo can take back what it did.
 */
export async function journaledEdit<T>(deps: EditJournalDeps, summary: EditSummary, entries: readonly NewJournalEntry[], work: (steps: EditSteps, stored: JournalEntry[]) => Promise<T>): Promise<T> {
  const { journal, now } = deps;
  await deps.recovered.catch(() => undefined);
  const id = deps.newSessionId?.() ?? crypto.randomUUID();
  const session: SessionRecord = { ...newSession(id, 'edit', summary.action, now()), edit: summary };
  const stored = await journal.beginSession(session, entries);
  const log = new ProgressLog(journal, id);
  const skipped: number[] = [];
  const steps: EditSteps = {
    attempt: (seqs) => log.write({ attempting: [...seqs] }),
    done: (seq) => {
      log.note({ done: [seq] });
      return log.keepUp(UNWRITTEN_AT_MOST);
    },
    skipped: (seq) => {
      skipped.push(seq);
      return log.write({ skipped: [seq] });
    },
    append: (more) => journal.append(id, more),
  };
  try {
    return await work(steps, stored);
  } finally {
    await log.write();
    await journal.finishApply(id, { skippedSeqs: skipped, removedKeys: [], patch: { status: 'applied', finishedAt: now() } });
  }
}
