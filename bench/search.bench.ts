/**
 * Search as you type:
 *  - search.node.200k.p95.ms: one keystroke's query (parse + ranked top 30) over 100,000 bookmarks + 100,000
 *    history entries (bench/search-corpus.ts: Zipf-distributed English and technical words, 4,000 hosts, folder
 *    paths, visit counts), queries are every typed prefix of one or two corpus words. Bar: at most 10 ms.
 *  - search.node.200k.speedupVsMinisearch: p95 of minisearch (prefix, AND, title boost; same documents, same
 *    queries, same run, alternating which goes first) / our p95. Bar: at least 3.
 *  - search.firefox.15k.p95.ms: the 'search.query' request from an extension page to the background and back,
 *    10,000 bookmarks + 5,000 history entries in real Firefox, same kind of keystroke queries, all of them before
 *    and again after the native block (never interleaved with it). Bar: at most 15 ms.
 *  - search.firefox.15k.speedupVsNative: p95 of browser.bookmarks.search(text) for the same texts, same page,
 *    same run / our p95. Bar: at least 3.
 *  - search.firefox.15k.indexLoadMs: the first query after the background started (rebuild of the index from
 *    getTree + history.search + the tag store, then the query).
 *  - search.firefox.15k.fetchTreeHistoryMs vs search.firefox.15k.readPersistedMs: what a rebuild must read from
 *    Firefox against reading the same documents back from IndexedDB (one record of columnar arrays), both from an
 *    extension page: the measurement behind "rebuild, do not persist" (src/search/live-index.ts).
 */
import MiniSearch from 'minisearch';
import { parseQuery } from '../src/search/parse-query';
import { SearchIndex } from '../src/search/search-index';
import { makeCorpus, makeQueries, type CorpusBookmark } from './search-corpus';
import { seedHtml, type SeedFolder } from './lib/seed-html';
import { p95, round } from './lib/stats';
import { defineSuite, type BenchRow } from './lib/types';

const LIMIT = 30;

/** The corpus' bookmarks as nested seed folders under one top folder (Firefox imports them into the menu). */
export function corpusSeed(bookmarks: readonly CorpusBookmark[]): SeedFolder {
  const top: SeedFolder = { title: 'Library', folders: [], bookmarks: [] };
  const byPath = new Map<string, SeedFolder>();
  for (const b of bookmarks) {
    let parent = top;
    let key = '';
    for (const name of b.folders.slice(1)) {
      key += '/' + name;
      let folder = byPath.get(key);
      if (!folder) {
        folder = { title: name, folders: [], bookmarks: [] };
        byPath.set(key, folder);
        parent.folders!.push(folder);
      }
      parent = folder;
    }
    parent.bookmarks!.push({ title: b.title, url: b.url });
  }
  return top;
}

function nodeRows(quick: boolean, log: (m: string) => void): BenchRow[] {
  const size = quick ? 20_000 : 100_000;
  const { bookmarks, history } = makeCorpus(size, size);
  // minisearch needs up to seconds for a one-letter prefix over 200k documents on a busy machine: 200 queries.
  const queries = makeQueries(quick ? 100 : 200);

  log(`node: indexing ${size} bookmarks + ${size} history entries`);
  let t = performance.now();
  const index = new SearchIndex();
  for (const b of bookmarks) index.upsertBookmark(b);
  for (const h of history) index.upsertHistory(h);
  const buildMs = performance.now() - t;

  log('node: indexing the same documents in minisearch');
  t = performance.now();
  const mini = new MiniSearch<{ id: string; title: string; url: string; folders: string }>({
    fields: ['title', 'url', 'folders'],
    searchOptions: { prefix: true, combineWith: 'AND', boost: { title: 2 } },
  });
  mini.addAll([
    ...bookmarks.map((b) => ({ id: b.id, title: b.title, url: b.url, folders: b.folders.join(' ') })),
    ...history.map((h, i) => ({ id: `h${i}`, title: h.title, url: h.url, folders: '' })),
  ]);
  const miniBuildMs = performance.now() - t;

  // Warm both up, then measure every query alternating which engine goes first.
  for (const q of queries.slice(0, 20)) {
    index.query(parseQuery(q), LIMIT);
    mini.search(q).slice(0, LIMIT);
  }
  const ours: number[] = [];
  const theirs: number[] = [];
  let hits = 0;
  // Each engine runs all queries in a block (so one's garbage does not land in the other's timings); ours runs
  // before and after minisearch, minisearch once (it is slow enough that one round dominates the run time).
  log(`node: ${queries.length} keystroke queries, ours twice around one minisearch round`);
  const runOurs = () => {
    for (const q of queries) {
      const s = performance.now();
      hits += index.query(parseQuery(q), LIMIT).length;
      ours.push(performance.now() - s);
    }
  };
  const runTheirs = () => {
    for (const q of queries) {
      const s = performance.now();
      mini.search(q).slice(0, LIMIT);
      theirs.push(performance.now() - s);
    }
  };
  runOurs();
  runTheirs();
  runOurs();
  hits /= 2;
  const label = `${size / 1000}k bookmarks + ${size / 1000}k history`;
  return [
    {
      id: 'search.node.200k.p95.ms',
      value: round(p95(ours), 3),
      unit: 'ms',
      better: 'lower',
      note: `p95 of ${queries.length} keystroke queries (top ${LIMIT}, avg ${round(hits / queries.length, 1)} hits) over ${label}; index built in ${Math.round(buildMs)} ms`,
      bar: { max: 10 },
    },
    {
      id: 'search.node.200k.speedupVsMinisearch',
      value: round(p95(theirs) / p95(ours), 2),
      unit: 'x',
      better: 'higher',
      note: `minisearch p95 ${round(p95(theirs), 2)} ms / ours ${round(p95(ours), 3)} ms, same data and queries, same run (minisearch built in ${Math.round(miniBuildMs)} ms)`,
      bar: { min: 3 },
    },
  ];
}

