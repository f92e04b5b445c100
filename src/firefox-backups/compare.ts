/**
 * A Firefox backup compared with the bookmarks as they are now: pure, in one pass over each side with Maps (no loop
 * inside a loop), so 100,000 items take a fraction of a second. It runs in the decoding worker, where the backup was
 * decoded, on the live tree the background gives in its compact form (the organizer's snapshot: rows in preorder and
 * Tidymarks' tags per address), so the backup's items never cross to the page.
 *
 * Matching: first by GUID (a WebExtension bookmark's id is Firefox's GUID), then, for the items left on both sides, a
 * bookmark by its address and its folder, a folder by its title and its folder (items re-created since, by a restore
 * or by Sync, have new GUIDs), where "its folder" is the counterpart of its folder in the backup, matched the same
 * way a step before: so a folder path re-created whole matches, and a renamed folder keeps its re-created contents. Firefox's root folders match by their fixed GUIDs and are never listed.
 * Separators are left out (they have neither a title nor an address to show or match by); a removed folder carries
 * the positions of the separators it held, so a restore puts them back. README.md: why "moved" is decided as it is.
 */
import { tagKey } from '../platform/tag-key';
import type { BackupItem } from './tree-types';

/** One node of the live tree, as the organizer's snapshot gives it: [id, parent row (-1 for the root), index, kind, title, url, dateAdded]. */
export type LiveRow = [id: string, parentRow: number, index: number, kind: 'f' | 'b' | 's', title: string, url: string, dateAdded: number];

export interface LiveTree {
  rows: readonly LiveRow[];
  /** Tidymarks' tags per address (only addresses that have some). */
  tags: readonly (readonly [url: string, tags: readonly string[]])[];
}

