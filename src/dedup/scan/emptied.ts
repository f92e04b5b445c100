/**
 * The folders a plan leaves empty (issue 29): every bookmark in them goes (loose copies removed, copied folders
 * removed whole), so the scan right after the cleanup would offer them as empty folders. The plan removes them in the
 * same run ('emptied-folder'), nested ones too: a folder that held only folders the plan empties, or folders that were
 * empty already (removed with the empty folders), is emptied as well.
 *
 * Never emptied: a root, a folder holding an excluded folder (its bookmarks are not scanned), a folder Tidymarks
 * holds by id (the quick-bookmark folder, the excluded and preferred folders: scan.heldFolderIds), a folder that
 * receives a moved item or is moved itself, and a folder that holds one of those. The apply checks each again right before its call
 * (src/dedup/cleanup/emptied-folders.ts): a folder someone else changed is kept.
 */
import type { PlannedRemoval } from '../plan-types';
import type { ScanResult } from './scan-types';
import { removedWith, type TreeAfterPlan } from './survivors';

/** A move as the plan carries it out, with the bookmarks it carries. */
export interface CarriedMove {
  toParentId: string;
  bookmarks: number;
}

/** A copied folder the plan removes whole, with the bookmarks in it. */
export interface RemovedWhole {
  id: string;
  parentId: string;
  bookmarkCount: number;
}

export interface EmptiedInput {
  scan: Pick<ScanResult, 'folderParents' | 'folderBookmarks' | 'heldFolderIds' | 'emptyFolders'>;
  /** The plan's loose removals (duplicate bookmarks). */
  loose: readonly PlannedRemoval[];
  copiedFolders: readonly RemovedWhole[];
  moves: readonly CarriedMove[];
  tree: TreeAfterPlan;
}

/** The folders the plan leaves empty, deepest first (a folder after every folder inside it). */
export function foldersLeftEmpty(input: EmptiedInput): PlannedRemoval[] {
  const { scan, tree } = input;
  const counts = scan.folderBookmarks;
  if (!counts) return [];
  const parents = scan.folderParents;
  const parentAfter = (id: string) => tree.movedTo.get(id) ?? (parents[id] || undefined);
  const remaining = new Map<string, number>();
  const change = (from: string | undefined, by: number) => {
    for (let id = from, guard = 0; id && guard < 10_000; id = parentAfter(id), guard++) {
      if (counts[id] === undefined) continue; // a root
      remaining.set(id, (remaining.get(id) ?? counts[id]) + by);
    }
  };
  for (const r of input.loose) change(r.expectedParentId, -1);
  for (const f of input.copiedFolders) change(f.parentId, -f.bookmarkCount);
  const receiving = new Set<string>();
  for (const m of input.moves) {
    change(m.toParentId, m.bookmarks);
    for (let id: string | undefined = m.toParentId, guard = 0; id && guard < 10_000; id = parentAfter(id), guard++) receiving.add(id);
  }

  const held = new Set(scan.heldFolderIds ?? []);
  const children = new Map<string, string[]>();
  for (const [id, parent] of Object.entries(parents)) {
    if (!parent) continue;
    const list = children.get(parent);
    if (list) list.push(id);
    else children.set(parent, [id]);
  }
  const depth = (id: string) => {
    let d = 0;
    for (let at = parentAfter(id); at && d < 10_000; at = parentAfter(at)) d++;
    return d;
  };
  // Folders that were empty already and go with the plan's empty folders (the listed ones and everything in them; the
  // plan looks for emptied folders only when it removes the empty ones).
  const emptyGoing = new Set(scan.emptyFolders.map((f) => f.id));
  const goesAsEmpty = (id: string): boolean => {
    for (let at: string | undefined = id, guard = 0; at && guard < 10_000; at = parents[at] || undefined, guard++) if (emptyGoing.has(at)) return true;
    return false;
  };

  const candidates = [...remaining]
    // A folder the plan moves (a unique child of a copied folder) stays: the apply would take its own move for someone else's.
    .filter(([id, left]) => left === 0 && counts[id] > 0 && !held.has(id) && !receiving.has(id) && !tree.movedTo.has(id))
    .filter(([id]) => !tree.removedFolders.has(id) && !removedWith(id, parents[id] ?? '', tree))
    .map(([id]) => ({ id, depth: depth(id) }))
    .sort((a, b) => b.depth - a.depth);
  const emptied = new Set<string>();
  const out: PlannedRemoval[] = [];
  for (const { id } of candidates) {
    // Every folder in it goes too: emptied by the plan, or empty already and removed as such (never a held one).
    const allGo = (children.get(id) ?? []).every((c) => emptied.has(c) || tree.removedFolders.has(c) || (counts[c] === 0 && !held.has(c) && goesAsEmpty(c)));
    if (!allGo) continue;
    emptied.add(id);
    out.push({ id, kind: 'folder', expectedUrl: null, expectedParentId: parents[id], reason: 'emptied-folder', keptId: null });
  }
  return out;
}
