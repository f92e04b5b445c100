/**
 * Duplicate bookmark groups: bookmarks sharing a matching key, across all roots, with every copy's folder path,
 * title, dateAdded, tags and visits, the rules that joined each copy to the group's representative (the suggested
 * keeper), and the suggested keeper itself. The keeper is chosen among the copies that survive the suggested folder
 * merges, so a copy inside a folder about to be removed is never suggested. (Suggested merges always keep the larger
 * folder, so they move nothing: a copy survives exactly when no ancestor is a suggested redundant folder.)
 */
import { chooseKeeper, explainKeeper, keeperOfTwo, type KeepCandidate, type KeepReason } from './keep-rules';
import type { Settings } from '../../settings';
import type { DuplicateCopy, DuplicateGroup } from './scan-types';
import type { FolderRec, ScanTree } from './scan-tree';
import type { BookmarkNode } from '../../platform/browser';
import { createMatchExplainer, MATCH_RULES, type MatchExplainer, type MatchRule, type MatchingOptions } from '../../url-matching';

/** The settings the grouping reads: a scan passes its settings object as it is. */
export type GroupSettings = Pick<Settings, 'matching' | 'keep'>;

const RULE_ORDER = Object.keys(MATCH_RULES) as MatchRule[];
const RULE_BIT = new Map(RULE_ORDER.map((rule, i) => [rule, 1 << i]));
const EXACT: MatchRule[] = ['exact'];
const NO_TAGS: readonly string[] = [];
/** Distinct variant URLs per group whose explanations are remembered. */
const REMEMBERED_EXPLANATIONS = 8;
/** Shared by every untagged copy (most of them); frozen, so a stray push throws instead of tagging them all. */
const NO_TAG_LIST = Object.freeze([]) as unknown as string[];
/** The representative's rules (none: the others are explained relative to it), shared and frozen like NO_TAG_LIST. */
const NO_RULES = Object.freeze([]) as unknown as MatchRule[];

/** The explainer of the last scan's matching options, kept for the next scan (see explainerFor). */
let lastExplainer: { options: string; explain: MatchExplainer } | undefined;

/**
 * One explainer per set of matching options, kept from scan to scan rather than made anew by each (see "Shapes that
 * outlive a scan" below). Explaining is pure, so sharing it changes nothing.
 */
function explainerFor(matching: MatchingOptions): MatchExplainer {
  const options = JSON.stringify(matching);
  if (lastExplainer?.options !== options) lastExplainer = { options, explain: createMatchExplainer(matching) };
  return lastExplainer.explain;
}

/**
 * Shapes that outlive a scan: an object whose shape only the scan's own results have (a field added after it was
 * made, an options object made per call, a fresh function) loses that shape when the result is collected, and V8
 * then throws away the compiled scan code specialized to it and compiles it again ("weak objects" deoptimizations
 * in the first scans; docs/ARCHITECTURE.md, "The scan job at 100,000 bookmarks"). So the scan's objects are made
 * whole by literals, and its functions take plain parameters.
 *
 * One copy, made whole by one of two literals: with inRedundantFolderId or without it.
 */
function newCopy(b: BookmarkNode, folder: FolderRec, url: string, tags: readonly string[], visits: number, inRedundantFolderId: string | undefined): DuplicateCopy {
  const id = b.id;
  const title = b.title ?? '';
  const dateAdded = b.dateAdded ?? 0;
  const index = b.index ?? 0;
  const tagList = tags.length ? [...tags] : NO_TAG_LIST;
  // rules: set by the caller once the representative is known (the representative gets its own empty list).
  if (inRedundantFolderId === undefined) {
    return { id, parentId: folder.id, path: folder.path, title, url, dateAdded, index, siblings: folder.childCount, tags: tagList, visits, rules: EXACT };
  }
  return {
    id,
    parentId: folder.id,
    path: folder.path,
    title,
    url,
    dateAdded,
    index,
    siblings: folder.childCount,
    tags: tagList,
    visits,
    rules: EXACT,
    inRedundantFolderId,
  };
}

/**
 * The groups of one scan. `redundantFolderIds`: the folders the suggested folder merges remove. Plain parameters,
 * not an options object made per call (see "Shapes that outlive a scan" above).
 */
