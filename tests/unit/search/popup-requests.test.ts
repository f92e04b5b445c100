/**
 * The search feature's requests for the popup's folder picker and result actions (startBackground with the fake
 * browser): search.bookmark reads one bookmark as Firefox has it now; search.recentFolders names the folders of
 * the newest bookmarks.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../../../src/app-protocol/client';
import type { FakeBrowser } from '../../fakes/browser';
import { boot } from '../../kit/boot';

describe('search requests for the popup', () => {
  let fake: FakeBrowser;
  let client: Client;
  let clock = 1_700_000_000_000;

  beforeEach(async () => {
    ({ fake, client } = await boot({ now: () => (clock += 1000) }));
  });

  it('search.bookmark: folder, position, path and tags as they are now', async () => {
    const b = fake.browser;
    const dev = await b.bookmarks.create({ parentId: 'menu________', title: 'Dev' });
    await b.bookmarks.create({ parentId: dev.id, title: 'First', url: 'https://first.example/' });
    const book = await b.bookmarks.create({ parentId: dev.id, title: 'Rust book', url: 'https://doc.rust-lang.org/book/' });
    await client.call('tags.add', { urls: ['https://doc.rust-lang.org/book/'], tags: ['rust'] });
    expect(await client.call('search.bookmark', { id: book.id })).toEqual({
      id: book.id,
      url: 'https://doc.rust-lang.org/book/',
      title: 'Rust book',
      parentId: dev.id,
      folders: ['Bookmarks Menu', 'Dev'],
      index: 1,
      tags: ['rust'],
    });
  });

  it('search.bookmark refuses a removed bookmark, a folder and an unknown id with a clear not-found error', async () => {
    const b = fake.browser;
    const gone = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'Gone', url: 'https://gone.example/' });
    await b.bookmarks.remove(gone.id);
    const folder = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'A folder' });
    for (const id of [gone.id, folder.id, 'not-an-id']) {
      await expect(client.call('search.bookmark', { id })).rejects.toMatchObject({ code: 'not-found', message: expect.stringMatching(/no longer exists/) });
    }
    await expect(client.call('search.bookmark', { id: '' } as never)).rejects.toMatchObject({ code: 'invalid-request' });
  });

  it('search.recentFolders: the folders of the newest bookmarks, newest first, each once, at most five', async () => {
    const b = fake.browser;
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C', 'D', 'E', 'F']) ids.push((await b.bookmarks.create({ parentId: 'unfiled_____', title })).id);
    for (const [i, id] of ids.entries()) await b.bookmarks.create({ parentId: id, title: `in ${i}`, url: `https://f${i}.example/` });
    await b.bookmarks.create({ parentId: ids[2]!, title: 'again in C', url: 'https://again.example/' });
    expect(await client.call('search.recentFolders', {})).toEqual([ids[2], ids[5], ids[4], ids[3], ids[1]]);
  });
});
