/**
 * Rescuing others' items: after a folder went (a copied folder, a folder replaced by a fresh copy, a folder the
 * cleanup emptied), what someone else created in it, moved into it or edited inside it in that moment is re-created
 * in the folder that stays, each journaled ('rescued') before it is made.
 */
import { UNFILED_ID } from '../../platform/browser';
import { errorMessage } from '../../platform/bookmark-reads';
import type { RescuedEntry } from '../../operation-history';
import { msg } from '../../i18n';
import { problem } from './plan-check';
import type { Entry, RunState } from './run-state';
import { createSomewhere, reconcileItem } from './put-back';

/**
 * After a folder went: someone else's items that were created in it, moved into it or edited inside it in the
 * moment it was removed went with it (or were left as orphans Firefox no longer shows): re-create them in the
 * folder that stays, and put back journaled items someone edited with their edit.
 */
export async function reconcileFolder(run: RunState, folderId: string) {
  const from = Math.max(run.decidedAt.get(folderId) ?? 0, run.reconciledUpTo.get(folderId) ?? 0);
  const events = run.guard.othersSince(from);
  run.reconciledUpTo.set(folderId, from + events.length);
  if (!events.length) return;
  // A replaced folder's journaled items are its copies (its direct children): entries list their parent apart.
  // So are an emptied folder's that went with it in one call.
  const inside = run.replacements.get(folderId)?.removals ?? run.removedAtOnce.get(folderId);
  const entries = inside ? inside.flatMap((r) => run.entriesOf.get(r.node.id) ?? []) : (run.entriesOf.get(folderId) ?? subtreeEntries(run, folderId));
  const journaled = new Set(entries.map((e) => e.id));
  const lost = new Set<string>();
  for (const event of events) {
    if (!run.guard.isInside(event.id, folderId)) {
      // Moved out before the folder went: it is safe where it is, and not something the cleanup removed.
      if (event.kind === 'moved' && journaled.has(event.id)) run.unjournal(event.id);
      continue;
    }
    if (journaled.has(event.id)) {
      if (event.kind === 'removed') run.unjournal(event.id);
      else {
        const e = run.entryById.get(event.id);
        if (e) await reconcileItem(run, e);
      }
    } else if (event.kind !== 'removed') lost.add(event.id);
  }
  // What someone else took or moved away is written before anything else is done.
  await run.log.write();
  if (lost.size) await rescue(run, [...lost], folderId);
}

function subtreeEntries(run: RunState, folderId: string): Entry[] {
  return [...run.entryById.values()].filter((e) => e.id === folderId || e.ancestorIds.includes(folderId));
}

/** Re-creates someone else's items that went with a removed folder, parents first, each journaled before. */
async function rescue(run: RunState, ids: string[], folderId: string) {
  const todo = ids.filter((id) => !run.rescued.has(id)).sort((a, b) => run.guard.chain(a, 'now').length - run.guard.chain(b, 'now').length);
  const folder = run.check.removals.get(folderId);
  const keptId = folder?.planned.keptId ?? null;
  const folderEntry = run.entryById.get(folderId);
  for (const oldId of todo) {
    const node = run.guard.node(oldId);
    if (!node) continue;
    const parentOld = node.parentId ?? folderId;
    const rescuedParent = run.rescued.get(parentOld);
    const replaced = run.replacements.get(folderId);
    const target =
      rescuedParent ??
      (replaced
        ? run.liveTarget(folderId, run.check.ancestry.chain(replaced.folder.parentId!))
        : keptId && !run.guard.isGone(keptId) && !run.deadFolders.has(keptId)
          ? keptId
          : run.liveTarget(folderEntry?.parentId ?? UNFILED_ID, folderEntry?.ancestorIds ?? []));
    const ancestors = replaced
      ? run.check.ancestry.chain(replaced.folder.parentId!)
      : [...(folderEntry?.ancestorIds ?? []), ...(folderEntry ? [folderEntry.parentId] : [])];
    // Journaled as soon as it is known lost, before anything else is asked of Firefox: a crash from here on
    // leaves recovery the item to re-create.
    const [intent] = await run.journal.append(run.sessionId, [
      { role: 'rescued', oldId, parentId: target, parentSeq: null, type: node.type, title: node.title, url: node.type === 'bookmark' ? (node.url ?? null) : null },
    ]);
    // Still somewhere Firefox shows (moved on again)? Then it is not lost.
    const existing = await run.browser.bookmarks
      .get(oldId)
      .then((n) => n[0])
      .catch(() => null);
    if (existing?.parentId && existing.parentId !== oldId && !run.guard.isGone(existing.parentId) && !run.removedByUs(existing.parentId)) {
      await run.log.write({ skipped: [intent.seq] });
      continue;
    }
    const title = existing?.title ?? node.title;
    const url = node.type === 'bookmark' ? (existing?.url ?? node.url ?? null) : null;
    const made = await createRescued(run, oldId, node.type, title, url, target, ancestors, intent.seq);
    if (!made) continue;
    run.rescued.set(oldId, made.id);
    run.made.push({ ...made, ancestors, remake: (parent) => createRescued(run, oldId, node.type, title, url, parent, ancestors) });
    const where = run.guard.node(made.parentId)?.title;
    run.problems.push(problem(oldId, title, 'rescued', where ? msg('cleanupProblemRescuedIn', where) : msg('cleanupProblemRescued')));
    // An orphan Firefox left (an item moved or created into the folder after it went): it shows nowhere; the
    // copy just made takes its place.
    if (existing) await run.browser.bookmarks.remove(oldId).catch(() => undefined);
  }
}

/** Re-creates someone else's item, journaled first ('rescued'), its new id recorded after. */
async function createRescued(
  run: RunState,
  oldId: string,
  type: RescuedEntry['type'],
  title: string,
  url: string | null,
  target: string,
  ancestors: readonly string[],
  /** The journal entry already written for it (else one is written now). */
  journaled?: number,
): Promise<{ id: string; parentId: string } | null> {
  let seq = journaled;
  if (seq === undefined) {
    const entry: Omit<RescuedEntry, 'sessionId' | 'seq'> = { role: 'rescued', oldId, parentId: target, parentSeq: null, type, title, url };
    seq = (await run.journal.append(run.sessionId, [entry]))[0].seq;
  }
  try {
    const created = await createSomewhere(run, type === 'bookmark' ? { parentId: target, title, url: url ?? undefined } : { parentId: target, title, type }, ancestors);
    await run.log.write({ ids: [{ seq, id: created.id }] });
    await run.journal.recordIdMap([{ oldId, newId: created.id, sessionId: run.sessionId }]);
    return { id: created.id, parentId: created.parentId ?? target };
  } catch (error) {
    run.problems.push(problem(oldId, title, 'error', msg('cleanupProblemNotRecreated', errorMessage(error))));
    return null;
  }
}
