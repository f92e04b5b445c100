/**
 * Where every bookmark stands, once: each falls in exactly one state, and every figure the view shows is counted from
 * these states, so no two figures can disagree (issue 29: "296 can be checked" beside "298 bookmarks are not checked").
 * - checked: its address has a result (a verdict, per address: two bookmarks of one address share it);
 * - not checked yet: a check may fetch it (http(s), a public host) but has no result for it, whether its site is
 *   allowed yet or not;
 * - never checked: a check never fetches it (not a web address, a site on your own network, not a valid address).
 * Results are counted both in bookmarks and in addresses, each figure with its unit.
 */
import type { BookmarkRef } from './bookmarks';
import { eligibility, type HostAllowed } from './eligibility';
import type { ClassCounts, LinksOverview } from './protocol';
import type { StoredVerdict } from './store';
import { LINK_CLASSES, type NeverReason } from './types';

export type LinkState = { kind: 'checked'; verdict: StoredVerdict } | { kind: 'not-checked'; host: string; access: boolean } | { kind: 'never'; reason: NeverReason };

export interface BookmarkState {
  ref: BookmarkRef;
  state: LinkState;
  /** Fetchable: its URL's host (checked and not-checked bookmarks). */
  host: string | null;
}

export const emptyCounts = (): ClassCounts => Object.fromEntries(LINK_CLASSES.map((c) => [c, 0])) as ClassCounts;

/** Each bookmark's state from its URL, the results by URL and the sites allowed. */
export function linkStates(
  bookmarks: readonly BookmarkRef[],
  verdicts: ReadonlyMap<string, StoredVerdict>,
  granted: (url: string) => boolean,
  hostAllowed: HostAllowed,
): BookmarkState[] {
  return bookmarks.map((ref) => {
    const e = eligibility(ref.url, hostAllowed);
    if (!e.ok) return { ref, state: { kind: 'never', reason: e.reason }, host: null };
    const host = e.url.hostname;
    const verdict = verdicts.get(ref.url);
    if (verdict) return { ref, state: { kind: 'checked', verdict }, host };
    return { ref, state: { kind: 'not-checked', host, access: granted(ref.url) }, host };
  });
}

/** The view's figures, all counted from the same states. */
export function tally(states: readonly BookmarkState[], granted: (url: string) => boolean): Omit<LinksOverview, 'run'> {
  const counts = emptyCounts();
  const addressCounts = emptyCounts();
  const addresses = new Set<string>();
  const never = { 'not-web': 0, 'private-host': 0, 'invalid-url': 0 };
  const hostsWithoutAccess = new Set<string>();
  let checkable = 0;
  let notChecked = 0;
  let from = Infinity;
  let to = -Infinity;
  for (const { ref, state, host } of states) {
    if (state.kind === 'never') {
      never[state.reason]++;
      continue;
    }
    checkable++;
    if (host && !granted(ref.url)) hostsWithoutAccess.add(host);
    if (state.kind === 'not-checked') {
      notChecked++;
      continue;
    }
    const { verdict } = state;
    counts[verdict.class]++;
    if (!addresses.has(verdict.url)) {
      addresses.add(verdict.url);
      addressCounts[verdict.class]++;
    }
    from = Math.min(from, verdict.checkedAt);
    to = Math.max(to, verdict.checkedAt);
  }
  return {
    checkable,
    notChecked,
    skipped: never,
    hostsWithoutAccess: [...hostsWithoutAccess].sort(),
    counts,
    addressCounts,
    checkedBetween: from === Infinity ? null : { from, to },
  };
}
