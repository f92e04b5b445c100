// SPDX-License-Identifier: MPL-2.0
/**
 * Tags belong to a URL while some bookmark uses it: when the last bookmark of a URL goes, its tags go too, as in
 * Firefox. Checks few URLs with bookmarks.search({url}) and many with one getTree.
 */
import type { Browser, BookmarkNode } from './support/browser';
import { descendants, kindOf } from './support/tree';
import type { TagStore } from './tag-store';
import type { TagChange } from './write-hook';

const SEARCH_LIMIT = 20;

function bookmarkedUrls(root: BookmarkNode): Set<string> {
  const used = new Set<string>();
  for (const node of descendants(root)) if (node.url && kindOf(node) === 'bookmark') used.add(node.url);
  return used;
}

/** Those of the URLs (all tagged URLs when `urls` is omitted) that have tags and that no bookmark uses any more. */
export async function findOrphanUrls({ browser, tagStore }: { browser: Browser; tagStore: TagStore }, urls?: readonly string[]): Promise<string[]> {
  const tagged = urls ? [...(await tagStore.getTagsForUrls(urls))].filter(([, tags]) => tags.length).map(([url]) => url) : (await tagStore.all()).map((e) => e.url);
  if (!tagged.length) return [];
  let orphans: string[];
  if (tagged.length <= SEARCH_LIMIT) {
    orphans = [];
    for (const url of tagged) {
      const still = await browser.bookmarks.search({ url }).catch(() => [] as BookmarkNode[]);
      if (!still.some((n) => n.url === url && kindOf(n) === 'bookmark')) orphans.push(url);
    }
  } else {
    const [root] = await browser.bookmarks.getTree();
    const used = bookmarkedUrls(root);
    orphans = tagged.filter((url) => !used.has(url));
  }
  return orphans;
}

/** Forgets the tags of those URLs (all tagged URLs when `urls` is omitted) that no bookmark uses any more. */
export async function forgetOrphanUrls(deps: { browser: Browser; tagStore: TagStore }, urls?: readonly string[]) {
  const orphans = await findOrphanUrls(deps, urls);
  if (orphans.length) await deps.tagStore.forgetUrls(orphans);
}

/**
 * Addresses bookmarks have just left (a new address): those no bookmark has any more lose their tags, as in Firefox;
 * `record` hears what each had first (Tidymarks journals it, so undo gives the tags back with the old address).
 */
export async function forgetLeftAddresses(
  deps: { browser: Browser; tagStore: TagStore },
  record: (changes: TagChange[]) => Promise<unknown>,
  urls: readonly string[],
): Promise<void> {
  const orphans = await findOrphanUrls(deps, urls);
  if (!orphans.length) return;
  const had = await deps.tagStore.getTagsForUrls(orphans);
  await record(orphans.map((url) => ({ url, before: had.get(url) ?? [], after: [] })));
  await deps.tagStore.forgetUrls(orphans);
}
