/**
 * The duplicates list as flat rows for the virtualized tree (GroupList): per group a header, then, when the group is
 * open, the kept copy first (pinned), then the other copies: directly for a handful of copies, or as one row per
 * folder (each opened on its own) for bigger groups. With the page's filters (folder, matching rule, text) and
 * orders (bookmark order, most copies first, most folders first).
 */
import { t } from '../../i18n';
import { createMatchKeyer, type MatchingOptions, type MatchRule } from '../../url-matching';
import type { DuplicateCopy, DuplicateGroup } from '../../dedup';
import { leafOf } from './Path';

/** Groups with more copies than this open collapsed and list their copies per folder. */
export const HANDFUL = 5;

/** `pos` (1-based) and `size`: the row's place among its siblings in the tree (aria-posinset, aria-setsize). */
export type Row =
  | { kind: 'group'; id: string; level: 1; pos: number; size: number; group: DuplicateGroup; groupIndex: number; expanded: boolean }
  | { kind: 'copy'; id: string; level: 2 | 3; pos: number; size: number; group: DuplicateGroup; copy: DuplicateCopy; pinned: boolean }
  | {
      kind: 'folder';
      id: string;
      level: 2;
      pos: number;
      size: number;
      group: DuplicateGroup;
      folderId: string;
      path: string;
      copies: DuplicateCopy[];
      expanded: boolean;
    };

/** Row heights in px by kind (a header has three lines, a copy two, a folder one). */
export const ROW_HEIGHTS: Readonly<Record<Row['kind'], number>> = { group: 74, copy: 50, folder: 34 };

export interface GroupFilters {
  folder: string;
  rule: MatchRule | '';
  text: string;
}

export const NO_FILTERS: GroupFilters = { folder: '', rule: '', text: '' };

export type GroupOrder = 'review' | 'tree' | 'copies' | 'folders';

export const GROUP_ORDERS: readonly { id: GroupOrder }[] = [{ id: 'review' }, { id: 'tree' }, { id: 'copies' }, { id: 'folders' }];

/** An order's name for people. */
export function groupOrderLabel(order: GroupOrder): string {
  if (order === 'review') return t('orderReview');
  if (order === 'tree') return t('orderTree');
  if (order === 'copies') return t('orderCopies');
  return t('orderFolders');
}

/** A matching rule's name for people (the chips on a group, the rule filter). */
export function matchRuleLabel(rule: MatchRule): string {
  switch (rule) {
    case 'exact':
      return t('matchExact');
    case 'scheme-host-case':
      return t('matchSchemeHostCase');
    case 'default-port':
      return t('matchDefaultPort');
    case 'empty-fragment':
      return t('matchEmptyFragment');
    case 'empty-query':
      return t('matchEmptyQuery');
    case 'trailing-slash':
      return t('matchTrailingSlash');
    case 'index-page':
      return t('matchIndexPage');
    case 'tracking-params':
      return t('matchTrackingParams');
    case 'percent-encoding-case':
      return t('matchPercentEncodingCase');
    case 'http-https':
      return t('matchHttpHttps');
    case 'www':
      return t('matchWww');
    case 'fragment':
      return t('matchFragment');
    case 'query':
      return t('matchQuery');
    case 'query-order':
      return t('matchQueryOrder');
  }
}

/** Which groups and folders are open: overrides per group and per folder on top of a default for all. */
export interface Expansion {
  /** null: groups of a handful open, bigger ones closed, folders closed. true/false: "expand all" / "collapse all". */
  all: boolean | null;
  groups: ReadonlyMap<string, boolean>;
  folders: ReadonlyMap<string, boolean>;
}

export const DEFAULT_EXPANSION: Expansion = { all: null, groups: new Map(), folders: new Map() };

export const groupRowId = (g: DuplicateGroup) => `g\n${g.key}`;
export const folderRowId = (g: DuplicateGroup, folderId: string) => `f\n${g.key}\n${folderId}`;
export const copyRowId = (c: DuplicateCopy) => `c\n${c.id}`;

/**
 * Open by default: groups of a handful of copies, unless every copy but the kept one goes with a copied folder (the
 * folder set decides for them: 400 such groups for one copied folder of 400 would bury the rest).
 */
