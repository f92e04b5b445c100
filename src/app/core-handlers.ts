import type { HandlersOf } from '../messaging/define';
import type { coreProtocol } from '../messaging/core-protocol';
import { AppError } from '../messaging/errors';
import type { BookmarkNode } from '../platform/browser';
import { USER_ROOT_IDS } from '../platform/browser';
import type { BackgroundDeps, ResettableFeature } from './feature';

export function countNodes(roots: BookmarkNode[]) {
  let bookmarks = 0;
  let folders = 0;
  let separators = 0;
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'separator') separators++;
    else if (node.url !== undefined && node.type !== 'folder') bookmarks++;
    else {
      folders++;
      if (node.children) stack.push(...node.children);
    }
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

export function createCoreHandlers(deps: BackgroundDeps, features: ResettableFeature[]): HandlersOf<typeof coreProtocol> {
  return {
    'core.ping': () => ({ pong: true as const, version: deps.browser.runtime.getManifest().version }),
    'core.countBookmarks': async () => {
      const [root] = await deps.browser.bookmarks.getTree();
      return countNodes(root.children ?? []);
    },
    'test.reset': async () => {
      if (!deps.testBuild) throw new AppError('forbidden', 'test.reset exists only in test builds.');
      await wipeEverything(deps, features);
      return { ok: true as const };
    },
  };
}
