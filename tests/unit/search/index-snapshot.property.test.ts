/**
 * The built index in a snapshot (src/search/index-snapshot.ts): built, cut into the snapshot's pieces, cloned as
 * IndexedDB would, joined and restored, it is the index it was written from: the same columns, maps and posting
 * lists (the written one sealed, as any query would), the same answers to random queries, and after the same further
 * edits (bookmarks, history, tags, removals that compact) still the same. Snapshots that do not fit are not restored.
 */
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../../scripts/prng.mjs';
import { indexHead, indexPiece, joinIndex, type IndexPiece } from '../../../src/search/index-snapshot';
import { LiveIndex } from '../../../src/search/live-index';
import { parseQuery } from '../../../src/search/parse-query';
import { SearchIndex, type DocStrings, type SnapshotRows } from '../../../src/search/search-index';
import { openSnapshotStore, type SnapshotStore } from '../../../src/search/snapshot-store';
import { createFakeBrowser } from '../../fakes/browser';
import { withHeldGetTree } from './held-tree';
import { HOSTS, phrase, query, TAGS, url, VOCABULARY } from './random-corpus';
import { randomEdit, type EditState } from './random-edits';

type FakeBrowser = ReturnType<typeof createFakeBrowser>['browser'];
const noTags = { all: async () => [] };

const FOLDERS = [['Bookmarks Toolbar'], ['Bookmarks Menu', 'Dev'], ['Other Bookmarks', 'Café', 'Maps'], []];

/** A typed query, or now and then none (the newest bookmarks). */
const anyQuery = (rng: Rng) => (rng.chance(0.1) ? '' : query(rng));

type Internals = Record<string, unknown>;

/** Everything the index holds that answers or later edits read (sealed first; spare room of its arrays left out). */
function internals(index: SearchIndex): Internals {
  index.seal();
  const i = index as unknown as Record<string, never>;
  const count = i.count as number;
  const used = (i.tokenStart as Int32Array)[count]!;
  const docs = <T>(column: ArrayLike<T>) => Array.from({ length: count }, (_, d) => column[d]);
  return {
    count,
    alive: i.alive,
    kinds: docs(i.kinds as Uint8Array),
    keys: docs(i.keys as string[]),
    urls: docs(i.urls as string[]),
    titles: docs(i.titles as string[]),
    folderPaths: docs(i.folderPaths as string[][]),
    hosts: docs(i.hosts as string[]),
    dateAdded: docs(i.dateAdded as Float64Array),
    lastVisits: docs(i.lastVisits as Float64Array),
    staticScores: docs(i.staticScores as Int16Array),
    tokenStart: Array.from((i.tokenStart as Int32Array).subarray(0, count + 1)),
    tokenIds: Array.from((i.tokenIds as Int32Array).subarray(0, used)),
    tokenMasks: Array.from((i.tokenMasks as Uint8Array).subarray(0, used)),
    tokens: i.tokens,
    sortedIds: Array.from(i.sortedIds as Int32Array),
    pendingTokens: [...(i.pendingTokens as Map<string, number>)],
    postingStart: Array.from(i.postingStart as Int32Array),
    postings: Array.from(i.postings as Int32Array),
    extraPostings: [...(i.extraPostings as Map<number, number[]>)],
    byBookmarkId: [...(i.byBookmarkId as Map<string, number>)],
    historyByUrl: [...(i.historyByUrl as Map<string, number>)],
    // Only ever read by key: its order is not compared.
    bookmarksByUrl: [...(i.bookmarksByUrl as Map<string, number | number[]>)].sort(([a], [b]) => (a < b ? -1 : 1)),
    tagsByUrl: [...(i.tagsByUrl as Map<string, string[]>)],
    // Only read by key, or all of it at once (clearHistory): its order is not compared.
    visitsByUrl: [...(i.visitsByUrl as Map<string, number>)].sort(([a], [b]) => (a < b ? -1 : 1)),
  };
}

