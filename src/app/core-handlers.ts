import type { HandlersOf, JobHandlersOf } from '../messaging/define';
// The core part only, not the joined table (app-protocol/protocol.ts): this file is in the event page's first chunk,
// which must not load every feature's schemas before it answers core.ping (wake-background.ts).
import { TEST_ECHO_PORT, type coreProtocol, type coreTestJobs, type coreTestProtocol } from '../app-protocol/core-protocol';
import { AppError } from '../messaging/errors';
import type { BookmarkNode } from '../platform/browser';
import { USER_ROOT_IDS } from '../platform/browser';
import { descendants, kindOf } from '../platform/tree';
import type { BackgroundDeps, ResettableFeature } from '../feature-contract';
import { t } from '../i18n';

export function countNodes(roots: BookmarkNode[]) {
  let bookmarks = 0;
  let folders = 0;
  let separators = 0;
  for (const node of descendants(roots)) {
    const kind = kindOf(node);
    if (kind === 'separator') separators++;
    else if (kind === 'bookmark') bookmarks++;
    else folders++;
  }
  return { bookmarks, folders, separators };
}

/** Removes every user bookmark, all history and all extension storage. Test builds only. */
export async function wipeEverything(deps: BackgroundDeps, features: ResettableFeature[]) {
  const { browser } = deps;
  for (const rootId of USER_ROOT_IDS) {
    const children = await browser.bookmarks.getChildren(rootId);
    for (const child of children) await browser.bookmarks.removeTree(child.id);
  }
  await browser.history.deleteAll();
  await browser.storage.local.clear();
  for (const feature of features) await feature.reset?.();
}

export function createCoreHandlers(deps: BackgroundDeps): HandlersOf<typeof coreProtocol> {
  return {
    'core.ping': () => ({ pong: true as const, version: deps.browser.runtime.getManifest().version }),
    'core.countBookmarks': async () => {
      const [root] = await deps.browser.bookmarks.getTree();
      return countNodes(root.children ?? []);
    },
  };
}

/** The test build's own requests and jobs that belong to no feature (src/app-protocol/core-protocol.ts). */
export function createCoreTestHandlers(deps: BackgroundDeps, features: ResettableFeature[], whenIdle: () => Promise<void>) {
  const { runtime } = deps.browser;
  /** Held replies by key, and keys released before anyone held them. */
  const held = new Map<string, () => void>();
  const released = new Set<string>();
  const handlers: HandlersOf<ReturnType<typeof coreTestProtocol>> = {
    'test.reset': async () => {
      await wipeEverything(deps, features);
      return { ok: true as const };
    },
    'test.idle': async () => {
      await whenIdle();
      return { ok: true as const };
    },
    'test.runtime.held': async ({ key }) => {
      if (!released.delete(key)) await new Promise<void>((resolve) => held.set(key, resolve));
      return { key };
    },
    'test.runtime.release': ({ key }) => {
      const wake = held.get(key);
      held.delete(key);
      if (wake) wake();
      else released.add(key);
      return { released: Boolean(wake) };
    },
    'test.runtime.sendToPages': async ({ message }) => {
      try {
        return { reply: await runtime.sendMessage(message) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
  // The echo port of the messaging contract cases (registered while the background is built, as every listener).
  runtime.onConnect.addListener((port) => {
    if (port.name !== TEST_ECHO_PORT) return;
    port.onMessage.addListener((message) => {
      port.postMessage(message);
      if (message === 'close') port.disconnect();
    });
  });
  const jobs: JobHandlersOf<ReturnType<typeof coreTestJobs>> = {
    'test.countTo': async ({ n, delayMs }, ctx) => {
      for (let i = 1; i <= n; i++) {
        await ctx.checkpoint();
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        ctx.progress({ done: i, total: n });
      }
      if (ctx.signal.aborted) throw new AppError('cancelled', t('jobCancelled'));
      return { counted: n };
    },
  };
  return { handlers, jobs };
}
