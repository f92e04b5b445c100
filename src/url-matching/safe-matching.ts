/**
 * "Is this page already bookmarked?" uses only the safe matching rules (case of scheme and host, default port,
 * trailing slash, index pages, tracking parameters...), never the user's opt-in rules. The opt-in rules (ignore the
 * query or the fragment, http = https, www = bare host) can join pages that really differ — two videos that differ
 * only in their query — which is fine for proposing a cleanup the user reviews, but not for refusing a bookmark the
 * user asked for (quick bookmark) or silently skipping an entry of a file being imported or restored.
 */
import type { Settings } from '../settings';
import { createMatchKeyer } from './url-key';

export const SAFE_RULES_ONLY: Settings['matching'] = {
  httpEqualsHttps: false,
  ignoreWww: false,
  ignoreFragment: false,
  ignoreQuery: false,
  sortQueryParams: false,
};

/** A comparison-key function with the safe rules only. */
export function createSafeMatchKeyer(): (url: string) => string {
  return createMatchKeyer(SAFE_RULES_ONLY);
}
