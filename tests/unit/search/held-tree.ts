/**
 * The fake browser with a getTree that reads the tree at once but answers only after releaseTree(): a live index's
 * load or rebuild from Firefox waits at that gate.
 */
import type { createFakeBrowser } from '../../fakes/browser';

export function withHeldGetTree(browser: ReturnType<typeof createFakeBrowser>['browser']) {
  let releaseTree!: () => void;
  const gate = new Promise<void>((r) => (releaseTree = r));
  const realGetTree = browser.bookmarks.getTree.bind(browser.bookmarks);
  const slow = Object.create(browser) as typeof browser;
  Object.defineProperty(slow, 'bookmarks', {
    value: {
      ...browser.bookmarks,
      getTree: async () => {
        const tree = await realGetTree();
        await gate;
        return tree;
      },
    },
  });
  return { slow, releaseTree };
}
