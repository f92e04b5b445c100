/**
 * Where bookmarks live, in the words Firefox's Library uses: "Bookmarks Menu › Dev". Finding the copies of a page
 * and a folder's path is shared with the popup (src/url-matching/copies-of-url.ts); this module only words the answer.
 */
import type { BookmarkCopy } from '../url-matching';

/** The copy to name in a message: one with exactly this URL if any, else the first Firefox returned. */
export function pickCopyToShow(copies: readonly BookmarkCopy[], url: string): BookmarkCopy | undefined {
  return copies.find((c) => c.url === url) ?? copies[0];
}
