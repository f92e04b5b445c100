/**
 * An edit (or an undo) as one operation of the journal, written ahead: the entries of what it is about to do are
 * stored before Firefox or the tag store is touched, and small progress records say what it attempted, carried out,
 * skipped and which ids Firefox gave what it created. So undo puts back exactly what it did, and a crash is rolled
 * back at the next start (recovery.ts). Run it in the history's queue (history.ts): one journaled write at a time.
 */
import type { Journal } from './journal';
import type { JournalEntry, NewJournalEntry } from './journal-entries';
import { newSession, type EditSummary, type SessionRecord } from './journal-records';
import { ProgressLog } from './progress-log';

export interface EditDeps {
  journal: Journal;
  now: () => number;
  newSessionId?: () => string;
}

/** What an operation tells the journal while it runs. */
export interface EditSteps {
  /** The entries (by seq) whose calls come next: written before the calls. */
  attempt(seqs: readonly number[]): Promise<void>;
  /** An entry carried out (written with the next few, as a cleanup does). */
  done(seq: number): Promise<void>;
  /** An entry left alone: its item went or changed meanwhile, or its call failed. Written before the next call. */
  skipped(seq: number): Promise<void>;
  /** The id Firefox gave a created entry's item (written with the next record; undo finds it by its data before). */
  created(seq: number, id: string): void;
  /** Entries added while the operation runs (journaled before their calls). */
  append(entries: readonly NewJournalEntry[]): Promise<JournalEntry[]>;
  /** Writes what is noted so far (created ids) and resolves once it is stored. */
  flush(): Promise<void>;
}

/**
 * One operation being written. The session begins with the first entries appended (or `begin()`), so an edit that
 * turns out to change nothing writes nothing.
 */
export class JournaledOperation {
  private begun: Promise<string> | null = null;
  private log: ProgressLog | null = null;
  private readonly skippedSeqs: number[] = [];

  constructor(
    private readonly deps: EditDeps,
    private readonly record: (id: string, createdAt: number) => SessionRecord,
  ) {}

  /** The session, once begun. */
  get sessionId(): Promise<string> | null {
    return this.begun;
  }

  /** Begins the session (with `entries`) if it has not begun; returns the entries stored. */
  private async start(entries: readonly NewJournalEntry[]): Promise<JournalEntry[]> {
    const id = this.deps.newSessionId?.() ?? crypto.randomUUID();
    let stored: JournalEntry[] = [];
    this.begun = (async () => {
      stored = await this.deps.journal.beginSession(this.record(id, this.deps.now()), entries);
      this.log = new ProgressLog(this.deps.journal, id);
      return id;
    })();
    await this.begun;
    return stored;
  }

  begin(): Promise<string> {
    return this.begun ?? this.start([]).then(() => this.begun!);
  }

  async append(entries: readonly NewJournalEntry[]): Promise<JournalEntry[]> {
    if (!this.begun) return this.start(entries);
    const id = await this.begun;
    return entries.length ? this.deps.journal.append(id, entries) : [];
  }

  readonly steps: EditSteps = {
    attempt: (seqs) => (seqs.length ? this.log!.write({ attempting: [...seqs] }) : Promise.resolve()),
    done: (seq) => {
      this.log!.note({ done: [seq] });
      return this.log!.keepUp();
    },
    skipped: (seq) => {
      this.skippedSeqs.push(seq);
      return this.log!.write({ skipped: [seq] });
    },
    created: (seq, id) => this.log!.note({ ids: [{ seq, id }] }),
    append: (entries) => this.append(entries),
    flush: () => this.flush(),
  };

  /** Writes what is noted so far. */
  async flush(): Promise<void> {
    await this.log?.write();
  }

  /** Ends the operation 'applied' (whatever it carried out: skips are recorded), so undo can take back what it did. */
  async finish(patch: Partial<Omit<SessionRecord, 'id'>> = {}): Promise<void> {
    if (!this.begun) return;
    const id = await this.begun;
    await this.log!.write();
    await this.deps.journal.finishApply(id, { skippedSeqs: this.skippedSeqs, removedKeys: [], patch: { status: 'applied', finishedAt: this.deps.now(), ...patch } });
  }
}

/** A new edit operation: begins with its first entries, ends with finish(). */
export function editOperation(deps: EditDeps, summary: EditSummary): JournaledOperation {
  return new JournaledOperation(deps, (id, createdAt) => ({ ...newSession(id, 'edit', summary.action, createdAt), edit: summary }));
}

/**
 * Runs `work` as one journaled edit with `entries` written first (callers journal only an edit that changes
 * something). The session ends 'applied' whatever `work` carried out, so undo can take back what it did.
 */
export async function journaledEdit<T>(
  deps: EditDeps,
  summary: EditSummary,
  entries: readonly NewJournalEntry[],
  work: (steps: EditSteps, stored: JournalEntry[]) => Promise<T>,
): Promise<T> {
  const operation = editOperation(deps, summary);
  const stored = await operation.append(entries);
  try {
    return await work(operation.steps, stored);
  } finally {
    await operation.finish();
  }
}
