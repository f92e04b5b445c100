/**
 * Keep rules: which copy of a duplicate stays. The rules run in the user's order (settings.keep.rules); the first
 * rule that tells two copies apart decides, and tree order breaks a full tie, so the choice is deterministic.
 *
 * - bestTitle: a real title beats an empty one or one that is just the URL.
 * - cleanUrl: the address without tracking parameters (utm_*, fbclid, ...) or a fragment ("#", "#top") beats one with
 *   them (url-key.ts isCleanUrl).
 * - preferredFolder: a copy inside a better-ranked folder of settings.keep.preferredFolderIds wins (a copy anywhere
 *   inside the folder counts; a copy in no preferred folder ranks last).
 * - oldest / newest: by dateAdded.
 * - mostTags / mostVisits: more wins.
 *
 * The default order lives in DEFAULT_SETTINGS (src/settings/settings.ts): the copy a person would keep comes first
 * (bestTitle, cleanUrl), then preferredFolder (toolbar, menu, other, mobile), oldest, mostTags, mostVisits. Measured
 * on a real exported collection, putting folders and dates first kept the copy titled with its bare URL over the one
 * with a real title in 5 of 16 groups, and the utm_ variant over the clean URL in 4 of 5. A user can reorder the rules
 * (RuleEditor) and override the choice per group (buildPlan decisions). explainKeeper says in which rules the kept
 * copy won, for the page's "kept because".
 */
import type { KeepRuleName } from '../../settings';
import { isCleanUrl } from '../../url-matching';

export interface KeepCandidate {
  id: string;
  title: string;
  url: string;
  dateAdded: number;
  tagCount: number;
  visits: number;
  /** Index in preferredFolderIds of the best preferred folder containing the copy; Infinity when none. */
  preferredRank: number;
  /** Position in tree order; breaks full ties. */
  order: number;
  /** titleQuality and urlQuality, computed on first use (a reused candidate object must clear them). */
  titleScore?: 0 | 1;
  urlScore?: 0 | 1;
}

