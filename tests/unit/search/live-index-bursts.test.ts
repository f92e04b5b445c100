/**
 * A burst of bookmark events from someone else (Sync, another extension) reaches the search index in batches
 * (src/platform/bookmark-events.ts): each batch updates the tree mirror and removes what went from the index at once;
 * the words of what it created or changed are read, and the index compacted, once the burst is over, or before a
 * search, whichever comes first. What the index answers is what one built afresh from Firefox answers.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { LiveIndex } from '../../../src/search/live-index';
import { parseQuery } from '../../../src/search/parse-query';
import { SearchIndex } from '../../../src/search/search-index';
import { boot } from '../../kit/boot';
import { UNFILED_ID } from '../../../src/platform/browser';

const noTags = { all: async () => [] };
const WORDS = ['guide', 'recipe', 'news', 'docs', 'music'];

/** `n` bookmarks in folders of 50 under one folder of Other Bookmarks; their ids in tree order. */
async function seed(browser: Awaited<ReturnType<typeof boot>>['browser'], n: number): Promise<string[]> {
  const root = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Seeded' });
  const ids: string[] = [];
  let folder = '';
  for (let i = 0; i < n; i++) {
    if (i % 50 === 0) folder = (await browser.bookmarks.create({ parentId: root.id, title: `folder ${i / 50}` })).id;
    const word = WORDS[i % WORDS.length]!;
    ids.push((await browser.bookmarks.create({ parentId: folder, title: `${word} page ${i}`, url: `https://site${i % 97}.example/${word}/${i}` })).id);
  }
  return ids;
}

/** The background with `n` seeded bookmarks in a fresh index, nothing waiting; compactions counted from now on. */
async function booted(seedNo: number, n: number) {
  const env = await boot({ seed: seedNo });
  const ids = await seed(env.browser, n);
  await env.app.live.whenFresh();
  env.app.bookmarkEvents.flush();
  const compactions = vi.spyOn(SearchIndex.prototype as unknown as { compact(): void }, 'compact');
  onTestFinished(() => compactions.mockRestore());
  return { ...env, ids, compactions };
}

/** What a query answers, hit for hit (hits of equal score in id order: ties follow the index's own numbering). */
const answers = (index: SearchIndex, text: string) =>
  index
    .query(parseQuery(text), 5_000)
    .map((hit) => [hit.id, hit.score, hit.title, hit.url] as const)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

describe('the search index in a burst of bookmark events', () => {
  it('takes a burst of removals and edits in batches, compacts once it is over, and answers as an index built afresh', async () => {
    const { browser, app, ids, compactions } = await booted(17, 4_000);
    // 1,500 removals and 300 renames, read by the index every 100 events (as batches come during a long burst).
    for (let i = 0; i < 1_500; i++) {
      await browser.bookmarks.remove(ids[i]!);
      if (i < 300) await browser.bookmarks.update(ids[1_500 + i]!, { title: `renamed recipe ${i}` });
      if (i % 100 === 99) app.bookmarkEvents.flush();
    }
    app.bookmarkEvents.flush();
    // 1,800 dead documents against 2,500 live: without the burst rule the index would have compacted in the middle
    // of it (at over a quarter).
    expect(compactions).not.toHaveBeenCalled();
    const during = WORDS.map((word) => answers(app.live.index, word));
    // Once the burst is over, the tombstones go: one compaction.
    await vi.waitFor(() => expect(compactions).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(WORDS.map((word) => answers(app.live.index, word))).toEqual(during);

    // The same answers, hit for hit and score for score, as an index read afresh from Firefox.
    const fresh = new LiveIndex(browser, noTags);
    await fresh.ready();
    for (const [i, word] of WORDS.entries()) expect(during[i]).toEqual(answers(fresh.index, word));
    expect(answers(app.live.index, 'renamed')).toHaveLength(300);
    expect(app.live.index.size.bookmarks).toBe(2_500);
  });

  it('compacts inside a batch once the dead outnumber the live (memory stays bounded in a burst that never ends)', async () => {
    const { browser, app, ids, compactions } = await booted(18, 2_400);
    for (let i = 0; i < 1_000; i++) await browser.bookmarks.remove(ids[i]!);
    app.bookmarkEvents.flush();
    expect(compactions).not.toHaveBeenCalled();
    for (let i = 1_000; i < 1_300; i++) await browser.bookmarks.remove(ids[i]!);
    app.bookmarkEvents.flush();
    // 1,300 dead against 1,100 live.
    expect(compactions).toHaveBeenCalledTimes(1);
    expect(answers(app.live.index, 'guide')).toHaveLength(1_100 / WORDS.length);
  });

  it('indexes what a burst creates and renames once it is over, each bookmark once; a search in the middle finds it at once', async () => {
    const { browser, app, client } = await booted(19, 100);
    const upserts = vi.spyOn(SearchIndex.prototype, 'upsertBookmark');
    try {
      const ids: string[] = [];
      for (let i = 0; i < 500; i++) {
        ids.push((await browser.bookmarks.create({ parentId: UNFILED_ID, title: `burst ${i}`, url: `https://burst${i}.example/` })).id);
        if (i % 100 === 99) app.bookmarkEvents.flush();
      }
      // Renamed twice each while the burst goes on.
      for (const [i, id] of ids.slice(0, 100).entries()) {
        await browser.bookmarks.update(id, { title: `first name ${i}` });
        await browser.bookmarks.update(id, { title: `second name ${i}` });
      }
      app.bookmarkEvents.flush();
      // The batches reached the mirror (the toolbar button and the Places search read it) but no words were read yet.
      expect(app.live.tree.get(ids[0]!)?.title).toBe('second name 0');
      expect(upserts).not.toHaveBeenCalled();
      expect(app.live.staleCount).toBe(500);
      // Once the burst is over, each is indexed once.
      await vi.waitFor(() => expect(app.live.staleCount).toBe(0), { timeout: 10_000 });
      expect(upserts).toHaveBeenCalledTimes(500);
      expect(answers(app.live.index, 'second')).toHaveLength(100);
      expect(answers(app.live.index, 'first')).toEqual([]);

      // The next burst: a search right after a create finds it, without waiting for the burst to end.
      upserts.mockClear();
      for (let i = 0; i < 20; i++) await browser.bookmarks.create({ parentId: UNFILED_ID, title: `just made ${i}`, url: `https://made${i}.example/` });
      const { items } = await client.call('search.query', { text: 'just made' });
      expect(items.map((item) => item.title).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `just made ${i}`).sort());
      expect(upserts).toHaveBeenCalledTimes(20);
      expect(app.live.staleCount).toBe(0);
    } finally {
      upserts.mockRestore();
    }
  });
});