/**
 * What the live index writes: bookmark rows (here one per live bookmark, in the order asked for), history rows in
 * eachHistory's order, the tags, and the index cut into `pieces` pieces, all through a structured clone.
 */
function snapshotOf(index: SearchIndex, pieces: number) {
  const bookmarks: DocStrings[] = [];
  const rowOf = new Map<string, number>();
  const built = index.snapshotColumns((doc) => {
    if (!rowOf.has(doc.key)) {
      rowOf.set(doc.key, bookmarks.length);
      bookmarks.push({ ...doc, folders: [...doc.folders] });
    }
    return rowOf.get(doc.key);
  });
  expect(built).toBeDefined();
  const cut = Array.from({ length: pieces }, (_, k) => indexPiece(built!, k, pieces)!);
  const history = { urls: [] as string[], titles: [] as string[], visits: [] as number[], lastVisits: [] as number[] };
  for (const h of index.eachHistory()) {
    history.urls.push(h.url);
    history.titles.push(h.title);
    history.visits.push(h.visitCount);
    history.lastVisits.push(h.lastVisit);
  }
  const tagged = index.taggedUrls();
  return structuredClone({
    head: indexHead(built!, pieces),
    pieces: cut,
    bookmarks,
    history,
    tags: { urls: tagged.map(([u]) => u), tags: tagged.map(([, t]) => t) },
  });
}

type Snapshot = ReturnType<typeof snapshotOf>;

function rowsOf(s: Snapshot): SnapshotRows {
  // One folder-path array per distinct path, as the tree shares them.
  const paths = new Map<string, string[]>();
  return {
    bookmark: (row) => {
      const doc = s.bookmarks[row];
      if (!doc) return undefined;
      const key = JSON.stringify(doc.folders);
      if (!paths.has(key)) paths.set(key, doc.folders);
      return { ...doc, folders: paths.get(key)! };
    },
    history: s.history,
    tags: s.tags,
  };
}

const breathe = async () => undefined;

async function restore(s: Snapshot, pieces: readonly unknown[] = s.pieces, head: unknown = s.head): Promise<SearchIndex | undefined> {
  const columns = joinIndex(head, pieces);
  return columns && SearchIndex.fromSnapshot(columns, rowsOf(s), breathe);
}

/** A random edit, the same on every index given. */
function edit(rng: Rng, state: { ids: string[]; urls: string[]; next: number }, indexes: SearchIndex[]): void {
  const roll = rng.next();
  const all = (f: (index: SearchIndex) => void) => indexes.forEach(f);
  if (roll < 0.35 || state.ids.length === 0) {
    const id = rng.chance(0.8) || state.ids.length === 0 ? `b${state.next++}` : rng.pick(state.ids);
    const u = rng.chance(0.3) && state.urls.length ? rng.pick(state.urls) : url(rng);
    state.urls.push(u);
    const input = { id, url: u, title: phrase(rng, 5), folders: rng.pick(FOLDERS), dateAdded: rng.below(1e9) };
    all((index) => index.upsertBookmark({ ...input }));
    if (!state.ids.includes(id)) state.ids.push(id);
  } else if (roll < 0.5) {
    const u = rng.chance(0.5) && state.urls.length ? rng.pick(state.urls) : url(rng);
    state.urls.push(u);
    const input = { url: u, title: phrase(rng, 4), visitCount: rng.below(300), lastVisit: rng.below(1e9) };
    all((index) => index.upsertHistory(input));
  } else if (roll < 0.58 && state.urls.length) {
    const u = rng.pick(state.urls);
    const title = phrase(rng, 3);
    all((index) => index.retitleHistory(u, title));
  } else if (roll < 0.68 && state.urls.length) {
    const u = rng.pick(state.urls);
    const tags = Array.from({ length: rng.int(0, 2) }, () => rng.pick(TAGS));
    all((index) => index.setTags(u, tags));
  } else if (roll < 0.73 && state.urls.length) {
    const u = rng.pick(state.urls);
    all((index) => index.removeHistory(u));
  } else if (roll < 0.75) {
    all((index) => index.clearHistory());
  } else if (roll < 0.78) {
    // Many at once: a removed folder (compacts once at the end).
    const gone = state.ids.filter(() => rng.chance(0.6));
    state.ids = state.ids.filter((id) => !gone.includes(id));
    all((index) => index.removeBookmarks(gone));
  } else {
    const id = rng.pick(state.ids);
    state.ids = state.ids.filter((i) => i !== id);
    all((index) => index.removeBookmark(id));
  }
}

