/**
 * What restoring chosen removed items creates, worked out on the page from a comparison (compare.ts) before anything
 * is asked of the background: a flat list of steps in the backup's document order, so a folder comes before what goes
 * into it and the items of one folder come by their backup positions (each put at its position, clamped to the
 * folder's length then, so their order among themselves is the backup's). A chosen folder brings everything under it
 * that was removed too; an item whose folder was removed as well gets that folder re-created, chosen or not (its
 * title, position and dates from the backup), up to the first folder that is still there. A folder taken whole brings
 * back its separators too, after all other steps, each at its backup position (its other contents are in by then,
 * so the position is exact); a folder re-created only to hold a chosen item does not. Nothing here recurses: the
 * backup's folders come in preorder (a folder's index is below its contents').
 */
import type { StepParent } from '../bookmarks-html';
import type { BackupDiff } from './compare';
import type { AddedItem } from './remove-added';
import type { PutBack } from './put-back';

/** Where a step's item goes: a folder that is there now (its id), or one an earlier step re-creates. */
export type RestoreParent = StepParent;

export interface RestoreStep {
  kind: 'bookmark' | 'folder' | 'separator';
  title: string;
  /** A bookmark's address; absent for a folder. */
  url?: string;
  parent: RestoreParent;
  /** The position in its folder in the backup; the background clamps it to the folder's length. */
  index: number;
  /** The backup's tags of a bookmark (added to its address's tags, none taken away). */
  tags: string[];
  /** The backup's dates (ms), kept in the imported-dates store (a created item gets today's). */
  dateAdded: number | null;
  lastModified: number | null;
}

export interface RestorePlan {
  steps: RestoreStep[];
  /** Chosen items (and what came with chosen folders), and folders re-created only to hold them. */
  chosen: number;
  containers: number;
  /** Steps that put back a separator of a folder taken whole (not counted as items a person chose). */
  separators: number;
}

/**
 * The steps restoring `chosen` (indices into `diff.removed`) takes. Each removed item of the diff is one step at most;
 * an index that is not a removed item is ignored.
 */
export function restorePlan(diff: BackupDiff, chosen: Iterable<number>): RestorePlan {
  const removed = diff.removed;
  const folders = diff.thenFolders;
  // The removed folders by their index among the backup's folders.
  const removedFolder = new Int32Array(folders.length).fill(-1);
  removed.forEach((item, r) => {
    if (item.kind === 'folder' && item.removed) removedFolder[item.removed.folder] = r;
  });
  // A chosen folder takes in everything under it: folders come in preorder, so a parent's mark is set before its children's.
  const take = new Uint8Array(removed.length);
  const inChosenFolder = new Uint8Array(folders.length);
  for (const r of chosen) if (Number.isInteger(r) && r >= 0 && r < removed.length) take[r] = 1;
  for (let f = 0; f < folders.length; f++) {
    const r = removedFolder[f]!;
    const parent = folders[f]!.parent;
    if ((r !== -1 && take[r]) || (parent !== -1 && inChosenFolder[parent])) inChosenFolder[f] = 1;
  }
  let chosenCount = 0;
  removed.forEach((item, r) => {
    if (take[r] || (item.then !== -1 && inChosenFolder[item.then])) {
      take[r] = 1;
      chosenCount++;
    }
  });
  // Folders that must be re-created to hold what is taken: up the chain while a folder is gone.
  let containers = 0;
  removed.forEach((item, r) => {
    if (take[r] !== 1) return;
    for (let f = item.then; f !== -1 && folders[f]!.nowId === null; f = folders[f]!.parent) {
      const fr = removedFolder[f]!;
      if (fr === -1 || take[fr]) break;
      take[fr] = 2;
      containers++;
    }
  });
  // The steps in the backup's order (the order of diff.removed): each folder before its contents.
  const stepOfFolder = new Int32Array(folders.length).fill(-1);
  const steps: RestoreStep[] = [];
  /** The separators of folders taken whole, put in after everything else. */
  const separators: RestoreStep[] = [];
  removed.forEach((item, r) => {
    if (!take[r] || !item.removed || item.then === -1) return;
    const holder = folders[item.then]!;
    const parentStep = stepOfFolder[item.then]!;
    let parent: RestoreParent;
    if (parentStep !== -1) parent = { step: parentStep };
    else if (holder.nowId) parent = { id: holder.nowId };
    else return; // its folder could not be re-created (not in the backup's removed items): nothing to put it in
    if (item.kind === 'folder') {
      stepOfFolder[item.removed.folder] = steps.length;
      if (take[r] === 1)
        for (const index of item.removed.separators ?? [])
          separators.push({ kind: 'separator', title: '', parent: { step: steps.length }, index, tags: [], dateAdded: null, lastModified: null });
    }
    steps.push({
      kind: item.kind,
      title: item.title,
      ...(item.kind === 'bookmark' && item.url !== null && { url: item.url }),
      parent,
      index: item.removed.position,
      tags: item.kind === 'bookmark' ? item.removed.tags : [],
      dateAdded: item.date,
      lastModified: item.removed.lastModified,
    });
  });
  steps.push(...separators);
  return { steps, chosen: chosenCount, containers, separators: separators.length };
}

