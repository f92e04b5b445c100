/**
 * The one way a flat list of steps is created through an ImportOperation with its items journaled ahead, many in one
 * write (ImportOperation.journalAhead; src/operation-history/README.md "Items journaled ahead"): an import of a
 * bookmarks.html (import.ts) and a restore from a Firefox backup (src/firefox-backups/restore.ts) each make their
 * steps first, in the order the items are to be created, each step into a folder that is there (its id) or into the
 * folder an earlier step creates (its index). A tree so becomes a list: a folder comes before what goes into it.
 *
 * A folder step's id is known only once it is created, so a write ahead ends before a step whose folder is one of its
 * own steps: a chain of new folders, each the first item of the one before, is journaled a folder a write.
 */
import type { Browser } from '../platform/browser';
import type { ImportOperation } from './import-journal';

/** Where a step's item goes: a folder that is there now (its id), or one an earlier step creates (its index). */
export type StepParent = { id: string } | { step: number };

/**
 * Steps journaled ahead in one write, before their creates: a kill leaves at most this many whose outcome is not
 * stored, and recovery finds those created in their order (src/operation-history undo-created.ts matchInOrder).
 */
export const AHEAD = 32;

type CreateDetails = Parameters<Browser['bookmarks']['create']>[0];

/**
 * Walks steps (each with its folder; a step with none creates nothing) with an operation journaling them ahead. The
 * caller goes through the steps in order, calls `reach(i)` as step i comes, creates it with `operation.create` (which
 * takes it from those journaled ahead) and tells `created(i, id)`; a step journaled ahead that it leaves out has its
 * skip stored with `operation.skipAhead()` before the next create (that is why `reach` says whether it is journaled).
 */
export class StepsAhead<S extends { parent?: StepParent }> {
  /** The id each step created (null while not, or never). */
  private readonly ids: (string | null)[];
  /** The steps journaled ahead and not reached yet. */
  private readonly ahead = new Set<number>();

  constructor(
    private readonly operation: ImportOperation | undefined,
    private readonly steps: readonly S[],
    /**
     * What step `i`'s create will be, into `parentId`, as far as is known now, or null when it will not be created
     * (it creates nothing, or its folder is gone): only its folder, kind, title and address count (ImportOperation).
     */
    private readonly details: (step: S, parentId: string) => CreateDetails | null | Promise<CreateDetails | null>,
  ) {
    this.ids = new Array<string | null>(steps.length).fill(null);
  }

  /** The id of the folder step `i` goes into: null when the step has none, or that folder's step created nothing. */
  parentOf(i: number): string | null {
    const parent = this.steps[i]!.parent;
    if (!parent) return null;
    return 'id' in parent ? parent.id : (this.ids[parent.step] ?? null);
  }

  /** The id step `i` created, or null. */
  idOf(i: number): string | null {
    return this.ids[i] ?? null;
  }

  created(i: number, id: string): void {
    this.ids[i] = id;
  }

  /**
   * Step `i` comes: when none is journaled ahead, journals the steps from `i` on that will be created, as far as is known
   * now, in one write (at most AHEAD, ending before a step whose folder is one of them). True when step `i` is
   * journaled ahead: its create needs no write of its own, and if it is left out its skip must be stored first.
   */
  async reach(i: number): Promise<boolean> {
    if (!this.operation) return false;
    // Below `scanned`, a step not journaled ahead will not be created: its folder is not (files of many entries
    // already bookmarked are lists of steps that create nothing, each looked at once).
    if (!this.ahead.size && i >= this.scanned) {
      const list: CreateDetails[] = [];
      let j = i;
      for (; j < this.steps.length && list.length < AHEAD; j++) {
        const parent = this.steps[j]!.parent;
        if (!parent) continue;
        if ('step' in parent && this.ahead.has(parent.step)) break;
        const parentId = this.parentOf(j);
        const details = parentId && (await this.details(this.steps[j]!, parentId));
        if (!details) continue;
        this.ahead.add(j);
        list.push(details);
      }
      this.scanned = j;
      await this.operation.journalAhead(list);
    }
    return this.ahead.delete(i);
  }

  /** Where the last look ahead stopped. */
  private scanned = 0;
}
