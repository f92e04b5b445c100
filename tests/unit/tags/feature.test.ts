import { beforeEach, describe, expect, it } from 'vitest';
import { boot, type Booted } from '../../kit/boot';

let env: Booted;
beforeEach(async () => {
  env = await boot({ seed: 7 });
});

describe('tags feature', () => {
  it('the tag manager requests: add, list, rename, merge, remove, delete', async () => {
    const urls = ['https://a.example/', 'https://b.example/'];
    expect(await env.client.call('tags.add', { urls, tags: ['one', 'two'] })).toEqual({ changed: 2 });
    expect(await env.client.call('tags.list', {})).toEqual([
      { tag: 'one', count: 2 },
      { tag: 'two', count: 2 },
    ]);
    expect(await env.client.call('tags.rename', { from: 'one', to: 'uno' })).toEqual({ changed: 2 });
    expect(await env.client.call('tags.merge', { from: ['two'], into: 'uno' })).toEqual({ changed: 2 });
    expect(await env.client.call('tags.forUrls', { urls })).toEqual(urls.map((url) => ({ url, tags: ['uno'] })));
    expect(await env.client.call('tags.remove', { urls: [urls[0]], tags: ['uno'] })).toEqual({ changed: 1 });
    expect(await env.client.call('tags.urlsWithTag', { tag: 'UNO' })).toEqual([urls[1]]);
    expect(await env.client.call('tags.delete', { tag: 'uno' })).toEqual({ changed: 1 });
    expect(await env.client.call('tags.list', {})).toEqual([]);
  });

  it('a bad tag name is refused with a clear error and changes nothing', async () => {
    await expect(env.client.call('tags.add', { urls: ['https://a.example/'], tags: ['a,b'] })).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'A tag cannot contain a comma ("a,b").',
    });
    await expect(env.client.call('tags.add', { urls: [], tags: ['x'] })).rejects.toMatchObject({ code: 'invalid-request' });
    expect(await env.client.call('tags.list', {})).toEqual([]);
  });

  it('when no bookmark of a URL remains, its tags go (as Firefox); while one remains they stay', async () => {
    const b = env.browser.bookmarks;
    const url = 'https://tagged.example/';
    const one = await b.create({ parentId: 'unfiled_____', title: 'one', url });
    const two = await b.create({ parentId: 'menu________', title: 'two', url });
    await env.app.tagStore.setTags(url, ['kept']);
    await b.remove(one.id);
    await env.app.whenIdle(); // the sweep that this removal scheduled has run
    expect(await env.app.tagStore.getTags(url)).toEqual(['kept']);
    await b.remove(two.id);
    await env.app.whenIdle(); // the sweep that this removal scheduled has run
    expect(await env.app.tagStore.getTags(url)).toEqual([]);
  });

  it("a folder removed by someone else takes its URLs' tags with it", async () => {
    const b = env.browser.bookmarks;
    const folder = await b.create({ parentId: 'unfiled_____', title: 'folder' });
    await b.create({ parentId: folder.id, title: 'inside', url: 'https://inside.example/' });
    await b.create({ parentId: 'unfiled_____', title: 'outside', url: 'https://outside.example/' });
    await env.app.tagStore.addTags(['https://inside.example/', 'https://outside.example/'], ['t']);
    await b.removeTree(folder.id);
    await env.app.whenIdle(); // the sweep that this removal scheduled has run
    expect(await env.app.tagStore.urlsWithTag('t')).toEqual(['https://outside.example/']);
  });
});
