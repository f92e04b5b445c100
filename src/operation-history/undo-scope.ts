/**
 * What of a session a restore (undo.ts) acts on: the entries the operation carried out, by its progress records
 * (journal-records.ts), with the calls a crash may have interrupted; never what it skipped or put back, nor what it
 * rescued for someone else.
 */
import type { JournalEntry } from './journal-entries';
import type { SessionProgress } from './journal-records';
import { MAX_CALLS_IN_FLIGHT, UNWRITTEN_AT_MOST } from './progress-log';

/** The entries to restore: those the operation carried out, a crash's interrupted calls included. */
export function carriedOutEntries(all: readonly JournalEntry[], progress: SessionProgress): JournalEntry[] {
  const interrupted = interruptedCalls(progress);
  const tops = topSeqs(all);
  return all.filter((e) => carriedOut(e, progress, interrupted, tops.get(e.seq)));
}

/**
 * Whether the operation carried an entry out, by its progress records: done, or attempting (a call for it may have
 * run before a crash: an item missing then is restored rather than lost). Skipped and put-back entries are not the
 * operation's. A session written before progress records existed counts every entry not marked skipped.
 */
export function carriedOut(
  entry: JournalEntry,
  progress: SessionProgress,
  interrupted: ReadonlySet<number> = progress.attempting,
  /** The planned removal an entry inside a removed folder belongs to (its fate, when it has no record of its own). */
  topSeq?: number,
): boolean {
  if (entry.skipped || progress.skipped.has(entry.seq) || progress.putBack.has(entry.seq)) return false;
  // Someone else's item the apply re-created is theirs: never undone.
  if (entry.role === 'rescued') return false;
  // Journaled right before its call, so the entry itself is the write-ahead record: the item may exist (an id not
  // recorded yet is found by its data), and tags that were never added come off as a no-op.
  // An update or a tag change whose write never happened finds the item as it was: putting it back does nothing.
  if (!progress.recorded || entry.role === 'created' || entry.role === 'tag-merge' || entry.role === 'tags' || entry.role === 'keyword' || entry.role === 'updated')
    return true;
  if (progress.done.has(entry.seq) || interrupted.has(entry.seq)) return true;
  return topSeq !== undefined && topSeq !== entry.seq && (progress.done.has(topSeq) || interrupted.has(topSeq));
}

/** For entries inside a removed folder: the seq of the planned removal (a copied folder) they went with. */
function topSeqs(entries: readonly JournalEntry[]): Map<number, number> {
  const tops = new Map<string, number>();
  for (const e of entries) if (e.role === 'removed' && e.topLevel) tops.set(e.id, e.seq);
  const out = new Map<number, number>();
  for (const e of entries) {
    if (e.role !== 'removed' || e.topLevel) continue;
    for (let i = e.ancestorIds.length - 1; i >= 0; i--) {
      const top = tops.get(e.ancestorIds[i]);
      if (top !== undefined) {
        out.set(e.seq, top);
        break;
      }
    }
  }
  return out;
}

/**
 * How many calls of an interrupted batch may have run without a record: the calls in flight (progress-log.ts
 * MAX_CALLS_IN_FLIGHT) and those whose "done" was noted but not written yet (progress-log.ts UNWRITTEN_AT_MOST).
 */
const CALLS_IN_FLIGHT = MAX_CALLS_IN_FLIGHT + UNWRITTEN_AT_MOST;

/**
 * After a crash, the entries of an attempting record that were neither done nor skipped: their calls may or may not
 * have run. Calls run in the record's order and each "done" is written as its call returns, so only the first
 * CALLS_IN_FLIGHT of them can have been under way; later ones were never reached, and if they are missing now someone
 * else removed them (never re-created).
 */
export function interruptedCalls(progress: SessionProgress): Set<number> {
  const out = new Set<number>();
  for (const batch of progress.attemptBatches) {
    // Calls run in the record's order; items done or skipped later in it say how far the batch got.
    const lastKnown = batch.reduce((at, seq, i) => (progress.done.has(seq) || progress.skipped.has(seq) || progress.putBack.has(seq) ? i : at), -1);
    const open = batch.map((seq, i) => [seq, i] as const).filter(([seq]) => !progress.done.has(seq) && !progress.skipped.has(seq) && !progress.putBack.has(seq));
    let left = CALLS_IN_FLIGHT;
    for (const [seq, i] of open) {
      if (i < lastKnown) out.add(seq);
      else if (left-- > 0) out.add(seq);
    }
  }
  // One call for all of them (a replaced folder's removeTree): made for all or for none.
  for (const seq of progress.atOnce) if (!progress.done.has(seq) && !progress.skipped.has(seq) && !progress.putBack.has(seq)) out.add(seq);
  return out;
}
