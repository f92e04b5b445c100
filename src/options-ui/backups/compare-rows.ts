/**
 * A comparison's lists as the rows of one virtualized list: for each kind of change that has any, a heading, then its
 * items grouped by folder (the folder now; the folder in the backup for what was removed), folders in the order of
 * the tree, items in the order of their folder. Folder paths are worded only for the rows drawn (pathText), so a
 * 10,000-deep folder chain costs nothing until it is on screen.
 */
import { CHANGE_KINDS, ROOT_GUIDS, type BackupDiff, type ChangedItem, type ChangeKind, type DiffFolder } from '../../firefox-backups';
import { t } from '../../i18n';
import { rootTitle } from '../../platform/browser';
import { formatPath } from '../../platform/folder-path';

export type CompareRow =
  | { type: 'kind'; kind: ChangeKind; count: number }
  | { type: 'folder'; kind: ChangeKind; side: 'then' | 'now'; folder: number }
  | { type: 'item'; kind: ChangeKind; item: ChangedItem; /** Its index in the diff's list of its kind. */ at: number };

/** Row heights (px), fixed so the list is virtualized with one prefix sum (src/ui/virtual.ts); options/backups.css. */
export const ROW_HEIGHT: Record<CompareRow['type'], number> = { kind: 44, folder: 32, item: 68 };

/** The folder an item is listed under: where it is now, or, for a removed item, where it was. */
export const sideOf = (kind: ChangeKind): 'then' | 'now' => (kind === 'removed' ? 'then' : 'now');

export function compareRows(diff: BackupDiff): CompareRow[] {
  const rows: CompareRow[] = [];
  for (const kind of CHANGE_KINDS) {
    const items = diff[kind];
    if (!items.length) continue;
    rows.push({ type: 'kind', kind, count: items.length });
    const side = sideOf(kind);
    const byFolder = new Map<number, number[]>();
    items.forEach((item, at) => {
      const folder = item[side];
      const list = byFolder.get(folder);
      if (list) list.push(at);
      else byFolder.set(folder, [at]);
    });
    for (const folder of [...byFolder.keys()].sort((a, b) => a - b)) {
      rows.push({ type: 'folder', kind, side, folder });
      for (const at of byFolder.get(folder)!) rows.push({ type: 'item', kind, item: items[at]!, at });
    }
  }
  return rows;
}

/** A folder's path as a person reads it ("Bookmarks Menu › Work"): root folders by their names in the UI's language. */
export function pathText(folders: readonly DiffFolder[], index: number): string {
  const names: string[] = [];
  for (let i = index, steps = 0; i >= 0 && steps <= folders.length; steps++) {
    const folder = folders[i]!;
    if (folder.guid === 'root________') break;
    const root = folder.guid !== null && ROOT_GUIDS.has(folder.guid) ? rootTitle(folder.guid) : undefined;
    names.push(root ?? (folder.title || t('untitledFolder')));
    i = folder.parent;
  }
  return formatPath(names.reverse());
}
