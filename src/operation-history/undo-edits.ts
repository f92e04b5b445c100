/**
 * An edit's reorders, renames and new addresses taken back by a restore (undo.ts), last, once items moved back have
 * left the folders they were moved into: each only as far as it is still as the edit left it.
 */
import { msg } from '../i18n';
import { getExisting } from '../platform/bookmark-reads';
import { movesToOrder } from '../platform/folder-order';
import { sameStoredUrl } from '../platform/stored-url';
import type { NewJournalEntry, ReorderedEntry, UpdatedEntry } from './journal-entries';
import { errorMessage, type RestoreState } from './undo-state';

/** Each reordered folder's old order, one step each. Returns false when cancelled part way. */
export async function restoreOrders(state: RestoreState, reordered: readonly ReorderedEntry[]): Promise<boolean> {
  for (const e of reordered) {
    if (!(await state.step())) return false;
    state.movedBack += await restoreOrder(state, e);
    state.done++;
  }
  return true;
}

/** Renames and new addresses taken back, as one step. Returns false when cancelled before it. */
export async function restoreUpdates(state: RestoreState, updated: readonly UpdatedEntry[]): Promise<boolean> {
  if (!updated.length) return true;
  if (!(await state.step())) return false;
  state.movedBack += await restoreUpdated(state, updated);
  state.done += updated.length;
  return true;
}

/**
 * Gives the items of a reordered folder their old order back, in the places they hold among its children now: an
 * item someone added to the folder since stays exactly where it is, one they took out stays out. Returns the moves.
 */
async function restoreOrder(state: RestoreState, e: ReorderedEntry): Promise<number> {
  const { current, leftAlone, problems, inv } = state;
  const { browser } = state.deps;
  const folderId = current(e.folderId);
  let children: string[];
  try {
    children = (await browser.bookmarks.getChildren(folderId)).map((c) => c.id);
  } catch {
    leftAlone.add('deleted-since', e.title);
    return 0;
  }
  const here = new Set(children);
  const wanted = e.order.map(current).filter((id) => here.has(id));
  const ours = new Set(wanted);
  let k = 0;
  const target = children.map((id) => (ours.has(id) ? wanted[k++]! : id));
  const calls = movesToOrder(children, target);
  if (!calls.length) return 0;
  // The order it has now is what a redo gives back.
  const [entry] = await inv.append([{ role: 'reordered', folderId, title: e.title, order: children }]);
  await inv.attempt([entry!.seq]);
  let moved = 0;
  for (const call of calls) {
    try {
      await browser.bookmarks.move(call.id, { parentId: folderId, index: call.index });
      moved++;
    } catch (error) {
      problems.push({ id: call.id, title: e.title, message: msg('undoProblemPlace', errorMessage(error)) });
    }
  }
  await (moved ? inv.done(entry!.seq) : inv.skipped(entry!.seq));
  return moved;
}

/**
 * Renames and new addresses taken back, newest first: an item gets the title or address it had before only while it
 * still has the one the edit gave it (for each field the edit changed); one someone changed since is kept as it is.
 * Returns how many items changed back.
 */
async function restoreUpdated(state: RestoreState, updated: readonly UpdatedEntry[]): Promise<number> {
  const { current, live, leftAlone, problems, inv } = state;
  const { browser } = state.deps;
  const nodes = await getExisting(
    browser,
    updated.map((e) => current(e.id)),
  );
  const plans: { e: UpdatedEntry; id: string; change: { title?: string; url?: string }; entry: NewJournalEntry }[] = [];
  for (const e of [...updated].sort((a, b) => b.seq - a.seq)) {
    const id = current(e.id);
    const node = nodes.get(id);
    if (!node) {
      leftAlone.add('deleted-since', e.after.title);
      continue;
    }
    const titleChanged = e.before.title !== e.after.title;
    const urlChanged = !sameStoredUrl(e.before.url, e.after.url);
    const asLeft = (!titleChanged || node.title === e.after.title) && (!urlChanged || sameStoredUrl(e.after.url, node.url));
    const asBefore = (!titleChanged || node.title === e.before.title) && (!urlChanged || sameStoredUrl(e.before.url, node.url));
    if (!asLeft) {
      if (!asBefore) leftAlone.add('changed-since', node.title);
      continue;
    }
    const change: { title?: string; url?: string } = {};
    if (titleChanged) change.title = e.before.title;
    if (urlChanged && e.before.url) change.url = e.before.url;
    const now = { title: node.title, url: node.url ?? null };
    plans.push({ e, id, change, entry: { role: 'updated', id, before: now, after: { title: change.title ?? now.title, url: change.url ?? now.url } } });
  }
  if (!plans.length) return 0;
  const stored = await inv.append(plans.map((p) => p.entry));
  await inv.attempt(stored.map((e) => e.seq));
  let changed = 0;
  for (const [i, p] of plans.entries()) {
    const seq = stored[i]!.seq;
    try {
      const node = await browser.bookmarks.update(p.id, p.change);
      const known = live.get(p.id);
      if (known) known.node = node;
      changed++;
      await inv.done(seq);
    } catch (error) {
      problems.push({ id: p.id, title: p.e.after.title, message: msg('undoProblemNotRestored', errorMessage(error)) });
      await inv.skipped(seq);
    }
  }
  return changed;
}