function expectSameAnswers(a: SearchIndex, b: SearchIndex, rng: Rng, label: string): void {
  for (let q = 0; q < 12; q++) {
    const text = anyQuery(rng);
    const limit = rng.pick([1, 5, 30, 10_000]);
    expect(b.query(parseQuery(text), limit), `${label}: "${text}" (limit ${limit})`).toEqual(a.query(parseQuery(text), limit));
  }
}

describe('the built index in a snapshot', () => {
  it('restores to the index it was written from, which it stays through the same further edits (60 seeded scripts)', async () => {
    for (let seed = 1; seed <= 60; seed++) {
      const rng = createRng(seed);
      const state = { ids: [] as string[], urls: [] as string[], next: 0 };
      const source = new SearchIndex();
      const steps = rng.int(0, seed % 10 === 0 ? 2500 : 250);
      for (let step = 0; step < steps; step++) edit(rng, state, [source]);
      const snapshot = snapshotOf(source, rng.int(1, 5));
      const restored = await restore(snapshot);
      expect(restored, `seed ${seed}`).toBeDefined();
      expect(internals(restored!), `seed ${seed}`).toEqual(internals(source));
      expectSameAnswers(source, restored!, rng, `seed ${seed}`);
      // The same edits on both: the restored index goes on as the written one (new documents, tombstones, compactions).
      for (let step = 0; step < 150; step++) {
        edit(rng, state, [source, restored!]);
        if (step % 50 === 49) expectSameAnswers(source, restored!, rng, `seed ${seed} step ${step}`);
      }
      expect(internals(restored!), `seed ${seed} after edits`).toEqual(internals(source));
    }
  });

  it('restores an empty index, and one with tombstones waiting for compaction', async () => {
    const empty = new SearchIndex();
    expect(internals((await restore(snapshotOf(empty, 1)))!)).toEqual(internals(empty));
    const index = new SearchIndex();
    index.withoutCompaction(() => {
      for (let i = 0; i < 1500; i++) index.upsertBookmark({ id: `b${i}`, url: `https://p${i}.example/`, title: `page ${i}`, folders: ['Menu'], dateAdded: i });
      for (let i = 0; i < 1400; i++) index.removeBookmark(`b${i}`);
    });
    const restored = (await restore(snapshotOf(index, 3)))!;
    expect(internals(restored)).toEqual(internals(index));
    // Both compact at the same moment and stay equal.
    expect(restored.compactIfDue()).toBe(index.compactIfDue());
    expect(internals(restored)).toEqual(internals(index));
    expect(restored.query(parseQuery('page 1499')).map((h) => h.id)).toEqual(['b1499']);
  });

  it('does not restore a snapshot that does not fit: another format, a missing, extra or damaged piece, rows that do not match', async () => {
    const rng = createRng(3);
    const state = { ids: [] as string[], urls: [] as string[], next: 0 };
    const source = new SearchIndex();
    for (let step = 0; step < 400; step++) edit(rng, state, [source]);
    const s = snapshotOf(source, 3);
    expect(await restore(s)).toBeDefined();
    const damaged = (change: (piece: IndexPiece) => void, at = 1) =>
      s.pieces.map((p, k) => {
        const copy = structuredClone(p);
        if (k === at) change(copy);
        return copy;
      });

    // Another format (a version that cuts text into words differently).
    expect(await restore(s, s.pieces, { ...s.head, format: s.head.format + ' changed' })).toBeUndefined();
    // Partial: a piece missing, or one too many.
    expect(await restore(s, s.pieces.slice(0, 2))).toBeUndefined();
    expect(await restore(s, [...s.pieces, s.pieces[2]])).toBeUndefined();
    expect(await restore(s, [s.pieces[0], s.pieces[2], s.pieces[1]])).toBeUndefined();
    // Damaged pieces: wrong types, lengths, ranges, token order.
    expect(
      await restore(
        s,
        damaged((p) => ((p as unknown as { kinds: number[] }).kinds = Array.from(p.kinds))),
      ),
    ).toBeUndefined();
    expect(
      await restore(
        s,
        damaged((p) => (p.tokenIds = p.tokenIds.slice(1))),
      ),
    ).toBeUndefined();
    expect(
      await restore(
        s,
        damaged((p) => (p.tokenIds[0] = 1e6)),
      ),
    ).toBeUndefined();
    expect(
      await restore(
        s,
        damaged((p) => (p.tokenMasks[0] = 0)),
      ),
    ).toBeUndefined();
    expect(
      await restore(
        s,
        damaged((p) => p.tokens.reverse()),
      ),
    ).toBeUndefined();
    expect(
      await restore(
        s,
        damaged((p) => (p.tokens[0] = ''), 0),
      ),
    ).toBeUndefined();
    expect(
      await restore(
        s,
        damaged((p) => (p.kinds[0] = 3), 0),
      ),
    ).toBeUndefined();
    const live = s.pieces.findIndex((p) => p.refs.some((r) => r >= 0));
    expect(
      await restore(
        s,
        damaged((p) => (p.refs[p.refs.findIndex((r) => r >= 0)] = 1e6), live),
      ),
    ).toBeUndefined();
    expect(
      await restore(
        s,
        damaged((p) => (p.refs[p.refs.findIndex((r) => r >= 0)] = -1), live),
      ),
    ).toBeUndefined();
    expect(
      await restore(
        s,
        damaged((p) => (p.staticScores[0] = 2000), 0),
      ),
    ).toBeUndefined();
    // Rows that are not the ones the index was written with: a bookmark row gone, a history row more or less.
    const fewerBookmarks = { ...s, bookmarks: s.bookmarks.slice(0, -1) };
    expect(await restore(fewerBookmarks)).toBeUndefined();
    const moreHistory = { ...s, history: { ...s.history, urls: [...s.history.urls, 'https://more.example/'], lastVisits: [...s.history.lastVisits, 0] } };
    expect(await restore(moreHistory)).toBeUndefined();
    const changedVisit = { ...s, history: { ...s.history, lastVisits: s.history.lastVisits.map((v) => v + 1) } };
    expect(s.history.urls.length).toBeGreaterThan(0);
    expect(await restore(changedVisit)).toBeUndefined();
  });
});

