/**
 * The tags feature of the background: the tag manager's requests, and the cleanup that drops a URL's tags when no
 * bookmark of it remains (as Firefox does). It subscribes to the background's batched bookmark events while the
 * feature is built, and checks the URLs once the burst of removals is over (its quiet: the check reads Firefox, a
 * bookmarks.search per URL or one getTree, which in the middle of a burst would slow whoever makes it). A removed
 * folder reports no children, so its removal triggers a sweep: one getTree, then every tagged URL that no bookmark
 * uses loses its tags.
 *
 * Every tag write a person makes (add, remove, rename, merge, delete) is an edit of the history (src/operation-history): each
 * URL's tags before and after are journaled before the write, and undo takes them back tag by tag.
 */
import type { BackgroundDeps } from '../feature-contract';
import type { HandlersOf } from '../messaging/define';
import type { EditSummary, History } from '../operation-history';
import { bookmarkEventsOf } from '../platform/bookmark-events';
import { createIdleTracker } from '../platform/idle';
import { kindOf } from '../platform/tree';
import { journaledTagEdit } from './journaled';
import { forgetOrphanUrls } from './orphans';
import { taggedAddresses } from './tagged-bookmarks';
import type { tagsProtocol } from './protocol';
import type { TagEdit, TagStore } from './tag-store';

export interface TagsFeatureDeps extends BackgroundDeps {
  tags: TagStore;
  /** The one history: every tag edit is one of its operations. */
  history: History;
}

export function createTagsFeature(deps: TagsFeatureDeps) {
  const { browser, tags: tagStore, history } = deps;

  // Removals come in bursts (a cleanup removes hundreds): gather them and check once the burst is over.
  const events = bookmarkEventsOf(deps);
  const sweeps = createIdleTracker();
  let sweepAll = false;
  const pendingUrls = new Set<string>();
  /** Settles the wait (tracked, so whenIdle waits for it) of a sweep that is due when the burst is over. */
  let due: (() => void) | null = null;
  const sweepWhenQuiet = () => {
    if (due) return;
    void sweeps.track(new Promise<void>((resolve) => (due = resolve)));
  };
  const sweep = async () => {
    const urls = sweepAll ? undefined : [...pendingUrls];
    sweepAll = false;
    pendingUrls.clear();
    // In the history's queue: never between an undo's re-created bookmark and the tags it gives back.
    await history.serial(() => forgetOrphanUrls({ browser, tagStore }, urls)).catch((error: unknown) => console.error('Tidymarks: tag cleanup failed', error));
  };
  events.quiet(() => {
    const settle = due;
    due = null;
    if (settle) void sweeps.track(sweep()).finally(settle);
  });

  // Batched (src/platform/bookmark-events.ts): a cleanup's removals come as one batch at its end.
  events.batched((batch) => {
    let any = false;
    for (const event of batch) {
      if (event.kind !== 'removed' || !event.node) continue;
      const node = event.node;
      const kind = kindOf(node);
      // A removed folder reports no children, so every tagged URL is checked.
      if (kind === 'folder') sweepAll = true;
      else if (kind === 'bookmark' && node.url) pendingUrls.add(node.url);
      else continue;
      any = true;
    }
    if (any) sweepWhenQuiet();
  });

  const edit = async (summary: Omit<EditSummary, 'items' | 'folderTitle'>, tagEdit: TagEdit) => ({
    changed: await history.serial(() => journaledTagEdit({ journal: history.journal, now: deps.now }, tagStore, summary, tagEdit)),
  });

  const handlers: HandlersOf<typeof tagsProtocol> = {
    'tags.list': () => tagStore.listTags(),
    'tags.forUrls': async ({ urls }) => [...(await tagStore.getTagsForUrls(urls))].map(([url, tags]) => ({ url, tags })),
    'tags.urlsWithTag': ({ tag }) => tagStore.urlsWithTag(tag),
    'tags.addressesWithTag': async ({ tag }) => taggedAddresses(browser, await tagStore.urlsWithTag(tag)),
    'tags.rename': ({ from, to }) => edit({ action: 'tag-rename', tags: [from, to] }, { kind: 'rename', from, to }),
    'tags.merge': ({ from, into }) => edit({ action: 'tag-merge', tags: [...from, into] }, { kind: 'merge', from, into }),
    'tags.delete': ({ tag }) => edit({ action: 'tag-delete', tags: [tag] }, { kind: 'delete', tag }),
    'tags.add': ({ urls, tags }) => edit({ action: 'tag', tags }, { kind: 'add', urls, tags }),
    'tags.remove': ({ urls, tags }) => edit({ action: 'untag', tags }, { kind: 'remove', urls, tags }),
  };

  return {
    handlers,
    /** Resolves once no tag sweep is waiting or running, the removals still waiting for their batch included. */
    whenIdle: async () => {
      events.flush();
      await sweeps.whenIdle();
    },
    reset: async () => {
      due?.();
      due = null;
      sweepAll = false;
      pendingUrls.clear();
      await tagStore.clear();
    },
  };
}