export function isGroupExpanded(expansion: Expansion, g: DuplicateGroup, settledByFolders = false): boolean {
  return expansion.groups.get(g.key) ?? expansion.all ?? (g.copies.length <= HANDFUL && !settledByFolders);
}

export function isFolderExpanded(expansion: Expansion, g: DuplicateGroup, folderId: string): boolean {
  return expansion.folders.get(folderRowId(g, folderId)) ?? expansion.all ?? false;
}

/** `expansion` with group `g` open and every folder in it open: all its copies at once. */
export function openFully(expansion: Expansion, g: DuplicateGroup): Expansion {
  const folders = new Map(expansion.folders);
  for (const f of copiesByFolder(g)) folders.set(folderRowId(g, f.id), true);
  return { ...expansion, groups: new Map(expansion.groups).set(g.key, true), folders };
}

export function filterGroups(groups: readonly DuplicateGroup[], filters: GroupFilters): DuplicateGroup[] {
  const folder = filters.folder.trim().toLowerCase();
  const text = filters.text.trim().toLowerCase();
  if (!folder && !text && !filters.rule) return groups as DuplicateGroup[];
  return groups.filter(
    (g) =>
      (!filters.rule || g.rules.includes(filters.rule)) &&
      (!folder || g.copies.some((c) => c.path.toLowerCase().includes(folder))) &&
      (!text || g.copies.some((c) => c.title.toLowerCase().includes(text) || c.url.toLowerCase().includes(text))),
  );
}

const foldersCache = new WeakMap<DuplicateGroup, { id: string; path: string; copies: DuplicateCopy[] }[]>();

/** The folders holding a group's copies (by folder, not by path: copied folders share a path), in bookmark order. */
export function copiesByFolder(g: DuplicateGroup): { id: string; path: string; copies: DuplicateCopy[] }[] {
  let folders = foldersCache.get(g);
  if (folders) return folders;
  const byFolder = new Map<string, { id: string; path: string; copies: DuplicateCopy[] }>();
  for (const c of g.copies) {
    const entry = byFolder.get(c.parentId);
    if (entry) entry.copies.push(c);
    else byFolder.set(c.parentId, { id: c.parentId, path: c.path, copies: [c] });
  }
  folders = [...byFolder.values()];
  foldersCache.set(g, folders);
  return folders;
}

/**
 * "Folder 0 ×10, Folder 3 ×13, Reading": the deepest folder of each, ×n when its folders (of that name) hold more
 * than one copy.
 */
