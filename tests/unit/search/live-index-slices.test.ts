import { describe, expect, it, vi } from 'vitest';
import { LiveIndex } from '../../../src/search/live-index';
import { SNAPSHOT_DELAY_MS } from '../../../src/search/snapshot-writer';
import { parseQuery } from '../../../src/search/parse-query';
import { openSnapshotStore, type SnapshotPart, type SnapshotStore } from '../../../src/search/snapshot-store';
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

describe('LiveIndex writes its snapshot in parts (requests are answered while it writes)', () => {
  /** The real store, with every write's parts watched: how many, and how many other tasks ran before each. */
  function watchedStore(name: string, onPart: (n: number) => void = () => undefined) {
    const store = openSnapshotStore(name);
    const writes: { parts: number; turnsBefore: number[]; result?: 'written' | 'given up' }[] = [];
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const watched: SnapshotStore = {
      ...store,
      write(head, parts) {
        const write: (typeof writes)[number] = { parts: 0, turnsBefore: [] };
        writes.push(write);
        let last = turns;
        const counted: Iterator<SnapshotPart> = {
          next: () => {
            const next = parts.next();
            if (!next.done) {
              write.turnsBefore.push(turns - last);
              last = turns;
              onPart(++write.parts);
            }
            return next;
          },
        };
        return store.write(head, counted).then(
          () => void (write.result = 'written'),
          (error: unknown) => {
            write.result = 'given up';
            throw error;
          },
        );
      },
    };
    return { store, watched, writes, stop: () => (ticking = false) };
  }

  it('regression: the write right after a build goes part by part, other tasks run between them (one clone of 100,000 nodes held the opening popup)', async () => {
    const { browser } = createFakeBrowser();
    await seed(browser, 9000);
    const { store, watched, writes, stop } = watchedStore('tidymarks-search-test-parts-1');
    const live = new LiveIndex(browser, noTags, watched);
    await live.ready();
    await vi.waitFor(() => expect(writes[0]?.result).toBe('written'), { timeout: 10_000, interval: 10 });
    stop();
    // 9,000 bookmarks and their folders at 4,096 a part: three parts, each asked for in a task of its own.
    expect(writes[0]!.parts).toBe(3);
    expect(writes[0]!.turnsBefore.slice(1).every((t) => t > 0)).toBe(true);
    const back = await store.load();
    expect(back?.nodes.ids.length).toBe([...live.tree.nodesList()].length);
    expect(back?.nodes.urls).toContain('https://pages.example/8999');
    await store.clear();
  });

  it('a change while the snapshot is written: nothing half-written is kept, and it is written again at once with the change', async () => {
    const { browser } = createFakeBrowser();
    const folder = await seed(browser, 5000);
    let live!: LiveIndex;
    const created = gate();
    const { store, watched, writes, stop } = watchedStore('tidymarks-search-test-parts-2', (n) => {
      // During the first write, after its first part: a bookmark arrives.
      if (writes.length === 1 && n === 1)
        void browser.bookmarks.create({ parentId: folder.id, title: 'Created meanwhile', url: 'https://meanwhile.example/' }).then((node) => {
          live.onBookmarkCreated(node);
          created.open();
        });
    });
    live = new LiveIndex(browser, noTags, watched);
    await live.ready();
    await created.promise;
    await vi.waitFor(() => expect(writes.map((w) => w.result)).toEqual(['given up', 'written']), { timeout: SNAPSHOT_DELAY_MS / 2, interval: 10 });
    stop();
    const back = await store.load();
    expect(back?.nodes.urls).toContain('https://meanwhile.example/');
    expect(back?.nodes.urls.filter((u) => u.startsWith('https://pages.example/'))).toHaveLength(5000);
    await store.clear();
  });
});
