import { describe, expect, it } from 'vitest';
import { LiveIndex } from '../../../src/search/live-index';
import { openSnapshotStore } from '../../../src/search/snapshot-store';
import { createFakeBrowser } from '../../fakes/browser';

const noTags = { all: async () => [] };

describe('LiveIndex.whenFresh', () => {
  it('after a snapshot load it resolves only once the rebuild from Firefox is in (ready() resolves before)', async () => {
    const { browser } = createFakeBrowser();
    await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Kept', url: 'https://kept.example/' });
    const snapshots = openSnapshotStore('tidymarks-search-test-fresh');
    const first = new LiveIndex(browser, noTags, snapshots);
    await first.whenFresh();
    expect(first.isFresh).toBe(true);
    await first.saveNow();

    // A new event page: the snapshot answers first, Firefox's tree is read behind it.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const realGetTree = browser.bookmarks.getTree.bind(browser.bookmarks);
    const slow = Object.create(browser) as typeof browser;
    Object.defineProperty(slow, 'bookmarks', { value: { ...browser.bookmarks, getTree: async () => (await gate, realGetTree()) } });
    const second = new LiveIndex(slow, noTags, snapshots);
    let fresh = false;
    const waiting = second.whenFresh().then(() => (fresh = true));
    expect((await second.ready()).source).toBe('snapshot');
    expect(second.isFresh).toBe(false);
    expect(fresh).toBe(false);
    release();
    await waiting;
    expect(second.isFresh).toBe(true);
    await snapshots.clear();
  });
});
