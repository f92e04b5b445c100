/**
 * What the operation created (an import, an edit's new bookmarks and folders, an undo's re-created items: that is a
 * redo) is removed by its restore (undo.ts), each item only while it is still exactly as created: what someone
 * renamed, re-addressed or moved since stays, with its tags and the folders above it.
 */
import { msg } from '../i18n';
import { isMissingBookmarkError } from '../platform/bookmark-errors';
import { getExisting } from '../platform/bookmark-reads';
import type { BookmarkNode } from '../platform/browser';
import { kindOf as nodeType } from '../platform/tree';
import type { EditSteps } from './edit';
import type { CreatedEntry, JournalEntry } from './journal-entries';
import type { WriteDeps } from './ports';
import { removalEntries } from './removals';
import { errorMessage, type LiveNode, type RestoreState } from './undo-state';

/**
 * How much earlier than the extension's clock read before a create Firefox can stamp the item's dateAdded: Firefox
 * rounds an extension page's clock to the millisecond with jitter, not its own (measured in Firefox ESR: dateAdded 1 ms
 * before the Date.now() read before the call in 138 of 1,000 creates).
 */
const CLOCK_SLACK_MS = 2;

/**
 * Removes what an operation created, newest first (children before their folders), each only if it is still
 * exactly as created: renamed, re-addressed or moved items stay, and a created folder that holds anything else
 * stays (bookmarks.remove refuses a non-empty folder). An item whose id was never recorded (the page died right
 * after creating it) is found by its parent, type, title and URL among the items added after the operation began
 * (for an import's entries: only its last entry, among the items added after it was journaled, the newest).
 * Returns false when cancelled part way.
 */
export async function removeCreated(state: RestoreState, created: CreatedEntry[], keptUrls: Set<string>): Promise<boolean> {
  const { deps, session, progress, live, leftAlone, inverse, inv, problems } = state;
  const { browser } = deps;
  const idOf = new Map<number, string>();
  const claimed = new Set<string>();
  // An item removed and brought back since (by the undo of a later operation) has a new id: the id map says which.
  const recorded = await deps.journal.resolveIds(created.flatMap((e) => [progress.ids.get(e.seq), e.parentId]).filter((id): id is string => !!id));
  for (const e of created) {
    const id = progress.ids.get(e.seq);
    if (id) {
      idOf.set(e.seq, recorded.get(id) ?? id);
      claimed.add(recorded.get(id) ?? id);
    }
  }
  const parentOf = (e: CreatedEntry) => (e.parentSeq !== null ? idOf.get(e.parentSeq) : e.parentId === null ? null : (recorded.get(e.parentId) ?? e.parentId)) ?? null;
  // Entries journaled ahead of their creates (an import's, a restore's: src/bookmarks-html/import-journal.ts): each
  // write also stored the outcome (id or skip) of every entry journaled before it, so only the entries of the last
  // write can have been created without an id recorded, and not before it was written (give or take the clocks'
  // rounding). The others were never created: matching them could only claim someone else's item.
  const { unknown, known } = lastWrite(state.all, created, idOf);
  // Its ids are stored in the order the items were made: the unknown ones were made after the last one known.
  const floor = known.reduce((at, e) => Math.max(at, live.get(idOf.get(e.seq) ?? '')?.node.dateAdded ?? -Infinity), -Infinity);
  // Ids never recorded, of entries journaled the way of earlier versions (no journaledAt): match, oldest entry first,
  // so parents are found before their children.
  for (const e of created) {
    if (idOf.has(e.seq) || e.journaledAt !== undefined) continue;
    const parent = parentOf(e);
    const candidate = candidatesIn(live, parent, e, claimed, session.createdAt)[0];
    if (candidate) {
      idOf.set(e.seq, candidate.id);
      claimed.add(candidate.id);
    }
  }
  for (const [e, node] of matchInOrder(unknown, (e) => candidatesIn(live, parentOf(e), e, claimed, Math.max(floor, e.journaledAt! - CLOCK_SLACK_MS)))) {
    idOf.set(e.seq, node.id);
    claimed.add(node.id);
  }
  // Decided before anything goes (newest first: children before their folders), so that what goes is journaled in
  // the inverse first: an item someone changed stays, and so do the folders above it.
  const stays = new Set<string>();
  const going: { e: CreatedEntry; id: string; node: BookmarkNode }[] = [];
  for (const e of [...created].sort((a, b) => b.seq - a.seq)) {
    const id = idOf.get(e.seq);
    if (!id) continue; // never created
    const now = live.get(id)?.node;
    if (!now) continue; // someone removed it already
    const expectedParent = parentOf(e);
    if (!sameAsCreated(now, e) || now.parentId !== expectedParent) {
      leftAlone.add('changed-since', now.title);
      stays.add(id);
      markAncestorsStaying(live, now.parentId, stays);
      if (now.url) keptUrls.add(now.url);
      continue;
    }
    if (stays.has(id)) {
      leftAlone.add('not-empty', now.title);
      continue;
    }
    going.push({ e, id, node: now });
  }
  const inverseEntries =
    inverse && going.length
      ? await journalRemovals(
          deps,
          going.map((g) => g.id),
          inverse,
        )
      : new Map<string, number>();
  for (const { id, node: now } of going) {
    state.done++;
    if (!(await state.step())) return false;
    const seq = inverseEntries.get(id);
    if (stays.has(id)) {
      leftAlone.add('not-empty', now.title);
      if (seq !== undefined) await inv.skipped(seq);
      continue;
    }
    try {
      await browser.bookmarks.remove(id);
      state.removed++;
      if (seq !== undefined) await inv.done(seq);
    } catch (error) {
      if (seq !== undefined) await inv.skipped(seq);
      if (/non-empty/i.test(errorMessage(error))) {
        leftAlone.add('not-empty', now.title);
        markAncestorsStaying(live, now.parentId, stays);
      } else if (!isMissingBookmarkError(error)) {
        problems.push({ id, title: now.title, message: msg('undoProblemNotRemoved', errorMessage(error)) });
      }
    }
  }
  return true;
}

