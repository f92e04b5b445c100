/**
 * The tags feature of the background: the tag manager's requests, and the cleanup that drops a URL's tags when no
 * bookmark of it remains (as Firefox does). The bookmarks.onRemoved listener is registered while the feature is
 * built. A removed folder reports no children, so its removal triggers a sweep: one getTree, then every tagged URL
 * that no bookmark uses loses its tags.
 */
import type { BackgroundDeps } from '../app/feature';
import type { HandlersOf } from '../messaging/define';
import { createIdleTracker } from '../platform/idle';
import { forgetOrphanUrls } from './orphans';
import { taggedAddresses } from './tagged-bookmarks';
import type { tagsProtocol } from './protocol';
import type { TagStore } from './tag-store';

/** How long a burst of removals may last before its URLs are checked. */
const SWEEP_DELAY_MS = 300;

export function createTagsFeature(deps: BackgroundDeps, tagStore: TagStore) {
  const { browser } = deps;

  // Removals come in bursts (a cleanup removes hundreds): gather them and check once the burst is over.
  const sweeps = createIdleTracker();
  let sweepAll = false;
  const pendingUrls = new Set<string>();
  const sweepSoon = () =>
    sweeps.soon(SWEEP_DELAY_MS, async () => {
      const urls = sweepAll ? undefined : [...pendingUrls];
      sweepAll = false;
      pendingUrls.clear();
      await forgetOrphanUrls({ browser, tagStore }, urls).catch((error: unknown) => console.error('Tidymarks: tag cleanup failed', error));
    });

  browser.bookmarks.onRemoved.addListener((_id, info) => {
    const node = info?.node;
    if (!node) return;
    // A removed folder reports no children, so every tagged URL is checked.
    if (node.type === 'folder' || (node.type === undefined && node.url === undefined)) sweepAll = true;
    else if (node.url && node.type !== 'separator') pendingUrls.add(node.url);
    else return;
    sweepSoon();
  });

  const handlers: HandlersOf<typeof tagsProtocol> = {
    'tags.list': () => tagStore.listTags(),
    'tags.forUrls': async ({ urls }) => [...(await tagStore.getTagsForUrls(urls))].map(([url, tags]) => ({ url, tags })),
    'tags.urlsWithTag': ({ tag }) => tagStore.urlsWithTag(tag),
    'tags.addressesWithTag': async ({ tag }) => taggedAddresses(browser, await tagStore.urlsWithTag(tag)),
    'tags.rename': async ({ from, to }) => ({ changed: await tagStore.renameTag(from, to) }),
    'tags.merge': async ({ from, into }) => ({ changed: await tagStore.mergeTags(from, into) }),
    'tags.delete': async ({ tag }) => ({ changed: await tagStore.deleteTag(tag) }),
    'tags.add': async ({ urls, tags }) => ({ changed: await tagStore.addTags(urls, tags) }),
    'tags.remove': async ({ urls, tags }) => ({ changed: await tagStore.removeTags(urls, tags) }),
  };

  return {
    handlers,
    /** Resolves once no tag sweep is waiting or running. */
    whenIdle: sweeps.whenIdle,
    reset: async () => {
      sweeps.cancel();
      sweepAll = false;
      pendingUrls.clear();
      await tagStore.clear();
    },
  };
}
