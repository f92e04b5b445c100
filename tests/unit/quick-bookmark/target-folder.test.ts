import { beforeEach, describe, expect, it } from 'vitest';
import { chooseTargetFolder } from '../../../src/quick-bookmark/target-folder';
import { newFake } from './test-kit';
import type { FakeBrowser } from '../../fakes/browser';

describe('chooseTargetFolder', () => {
  let fake: FakeBrowser;
  beforeEach(() => {
    fake = newFake();
  });

  it('uses the folder chosen in settings', async () => {
    const work = await fake.browser.bookmarks.create({ parentId: 'menu________', title: 'Work' });
    expect(await chooseTargetFolder(fake.browser, work.id)).toEqual({ kind: 'existing', id: work.id, path: ['Bookmarks Menu', 'Work'] });
  });

  it('asks to create "Read later" under Other Bookmarks when nothing is configured and it is missing', async () => {
    expect(await chooseTargetFolder(fake.browser, null)).toEqual({
      kind: 'create',
      parentId: 'unfiled_____',
      title: 'Read later',
      path: ['Other Bookmarks', 'Read later'],
    });
  });

  it('reuses the "Read later" folder of Other Bookmarks (not a bookmark of that name, not a folder elsewhere)', async () => {
    const b = fake.browser.bookmarks;
    await b.create({ parentId: 'menu________', title: 'Read later' });
    await b.create({ parentId: 'unfiled_____', title: 'Read later', url: 'https://x.example/' });
    const readLater = await b.create({ parentId: 'unfiled_____', title: 'Read later' });
    expect(await chooseTargetFolder(fake.browser, null)).toEqual({ kind: 'existing', id: readLater.id, path: ['Other Bookmarks', 'Read later'] });
  });

  it('falls back to "Read later" with a note when the configured folder was deleted or is not a folder', async () => {
    const gone = await chooseTargetFolder(fake.browser, 'gone________');
    expect(gone.kind).toBe('create');
    expect(gone.note).toMatch(/no longer exists/);
    const bookmark = await fake.browser.bookmarks.create({ parentId: 'menu________', title: 'x', url: 'https://x.example/' });
    expect((await chooseTargetFolder(fake.browser, bookmark.id)).kind).toBe('create');
  });

  it('never files into the invisible root, even if configured', async () => {
    expect((await chooseTargetFolder(fake.browser, 'root________')).kind).toBe('create');
  });
});