/**
 * Items about to be removed, journaled in the inverse as they are now (place, title, address, tags), each on its own:
 * their children go first, one by one. Returns each id's entry.
 */
async function journalRemovals(deps: WriteDeps, ids: string[], inv: EditSteps): Promise<Map<string, number>> {
  const nodes = await getExisting(deps.browser, ids);
  const tops = ids
    .map((id) => nodes.get(id))
    .filter((n): n is BookmarkNode => !!n)
    .map((n) => ({ ...n, children: undefined }));
  const stored = await inv.append(await removalEntries(deps, tops, 'deleted'));
  const out = new Map<string, number>();
  for (const e of stored) if (e.role === 'removed') out.set(e.id, e.seq);
  await inv.attempt([...out.values()]);
  return out;
}

/** The items in `parent` alike `e`, not claimed, added at or after `since`, in the folder's order. */
function candidatesIn(live: Map<string, LiveNode>, parent: string | null, e: CreatedEntry, claimed: ReadonlySet<string>, since: number): BookmarkNode[] {
  if (!parent) return [];
  return (
    live
      .get(parent)
      ?.childIds.map((id) => live.get(id)!.node)
      .filter((n) => !claimed.has(n.id) && sameAsCreated(n, e) && (n.dateAdded ?? 0) >= since) ?? []
  );
}

/**
 * The entries of the session's last write of entries journaled ahead (journaledAt), in seq order: one entry
 * (journaled alone, as every import's before 2026-12-07) or the entries journaled together (`aheadBatch`). `unknown`:
 * those carried out whose id was never recorded; `known`: those before them whose id was. Of the other entries
 * journaled ahead with no id, none was created.
 */
function lastWrite(
  all: readonly JournalEntry[],
  created: readonly CreatedEntry[],
  idOf: ReadonlyMap<number, string>,
): { unknown: CreatedEntry[]; known: CreatedEntry[] } {
  const ahead = all.filter((e): e is CreatedEntry => e.role === 'created' && e.journaledAt !== undefined);
  const last = ahead.reduce<CreatedEntry | undefined>((a, e) => (!a || e.seq > a.seq ? e : a), undefined);
  if (!last) return { unknown: [], known: [] };
  const inLastWrite = (e: CreatedEntry) => (last.aheadBatch === undefined ? e.seq === last.seq : e.aheadBatch === last.aheadBatch);
  const entries = created.filter((e) => e.journaledAt !== undefined && inLastWrite(e)).sort((a, b) => a.seq - b.seq);
  const unknown = entries.filter((e) => !idOf.has(e.seq));
  const first = unknown[0]?.seq ?? Infinity;
  return { unknown, known: entries.filter((e) => idOf.has(e.seq) && e.seq < first) };
}

/**
 * Finds the items created for the entries of one write journaled ahead. They were created in seq order, each after the
 * one before returned, and an entry not created had its skip stored before the next create: those created are the
 * first entries, each added no earlier than the one before. So the match stops at the first entry with no item alike
 * (none after it was created), and each item matched is added no earlier than the one matched before it. Of two
 * alike, the later (someone's own copy made meanwhile was made before it): first the earliest that fit, to know how
 * many entries were created, then from the last back each the newest that fits before the next.
 */
export function matchInOrder(entries: readonly CreatedEntry[], candidatesOf: (e: CreatedEntry) => BookmarkNode[]): [CreatedEntry, BookmarkNode][] {
  const dateOf = (n: BookmarkNode) => n.dateAdded ?? 0;
  const earliest: BookmarkNode[] = [];
  const taken = new Set<string>();
  for (const e of entries) {
    const floor = earliest.length ? dateOf(earliest.at(-1)!) : -Infinity;
    const pick = candidatesOf(e)
      .filter((n) => !taken.has(n.id) && dateOf(n) >= floor)
      .reduce<BookmarkNode | undefined>((best, n) => (!best || dateOf(n) < dateOf(best) ? n : best), undefined);
    if (!pick) break;
    earliest.push(pick);
    taken.add(pick.id);
  }
  const out: [CreatedEntry, BookmarkNode][] = [];
  const claimed = new Set<string>();
  let ceiling = Infinity;
  for (let i = earliest.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    // Of those added in the same millisecond, the later child: an item is added at the end.
    const pick = candidatesOf(e)
      .filter((n) => !claimed.has(n.id) && dateOf(n) >= dateOf(earliest[i]!) && dateOf(n) <= ceiling)
      .reduce<BookmarkNode | undefined>((best, n) => (!best || dateOf(n) >= dateOf(best) ? n : best), undefined);
    if (!pick) continue;
    out.push([e, pick]);
    claimed.add(pick.id);
    ceiling = dateOf(pick);
  }
  return out.reverse();
}

function sameAsCreated(node: BookmarkNode, e: CreatedEntry): boolean {
  return nodeType(node) === e.type && node.title === e.title && (e.type !== 'bookmark' || node.url === e.url);
}

function markAncestorsStaying(live: Map<string, LiveNode>, parentId: string | undefined, stays: Set<string>) {
  for (let id = parentId, depth = 0; id && depth < 1000; id = live.get(id)?.parentId, depth++) stays.add(id);
}
