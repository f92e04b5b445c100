import { describe, expect, it } from 'vitest';
import { LiveIndex } from '../../../src/search/live-index';
import { parseQuery } from '../../../src/search/parse-query';
import { createFakeBrowser } from '../../fakes/browser';

const noTags = { all: async () => [] };

function wire(live: LiveIndex, browser: ReturnType<typeof createFakeBrowser>['browser']) {
  browser.bookmarks.onCreated.addListener((_id, node) => live.onBookmarkCreated(node));
  browser.bookmarks.onRemoved.addListener((id) => live.onBookmarkRemoved(id));
  browser.history.onVisitRemoved.addListener((removed) => live.onVisitRemoved(removed));
}

describe('LiveIndex', () => {
  it('regression: changes made while the index is loading are replayed after the load', async () => {
    const { browser } = createFakeBrowser();
    const early = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Early bird', url: 'https://early.example/' });
    let releaseTree!: () => void;
    const gate = new Promise<void>((r) => (releaseTree = r));
    const realGetTree = browser.bookmarks.getTree.bind(browser.bookmarks);
    const slow = Object.create(browser) as typeof browser;
    Object.defineProperty(slow, 'bookmarks', {
      value: { ...browser.bookmarks, getTree: async () => { const tree = await realGetTree(); await gate; return tree; } },
    });
    const live = new LiveIndex(slow, noTags);
    wire(live, browser);
    const loading = live.ready();
    const late = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Late bird', url: 'https://late.example/' });
    await browser.bookmarks.remove(early.id);
    releaseTree();
    await loading;
    expect(live.index.query(parseQuery('bird')).map((h) => h.id)).toEqual([late.id]);
  });

  it('ignores events before anything was loaded (the load reads the fresh state)', async () => {
    const { browser } = createFakeBrowser();
    const live = new LiveIndex(browser, noTags);
    wire(live, browser);
    await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Before', url: 'https://before.example/' });
    expect(live.isLoaded).toBe(false);
    await live.ready();
    expect(live.index.query(parseQuery('before')).map((h) => h.title)).toEqual(['Before']);
  });

  it('forgets everything on forget() and loads again on the next request', async () => {
    const { browser } = createFakeBrowser();
    await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Kept', url: 'https://kept.example/' });
    const live = new LiveIndex(browser, noTags);
    await live.ready();
    live.forget();
    expect(live.index.size).toEqual({ bookmarks: 0, history: 0 });
    await live.ready();
    expect(live.index.size.bookmarks).toBe(1);
  });

  it('drops all history when Firefox clears it', async () => {
    const { browser } = createFakeBrowser();
    await browser.history.addUrl({ url: 'https://seen.example/', title: 'Seen page' });
    const live = new LiveIndex(browser, noTags);
    wire(live, browser);
    await live.ready();
    expect(live.index.size.history).toBe(1);
    await browser.history.deleteAll();
    expect(live.index.query(parseQuery('seen'))).toEqual([]);
  });
});
