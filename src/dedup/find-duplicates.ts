/**
 * Duplicate bookmark groups: bookmarks sharing a matching key, across all roots, with every copy's folder path,
 * title, dateAdded, tags and visits, the rules that joined each copy to the group's representative (the suggested
 * keeper), and the suggested keeper itself. The keeper is chosen among the copies that survive the suggested folder
 * merges, so a copy inside a folder about to be removed is never suggested. (Suggested merges always keep the larger
 * folder, so they move nothing: a copy survives exactly when no ancestor is a suggested redundant folder.)
 */
import { chooseKeeper, type KeepCandidate } from './keep-rules';
import type { Settings } from '../settings/settings';
import type { DuplicateCopy, DuplicateGroup } from './scan-types';
import type { ScanTree } from './scan-tree';
import { explainSameKey, MATCH_RULES, type MatchRule, type MatchingOptions } from './url-key';

export interface GroupContext {
  matching: MatchingOptions;
  keep: Settings['keep'];
  tagsByUrl: ReadonlyMap<string, readonly string[]>;
  visitsByUrl: ReadonlyMap<string, number>;
  /** Folders the suggested folder merges remove. */
  redundantFolderIds: ReadonlySet<string>;
}

const RULE_ORDER = Object.keys(MATCH_RULES) as MatchRule[];
const RULE_BIT = new Map(RULE_ORDER.map((rule, i) => [rule, 1 << i]));
const EXACT: MatchRule[] = ['exact'];
const NO_TAGS: readonly string[] = [];
/** Shared by every untagged copy (most of them); frozen, so a stray push throws instead of tagging them all. */
const NO_TAG_LIST = Object.freeze([]) as unknown as string[];

export function findDuplicateGroups(tree: ScanTree, context: GroupContext): DuplicateGroup[] {
  const { bookmarks, folders, keys } = tree;
  // Copies per key, only for keys seen twice or more.
  const first = new Int32Array(keys.length).fill(-1);
  const members = new Map<number, number[]>();
  for (let i = 0; i < bookmarks.length; i++) {
    const key = bookmarks.key[i];
    if (first[key] === -1) {
      first[key] = i;
      continue;
    }
    const list = members.get(key);
    if (list) list.push(i);
    else members.set(key, [first[key], i]);
  }

  // The suggested redundant folder each folder lies in (itself included), or -1; parents come first in tree order.
  const redundantOf = new Int32Array(folders.length);
  for (let i = 0; i < folders.length; i++) {
    const f = folders[i];
    redundantOf[i] = context.redundantFolderIds.has(f.id) ? i : f.parent >= 0 ? redundantOf[f.parent] : -1;
  }

  const rules = context.keep.rules;
  const hasTags = context.tagsByUrl.size > 0;
  const hasVisits = context.visitsByUrl.size > 0;
  const groups: DuplicateGroup[] = [];
  for (const [key, indexes] of members) {
    const copies: DuplicateCopy[] = new Array(indexes.length);
    const candidates: KeepCandidate[] = new Array(indexes.length);
    const survivors: KeepCandidate[] = [];
    for (let j = 0; j < indexes.length; j++) {
      const index = indexes[j];
      const b = bookmarks.node[index];
      const parent = bookmarks.parent[index];
      const url = b.url ?? '';
      const title = b.title ?? '';
      const dateAdded = b.dateAdded ?? 0;
      const folder = folders[parent];
      const tags = (hasTags && context.tagsByUrl.get(url)) || NO_TAGS;
      const visits = (hasVisits && context.visitsByUrl.get(url)) || 0;
      const copy: DuplicateCopy = {
        id: b.id,
        parentId: folder.id,
        path: folder.path,
        title,
        url,
        dateAdded,
        tags: tags.length ? [...tags] : NO_TAG_LIST,
        visits,
        rules: [],
      };
      const redundant = redundantOf[parent];
      if (redundant >= 0) copy.inRedundantFolderId = folders[redundant].id;
      copies[j] = copy;
      const candidate: KeepCandidate = {
        id: b.id,
        title,
        url,
        dateAdded,
        tagCount: tags.length,
        visits,
        preferredRank: folder.preferredRank,
        order: index,
      };
      candidates[j] = candidate;
      if (redundant < 0) survivors.push(candidate);
    }
    const keeperId = chooseKeeper(survivors.length ? survivors : candidates, rules);
    let representative = copies[0];
    for (const copy of copies) if (copy.id === keeperId) representative = copy;
    let groupBits = 0;
    let explained: Map<string, MatchRule[]> | undefined;
    for (const copy of copies) {
      if (copy === representative) continue;
      if (copy.url === representative.url) {
        copy.rules = EXACT;
        groupBits |= 1;
        continue;
      }
      explained ??= new Map();
      let why = explained.get(copy.url);
      if (!why) {
        why = explainSameKey(copy.url, representative.url, context.matching);
        explained.set(copy.url, why);
      }
      copy.rules = why;
      for (const rule of why) groupBits |= RULE_BIT.get(rule)!;
    }
    groups.push({
      key: keys[key],
      rules: groupBits === 1 ? EXACT : RULE_ORDER.filter((r) => groupBits & RULE_BIT.get(r)!),
      suggestedKeeperId: keeperId,
      copies,
    });
  }
  return groups;
}