/**
 * The items removing `chosen` (indices into `diff.added`) takes, as the comparison showed them: a chosen folder brings
 * everything under it that was added too (the background removes a folder only while it holds nothing else).
 */
export function addedToRemove(diff: BackupDiff, chosen: Iterable<number>): AddedItem[] {
  const added = diff.added;
  const folders = diff.nowFolders;
  const folderOf = new Map(folders.map((f, i) => [f.guid, i]));
  const take = new Uint8Array(added.length);
  for (const a of chosen) if (Number.isInteger(a) && a >= 0 && a < added.length) take[a] = 1;
  // Folders now come in preorder: a chosen folder's mark reaches everything under it.
  const chosenFolder = new Uint8Array(folders.length);
  added.forEach((item, a) => {
    const f = item.kind === 'folder' && item.id !== undefined ? folderOf.get(item.id) : undefined;
    if (take[a] && f !== undefined) chosenFolder[f] = 1;
  });
  for (let f = 0; f < folders.length; f++) if (folders[f]!.parent !== -1 && chosenFolder[folders[f]!.parent]) chosenFolder[f] = 1;
  const items: AddedItem[] = [];
  added.forEach((item, a) => {
    if (item.id === undefined || item.now === -1) return;
    if (!take[a] && !chosenFolder[item.now]) return;
    items.push({ id: item.id, title: item.title, url: item.url, parentId: folders[item.now]!.guid! });
  });
  return items;
}

/**
 * The changes putting back `chosen` moved, renamed and re-addressed items takes (indices into the diff's lists), one per
 * item however many of its changes are chosen. A moved item whose backup folder is gone now cannot go back (left out).
 */
export function changesToPutBack(diff: BackupDiff, chosen: { moved: Iterable<number>; renamed: Iterable<number>; readdressed: Iterable<number> }): PutBack[] {
  const byId = new Map<string, PutBack>();
  const of = (kind: 'moved' | 'renamed' | 'readdressed', at: number): PutBack | null => {
    const item = diff[kind][at];
    if (!item?.id || item.now === -1) return null;
    let change = byId.get(item.id);
    if (!change) byId.set(item.id, (change = { id: item.id, title: item.title, url: item.url, parentId: diff.nowFolders[item.now]!.guid!, to: {} }));
    return change;
  };
  for (const at of chosen.moved) {
    const item = diff.moved[at];
    const folder = item && item.then !== -1 ? diff.thenFolders[item.then]!.nowId : null;
    if (!folder) continue;
    const change = of('moved', at);
    if (change) change.to.folder = { parentId: folder, index: item!.positionThen ?? 0 };
  }
  for (const at of chosen.renamed) {
    const change = of('renamed', at);
    if (change) change.to.title = diff.renamed[at]!.titleThen ?? change.title;
  }
  for (const at of chosen.readdressed) {
    const change = of('readdressed', at);
    if (change && diff.readdressed[at]!.urlThen) change.to.url = diff.readdressed[at]!.urlThen;
  }
  return [...byId.values()];
}
