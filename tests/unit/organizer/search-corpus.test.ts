/**
 * The organizer's search string (src/organizer/search-corpus.ts): finds exactly the nodes whose text holds every
 * word, never a match across two nodes, and stays exact through changes, a sliced rebuild, and changes made while
 * that rebuild runs. A seeded random run compares every search with a plain filter over the current texts.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../scripts/prng.mjs';
import { nodeAt, REBUILD_AFTER_STALE, SearchCorpus } from '../../../src/organizer/search-corpus';
import { fold } from '../../../src/search/tokenize';

function corpusOver(texts: Map<string, string | null>) {
  return new SearchCorpus(
    (id) => texts.get(id) ?? null,
    () => texts.keys(),
  );
}

/** What a search must answer: every id whose current text holds every word. */
const expected = (texts: Map<string, string | null>, words: string[]) =>
  [...texts].filter(([, text]) => text !== null && words.every((w) => text.includes(w))).map(([id]) => id);

const sorted = (ids: string[]) => [...ids].sort();

describe('SearchCorpus', () => {
  it('finds the nodes holding every word, at most `limit`, and nothing that spans two nodes', () => {
    const texts = new Map<string, string | null>([
      ['a', 'release notes\nhttps://a.example/'],
      ['b', 'notes on travel\nhttps://b.example/'],
      ['c', 'travel guide\nhttps://c.example/'],
      ['root', null],
    ]);
    const corpus = corpusOver(texts);
    expect(sorted(corpus.search(['notes'], 100))).toEqual(['a', 'b']);
    expect(corpus.search(['travel', 'notes'], 100)).toEqual(['b']);
    expect(corpus.search(['notes'], 1)).toHaveLength(1);
    // "example/" ends a and "notes" begins b: joined they would read "example/notes".
    expect(corpus.search(['example/notes'], 100)).toEqual([]);
    expect(corpus.search(['nothing'], 100)).toEqual([]);
  });

  it('folds a whole slice at once and still maps every hit to its node: accents, case, a NUL in a title', () => {
    const texts = new Map<string, string | null>([
      ['a', 'Café Crème'],
      ['b', 'İstanbul guide'],
      ['c', 'nul\u0000inside'],
      ['d', 'ÉCOLE'],
      ['e', 'plain'],
    ]);
    const corpus = new SearchCorpus(
      (id) => texts.get(id) ?? null,
      () => texts.keys(),
      fold,
    );
    corpus.buildNow();
    expect(corpus.search(['creme'], 10)).toEqual(['a']);
    expect(corpus.search(['guide'], 10)).toEqual(['b']);
    expect(corpus.search(['inside'], 10)).toEqual(['c']);
    expect(corpus.search(['ecole'], 10)).toEqual(['d']);
    expect(corpus.search(['plain'], 10)).toEqual(['e']);
    expect(corpus.search(['guide', 'istanbul'], 10)).toEqual(['b']);
  });

  it('follows renames, removals and additions without a rebuild', () => {
    const texts = new Map<string, string | null>([
      ['a', 'apple'],
      ['b', 'banana'],
    ]);
    const corpus = corpusOver(texts);
    expect(corpus.search(['apple'], 100)).toEqual(['a']);
    texts.set('a', 'apricot');
    corpus.invalidate('a');
    texts.delete('b');
    corpus.invalidate('b');
    texts.set('c', 'apple pie');
    corpus.invalidate('c');
    expect(corpus.search(['apple'], 100)).toEqual(['c']);
    expect(corpus.search(['apricot'], 100)).toEqual(['a']);
    expect(corpus.search(['banana'], 100)).toEqual([]);
  });

  it('answers exactly while a sliced rebuild runs and after it, changes made during it included', async () => {
    const texts = new Map<string, string | null>();
    for (let i = 0; i < 12_000; i++) texts.set(`n${i}`, `item ${i} ${i % 2 ? 'odd' : 'even'}`);
    const corpus = corpusOver(texts);
    corpus.buildNow();
    // Enough changes to ask for a rebuild.
    for (let i = 0; i <= REBUILD_AFTER_STALE; i++) {
      texts.set(`n${i}`, `item ${i} changed`);
      corpus.invalidate(`n${i}`);
    }
    let pauses = 0;
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const building = corpus.build(async () => {
      pauses++;
      // Changes arrive while the rebuild is between slices: to nodes it has read already and to ones still ahead.
      for (const id of ['n10', 'n9000']) {
        texts.set(id, `${id} during`);
        corpus.invalidate(id);
      }
      for (const id of ['n20', 'n7001']) {
        texts.delete(id);
        corpus.invalidate(id);
      }
      await paused;
    });
    expect(sorted(corpus.search(['during'], 20_000))).toEqual(sorted(expected(texts, ['during'])));
    expect(sorted(corpus.search(['changed'], 20_000))).toEqual(sorted(expected(texts, ['changed'])));
    release();
    await building;
    expect(pauses).toBeGreaterThan(0);
    for (const words of [['during'], ['changed'], ['odd'], ['item', '20'], ['item', '7001'], ['even', '4000']]) {
      expect(sorted(corpus.search(words, 20_000))).toEqual(sorted(expected(texts, words)));
    }
  });

  it('a search during the first sliced build finishes the build at once, exactly, changes during it included', async () => {
    const texts = new Map<string, string | null>();
    for (let i = 0; i < 12_000; i++) texts.set(`n${i}`, `item ${i}`);
    const corpus = corpusOver(texts);
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const building = corpus.build(() => paused);
    // The first slice is folded; n1 (read already) and n11000 (not yet) change before the next.
    texts.set('n1', 'item 1 renamed');
    corpus.invalidate('n1');
    texts.set('n11000', 'item 11000 renamed');
    corpus.invalidate('n11000');
    expect(corpus.isBuilt).toBe(false);
    expect(sorted(corpus.search(['renamed'], 100))).toEqual(['n1', 'n11000']);
    expect(corpus.isBuilt).toBe(true);
    release();
    await building;
    expect(sorted(corpus.search(['renamed'], 100))).toEqual(['n1', 'n11000']);
    expect(corpus.search(['item', '11999'], 100)).toEqual(['n11999']);
  });

  it('nodeAt finds the node holding a position from any node at or before it, in the next node as far away', () => {
    // Nodes of lengths 3, 1, 5, 2, 4 ... (starts end with the total length).
    const lengths = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7) % 5));
    const starts = new Int32Array(lengths.length + 1);
    for (let i = 0; i < lengths.length; i++) starts[i + 1] = starts[i]! + lengths[i]!;
    for (let at = 0; at < starts[lengths.length]!; at++) {
      const node = starts.findLastIndex((start, k) => k < lengths.length && start <= at);
      for (const from of [0, Math.max(0, node - 1), node, Math.floor(node / 2)]) expect(nodeAt(starts, at, from), `at ${at} from ${from}`).toBe(node);
    }
  });

  it('seeded random edits: every search equals a plain filter over the current texts', () => {
    const random = createRng(20261204).next;
    const vocabulary = ['red', 'green', 'blue', 'api', 'docs', 'apple', 'app', 'é', 'x'];
    const phrase = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(' ');
    const texts = new Map<string, string | null>();
    for (let i = 0; i < 200; i++) texts.set(`n${i}`, phrase());
    const corpus = corpusOver(texts);
    let next = 200;
    for (let step = 0; step < 2_000; step++) {
      const r = random();
      const id = `n${Math.floor(random() * next)}`;
      if (r < 0.3) texts.set(id, phrase());
      else if (r < 0.45) texts.delete(id);
      else if (r < 0.6) texts.set(`n${next++}`, phrase());
      else if (r < 0.65) corpus.buildNow();
      else {
        const words = phrase().split(' ');
        expect(sorted(corpus.search(words, 10_000)), `step ${step}: ${words.join(' ')}`).toEqual(sorted(expected(texts, words)));
        continue;
      }
      corpus.invalidate(r < 0.45 || r >= 0.6 ? id : `n${next - 1}`);
    }
  });
});
