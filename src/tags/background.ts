/**
 * The tags feature of the background: the tag manager's requests, and the cleanup that drops a URL's tags when no
 * bookmark of it remains (as Firefox does). The bookmarks.onRemoved listener is registered while the feature is
 * built. A removed folder reports no children, so its removal triggers a sweep of every tagged URL.
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

  let sweepTimer: ReturnType<typeof setTimeout> | null = null;
  const sweepSoon = () => {
    if (sweepTimer) return;
    sweepTimer = setTimeout(() => {
      sweepTimer = null;
      void tagStore
        .all()
        .then((all) => forgetIfOrphan(all.map((e) => e.url)))
        .catch((error: unknown) => console.error('Tidymarks: tag cleanup failed', error));
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
