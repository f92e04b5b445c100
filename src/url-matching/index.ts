/**
 * URL matching, the face other modules use: when two URLs are one page (match keys and the rules that joined two
 * URLs, url-key.ts), the safe rules for "already bookmarked" (safe-matching.ts), the copies of a URL in the
 * bookmarks (copies-of-url.ts) and Wayback Machine snapshot addresses (snapshot-address.ts).
 */
export {
  MATCH_RULES,
  TRACKING_PARAMS,
  createMatchExplainer,
  createMatchKeyer,
  explainMatch,
  explainSameKey,
  fullMatchKey,
  isCleanUrl,
  isTrackingParam,
  matchKey,
  ruleLabel,
  splitUrl,
  type MatchExplainer,
  type MatchingOptions,
  type MatchRule,
  type UrlParts,
} from './url-key';
export { SAFE_RULES_ONLY, createSafeMatchKeyer } from './safe-matching';
export { candidateSearchWord, findCopies, type BookmarkCopy, type CandidateMirror } from './copies-of-url';
export { isSnapshotAddress, parseSnapshotAddress, snapshotAddress, type SnapshotAddress } from './snapshot-address';
