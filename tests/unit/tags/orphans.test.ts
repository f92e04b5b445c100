import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetOrphanUrls } from '../../../src/tags/orphans';
import { openTagStore, type TagStore } from '../../../src/tags/tag-store';
import { createFakeBrowser } from '../../fakes/browser';

let tagStore: TagStore;
let fake: ReturnType<typeof createFakeBrowser>;
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  tagStore = openTagStore();
  fake = createFakeBrowser();
});

async function tagged(count: number, bookmarked: (i: number) => boolean) {
  const urls = Array.from({ length: count }, (_, i) => `https://u${i}.example/`);
  for (const [i, url] of urls.entries()) {
    if (bookmarked(i)) await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: `${i}`, url });
  }
  await tagStore.addTags(urls, ['t']);
  return urls;
}

/** Counts the two ways of asking Firefox (spied after the seeding, so only forgetOrphanUrls' calls count). */
function spyOnReads() {
  return { search: vi.spyOn(fake.browser.bookmarks, 'search'), getTree: vi.spyOn(fake.browser.bookmarks, 'getTree') };
}

describe('forgetOrphanUrls', () => {
  it('few URLs: each is checked with bookmarks.search, and no getTree reads the whole tree', async () => {
    const urls = await tagged(3, (i) => i !== 1);
    const reads = spyOnReads();
    await forgetOrphanUrls({ browser: fake.browser, tagStore }, urls);
    expect((await tagStore.urlsWithTag('t')).sort()).toEqual([urls[0], urls[2]]);
    expect(reads.search.mock.calls).toEqual(urls.map((url) => [{ url }]));
    expect(reads.getTree).not.toHaveBeenCalled();
  });

  it('many URLs (or all): one getTree decides, with no search per URL', async () => {
    const urls = await tagged(60, (i) => i % 3 !== 0);
    const reads = spyOnReads();
    await forgetOrphanUrls({ browser: fake.browser, tagStore });
    expect((await tagStore.urlsWithTag('t')).sort()).toEqual(urls.filter((_, i) => i % 3 !== 0).sort());
    expect(reads.getTree).toHaveBeenCalledTimes(1);
    expect(reads.search).not.toHaveBeenCalled();
  });
});
