/**
 * The tags feature of the background: the tag manager's requests, and the cleanup that drops a URL's tags when no
 * bookmark of it remains (as Firefox does). It subscribes to the background's batched bookmark events while the
 * feature is built. A removed folder reports no children, so its removal triggers a sweep: one getTree, then every tagged URL
 * that no bookmark uses loses its tags.
 */
import type { BackgroundDeps } from '../app/feature';
import type { HandlersOf } from '../messaging/define';
import { bookmarkEventsOf } from '../platform/bookmark-events';
import { forgetOrphanUrls } from './orphans';
import { taggedAddresses } from './tagged-bookmarks';
import type { tagsProtocol } from './protocol';
import type { TagStore } from './tag-store';

export function createTagsFeature(deps: BackgroundDeps, tagStore: TagStore) {
  const { browser } = deps;

  // Removals come in bursts (a cleanup removes hundreds): gather them and check once the burst is over.
  const events = bookmarkEventsOf(deps);
  let sweepTimer: ReturnType<typeof setTimeout> | null = null;
  let sweeping: Promise<void> = Promise.resolve();
  let sweepAll = false;
  const pendingUrls = new Set<string>();
  const sweep = () => {
    sweepTimer = null;
    const urls = sweepAll ? undefined : [...pendingUrls];
    sweepAll = false;
    pendingUrls.clear();
    sweeping = sweeping
      .then(() => forgetOrphanUrls({ browser, tagStore }, urls))
      .catch((error: unknown) => console.error('Tidymarks: tag cleanup failed', error));
  };
  const sweepSoon = () => {
    if (!sweepTimer) sweepTimer = setTimeout(sweep, 300);
  };

  // Batched (src/platform/bookmark-events.ts): a cleanup's removals come as one batch at its end.
  events.batched((batch) => {
    let any = false;
    for (const event of batch) {
      if (event.kind !== 'removed' || !event.node) continue;
      const node = event.node;
      // A removed folder reports no children, so every tagged URL is checked.
      if (node.type === 'folder' || (node.type === undefined && node.url === undefined)) sweepAll = true;
      else if (node.url && node.type !== 'separator') pendingUrls.add(node.url);
      else continue;
      any = true;
    }
    if (any) sweepSoon();
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
    /** Hands the waiting events over and runs a pending sweep now; resolves once it is done (tests). */
    async settle() {
      events.flush();
      if (sweepTimer) {
        clearTimeout(sweepTimer);
        sweep();
      }
      await sweeping;
    },
    reset: async () => {
      if (sweepTimer) clearTimeout(sweepTimer);
      sweepTimer = null;
      sweepAll = false;
      pendingUrls.clear();
      await tagStore.clear();
    },
  };
}
