import { describe, expect, it } from 'vitest';
import { boot } from '../../kit/boot';

describe('background app', () => {
  it('answers ping with the manifest version', async () => {
    const { client } = await boot({ seed: 1, testBuild: false });
    expect(await client.call('core.ping', {})).toEqual({ pong: true, version: '0.1.0' });
  });

  it('counts bookmarks, folders and separators across all roots', async () => {
    const { fake, client } = await boot({ seed: 1, testBuild: false });
    const b = fake.browser.bookmarks;
    const folder = await b.create({ parentId: 'menu________', title: 'Dev' });
    await b.create({ parentId: folder.id, title: 'MDN', url: 'https://developer.mozilla.org/' });
    await b.create({ parentId: 'toolbar_____', title: 'Home', url: 'https://example.org/' });
    await b.create({ parentId: 'toolbar_____', type: 'separator' });
    // The four user roots are folders too.
    expect(await client.call('core.countBookmarks', {})).toEqual({ bookmarks: 2, folders: 5, separators: 1 });
  });

  it('a background not started as a test build knows no test.* request or job, and keeps the data', async () => {
    const { fake, client } = await boot({ seed: 1, testBuild: false });
    await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Keep', url: 'https://keep.example/' });
    await expect(client.call('test.reset', {})).rejects.toMatchObject({ code: 'unknown-type' });
    await expect(client.call('test.places.settle', {})).rejects.toMatchObject({ code: 'unknown-type' });
    await expect(client.startJob('test.countTo', { n: 1 }, () => {}).result).rejects.toMatchObject({ code: 'unknown-type' });
    expect((await client.call('core.countBookmarks', {})).bookmarks).toBe(1);
  });

  it('test.reset in a test build wipes bookmarks, history and storage', async () => {
    const { fake, client } = await boot({ seed: 1 });
    await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Gone', url: 'https://gone.example/' });
    await fake.browser.history.addUrl({ url: 'https://visited.example/' });
    await fake.browser.storage.local.set({ something: 1 });
    await client.call('test.reset', {});
    expect((await client.call('core.countBookmarks', {})).bookmarks).toBe(0);
    expect(await fake.browser.history.search({ text: '', startTime: 0 })).toEqual([]);
    expect(await fake.browser.storage.local.get(null)).toEqual({});
  });
});
