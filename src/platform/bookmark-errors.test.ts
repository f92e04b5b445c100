import { describe, expect, it } from 'vitest';
import { BookmarkErrors } from '../../tests/fakes/bookmarks';
import { createFakeBrowser } from '../../tests/fakes/browser';
import { AppError } from '../messaging/errors';
import { isMissingBookmarkError } from './bookmark-errors';

const rejection = (call: () => Promise<unknown>) =>
  call().then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

describe('isMissingBookmarkError', () => {
  it("knows every way Firefox says a bookmark or its folder is not there (the fake's words are Firefox's)", async () => {
    const { browser } = createFakeBrowser();
    const { bookmarks } = browser;
    const kept = await bookmarks.create({ parentId: 'unfiled_____', title: 'kept', url: 'https://kept.example/' });
    const gone = await bookmarks.create({ parentId: 'unfiled_____', title: 'gone', url: 'https://gone.example/' });
    await bookmarks.remove(gone.id);
    const errors = [
      await rejection(() => bookmarks.get(gone.id)),
      await rejection(() => bookmarks.get([kept.id, gone.id])),
      await rejection(() => bookmarks.get('not a guid')),
      await rejection(() => bookmarks.remove(gone.id)),
      await rejection(() => bookmarks.removeTree(gone.id)),
      await rejection(() => bookmarks.update(gone.id, { title: 'x' })),
      await rejection(() => bookmarks.move(gone.id, { parentId: 'unfiled_____' })),
      await rejection(() => bookmarks.move(kept.id, { parentId: gone.id.replace(/.$/, 'x') })),
      await rejection(() => bookmarks.create({ parentId: gone.id.replace(/.$/, 'x'), title: 'x', url: 'https://x.example/' })),
    ];
    for (const error of errors) expect(isMissingBookmarkError(error), String(error)).toBe(true);
    expect(isMissingBookmarkError(BookmarkErrors.getNotFound)).toBe(true);
  });

  it('is false for every other failure, and for anything that is not an error', async () => {
    const { browser } = createFakeBrowser();
    const folder = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'full' });
    await browser.bookmarks.create({ parentId: folder.id, title: 'inside', url: 'https://inside.example/' });
    const others = [
      await rejection(() => browser.bookmarks.remove(folder.id)), // a non-empty folder
      await rejection(() => browser.bookmarks.remove('menu________')), // a root
      await rejection(() => browser.bookmarks.create({ parentId: 'unfiled_____', title: 'x', url: 'not a url' })),
      new Error('boom'),
      new AppError('not-found', 'That bookmark no longer exists.'),
    ];
    for (const error of others) expect(isMissingBookmarkError(error), String(error)).toBe(false);
    for (const value of [undefined, null, 42, {}, '']) expect(isMissingBookmarkError(value)).toBe(false);
  });
});
