/**
 * The event page opens what a scan reads besides the tree as it starts (src/dedup/README.md "What a first scan waits
 * for"): the remembered decisions' database and the settings, so a page's first scan does not wait for their first
 * open. A warm-up that fails is no error of its own: the scan reads them again.
 */
import { describe, expect, it, vi } from 'vitest';
import { boot } from '../../../kit/boot';
import type { Browser } from '../../../../src/platform/browser';
import { DEFAULT_SETTINGS, SETTINGS_KEY } from '../../../../src/settings/settings';

/** The fake's browser with storage.local.get counted, and failing while `failing` is true. */
function countingStorage(state: { reads: number; failing: boolean }) {
  return (browser: Browser): Browser => {
    const local = browser.storage.local;
    const get: typeof local.get = (keys) => {
      state.reads++;
      return state.failing ? Promise.reject(new Error('storage is not ready')) : local.get(keys);
    };
    return { ...browser, storage: { ...browser.storage, local: { ...local, get } } } as Browser;
  };
}

describe('the event page prepares the first scan as it starts', () => {
  it('opens the remembered decisions and reads the settings before any page asks', async () => {
    const state = { reads: 0, failing: false };
    await boot({ browser: countingStorage(state) });
    await vi.waitFor(async () => expect((await indexedDB.databases()).map((d) => d.name)).toContain('tidymarks-dedup-decisions'));
    await vi.waitFor(() => expect(state.reads).toBeGreaterThan(0));
  });

  it('a settings read that fails at start is no error: the first scan reads them again and finds the groups', async () => {
    const state = { reads: 0, failing: true };
    const env = await boot({ browser: countingStorage(state) });
    await vi.waitFor(() => expect(state.reads).toBeGreaterThan(0));
    state.failing = false;
    await env.browser.storage.local.set({ [SETTINGS_KEY]: { ...DEFAULT_SETTINGS, matching: { ...DEFAULT_SETTINGS.matching, ignoreWww: true } } });
    const b = env.browser.bookmarks;
    await b.create({ parentId: 'menu________', title: 'MDN', url: 'https://developer.mozilla.org/' });
    await b.create({ parentId: 'toolbar_____', title: 'MDN', url: 'https://www.developer.mozilla.org/' });
    const scan = await env.client.startJob('dedup.scan', {}).result;
    // The stored setting (www. ignored) is the scan's: read when it ran, not the failed read at start.
    expect(scan.groups.map((g) => g.copies.length)).toEqual([2]);
  });
});
