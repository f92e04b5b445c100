/**
 * The first step of a restore (undo.ts): folders a cleanup replaced by a fresh copy (src/dedup/replace-choice.ts) are
 * settled before anything else is restored, so that the removed copies find the folder they go back into.
 */
import { kindOf as nodeType } from '../platform/tree';
import type { EditSteps } from './edit';
import { removedEntryOf, type JournalEntry, type ReplacedFolderEntry } from './journal-entries';
import type { SessionProgress, SessionRecord } from './journal-records';
import type { WriteDeps } from './ports';
import type { LiveNode } from './undo-state';

/**
 * Folders a cleanup replaced by a fresh copy (journal-entries.ts ReplacedFolderEntry), before anything else is restored:
 * - the old folder is gone and the new one is there: the replacement stands (the new folder keeps its id and date
 *   added); the id map is made to say old -> new if a crash came before the apply wrote it, so the copies the
 *   cleanup removed are put back at their places inside the new folder;
 * - the old folder is still there (a crash before its removeTree): what stays that is in the new folder goes back
 *   to the old one at its place, and the new folder goes if it is empty and as made; what someone else put in it
 *   stays, with the folder.
 * Returns whether it moved or removed anything (the caller reads the tree again).
 */
export async function settleReplacedFolders(
  deps: WriteDeps,
  session: SessionRecord,
  entries: readonly JournalEntry[],
  progress: SessionProgress,
  live: Map<string, LiveNode>,
  inv: EditSteps,
): Promise<boolean> {
  const { browser, journal } = deps;
  const replaced = entries.filter((e): e is ReplacedFolderEntry => e.role === 'replaced-folder');
  if (!replaced.length) return false;
  const recorded = await journal.resolveIds(replaced.map((r) => progress.ids.get(r.seq)).filter((id): id is string => !!id));
  const claimed = new Set<string>();
  let changed = false;
  for (const r of replaced) {
    const made = progress.ids.get(r.seq);
    let fresh = made ? (recorded.get(made) ?? made) : undefined;
    if (!fresh || !live.has(fresh)) {
      // Made just before a crash, its id never written: the folder of that title added in that place after the cleanup began.
      fresh = live.get(r.parentId)?.childIds.find((id) => {
        const n = live.get(id)!.node;
        return id !== r.id && !claimed.has(id) && nodeType(n) === 'folder' && n.title === r.title && (n.dateAdded ?? 0) >= session.createdAt;
      });
    }
    if (!fresh) continue; // never made, or someone removed it with what it held
    claimed.add(fresh);
    if (!live.has(r.id)) {
      await journal.recordIdMap([{ oldId: r.id, newId: fresh, sessionId: session.id }]);
      continue;
    }
    // Taken back: what stays goes home, in its old order, then the fresh folder if nothing else is in it.
    const back = r.survivors.filter((s) => live.get(s.id)?.parentId === fresh).sort((a, b) => a.index - b.index);
    if (back.length) {
      const stored = await inv.append(
        back.map((s) => ({ role: 'moved', id: s.id, title: live.get(s.id)!.node.title, parentId: fresh, index: live.get(s.id)!.node.index ?? 0, toParentId: r.id })),
      );
      await inv.attempt(stored.map((e) => e.seq));
      let count = live.get(r.id)!.childCount;
      for (const [i, s] of back.entries()) {
        try {
          await browser.bookmarks.move(s.id, { parentId: r.id, index: Math.min(s.index, count) });
          count++;
          await inv.done(stored[i]!.seq);
        } catch {
          await inv.skipped(stored[i]!.seq);
        }
      }
      changed = true;
    }
    const now = (await browser.bookmarks.getSubTree(fresh).catch(() => []))[0];
    if (now && !now.children?.length && now.title === r.title && now.parentId === r.parentId) {
      const [entry] = await inv.append([{ ...removedEntryOf(now, [], [], true, 'deleted'), tags: [] }]);
      await inv.attempt([entry!.seq]);
      try {
        await browser.bookmarks.remove(fresh);
        await inv.done(entry!.seq);
      } catch {
        await inv.skipped(entry!.seq);
      }
      changed = true;
    }
  }
  return changed;
}
