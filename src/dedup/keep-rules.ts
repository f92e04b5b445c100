/**
 * Keep rules: which copy of a duplicate stays. The rules run in the user's order (settings.keep.rules); the first
 * rule that tells two copies apart decides, and tree order breaks a full tie, so the choice is deterministic.
 *
 * - preferredFolder: a copy inside a better-ranked folder of settings.keep.preferredFolderIds wins (a copy anywhere
 *   inside the folder counts; a copy in no preferred folder ranks last).
 * - oldest / newest: by dateAdded.
 * - bestTitle: a real title beats an empty one or one that is just the URL.
 * - mostTags / mostVisits: more wins.
 *
 * The default order lives in DEFAULT_SETTINGS (src/settings/settings.ts): preferredFolder (toolbar, menu, other,
 * mobile), oldest, bestTitle, mostTags, mostVisits. A user can override the choice per group (buildPlan decisions).
 */
import type { KeepRuleName } from '../settings/settings';

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
}

function withoutSchemeAndSlash(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:(\/\/)?/i, '').replace(/^www\./i, '').replace(/\/+$/, '').toLowerCase();
}

/** 1 for a title a person wrote or a page gave (not empty, not just the URL), else 0. */
export function titleQuality(title: string, url: string): 0 | 1 {
  const t = title.trim();
  if (t === '') return 0;
  const lower = t.toLowerCase();
  if (lower === url.toLowerCase() || withoutSchemeAndSlash(t) === withoutSchemeAndSlash(url)) return 0;
  return 1;
}

/** Negative when a should be kept rather than b, positive for b, 0 when the rules cannot tell them apart. */
export function compareByRules(a: KeepCandidate, b: KeepCandidate, rules: readonly KeepRuleName[]): number {
  for (const rule of rules) {
    let d = 0;
    switch (rule) {
      case 'preferredFolder':
        d = a.preferredRank === b.preferredRank ? 0 : a.preferredRank < b.preferredRank ? -1 : 1;
        break;
      case 'oldest':
        d = a.dateAdded - b.dateAdded;
        break;
      case 'newest':
        d = b.dateAdded - a.dateAdded;
        break;
      case 'bestTitle':
        d = titleQuality(b.title, b.url) - titleQuality(a.title, a.url);
        break;
      case 'mostTags':
        d = b.tagCount - a.tagCount;
        break;
      case 'mostVisits':
        d = b.visits - a.visits;
        break;
    }
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

/** Rank of the best preferred folder among a folder and its ancestors (Infinity when none is preferred). */
export function preferredRankOf(
  folderId: string,
  parentOf: (id: string) => string | undefined,
  preferredFolderIds: readonly string[],
): number {
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

/**
 * Which of several copies of a folder stays: preferredFolder and oldest/newest as for bookmarks; bestTitle prefers
 * the title without a copy suffix; the rules about tags and visits do not apply to folders.
 */
export function chooseFolderKeeper(candidates: readonly FolderKeepCandidate[], rules: readonly KeepRuleName[]): string {
  const asBookmark = (f: FolderKeepCandidate): KeepCandidate => ({
    id: f.id,
    // A copy-suffixed title scores as "no real title" under bestTitle.
    title: COPY_SUFFIX.test(f.title.trim()) ? '' : 'original',
    url: '',
    dateAdded: f.dateAdded,
    tagCount: 0,
    visits: 0,
    preferredRank: f.preferredRank,
    order: f.order,
  });
  const folderRules = rules.includes('bestTitle') ? rules : [...rules, 'bestTitle' as const];
  return chooseKeeper(candidates.map(asBookmark), folderRules);
}
