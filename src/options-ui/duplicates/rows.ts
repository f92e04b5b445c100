/**
 * The duplicates list as flat rows (a group header followed by one row per copy) for the virtualized list, with
 * the page's filters applied: by folder (a copy's path contains it), by matching rule, by text (title or URL).
 */
import { createMatchKeyer, type MatchingOptions, type MatchRule } from '../../dedup/url-key';
import type { DuplicateCopy, DuplicateGroup } from '../../dedup/scan-types';

export type Row = { kind: 'group'; group: DuplicateGroup; groupIndex: number } | { kind: 'copy'; group: DuplicateGroup; copy: DuplicateCopy };

export interface GroupFilters {
  folder: string;
  rule: MatchRule | '';
  text: string;
}

export const NO_FILTERS: GroupFilters = { folder: '', rule: '', text: '' };

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

export function toRows(groups: readonly DuplicateGroup[]): Row[] {
  const rows: Row[] = [];
  groups.forEach((group, groupIndex) => {
    rows.push({ kind: 'group', group, groupIndex });
    for (const copy of group.copies) rows.push({ kind: 'copy', group, copy });
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
