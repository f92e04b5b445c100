/**
 * Tags belong to a URL while some bookmark uses it: when the last bookmark of a URL goes, its tags go too, as in
 * Firefox. Checks few URLs with bookmarks.search({url}) and many with one getTree.
 */
import type { Browser, BookmarkNode } from '../platform/browser';
import { descendants, kindOf } from '../platform/tree';
import type { TagStore } from './tag-store';

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
