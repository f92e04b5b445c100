/**
 * What a bookmark event costs the background (in node, on the in-memory fake): the real app with a fresh index of
 * 5,050 bookmarks (folders of 50) and a tab open, while a second caller removes 2,000 bookmarks, creates 5,000 (in
 * new folders of 50), renames 2,000 and moves 2,000, one call every 2 ms so that batches form as in Firefox
 * (src/platform/bookmark-events.ts). In Firefox this work runs in the extension process every extension's event page
 * shares, between the other caller's calls: the footprint rows (bench/footprint.bench.ts) measure it from outside.
 *  - footprint.node.<burst>.listenerUs: the source's listener and the immediate subscribers, per event.
 *  - footprint.node.<burst>.batchUs: timer work during the burst (the batched subscribers), per event.
 *  - footprint.node.afterBursts.ms: the work left for when the bursts are over (indexing what they created and
 *    changed, compaction), in all: the process's CPU time in the 2 s after the last burst, nothing else running.
 * Times are the medians of 3 runs.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { BookmarkEvents } from '../src/platform/bookmark-events';
import { createFakeBrowser } from '../tests/fakes/browser';
import { median, round } from './lib/stats';
import { defineSuite, type BenchRow } from './lib/types';

const PACE_MS = 2;
const BURSTS = ['remove2k', 'create5k', 'change2k', 'move2k'] as const;
type Burst = (typeof BURSTS)[number];

interface Run {
  listenerUs: Record<Burst, number>;
  batchUs: Record<Burst, number>;
  afterMs: number;
}

const realSetTimeout = globalThis.setTimeout;
const sleep = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));

async function runOnce(quick: boolean): Promise<Run> {
  const spent = { listeners: 0, timers: 0 };
  // Every timer the background sets is timed (the pacing below uses the real one).
  globalThis.setTimeout = ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    realSetTimeout(() => {
      const t = performance.now();
      try {
        fn(...args);
      } finally {
        spent.timers += performance.now() - t;
      }
    }, ms)) as typeof setTimeout;
  const savedIndexedDb = globalThis.indexedDB;
  globalThis.indexedDB = new IDBFactory();
  const g = globalThis as { __TIDYMARKS_TEST_BUILD__?: boolean };
  g.__TIDYMARKS_TEST_BUILD__ ??= false;
  try {
    const { startBackground } = await import('../src/app/start-background');
    const { createBookmarkEvents } = await import('../src/platform/bookmark-events');
    const fake = createFakeBrowser({ seed: 5 });
    const b = fake.browser.bookmarks;
    const scale = quick ? 5 : 1;
    const keep = await b.create({ parentId: 'menu________', title: 'Keep' });
    const gone = await b.create({ parentId: 'menu________', title: 'Remove' });
    const goneIds: string[] = [];
    const keepIds: string[] = [];
    for (const [root, n, tag, ids] of [
      [keep.id, 3_000 / scale, 'keep', keepIds],
      [gone.id, 2_050 / scale, 'gone', goneIds],
    ] as const) {
      let folder = '';
      for (let i = 0; i < n; i++) {
        if (i % 50 === 0) folder = (await b.create({ parentId: root, title: `${tag} ${i / 50}` })).id;
        ids.push((await b.create({ parentId: folder, title: `${tag} page ${i} guide`, url: `https://${tag}${i % 300}.example/page/${i}` })).id);
      }
    }
    fake.control.openTab({ url: 'https://keep1.example/page/1', active: true });
    // The source's four listeners, timed.
    const timed = <E extends { addListener(listener: never): void }>(event: E): E =>
      ({
        addListener: (listener: (...args: unknown[]) => unknown) =>
          event.addListener(((...args: unknown[]) => {
            const t = performance.now();
            try {
              return listener(...args);
            } finally {
              spent.listeners += performance.now() - t;
            }
          }) as never),
        removeListener: () => undefined,
      }) as unknown as E;
    const bookmarkEvents: BookmarkEvents = createBookmarkEvents({
      onCreated: timed(b.onCreated),
      onRemoved: timed(b.onRemoved),
      onChanged: timed(b.onChanged),
      onMoved: timed(b.onMoved),
    });
    const app = startBackground({ browser: fake.browser, now: () => Date.now(), testBuild: false, bookmarkEvents });
    await app.live.whenFresh();
    await app.toolbarButton.updateTabs('all');
    await app.whenIdle();
    await sleep(1_000);

    const run: Run = { listenerUs: {} as Record<Burst, number>, batchUs: {} as Record<Burst, number>, afterMs: 0 };
    const burst = async (name: Burst, n: number, call: (i: number) => Promise<unknown>) => {
      const before = { ...spent };
      let due = performance.now();
      for (let i = 0; i < n; i++) {
        await call(i);
        due += PACE_MS;
        const wait = due - performance.now();
        await (wait >= 1 ? sleep(wait) : new Promise((resolve) => setImmediate(resolve)));
      }
      run.listenerUs[name] = ((spent.listeners - before.listeners) * 1000) / n;
      run.batchUs[name] = ((spent.timers - before.timers) * 1000) / n;
    };
    const removes = 2_000 / scale;
    await burst('remove2k', removes, (i) => b.remove(goneIds[50 / scale + i]!));
    const root = (await b.create({ parentId: 'unfiled_____', title: 'Created' })).id;
    let folder = '';
    await burst('create5k', 5_000 / scale, async (k) => {
      if (k % 50 === 0) folder = (await b.create({ parentId: root, title: `c ${k / 50}` })).id;
      await b.create({ parentId: folder, title: `c page ${k}`, url: `https://created.example/c/${k}` });
    });
    await burst('change2k', removes, (i) => b.update(keepIds[i]!, { title: `renamed ${i} guide` }));
    const target = (await b.create({ parentId: 'unfiled_____', title: 'Moved here' })).id;
    await burst('move2k', removes, (i) => b.move(keepIds[i]!, { parentId: target }));
    // The work left for after the bursts runs in timers and in the index's slices (tasks of their own): the
    // process's CPU time while nothing else runs.
    const cpu = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const before = cpu();
    await sleep(2_000);
    await app.whenIdle();
    run.afterMs = cpu() - before;
    fake.control.unload();
    await app.whenIdle();
    app.tagStore.close();
    app.history.journal.close();
    return run;
  } finally {
    globalThis.setTimeout = realSetTimeout;
    globalThis.indexedDB = savedIndexedDb;
  }
}

export default defineSuite({
  name: 'event-path',
  async run(ctx) {
    const runs: Run[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await runOnce(ctx.quick);
      runs.push(run);
      ctx.log(
        `run ${i + 1}: ` +
          BURSTS.map((name) => `${name} ${round(run.listenerUs[name])} + ${round(run.batchUs[name])} us`).join(', ') +
          `; after the bursts ${round(run.afterMs)} ms`,
      );
    }
    const quick = ctx.quick ? ' [quick sizes]' : '';
    const rows: BenchRow[] = [];
    for (const name of BURSTS) {
      rows.push({
        id: `footprint.node.${name}.listenerUs`,
        value: round(median(runs.map((r) => r.listenerUs[name]))),
        unit: 'us',
        better: 'lower',
        note: `per event of a ${name} burst from someone else: the one bookmark listener and the immediate subscribers (in-memory fake, median of 3)${quick}`,
      });
      rows.push({
        id: `footprint.node.${name}.batchUs`,
        value: round(median(runs.map((r) => r.batchUs[name]))),
        unit: 'us',
        better: 'lower',
        note: `per event of a ${name} burst from someone else: the batched subscribers' work during the burst (in-memory fake, median of 3)${quick}`,
      });
    }
    rows.push({
      id: 'footprint.node.afterBursts.ms',
      value: round(median(runs.map((r) => r.afterMs))),
      unit: 'ms',
      better: 'lower',
      note: `the work the four bursts left for when they are over (indexing what they created and changed, compaction), in all (median of 3)${quick}`,
    });
    return rows;
  },
});
