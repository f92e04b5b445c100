/**
 * A tag's page: the addresses that have the tag, each with the bookmarks that use it (title and folder path), in
 * natural order ("doc/11" before "doc/102"). Bookmarks are found with the same lookups as the popup's "where is this
 * page bookmarked?" (bookmarks.search by URL and folderPath, src/url-matching/copies-of-url.ts).
 */
import { folderPath } from '../platform/folder-path';
import type { Browser } from '../platform/browser';
import { kindOf } from '../platform/tree';
import { formatPath } from '../platform/folder-path';
import { compareNatural } from '../i18n/natural-order';

export interface TaggedBookmark {
  id: string;
  title: string;
  /** "Bookmarks Menu › Dev", or "" when the folder went meanwhile. */
  path: string;
}

export interface TaggedAddress {
  url: string;
  /** Empty when no bookmark uses the address any more (its tags are about to be dropped). */
  bookmarks: TaggedBookmark[];
}

export interface TaggedAddresses {
  total: number;
  /** The first MAX_ADDRESSES addresses in natural order. */
  addresses: TaggedAddress[];
}

export const MAX_ADDRESSES = 500;

export async function taggedAddresses(browser: Browser, urls: readonly string[]): Promise<TaggedAddresses> {
  const sorted = [...urls].sort(compareNatural);
  const shown = sorted.slice(0, MAX_ADDRESSES);
  const paths = new Map<string, string[]>();
  const addresses: TaggedAddress[] = [];
  for (const url of shown) {
    const found = await browser.bookmarks.search({ url }).catch(() => []);
    const bookmarks: TaggedBookmark[] = [];
    for (const node of found) {
      if (node.url !== url || kindOf(node) !== 'bookmark') continue;
      const path = node.parentId ? await folderPath(browser, node.parentId, paths) : undefined;
      bookmarks.push({ id: node.id, title: node.title, path: path ? formatPath(path) : '' });
    }
    bookmarks.sort((a, b) => compareNatural(a.title, b.title));
    addresses.push({ url, bookmarks });
  }
  return { total: sorted.length, addresses };
}