describe('LiveIndex restores its built index from the snapshot', () => {
  /** Bookmark and history events of the fake to the live index, as the search feature wires them. */
  function wire(live: LiveIndex, browser: FakeBrowser) {
    browser.bookmarks.onCreated.addListener((_id, node) => live.onBookmarkCreated(node));
    browser.bookmarks.onChanged.addListener((id, change) => live.onBookmarkChanged(id, change));
    browser.bookmarks.onMoved.addListener((id, move) => live.onBookmarkMoved(id, move.parentId, move));
    browser.bookmarks.onRemoved.addListener((id, info) => live.onBookmarkRemoved(id, info));
    browser.history.onVisited.addListener((item) => live.onVisited(item));
    browser.history.onVisitRemoved.addListener((removed) => live.onVisitRemoved(removed));
  }

  async function randomChanges(browser: FakeBrowser, live: LiveIndex[], rng: Rng, state: EditState, steps: number) {
    for (let step = 0; step < steps; step++) {
      state.step++;
      const roll = rng.below(20);
      if (roll < 14) await randomEdit(browser.bookmarks, rng.below, { ...state, op: state.items.length < 4 ? 0 : rng.below(10) });
      else if (roll < 17) await browser.history.addUrl({ url: `https://h${rng.below(30)}.example/${rng.pick(VOCABULARY)}`, title: phrase(rng, 3) });
      else if (roll < 18) await browser.history.deleteUrl({ url: `https://h${rng.below(30)}.example/${rng.pick(VOCABULARY)}` });
      else {
        const url = `https://h${rng.below(30)}.example/${rng.pick(VOCABULARY)}`;
        const tags = Array.from({ length: rng.int(0, 2) }, () => rng.pick(TAGS));
        for (const l of live) l.onTagsChanged([{ url, tags }]);
      }
    }
  }

  it('after random edits (bookmarks, folders, history, tags): the same index as the one written; later edits find the same', async () => {
    for (let seed = 1; seed <= 6; seed++) {
      const rng = createRng(seed * 101);
      const { browser } = createFakeBrowser();
      const snapshots = openSnapshotStore(`tidymarks-search-test-restore-${seed}`);
      const folders = ['toolbar_____', 'menu________', 'unfiled_____'];
      const state: EditState = { folders, items: [], roots: 3, step: 0, op: 0, updates: true, hosts: HOSTS };
      const first = new LiveIndex(browser, noTags, snapshots);
      wire(first, browser);
      await first.ready();
      await randomChanges(browser, [first], rng, state, 150);
      await first.saveNow();

      // A new event page: its index comes from the snapshot, restored; Firefox is read behind it (held here).
      const { slow, releaseTree } = withHeldGetTree(browser);
      const second = new LiveIndex(slow, noTags, snapshots);
      wire(second, browser);
      expect((await second.ready()).source).toBe('snapshot');
      expect(second.timings.snapshotIndexRestored, `seed ${seed}`).toBe(true);
      expect(internals(second.index), `seed ${seed}`).toEqual(internals(first.index));
      expectSameAnswers(first.index, second.index, rng, `seed ${seed}`);
      // Later events reach both. The tree from the snapshot lists a folder's children in row order, not Firefox's
      // (as before the index was kept): bookmarks a folder change makes stale are indexed again in another order, so
      // their document ids, which only break ties between equal scores, may differ. Everything else is the same.
      await randomChanges(browser, [first, second], rng, state, 60);
      for (let q = 0; q < 12; q++) {
        const text = anyQuery(rng);
        const found = (index: SearchIndex) => index.query(parseQuery(text), 10_000).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.kind < b.kind ? -1 : 1));
        expect(found(second.index), `seed ${seed} after edits: "${text}"`).toEqual(found(first.index));
      }
      releaseTree();
      await second.whenFresh();
      await snapshots.clear();
    }
  });

  it('a snapshot with a damaged index piece is built from its rows instead (never trusted), then from Firefox', async () => {
    const { browser } = createFakeBrowser();
    const folder = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Reading' });
    for (let i = 0; i < 50; i++) await browser.bookmarks.create({ parentId: folder.id, title: `Page ${i} rust`, url: `https://p${i}.example/` });
    const store = openSnapshotStore('tidymarks-search-test-restore-damaged');
    // Writes go through as they are, but with the tokens of each index piece reversed (in the wrong order).
    const snapshots: SnapshotStore = {
      ...store,
      write: (head, parts) =>
        store.write(head, {
          next: () => {
            const next = parts.next();
            if (!next.done && next.value.index) next.value.index.tokens.reverse();
            return next;
          },
        }),
    };
    const first = new LiveIndex(browser, noTags, snapshots);
    await first.ready();
    await first.saveNow();
    const second = new LiveIndex(browser, noTags, store);
    expect((await second.ready()).source).toBe('snapshot');
    expect(second.timings.snapshotIndexRestored).toBe(false);
    expect(second.index.query(parseQuery('page 7 rust')).map((h) => h.url)).toEqual(['https://p7.example/']);
    await second.whenFresh();
    expect(second.index.query(parseQuery('rust')).length).toBe(50);
    await store.clear();
  });
});
