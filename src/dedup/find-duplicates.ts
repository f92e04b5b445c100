/**
 * Duplicate bookmark groups: bookmarks sharing a matching key, across all roots, with every copy's folder path,
 * title, dateAdded, tags and visits, the rules that joined each copy to the group's representative (the suggested
 * keeper), and the suggested keeper itself. The keeper is chosen among the copies that survive the suggested folder
 * merges, so a copy inside a folder about to be removed is never suggested.
 */
import { chooseKeeper, type KeepCandidate } from './keep-rules';
import type { Settings } from '../settings/settings';
import type { DuplicateCopy, DuplicateGroup } from './scan-types';
import type { ScanTree } from './scan-tree';
import { removedWith, type TreeAfterPlan } from './survivors';
import { explainMatch, MATCH_RULES, type MatchRule, type MatchingOptions } from './url-key';

export interface GroupContext {
  matching: MatchingOptions;
  keep: Settings['keep'];
  tagsByUrl: ReadonlyMap<string, readonly string[]>;
  visitsByUrl: ReadonlyMap<string, number>;
  /** The tree after the suggested folder merges. */
  afterSuggested: TreeAfterPlan;
}

const RULE_ORDER = Object.keys(MATCH_RULES) as MatchRule[];

export function findDuplicateGroups(tree: ScanTree, context: GroupContext): DuplicateGroup[] {
  const { bookmarks, folders, keys } = tree;
  const first = new Int32Array(keys.length).fill(-1);
  const members = new Map<number, number[]>();
  for (let i = 0; i < bookmarks.length; i++) {
    const key = bookmarks[i].key;
    if (first[key] === -1) {
      first[key] = i;
      continue;
    }
    const list = members.get(key);
    if (list) list.push(i);
    else members.set(key, [first[key], i]);
  }

  const groups: DuplicateGroup[] = [];
  for (const [key, indexes] of members) {
    const copies: DuplicateCopy[] = [];
    const candidates: KeepCandidate[] = [];
    const survivors: KeepCandidate[] = [];
    for (const i of indexes) {
      const b = bookmarks[i];
      const folder = folders[b.parent];
      const tags = context.tagsByUrl.get(b.url) ?? [];
      const visits = context.visitsByUrl.get(b.url) ?? 0;
      const copy: DuplicateCopy = {
        id: b.id,
        parentId: folder.id,
        path: folder.path,
        title: b.title,
        url: b.url,
        dateAdded: b.dateAdded,
        tags: [...tags],
        visits,
        rules: [],
      };
      const removedBy = removedWith(b.id, folder.id, context.afterSuggested);
      if (removedBy) copy.inRedundantFolderId = removedBy;
      copies.push(copy);
      const candidate: KeepCandidate = {
        id: b.id,
        title: b.title,
        url: b.url,
        dateAdded: b.dateAdded,
        tagCount: tags.length,
        visits,
        preferredRank: folder.preferredRank,
        order: b.order,
      };
      candidates.push(candidate);
      if (!removedBy) survivors.push(candidate);
    }
    const keeperId = chooseKeeper(survivors.length ? survivors : candidates, context.keep.rules);
    const representative = copies.find((c) => c.id === keeperId)!;
    const explained = new Map<string, MatchRule[]>();
    const groupRules = new Set<MatchRule>();
    for (const copy of copies) {
      if (copy === representative) continue;
      let rules = explained.get(copy.url);
      if (!rules) {
        rules = explainMatch(copy.url, representative.url, context.matching);
        explained.set(copy.url, rules);
      }
      copy.rules = rules;
      for (const rule of rules) groupRules.add(rule);
    }
    groups.push({
      key: keys[key],
      rules: RULE_ORDER.filter((r) => groupRules.has(r)),
      suggestedKeeperId: keeperId,
      copies,
    });
  }
  return groups;
}