export function folderBreakdown(g: DuplicateGroup, limit = 12): string {
  const { names, more } = folderNames(g, limit);
  const shown = names.map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
  return more ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** The deepest folder names of folderBreakdown with their copies (the first `limit`), and whether there are more. */
export function folderNames(g: DuplicateGroup, limit = 12): { names: [string, number][]; more: boolean } {
  const byName = new Map<string, number>();
  for (const f of copiesByFolder(g)) {
    const name = leafOf(f.path);
    byName.set(name, (byName.get(name) ?? 0) + f.copies.length);
  }
  const names = [...byName];
  return { names: names.slice(0, limit), more: names.length > limit };
}

/** Groups in the chosen order; `settledByFolders` groups go last in 'review' order (the folder sets decide for them). */
export function orderGroups(groups: readonly DuplicateGroup[], order: GroupOrder, settledByFolders: (g: DuplicateGroup) => boolean = () => false): DuplicateGroup[] {
  if (order === 'tree') return groups as DuplicateGroup[];
  if (order === 'review') {
    const settled: DuplicateGroup[] = [];
    const first: DuplicateGroup[] = [];
    for (const g of groups) (settledByFolders(g) ? settled : first).push(g);
    return settled.length ? [...first, ...settled] : (groups as DuplicateGroup[]);
  }
  const size = order === 'copies' ? (g: DuplicateGroup) => g.copies.length : (g: DuplicateGroup) => copiesByFolder(g).length;
  // Array.prototype.sort is stable: equal sizes stay in bookmark order.
  return [...groups].sort((a, b) => size(b) - size(a));
}

/**
 * The rows for these groups: `keeperOf` gives each group's kept copy (pinned first when the group is open);
 * `isLeft` groups have no kept copy to pin.
 */
export function toRows(
  groups: readonly DuplicateGroup[],
  expansion: Expansion,
  keeperOf: (g: DuplicateGroup) => string | null,
  settledByFolders: (g: DuplicateGroup) => boolean = () => false,
): Row[] {
  const rows: Row[] = [];
  const size = groups.length;
  groups.forEach((group, groupIndex) => {
    const expanded = isGroupExpanded(expansion, group, settledByFolders(group));
    rows.push({ kind: 'group', id: groupRowId(group), level: 1, pos: groupIndex + 1, size, group, groupIndex, expanded });
    if (!expanded) return;
    const keeperId = keeperOf(group);
    const keeper = keeperId === null ? undefined : group.copies.find((c) => c.id === keeperId);
    if (group.copies.length <= HANDFUL) {
      const n = group.copies.length;
      let pos = 1;
      if (keeper) rows.push({ kind: 'copy', id: copyRowId(keeper), level: 2, pos: pos++, size: n, group, copy: keeper, pinned: true });
      for (const copy of group.copies) if (copy !== keeper) rows.push({ kind: 'copy', id: copyRowId(copy), level: 2, pos: pos++, size: n, group, copy, pinned: false });
      return;
    }
    const folders = copiesByFolder(group)
      .map(({ id, path, copies }) => ({ id, path, others: copies.filter((c) => c !== keeper) }))
      .filter((f) => f.others.length > 0);
    const n = folders.length + (keeper ? 1 : 0);
    let pos = 1;
    if (keeper) rows.push({ kind: 'copy', id: copyRowId(keeper), level: 2, pos: pos++, size: n, group, copy: keeper, pinned: true });
    for (const { id, path, others } of folders) {
      const open = isFolderExpanded(expansion, group, id);
      rows.push({ kind: 'folder', id: folderRowId(group, id), level: 2, pos: pos++, size: n, group, folderId: id, path, copies: others, expanded: open });
      if (open) others.forEach((copy, i) => rows.push({ kind: 'copy', id: copyRowId(copy), level: 3, pos: i + 1, size: others.length, group, copy, pinned: false }));
    }
  });
  return rows;
}

/** The header row of the group holding `url` (by the scan's matching rules), or -1. */
export function rowOfUrl(rows: readonly Row[], url: string, matching: MatchingOptions): number {
  const keyOf = createMatchKeyer(matching);
  const key = keyOf(url);
  return rows.findIndex((r) => r.kind === 'group' && (r.group.key === key || r.group.copies.some((c) => c.url === url)));
}

/** Every folder path that holds a copy, for the folder filter's suggestions (at most `limit`). */
export function copyFolders(groups: readonly DuplicateGroup[], limit = 500): string[] {
  const counts = new Map<string, number>();
  for (const g of groups) for (const c of g.copies) counts.set(c.path, (counts.get(c.path) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([path]) => path);
}

/** The rules present in the groups, for the rule filter. */
export function rulesPresent(groups: readonly DuplicateGroup[]): MatchRule[] {
  const set = new Set<MatchRule>();
  for (const g of groups) for (const r of g.rules) set.add(r);
  return [...set];
}

/**
 * Where a copy's address differs from another (the group's shown address): the copy's URL split into the same start,
 * the differing part and the same end. When the copy only lacks something (http vs https, no trailing slash), the
 * word or path segment around the gap is marked, so there is always something to see.
 */
export function urlDifference(url: string, reference: string): { before: string; changed: string; after: string } | null {
  if (url === reference) return null;
  let start = 0;
  while (start < url.length && start < reference.length && url[start] === reference[start]) start++;
  let end = 0;
  while (end < url.length - start && end < reference.length - start && url[url.length - 1 - end] === reference[reference.length - 1 - end]) end++;
  let from = start;
  let to = url.length - end;
  if (from >= to) {
    const isBoundary = (ch: string | undefined) => ch === undefined || '/?&#:=.'.includes(ch);
    while (from > 0 && !isBoundary(url[from - 1])) from--;
    while (to < url.length && !isBoundary(url[to])) to++;
    if (from >= to) {
      from = Math.max(0, from - 1);
      to = Math.min(url.length, Math.max(to, from + 1));
    }
  }
  return { before: url.slice(0, from), changed: url.slice(from, to), after: url.slice(to) };
}