export default defineSuite({
  name: 'search',
  async run(ctx) {
    const rows = nodeRows(ctx.quick, ctx.log);

    const bookmarkCount = ctx.quick ? 2_000 : 10_000;
    const historyCount = ctx.quick ? 1_000 : 5_000;
    // The history half that repeats bookmarked pages is replaced by fresh pages, so 5k distinct history entries stay.
    const corpus = makeCorpus(bookmarkCount, historyCount, 99);
    const ff = await ctx.firefox({ seedHtml: seedHtml([corpusSeed(corpus.bookmarks)]), seedCount: bookmarkCount });
    const page = await ff.harness();
    // Round trips of the cheapest request: the floor under every row below, taken before anything is seeded.
    const pingMedian = () =>
      page.evaluate(async () => {
        const times: number[] = [];
        for (let i = 0; i < 40; i++) {
          const t = performance.now();
          await window.tm.client.call('core.ping', {});
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        return times[20]!;
      });
    const baselinePing = await pingMedian();
    ctx.log(`firefox: adding ${historyCount} history entries`);
    await page.evaluate(
      async (entries: { url: string; title: string; visitCount: number }[]) => {
        const b = window.tm.browser;
        for (let i = 0; i < entries.length; i += 50) {
          await Promise.all(entries.slice(i, i + 50).map((e) => b.history.addUrl({ url: e.url, title: e.title, visitTime: Date.now() - 60_000 * (i + 1) })));
        }
      },
      corpus.history.map(({ url, title, visitCount }) => ({ url, title, visitCount })),
    );

    ctx.log('firefox: first query (index rebuild)');
    const indexLoadMs = await page.evaluate(async () => {
      const t = performance.now();
      await window.tm.client.call('search.query', { text: 'first' });
      return performance.now() - t;
    });

    // Keystrokes are measured on a settled Firefox. Right after the seeding Firefox works on its own for several
    // seconds (measured: the median ping was about 5 ms for 5-10 s after the 5,000 addUrl calls, 1 ms before and
    // after), and the first second after the index build answers slower too (up to 59 ms, the build's garbage being
    // collected; the cold popup row covers that moment). So: three pings medians in a row, one second apart, back
    // within 0.5 ms of the one before the seeding (at most 30 s).
    const settleStarted = Date.now();
    let calm = 0;
    let settled = baselinePing;
    while (calm < 3 && Date.now() - settleStarted < 30_000) {
      await new Promise((r) => setTimeout(r, 1000));
      settled = await pingMedian();
      calm = settled <= baselinePing + 0.5 ? calm + 1 : 0;
    }
    const settleMs = Date.now() - settleStarted;
    ctx.log(`firefox: ping median ${baselinePing} ms before the seeding, ${settled} ms after ${Math.round(settleMs / 1000)} s of settling`);

    const queries = makeQueries(ctx.quick ? 60 : 200, 21);
    ctx.log('firefox: keystroke queries, ours, then browser.bookmarks.search, then ours again');
    const measured = await page.evaluate(async (texts: string[]) => {
      const { client, browser } = window.tm;
      let t = 0;
      const ours: number[] = [];
      const native: number[] = [];
      // In blocks, ours before and after the native one (as in the node rows). Interleaved, our request right after
      // a native search was slow (p95 39-54 ms interleaved vs 7-12 ms in blocks, same profile, same machine): most
      // likely the collection of the native search's results (thousands of nodes for a one-letter word).
      for (const text of texts) {
        t = performance.now();
        await client.call('search.query', { text });
        ours.push(performance.now() - t);
      }
      for (const text of texts) {
        t = performance.now();
        await browser.bookmarks.search(text);
        native.push(performance.now() - t);
      }
      // Let the native block's garbage be collected before ours runs again.
      await new Promise((r) => setTimeout(r, 1000));
      for (const text of texts) {
        t = performance.now();
        await client.call('search.query', { text });
        ours.push(performance.now() - t);
      }
      return { ours, native };
    }, queries);

    ctx.log('firefox: reading what a rebuild needs vs reading a persisted copy from IndexedDB');
    // No named inner functions in evaluated code: the bench runner's transpiler would wrap them in a helper the page lacks.
    const persist = await page.evaluate(async () => {
      const { browser } = window.tm;
      let t = performance.now();
      const [tree, history] = await Promise.all([browser.bookmarks.getTree(), browser.history.search({ text: '', startTime: 0, maxResults: 50_000 })]);
      const fetchMs = performance.now() - t;
      const ids: string[] = [];
      const urls: string[] = [];
      const titles: string[] = [];
      const parents: string[] = [];
      const stack = [...tree];
      while (stack.length) {
        const n = stack.pop()!;
        if (n.url) {
          ids.push(n.id);
          urls.push(n.url);
          titles.push(n.title);
          parents.push(n.parentId ?? '');
        }
        if (n.children) stack.push(...n.children);
      }
      const snapshot = {
        ids,
        urls,
        titles,
        parents,
        historyUrls: history.map((h) => h.url ?? ''),
        historyTitles: history.map((h) => h.title ?? ''),
        visits: history.map((h) => h.visitCount ?? 0),
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('tidymarks-bench-persist', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('s');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('s', 'readwrite');
        tx.objectStore('s').put(snapshot, 'snapshot');
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      t = performance.now();
      const again = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('tidymarks-bench-persist', 1);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      await new Promise<unknown>((resolve, reject) => {
        const req = again.transaction('s').objectStore('s').get('snapshot');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const readMs = performance.now() - t;
      again.close();
      indexedDB.deleteDatabase('tidymarks-bench-persist');
      // The index rebuild itself, as the background does it (LiveIndex over this page's browser and no tags).
      const noTags = {} as { all(): Promise<never[]> };
      noTags.all = () => Promise.resolve([]); // assigned, not defined in a literal: no function name to keep
      const live = new window.tm.search.LiveIndex(browser, noTags);
      const stats = await live.ready();
      return { fetchMs, readMs, bookmarks: ids.length, history: history.length, rebuildMs: stats.ms };
    });

    const label = `${bookmarkCount / 1000}k bookmarks + ${historyCount / 1000}k history`;
    rows.push(
      {
        id: 'search.firefox.15k.p95.ms',
        value: round(p95(measured.ours), 2),
        unit: 'ms',
        better: 'lower',
        note: `p95 of ${2 * queries.length} 'search.query' round trips page -> background -> page over ${label} (the queries twice: before and after the native block; measured once the ping round trip was back to its pre-seeding ${baselinePing} ms median, ${Math.round(settleMs / 1000)} s after the history seeding)`,
        bar: { max: 15 },
      },
      {
        id: 'search.firefox.15k.speedupVsNative',
        value: round(p95(measured.native) / p95(measured.ours), 2),
        unit: 'x',
        better: 'higher',
        note: `browser.bookmarks.search p95 ${round(p95(measured.native), 2)} ms (bookmarks only) / ours ${round(p95(measured.ours), 2)} ms (bookmarks + history, ranked), same texts, same run`,
        bar: { min: 3 },
      },
      {
        id: 'search.firefox.15k.indexLoadMs',
        value: Math.round(indexLoadMs),
        unit: 'ms',
        better: 'lower',
        note: `first query after the background started: getTree + history.search + tag store, index build, query (${label})`,
      },
      {
        id: 'search.firefox.15k.rebuildMs',
        value: Math.round(persist.rebuildMs),
        unit: 'ms',
        better: 'lower',
        note: `LiveIndex.ready() in an extension page: getTree + history.search + building the index (${label})`,
      },
      {
        id: 'search.firefox.15k.fetchTreeHistoryMs',
        value: Math.round(persist.fetchMs),
        unit: 'ms',
        better: 'lower',
        note: `getTree + history.search as a rebuild reads them (${persist.bookmarks} bookmarks, ${persist.history} history entries)`,
      },
      {
        id: 'search.firefox.15k.readPersistedMs',
        value: Math.round(persist.readMs),
        unit: 'ms',
        better: 'lower',
        note: 'the same documents read back from IndexedDB as one record of columnar arrays (open + get), for the persist-or-rebuild choice',
      },
    );
    return rows;
  },
});