function withoutSchemeAndSlash(url: string): string {
  return url
    .replace(/^[a-z][a-z0-9+.-]*:(\/\/)?/i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** 1 for a title a person wrote or a page gave (not empty, not just the URL), else 0. */
export function titleQuality(title: string, url: string): 0 | 1 {
  const t = title.trim();
  if (t === '') return 0;
  // A title with a space is no address (addresses have none): most real titles, decided without normalizing.
  if (t.includes(' ') && !url.includes(' ')) return 1;
  const lower = t.toLowerCase();
  if (lower === url.toLowerCase() || withoutSchemeAndSlash(t) === withoutSchemeAndSlash(url)) return 0;
  return 1;
}

/** 1 for an address without tracking parameters or a fragment, else 0 (see url-key.ts isCleanUrl). */
export function urlQuality(url: string): 0 | 1 {
  return isCleanUrl(url) ? 1 : 0;
}

/** How much `a` beats `b` under one rule: negative when a should be kept, positive for b, 0 when the rule cannot tell. */
function compareByRule(a: KeepCandidate, b: KeepCandidate, rule: KeepRuleName): number {
  switch (rule) {
    case 'preferredFolder':
      return a.preferredRank === b.preferredRank ? 0 : a.preferredRank < b.preferredRank ? -1 : 1;
    case 'oldest':
      return a.dateAdded - b.dateAdded;
    case 'newest':
      return b.dateAdded - a.dateAdded;
    case 'bestTitle':
      if (a.title === b.title && a.url === b.url) return 0; // exact copies, most of them
      return (b.titleScore ??= titleQuality(b.title, b.url)) - (a.titleScore ??= titleQuality(a.title, a.url));
    case 'cleanUrl':
      return a.url === b.url ? 0 : (b.urlScore ??= urlQuality(b.url)) - (a.urlScore ??= urlQuality(a.url));
    case 'mostTags':
      return b.tagCount - a.tagCount;
    case 'mostVisits':
      return b.visits - a.visits;
  }
}

/** Negative when a should be kept rather than b, positive for b, 0 when the rules cannot tell them apart. */
export function compareByRules(a: KeepCandidate, b: KeepCandidate, rules: readonly KeepRuleName[]): number {
  for (const rule of rules) {
    const d = compareByRule(a, b, rule);
    if (d !== 0) return d;
  }
  return 0;
}

/** The id of the copy to keep: the best by the rules, the first in tree order on a full tie. */
export function chooseKeeper(candidates: readonly KeepCandidate[], rules: readonly KeepRuleName[]): string {
  if (candidates.length === 0) throw new Error('chooseKeeper needs at least one candidate');
  let best = candidates[0];
  for (let i = 1; i < candidates.length; i++) {
    const c = candidates[i];
    const d = compareByRules(c, best, rules);
    if (d < 0 || (d === 0 && c.order < best.order)) best = c;
  }
  return best.id;
}

/**
 * One step of "kept because": a rule that separates the kept copy from at least one other copy. A rule separates the
 * kept copy K from another copy C when K and C are alike under every earlier rule and K is strictly better under
 * this one; every other copy is separated by exactly one rule (the first in which the two differ), or by none when
 * the rules cannot tell them apart (then K comes first in bookmark order: 'treeOrder'). The steps are those rules,
 * in rule order, so the first step is the first rule in the user's order in which any copy differs from K.
 *
 * `only` is set when K is the only copy with what the rule looks for: every other copy is separated by this rule
 * alone, and for mostTags / mostVisits every other copy has none (no tags, never visited), so "the only one with a
 * real title / a clean address / tags / visits" is true as written. `rank` is the preferred folder's index in
 * preferredFolderIds (preferredFolder). 'holdsMost' (folder sets): the other copies hold only part of what the kept
 * one holds.
 */
export interface KeepReason {
  rule: KeepRuleName | 'treeOrder' | 'holdsMost';
  only?: boolean;
  rank?: number;
}

/**
 * The reason `rule` gives for `keeper` (`only` when it alone told the keeper from every other copy), made whole by one
 * literal per combination of the optional fields (see "Shapes that outlive a scan" in find-duplicates.ts).
 */
function reasonFor(rule: KeepRuleName, only: boolean, keeper: KeepCandidate): KeepReason {
  const ranked = rule === 'preferredFolder' && Number.isFinite(keeper.preferredRank);
  if (ranked) return only ? { rule, only, rank: keeper.preferredRank } : { rule, rank: keeper.preferredRank };
  return only ? { rule, only } : { rule };
}

/**
 * Why `keeperId` is the best of `candidates` under `rules`: for each other copy, the first rule that tells it from the
 * keeper; the distinct rules in rule order. Empty for a single candidate.
 */
let decidedByScratch = new Int32Array(16);

export function explainKeeper(candidates: readonly KeepCandidate[], keeperId: string, rules: readonly KeepRuleName[]): KeepReason[] {
  if (candidates.length < 2) return [];
  let keeper: KeepCandidate | undefined;
  for (const c of candidates) {
    if (c.id !== keeperId) continue;
    keeper = c;
    break;
  }
  if (!keeper) return [];
  // How many other copies each rule (by position; rules.length is tree order) told from the keeper: one array for
  // every call (the scan explains every group's keeper), zeroed here.
  if (decidedByScratch.length < rules.length + 1) decidedByScratch = new Int32Array(rules.length + 1);
  const decidedBy = decidedByScratch;
  decidedBy.fill(0, 0, rules.length + 1);
  for (const other of candidates) {
    if (other === keeper) continue;
    let at = rules.length;
    for (let r = 0; r < rules.length; r++) {
      if (compareByRule(keeper, other, rules[r]!) !== 0) {
        at = r;
        break;
      }
    }
    decidedBy[at]!++;
  }
  const reasons: KeepReason[] = [];
  for (let r = 0; r <= rules.length; r++) {
    if (!decidedBy[r]) continue;
    if (r === rules.length) {
      reasons.push({ rule: 'treeOrder' });
      continue;
    }
    const rule = rules[r]!;
    const all = decidedBy[r] === candidates.length - 1;
    reasons.push(reasonFor(rule, all && othersHaveNone(candidates, keeper, rule), keeper));
  }
  return reasons;
}

/** For mostTags and mostVisits: no copy but the keeper has any tags (visits); true for every other rule. */
function othersHaveNone(candidates: readonly KeepCandidate[], keeper: KeepCandidate, rule: KeepRuleName): boolean {
  if (rule !== 'mostTags' && rule !== 'mostVisits') return true;
  for (const c of candidates) if (c !== keeper && (rule === 'mostTags' ? c.tagCount : c.visits) > 0) return false;
  return true;
}

/** Reason lists keeperOfTwo hands out, one per answer, shared by every group with that answer (frozen). */
const sharedReasons = new Map<string, KeepReason[]>();

/** The one frozen list holding just `reason` (its rule, whether it alone decided, its rank). */
function sharedReasonList(reason: KeepReason): KeepReason[] {
  const id = `${reason.rule}:${reason.only ?? ''}:${reason.rank ?? ''}`;
  let reasons = sharedReasons.get(id);
  if (!reasons) sharedReasons.set(id, (reasons = Object.freeze([Object.freeze(reason)]) as unknown as KeepReason[]));
  return reasons;
}

/**
 * chooseKeeper and explainKeeper for two candidates with one comparison (most duplicate groups hold two copies):
 * the candidate to keep and why, the same answer the two give. The reason list is shared and frozen.
 */
export function keeperOfTwo(first: KeepCandidate, second: KeepCandidate, rules: readonly KeepRuleName[]): { keeper: KeepCandidate; reasons: KeepReason[] } {
  for (let r = 0; r < rules.length; r++) {
    const rule = rules[r]!;
    const d = compareByRule(second, first, rule);
    if (d === 0) continue;
    const keeper = d < 0 ? second : first;
    const other = keeper === first ? second : first;
    const only = rule === 'mostTags' ? other.tagCount === 0 : rule === 'mostVisits' ? other.visits === 0 : true;
    return { keeper, reasons: sharedReasonList(reasonFor(rule, only, keeper)) };
  }
  return { keeper: second.order < first.order ? second : first, reasons: sharedReasonList({ rule: 'treeOrder' }) };
}

/** What the keep rules read of a copy. */
export interface KeepableCopy {
  id: string;
  title: string;
  url: string;
  dateAdded: number;
  tags: readonly string[];
  visits: number;
  parentId: string;
}

/**
 * The keep rules' candidates for `copies` in their order: each ranked by the folder it will be in (`movedTo`, for a
 * copy a cleanup moves, else its own), the one view the plan and the page's "kept because" both judge by.
 */
export function keepCandidates(
  copies: readonly KeepableCopy[],
  movedTo: ReadonlyMap<string, string> | undefined,
  parentOf: (id: string) => string | undefined,
  preferredFolderIds: readonly string[],
): KeepCandidate[] {
  return copies.map((c, order) => ({
    id: c.id,
    title: c.title,
    url: c.url,
    dateAdded: c.dateAdded,
    tagCount: c.tags.length,
    visits: c.visits,
    preferredRank: preferredRankOf(movedTo?.get(c.id) ?? c.parentId, parentOf, preferredFolderIds),
    order,
  }));
}

/** Rank of the best preferred folder among a folder and its ancestors (Infinity when none is preferred). */
export function preferredRankOf(folderId: string, parentOf: (id: string) => string | undefined, preferredFolderIds: readonly string[]): number {
  let best = Infinity;
  for (let id: string | undefined = folderId; id !== undefined; id = parentOf(id)) {
    const rank = preferredFolderIds.indexOf(id);
    if (rank !== -1 && rank < best) best = rank;
  }
  return best;
}

const COPY_SUFFIX = /\s\(\d+\)$/;

/** A folder title without the copy suffix " (1)", " (2)", ... that copying or syncing adds. */
export function baseFolderTitle(title: string): string {
  return title.trim().replace(COPY_SUFFIX, '').trim();
}

export interface FolderKeepCandidate {
  id: string;
  title: string;
  dateAdded: number;
  preferredRank: number;
  order: number;
}

/** A folder as a keep candidate: a copy-suffixed title scores as "no real title" under bestTitle. Every field set at once (see find-duplicates.ts). */
function folderAsCandidate(f: FolderKeepCandidate): KeepCandidate {
  return {
    id: f.id,
    title: COPY_SUFFIX.test(f.title.trim()) ? '' : 'original',
    url: '',
    dateAdded: f.dateAdded,
    tagCount: 0,
    visits: 0,
    preferredRank: f.preferredRank,
    order: f.order,
    titleScore: undefined,
    urlScore: undefined,
  };
}

/** The rules for folders: the user's order, with bestTitle added at the end when it is missing. */
function folderRules(rules: readonly KeepRuleName[]): readonly KeepRuleName[] {
  return rules.includes('bestTitle') ? rules : [...rules, 'bestTitle'];
}

/**
 * Which of several copies of a folder stays: preferredFolder and oldest/newest as for bookmarks; bestTitle prefers
 * the title without a copy suffix; the rules about addresses, tags and visits do not apply to folders.
 */
export function chooseFolderKeeper(candidates: readonly FolderKeepCandidate[], rules: readonly KeepRuleName[]): string {
  return chooseKeeper(candidates.map(folderAsCandidate), folderRules(rules));
}

/** explainKeeper for folders (see chooseFolderKeeper). */
export function explainFolderKeeper(candidates: readonly FolderKeepCandidate[], keeperId: string, rules: readonly KeepRuleName[]): KeepReason[] {
  return explainKeeper(candidates.map(folderAsCandidate), keeperId, folderRules(rules));
}