export function findDuplicateGroups(
  tree: ScanTree,
  settings: GroupSettings,
  tagsByUrl: ReadonlyMap<string, readonly string[]>,
  visitsByUrl: ReadonlyMap<string, number>,
  redundantFolderIds: ReadonlySet<string>,
): DuplicateGroup[] {
  const { bookmarks, folders, keys } = tree;
  // Copies per key as chains through the bookmark indexes (no array per key); a key becomes a group at its second
  // copy, and groups come in that order.
  const first = new Int32Array(keys.length).fill(-1);
  const last = new Int32Array(keys.length);
  const count = new Int32Array(keys.length);
  const next = new Int32Array(bookmarks.length);
  const groupKeys: number[] = [];
  for (let i = 0; i < bookmarks.length; i++) {
    const key = bookmarks.key[i];
    next[i] = -1;
    if (first[key] === -1) first[key] = i;
    else {
      next[last[key]] = i;
      if (count[key] === 1) groupKeys.push(key);
    }
    last[key] = i;
    count[key]++;
  }

  // The suggested redundant folder each folder lies in (itself included), or -1; parents come first in tree order.
  const redundantOf = new Int32Array(folders.length);
  for (let i = 0; i < folders.length; i++) {
    const f = folders[i];
    redundantOf[i] = redundantFolderIds.has(f.id) ? i : f.parent >= 0 ? redundantOf[f.parent] : -1;
  }

  const hasTags = tagsByUrl.size > 0;
  const hasVisits = visitsByUrl.size > 0;
  const rules = settings.keep.rules;
  const groups: DuplicateGroup[] = [];
  const explain = explainerFor(settings.matching);
  const groupRules = new Map<number, MatchRule[]>();
  // Keep candidates only live while one group's keeper is chosen: one pooled object per position, refilled per group.
  // Every field (the lazily computed scores too) is there from the start (see "Shapes that outlive a scan" above).
  const pool: KeepCandidate[] = [];
  const explainedUrls: string[] = [];
  const explainedRules: MatchRule[][] = [];
  const candidates: KeepCandidate[] = [];
  const survivors: KeepCandidate[] = [];
  for (const key of groupKeys) {
    const size = count[key];
    const copies: DuplicateCopy[] = new Array(size);
    candidates.length = 0;
    survivors.length = 0;
    // Tags and visits of the group's last URL: exact copies (the most common kind) reuse them instead of probing
    // both maps again.
    let lastUrl: string | undefined;
    let lastTags: readonly string[] = NO_TAGS;
    let lastVisits = 0;
    for (let j = 0, index = first[key]; j < size; j++, index = next[index]) {
      // Each copy is made where its keep candidate is filled, from the getTree() node read once.
      const b = bookmarks.node[index];
      const parent = bookmarks.parent[index];
      const folder = folders[parent];
      const url = b.url ?? '';
      if (url !== lastUrl) {
        lastUrl = url;
        lastTags = (hasTags && tagsByUrl.get(url)) || NO_TAGS;
        lastVisits = (hasVisits && visitsByUrl.get(url)) || 0;
      }
      const redundant = redundantOf[parent];
      const copy = newCopy(b, folder, url, lastTags, lastVisits, redundant >= 0 ? folders[redundant].id : undefined);
      copies[j] = copy;
      let candidate = pool[j];
      if (candidate === undefined) {
        candidate = { id: '', title: '', url: '', dateAdded: 0, tagCount: 0, visits: 0, preferredRank: 0, order: 0, titleScore: undefined, urlScore: undefined };
        pool.push(candidate);
      }
      candidate.id = copy.id;
      candidate.title = copy.title;
      candidate.url = url;
      candidate.dateAdded = copy.dateAdded;
      candidate.tagCount = lastTags.length;
      candidate.visits = lastVisits;
      candidate.preferredRank = folder.preferredRank;
      candidate.order = index;
      candidate.titleScore = undefined;
      candidate.urlScore = undefined;
      candidates.push(candidate);
      if (redundant < 0) survivors.push(candidate);
    }
    const choosingFrom = survivors.length ? survivors : candidates;
    let keeperId: string;
    let keptBecause: KeepReason[];
    if (choosingFrom.length === 2) {
      const two = keeperOfTwo(choosingFrom[0], choosingFrom[1], rules);
      keeperId = two.keeper.id;
      keptBecause = two.reasons;
    } else {
      keeperId = chooseKeeper(choosingFrom, rules);
      keptBecause = explainKeeper(choosingFrom, keeperId, rules);
    }
    let representative = copies[0];
    for (const copy of copies) if (copy.id === keeperId) representative = copy;
    representative.rules = NO_RULES;
    let groupBits = 0;
    explainedUrls.length = 0;
    explainedRules.length = 0;
    for (const copy of copies) {
      if (copy === representative) continue;
      if (copy.url === representative.url) {
        copy.rules = EXACT;
        groupBits |= 1;
        continue;
      }
      // A group rarely holds many distinct variants: remember the first few explanations (explain is pure, so a
      // variant beyond them is simply explained again).
      const seen = explainedUrls.indexOf(copy.url);
      let why: MatchRule[];
      if (seen !== -1) why = explainedRules[seen];
      else {
        why = explain(copy.url, representative.url);
        if (explainedUrls.length < REMEMBERED_EXPLANATIONS) {
          explainedUrls.push(copy.url);
          explainedRules.push(why);
        }
      }
      copy.rules = why;
      for (const rule of why) groupBits |= RULE_BIT.get(rule)!;
    }
    let rulesOfGroup = groupBits === 1 ? EXACT : groupRules.get(groupBits);
    if (!rulesOfGroup) {
      rulesOfGroup = RULE_ORDER.filter((r) => groupBits & RULE_BIT.get(r)!);
      groupRules.set(groupBits, rulesOfGroup);
    }
    groups.push({
      key: keys[key],
      rules: rulesOfGroup,
      suggestedKeeperId: keeperId,
      keptBecause,
      copies,
    });
  }
  return groups;
}
