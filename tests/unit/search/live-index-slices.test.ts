import { describe, expect, it } from 'vitest';
import { LiveIndex } from '../../../src/search/live-index';
import { parseQuery } from '../../../src/search/parse-query';
import { openSnapshotStore } from '../../../src/search/snapshot-store';
import { createFakeBrowser } from '../../fakes/browser';
import { gate } from '../../kit/gate';

const noTags = { all: async () => [] };

/** A clock that moves 10 ms on every reading: each slice check finds its time used up. */
function steppingClock() {
  let t = 0;
  return () => (t += 10);
}

async function seed(browser: ReturnType<typeof createFakeBrowser>['browser'], count: number) {
  const folder = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Reading' });
  for (let i = 0; i < count; i++) await browser.bookmarks.create({ parentId: folder.id, title: `Page ${i}`, url: `https://pages.example/${i}` });
  return folder;
}

/** Counts the turns other tasks (as a message arriving from a page would be) get while `work` runs. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let done = false;
  let turns = 0;
  void work.finally(() => (done = true));
  while (!done) {
    await new Promise((r) => setImmediate(r));
    if (!done) turns++;
  }
  return turns;
}

describe('LiveIndex builds in slices (requests are answered while it loads)', () => {
  it('regression: the load from a snapshot lets the event loop in while it builds (it ran in one piece: seconds at 100k)', async () => {
    const { browser } = createFakeBrowser();
    await seed(browser, 2000);
    const snapshots = openSnapshotStore('tidymarks-search-test-slices-1');
    const first = new LiveIndex(browser, noTags, snapshots);
    await first.ready();
    await first.saveNow();

    const second = new LiveIndex(browser, noTags, snapshots, steppingClock());
    const loading = second.ready();
    // 2,000 bookmarks, a yield every 64: dozens of turns; in one piece there would be none before the reply.
    expect(await turnsDuring(loading)).toBeGreaterThan(20);
    expect((await loading).source).toBe('snapshot');
    expect(second.index.query(parseQuery('page 1999')).map((h) => h.url)).toContain('https://pages.example/1999');
    await snapshots.clear();
  });

  it('a bookmark created while the snapshot is being built is in the index once it is loaded', async () => {
    const { browser } = createFakeBrowser();
    const folder = await seed(browser, 1000);
    const snapshots = openSnapshotStore('tidymarks-search-test-slices-2');
    const first = new LiveIndex(browser, noTags, snapshots);
    await first.ready();
    await first.saveNow();

    // The build reads its clock between slices: at the second reading it is under way.
    const clock = steppingClock();
    let clockReads = 0;
    const underWay = gate();
    const second = new LiveIndex(browser, noTags, snapshots, () => {
      if (++clockReads === 2) underWay.open();
      return clock();
    });
    browser.bookmarks.onCreated.addListener((_id, node) => second.onBookmarkCreated(node));
    const loading = second.ready();
    await underWay.promise;
    expect(second.isLoaded).toBe(false);
    const during = await browser.bookmarks.create({ parentId: folder.id, title: 'Created meanwhile', url: 'https://meanwhile.example/' });
    await loading;
    expect(second.index.query(parseQuery('meanwhile')).map((h) => h.id)).toEqual([during.id]);
    await snapshots.clear();
  });

  it('the first build from Firefox (no snapshot) lets the event loop in too', async () => {
    const { browser } = createFakeBrowser();
    await seed(browser, 2000);
    const live = new LiveIndex(browser, noTags, null, steppingClock());
    const loading = live.ready();
    expect(await turnsDuring(loading)).toBeGreaterThan(20);
    expect((await loading).source).toBe('firefox');
    expect(live.index.size.bookmarks).toBe(2000);
  });
});
