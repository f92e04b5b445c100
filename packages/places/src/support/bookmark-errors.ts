// SPDX-License-Identifier: MPL-2.0
/**
 * Firefox's ways of saying "that bookmark is not there", in one place: every caller that tells a vanished item from a
 * real failure (batched reads, the cleanup's removals, undo, the errors that reach a page) asks this.
 *
 * Measured in Firefox ESR (tests/contract/cases/; the fake in tests/fakes says them word for word):
 * - get of an unknown id: "Bookmark not found";
 * - remove / removeTree of an unknown id: "No bookmarks found for the provided GUID." (update and move: without the
 *   period); move into an unknown folder: "No bookmarks found for the provided parentGuid"; create in one:
 *   "parentGuid must be valid";
 * - an id of the wrong shape: "Bookmarks.sys.mjs: fetch: Invalid value for property 'guid': ..." (no bookmark can
 *   have it).
 * getChildren / getSubTree of an unknown id fail with a TypeError inside Firefox ("root is null", "node is null"):
 * not listed, since our own code's TypeErrors read the same.
 */
const MISSING = /Bookmark not found|No bookmarks found for the provided (?:GUID|parentGuid)|parentGuid must be valid|Invalid value for property 'guid'/i;

export function isMissingBookmarkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return MISSING.test(message);
}
