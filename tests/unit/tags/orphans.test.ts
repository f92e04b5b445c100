import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
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

describe('forgetOrphanUrls', () => {
  it('few URLs: each is checked with bookmarks.search', async () => {
    const urls = await tagged(3, (i) => i !== 1);
    await forgetOrphanUrls({ browser: fake.browser, tagStore }, urls);
    expect((await tagStore.urlsWithTag('t')).sort()).toEqual([urls[0], urls[2]]);
  });

  it('many URLs (or all): one getTree decides', async () => {
    const urls = await tagged(60, (i) => i % 3 !== 0);
    await forgetOrphanUrls({ browser: fake.browser, tagStore });
    expect((await tagStore.urlsWithTag('t')).sort()).toEqual(urls.filter((_, i) => i % 3 !== 0).sort());
  });
});
