/**
 * The tags feature of the background: the tag manager's requests, and the cleanup that drops a URL's tags when no
 * bookmark of it remains (as Firefox does). The bookmarks.onRemoved listener is registered while the feature is
 * built. A removed folder reports no children, so its removal triggers a sweep: one getTree, then every tagged URL
 * that no bookmark uses loses its tags.
 */
import type { BackgroundDeps } from '../app/feature';
import type { HandlersOf } from '../messaging/define';
import type { BookmarkNode } from '../platform/browser';
import type { tagsProtocol } from './protocol';
import type { TagStore } from './tag-store';

export function createTagsFeature(deps: BackgroundDeps, tagStore: TagStore) {
  const { browser } = deps;

  async function forgetIfOrphan(urls: readonly string[]) {
    const tagged = await tagStore.getTagsForUrls(urls);
    for (const [url, tags] of tagged) {
      if (!tags.length) continue;
      const still = await browser.bookmarks.search({ url }).catch(() => [] as BookmarkNode[]);
      if (!still.some((n) => n.url === url && n.type !== 'separator')) await tagStore.forgetUrl(url);
    }
  }

  /** Drops the tags of every URL no bookmark uses: one getTree, however many URLs are tagged. */
  async function sweep() {
    const tagged = await tagStore.all();
    if (!tagged.length) return;
    const [root] = await browser.bookmarks.getTree();
    const used = new Set<string>();
    const stack = [root];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.url && node.type !== 'separator') used.add(node.url);
      if (node.children) stack.push(...node.children);
    }
    const orphans = tagged.map((e) => e.url).filter((url) => !used.has(url));
    if (orphans.length) await tagStore.forgetUrls(orphans);
  }

  let sweepTimer: ReturnType<typeof setTimeout> | null = null;
  const sweepSoon = () => {
    if (sweepTimer) return;
    sweepTimer = setTimeout(() => {
      sweepTimer = null;
      void sweep().catch((error: unknown) => console.error('Tidymarks: tag cleanup failed', error));
    }, 300);
  };

  browser.bookmarks.onRemoved.addListener((_id, info) => {
    const node = info?.node;
    if (!node) return;
    if (node.type === 'folder' || (node.type === undefined && node.url === undefined)) sweepSoon();
    else if (node.url && node.type !== 'separator') {
      void forgetIfOrphan([node.url]).catch((error: unknown) => console.error('Tidymarks: tag cleanup failed', error));
    }
  });

  const handlers: HandlersOf<typeof tagsProtocol> = {
    'tags.list': () => tagStore.listTags(),
    'tags.forUrls': async ({ urls }) => [...(await tagStore.getTagsForUrls(urls))].map(([url, tags]) => ({ url, tags })),
    'tags.urlsWithTag': ({ tag }) => tagStore.urlsWithTag(tag),
    'tags.rename': async ({ from, to }) => ({ changed: await tagStore.renameTag(from, to) }),
    'tags.merge': async ({ from, into }) => ({ changed: await tagStore.mergeTags(from, into) }),
    'tags.delete': async ({ tag }) => ({ changed: await tagStore.deleteTag(tag) }),
    'tags.add': async ({ urls, tags }) => ({ changed: await tagStore.addTags(urls, tags) }),
    'tags.remove': async ({ urls, tags }) => ({ changed: await tagStore.removeTags(urls, tags) }),
  };

  return {
    handlers,
    reset: async () => {
      if (sweepTimer) clearTimeout(sweepTimer);
      sweepTimer = null;
      await tagStore.clear();
    },
  };
}
