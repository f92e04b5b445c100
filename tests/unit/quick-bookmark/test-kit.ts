/**
 * Shared setup for the quick-bookmark tests: the fake browser, settings in storage.local, a simple safe key, and a
 * saver that writes with browser.bookmarks like the Places facade would (so these tests do not depend on it).
 */
import { createFakeBrowser } from '../../fakes/browser';
import { DEFAULT_SETTINGS, parseStoredSettings, SETTINGS_KEY, type Settings } from '../../../src/settings/settings';
import type { BookmarkToSave, SavedBookmark } from '../../../src/quick-bookmark/quick-bookmarker';
import type { Browser } from '../../../src/platform/browser';

/** Lower-cases scheme and host and drops a trailing slash: enough "safe matching" for these tests. */
export const testUrlKey = (url: string) => {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/$/, '')}${u.search}`;
};

/** A saver that writes with browser.bookmarks; with `hold`, every save waits for it first (a save still running). */
export function makeSaver(browser: Browser, options: { hold?: Promise<void> } = {}) {
  const calls: BookmarkToSave[] = [];
  const tagsByUrl = new Map<string, string[]>();
  const save = async (bookmark: BookmarkToSave): Promise<SavedBookmark> => {
    calls.push(structuredClone(bookmark));
    await options.hold;
    const folderId =
      bookmark.folder.kind === 'existing'
        ? bookmark.folder.id
        : (await browser.bookmarks.create({ parentId: bookmark.folder.parentId, title: bookmark.folder.title })).id;
    const node = await browser.bookmarks.create({ parentId: folderId, title: bookmark.title, url: bookmark.url });
    tagsByUrl.set(bookmark.url, bookmark.tags);
    return { id: node.id, folderId, tags: bookmark.tags };
  };
  return { save, calls, tagsByUrl };
}

export async function storeSettings(browser: Browser, patch: Partial<Settings>) {
  await browser.storage.local.set({ [SETTINGS_KEY]: { ...structuredClone(DEFAULT_SETTINGS), ...patch } });
}

export const readSettings = (browser: Browser) => async () => parseStoredSettings((await browser.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY]);

export async function allBookmarks(browser: Browser) {
  const out: { id: string; url: string; title: string; parentId: string }[] = [];
  const stack = await browser.bookmarks.getTree();
  while (stack.length) {
    const n = stack.shift()!;
    if (n.url !== undefined && n.type === 'bookmark') out.push({ id: n.id, url: n.url, title: n.title, parentId: n.parentId ?? '' });
    stack.unshift(...(n.children ?? []));
  }
  return out;
}

export function newFake() {
  return createFakeBrowser({ now: () => 1_700_000_000_000 });
}
