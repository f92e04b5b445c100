/**
 * The tag sweep (a URL whose last bookmark went loses its tags) reads Firefox: it waits until a burst of removals is
 * over (src/platform/bookmark-events.ts, quiet subscribers), so whoever makes the burst is not slowed by it.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { History } from '../../../src/operation-history';
import { createBookmarkEvents } from '../../../src/platform/bookmark-events';
import { createTagsFeature } from '../../../src/tags/feature';
import { openTagStore } from '../../../src/tags/tag-store';
import { createFakeBrowser } from '../../fakes/browser';

describe('the tag sweep in a burst of removals', () => {
  it('checks the URLs of a burst of removals once the burst is over: no read of Firefox in the middle of it', async () => {
    // The feature alone on Firefox's clock (the test's: timers and Date), with the one source of bookmark events.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    onTestFinished(() => void vi.useRealTimers());
    globalThis.indexedDB = new IDBFactory();
    const { browser } = createFakeBrowser({ seed: 8 });
    const bookmarkEvents = createBookmarkEvents(browser.bookmarks, { quietMs: 300 });
    const tags = openTagStore();
    onTestFinished(() => tags.close());
    const history = { serial: <T>(work: () => Promise<T>) => work() } as unknown as History;
    const feature = createTagsFeature({ browser, now: () => Date.now(), testBuild: true, bookmarkEvents, tags, history });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const url = `https://tagged${i}.example/`;
      ids.push((await browser.bookmarks.create({ parentId: 'unfiled_____', title: `t${i}`, url })).id);
      await tags.setTags(url, ['kept']);
    }
    const reads = [vi.spyOn(browser.bookmarks, 'getTree'), vi.spyOn(browser.bookmarks, 'search')];
    // 30 removals 50 ms apart: a burst of 1.5 s, its batches delivered as it goes (at most a second apart).
    for (const id of ids) {
      await browser.bookmarks.remove(id);
      vi.advanceTimersByTime(50);
    }
    expect(bookmarkEvents.pending).toBeLessThan(30);
    expect(reads.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
    expect((await tags.listTags()).map((t) => t.count)).toEqual([30]);
    // 300 ms after the last removal the burst is over: one check of the 30 URLs (one getTree), and their tags go.
    vi.advanceTimersByTime(250);
    await feature.whenIdle();
    expect(reads.map((spy) => spy.mock.calls.length)).toEqual([1, 0]);
    expect(await tags.listTags()).toEqual([]);
  });
});