export const CHANGE_KINDS = ['added', 'removed', 'moved', 'renamed', 'readdressed', 'retagged'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** A folder of one side, for the paths shown: its parent in the same table (-1 for the top), title and GUID. */
export interface DiffFolder {
  parent: number;
  title: string;
  guid: string | null;
  /** A folder of the backup: its counterpart's id now, or null when it was removed since (a restore re-creates it). */
  nowId?: string | null;
}

/** What a restore of a removed item needs from the backup (restore-plan.ts). */
export interface RemovedDetail {
  /** Its position in its folder in the backup (Firefox's `index`, separators counted). */
  position: number;
  /** Firefox's tags of the bookmark in the backup. */
  tags: string[];
  /** Last modified in the backup (ms), or null. */
  lastModified: number | null;
  /** A removed folder: its own index in BackupDiff.thenFolders. */
  folder: number;
  /** A removed folder: the positions of the separators it held in the backup, in order (none for a bookmark). */
  separators?: number[];
}

export interface ChangedItem {
  kind: 'bookmark' | 'folder';
  /** Its id now (a live item); absent for a removed item. */
  id?: string;
  /** The title now (in the backup for a removed item). */
  title: string;
  /** The address now (in the backup for a removed item); null for a folder. */
  url: string | null;
  /** Its folder in the backup (an index of BackupDiff.thenFolders), or -1 for an added item. */
  then: number;
  /** Its folder now (an index of BackupDiff.nowFolders), or -1 for a removed item. */
  now: number;
  /** Date added (ms): as Tidymarks shows it now, the backup's for a removed item; null when unknown. */
  date: number | null;
  /** Renamed: the title in the backup. */
  titleThen?: string;
  /** Moved: its position in its folder in the backup. */
  positionThen?: number;
  /** Re-addressed: the address in the backup. */
  urlThen?: string;
  /** Tags changed: the backup's (Firefox's) tags and Tidymarks' tags now. */
  tagsThen?: string[];
  tagsNow?: string[];
  /** A removed item: what restoring it needs. */
  removed?: RemovedDetail;
}

export type BackupDiff = Record<ChangeKind, ChangedItem[]> & {
  thenFolders: DiffFolder[];
  nowFolders: DiffFolder[];
  /** Pairs matched by GUID, and by address (or title) and folder path. */
  matchedById: number;
  matchedByPath: number;
};

/** Firefox's fixed GUIDs of the root and its folders (the same in a backup and through the WebExtension API). */
export const ROOT_GUIDS: ReadonlySet<string> = new Set(['root________', 'menu________', 'toolbar_____', 'unfiled_____', 'mobile______', 'tags________']);
const TAGS_GUID = 'tags________';
/** The fixed GUID of a root folder by its name in Firefox's JSON (a hand-made file may leave the GUID out). */
const ROOT_GUID_OF: Readonly<Record<string, string>> = {
  placesRoot: 'root________',
  bookmarksMenuFolder: 'menu________',
  toolbarFolder: 'toolbar_____',
  unfiledBookmarksFolder: 'unfiled_____',
  mobileFolder: 'mobile______',
};
const guidOf = (item: BackupItem): string | null => (item.root !== null ? (ROOT_GUID_OF[item.root] ?? item.guid) : item.guid);

function sameTags(then: readonly string[], now: readonly string[]): boolean {
  if (then.length === 0 && now.length === 0) return true;
  const a = new Set(then.map(tagKey));
  const b = new Set(now.map(tagKey));
  if (a.size !== b.size) return false;
  for (const tag of a) if (!b.has(tag)) return false;
  return true;
}

const positive = (ms: number | null) => (ms !== null && ms > 0 ? ms : null);

export function compareWithNow(backup: readonly BackupItem[], live: LiveTree): BackupDiff {
  // The backup: what takes part (no separators, nothing in an old tags folder), and its folders' table.
  const bn = backup.length;
  const bIn = new Uint8Array(bn);
  const thenFolder = new Int32Array(bn).fill(-1);
  const thenFolders: DiffFolder[] = [];
  /** The separators' positions per folder (by the folder's backup index), for a removed folder's restore. */
  const separatorsIn = new Map<number, number[]>();
  for (let i = 0; i < bn; i++) {
    const item = backup[i]!;
    const parentIn = item.parent === -1 || bIn[item.parent] === 1;
    if (parentIn && item.kind === 'separator' && item.parent !== -1) {
      const list = separatorsIn.get(item.parent);
      if (list) list.push(item.position);
      else separatorsIn.set(item.parent, [item.position]);
    }
    if (!parentIn || item.kind === 'separator' || item.root === 'tagsFolder' || item.guid === TAGS_GUID) continue;
    bIn[i] = 1;
    if (item.kind !== 'folder') continue;
    thenFolder[i] = thenFolders.length;
    thenFolders.push({ parent: item.parent === -1 ? -1 : thenFolder[item.parent]!, title: item.title, guid: guidOf(item), nowId: null });
  }

  // Now: the same for the live rows (preorder: a parent before its children).
  const rows = live.rows;
  const ln = rows.length;
  const lIn = new Uint8Array(ln);
  const nowFolder = new Int32Array(ln).fill(-1);
  const nowFolders: DiffFolder[] = [];
  const liveById = new Map<string, number>();
  for (let j = 0; j < ln; j++) {
    const [id, parent, , kind, title] = rows[j]!;
    const parentIn = parent === -1 || lIn[parent] === 1;
    if (!parentIn || kind === 's' || id === TAGS_GUID) continue;
    lIn[j] = 1;
    liveById.set(id, j);
    if (kind !== 'f') continue;
    nowFolder[j] = nowFolders.length;
    nowFolders.push({ parent: parent === -1 ? -1 : nowFolder[parent]!, title, guid: id });
  }

  // 1. By GUID.
  const matchOf = new Int32Array(bn).fill(-1);
  const matchedBy = new Int32Array(ln).fill(-1);
  let matchedById = 0;
  for (let i = 0; i < bn; i++) {
    const item = backup[i]!;
    const guid = guidOf(item);
    if (!bIn[i] || guid === null) continue;
    const j = liveById.get(guid);
    if (j === undefined || matchedBy[j] !== -1) continue;
    const liveKind = rows[j]![3];
    if ((item.kind === 'folder') !== (liveKind === 'f')) continue;
    matchOf[i] = j;
    matchedBy[j] = i;
    matchedById++;
  }

  // 2. The rest, parents before children: an item whose folder now is the counterpart of its folder in the backup
  // (matched by GUID, or by this same rule a step before), a bookmark with the same address, a folder with the same title.
  // Per folder of the backup, its unmatched items by kind and title or address; filled backwards, so pop() gives the first.
  const waiting = new Map<number, Map<string, number[]>>();
  for (let i = bn - 1; i >= 0; i--) {
    const item = backup[i]!;
    if (!bIn[i] || matchOf[i] !== -1 || item.parent === -1) continue;
    let inFolder = waiting.get(item.parent);
    if (!inFolder) waiting.set(item.parent, (inFolder = new Map()));
    const key = item.kind === 'folder' ? `f${item.title}` : `b${item.url ?? ''}`;
    const list = inFolder.get(key);
    if (list) list.push(i);
    else inFolder.set(key, [i]);
  }
  let matchedByPath = 0;
  for (let j = 0; j < ln; j++) {
    const [, parent, , kind, title, url] = rows[j]!;
    if (!lIn[j] || matchedBy[j] !== -1 || parent === -1 || matchedBy[parent] === -1) continue;
    const i = waiting
      .get(matchedBy[parent]!)
      ?.get(kind === 'f' ? `f${title}` : `b${url}`)
      ?.pop();
    if (i === undefined) continue;
    matchOf[i] = j;
    matchedBy[j] = i;
    matchedByPath++;
  }

  // 3. Classify.
  const diff: BackupDiff = { added: [], removed: [], moved: [], renamed: [], readdressed: [], retagged: [], thenFolders, nowFolders, matchedById, matchedByPath };
  const liveTags = new Map<string, readonly string[]>(live.tags);
  const nowItem = (j: number, then: number): ChangedItem => {
    const [id, parent, , kind, title, url, dateAdded] = rows[j]!;
    return {
      kind: kind === 'f' ? 'folder' : 'bookmark',
      id,
      title,
      url: kind === 'f' ? null : url,
      then,
      now: parent === -1 ? -1 : nowFolder[parent]!,
      date: positive(dateAdded),
    };
  };
  for (let i = 0; i < bn; i++) {
    if (!bIn[i]) continue;
    const item = backup[i]!;
    const j = matchOf[i]!;
    if (item.kind === 'folder' && j !== -1) thenFolders[thenFolder[i]!]!.nowId = rows[j]![0];
    const guid = guidOf(item);
    if (guid !== null && ROOT_GUIDS.has(guid)) continue;
    const then = item.parent === -1 ? -1 : thenFolder[item.parent]!;
    if (j === -1) {
      const removed: RemovedDetail = { position: item.position, tags: [...item.tags], lastModified: positive(item.lastModified), folder: thenFolder[i]! };
      if (item.kind === 'folder' && separatorsIn.has(i)) removed.separators = separatorsIn.get(i)!.sort((a, b) => a - b);
      diff.removed.push({
        kind: item.kind === 'folder' ? 'folder' : 'bookmark',
        title: item.title,
        url: item.url,
        then,
        now: -1,
        date: positive(item.dateAdded),
        removed,
      });
      continue;
    }
    const [, liveParent, , kind, title, url] = rows[j]!;
    // Moved: its folder now is not the one its folder in the backup became (a new position in the same folder is not a move).
    const parentMatch = item.parent === -1 ? -1 : matchOf[item.parent]!;
    if (parentMatch !== liveParent) diff.moved.push({ ...nowItem(j, then), positionThen: item.position });
    if (item.title !== title) diff.renamed.push({ ...nowItem(j, then), titleThen: item.title });
    if (kind === 'b' && item.url !== null && item.url !== url) diff.readdressed.push({ ...nowItem(j, then), urlThen: item.url });
    if (kind === 'b') {
      const tagsNow = liveTags.get(url) ?? [];
      if (!sameTags(item.tags, tagsNow)) diff.retagged.push({ ...nowItem(j, then), tagsThen: [...item.tags], tagsNow: [...tagsNow] });
    }
  }
  for (let j = 0; j < ln; j++) {
    if (!lIn[j] || matchedBy[j] !== -1 || ROOT_GUIDS.has(rows[j]![0])) continue;
    diff.added.push(nowItem(j, -1));
  }
  return diff;
}

/** Reads the live tree's compact form (the organizer's snapshot string); throws a TypeError for anything else. */
export function readLiveTree(encoded: string): LiveTree {
  const value = JSON.parse(encoded) as Partial<LiveTree> | null;
  if (!value || !Array.isArray(value.rows) || !Array.isArray(value.tags)) throw new TypeError('Not a bookmark tree snapshot.');
  return value as LiveTree;
}
