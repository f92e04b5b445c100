/**
 * The cleanup preview as flat rows for a virtualized list: every item the plan removes, grouped by why it goes —
 * loose copies (removed one by one), copied folders (removed whole), the bookmarks inside those folders (removed with
 * them) and empty folders — each section with a heading row. Item rows are exactly the plan's items: loose copies +
 * copied folders + bookmarks inside + empty folders, the same figures as the plan's numbers.
 */
import type { CleanupPlan, DuplicateCopy, ScanResult } from '../../dedup';
import { removedWith, type TreeAfterPlan } from '../../dedup';
import { plural, t } from '../../i18n';
import { PATH_SEPARATOR } from '../../platform/folder-path';
import { splitPath } from './Path';

export type PreviewSection = 'loose' | 'folders' | 'inside' | 'empty';

export type PreviewRow =
  | { kind: 'section'; id: string; section: PreviewSection; count: number }
  | {
      kind: 'item';
      id: string;
      section: PreviewSection;
      /** The title (for a bookmark without one: its address). */
      title: string;
      /** The folder holding it. */
      path: string;
      /** A bookmark's address; null for a folder. */
      url: string | null;
      /** For a folder: what it holds ("holds 46 bookmarks", "empty"). */
      holds: string | null;
    };

/** Row heights in px: a section heading is one line, an item two. */
export const PREVIEW_ROW_HEIGHTS: Readonly<Record<PreviewRow['kind'], number>> = { section: 36, item: 48 };

/** A section's heading in words ("88 loose copies, removed one by one"). */
export function sectionTitle(section: PreviewSection, count: number): string {
  if (section === 'loose') return plural('dupPreviewLoose', count);
  if (section === 'folders') return plural('dupPreviewFolders', count);
  if (section === 'inside') return plural('dupPreviewInside', count);
  return plural('dupPreviewEmpty', count);
}

/** A folder's row: its title, the path of the folder holding it, and what it holds. */
function folderRow(section: PreviewSection, id: string, title: string, parentPath: string, holds: string): PreviewRow {
  return { kind: 'item', id: `${section}\n${id}`, section, title, path: parentPath, url: null, holds };
}

function bookmarkRow(section: PreviewSection, c: DuplicateCopy): PreviewRow {
  return { kind: 'item', id: `${section}\n${c.id}`, section, title: c.title || c.url, path: c.path, url: c.url, holds: null };
}

/**
 * The path of a folder the cleanup empties (its own title last). The scan lists no title for a folder that is not
 * empty, but every such folder holds a copy that goes, at some depth: its path is that copy's folder path cut by
 * the depth. Null when no copy lies inside (it cannot be emptied then).
 */
function emptiedFolderPath(folderId: string, copies: Iterable<DuplicateCopy>, folderParents: Record<string, string>): string | null {
  for (const c of copies) {
    let depth = 0;
    for (let id: string | undefined = c.parentId; id; id = folderParents[id], depth++) {
      if (id !== folderId) continue;
      const segments = c.path.split(PATH_SEPARATOR);
      return depth < segments.length ? segments.slice(0, segments.length - depth).join(PATH_SEPARATOR) : null;
    }
  }
  return null;
}

/** The rows of `plan` (built from `scan`): sections in the order loose, copied folders, inside them, empty folders. */
export function previewRows(
  plan: Pick<CleanupPlan, 'removals' | 'moves'>,
  scan: Pick<ScanResult, 'groups' | 'folderSets' | 'emptyFolders' | 'folderParents'>,
): PreviewRow[] {
  const copies = new Map<string, DuplicateCopy>();
  for (const g of scan.groups) for (const c of g.copies) copies.set(c.id, c);
  const members = new Map(scan.folderSets.flatMap((set) => set.members.map((m) => [m.id, m] as const)));
  const empties = new Map(scan.emptyFolders.map((f) => [f.id, f]));

  const sections: Record<PreviewSection, PreviewRow[]> = { loose: [], folders: [], inside: [], empty: [] };
  const removedFolders = new Set<string>();
  for (const r of plan.removals) {
    if (r.reason === 'duplicate-bookmark') {
      const c = copies.get(r.id);
      if (c) sections.loose.push(bookmarkRow('loose', c));
    } else if (r.reason === 'duplicate-folder') {
      removedFolders.add(r.id);
      const m = members.get(r.id);
      if (m) sections.folders.push(folderRow('folders', m.id, m.title, splitPath(m.path).head, t('dupPreviewFolderHolds', plural('dupBookmarks', m.bookmarkCount))));
    } else if (r.reason === 'emptied-folder') {
      // A folder the cleanup empties (its separators go with it and are not listed).
      const path = r.kind === 'folder' ? emptiedFolderPath(r.id, copies.values(), scan.folderParents) : null;
      if (path !== null) {
        const { head, leaf } = splitPath(path);
        sections.empty.push(folderRow('empty', r.id, leaf, head, t('dupPreviewEmptiedFolder')));
      }
    } else {
      const f = empties.get(r.id);
      if (f) sections.empty.push(folderRow('empty', f.id, f.title, splitPath(f.path).head, t('dupPreviewEmptyFolder')));
    }
  }
  // The bookmarks inside the copied folders: every one is a copy of a page the folder that stays holds (a copied
  // folder is identical to or contained in the fullest copy), so each is in a duplicate group; items the plan moves
  // out first stay.
  if (removedFolders.size) {
    const tree: TreeAfterPlan = { removedFolders, movedTo: new Map(plan.moves.map((m) => [m.id, m.toParentId])), folderParents: scan.folderParents };
    for (const c of copies.values()) if (removedWith(c.id, c.parentId, tree) !== undefined) sections.inside.push(bookmarkRow('inside', c));
  }

  const rows: PreviewRow[] = [];
  for (const section of ['loose', 'folders', 'inside', 'empty'] as const) {
    const items = sections[section];
    if (!items.length) continue;
    rows.push({ kind: 'section', id: `section\n${section}`, section, count: items.length });
    rows.push(...items);
  }
  return rows;
}
