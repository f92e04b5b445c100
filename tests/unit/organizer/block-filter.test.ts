/**
 * The search string's block filter (src/organizer/block-filter.ts): a search that reads only the blocks whose
 * trigram sets hold every word finds exactly what a plain scan of every text finds, in the same order, on seeded
 * random corpora large enough for hundreds of blocks — rare words, common ones, words of one and two characters,
 * words that occur nowhere, several words, accents folded, a limit, and nodes changed since the string was built.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../scripts/prng.mjs';
import { BLOCK_CHARS, BlockFilterBuilder } from '../../../src/organizer/block-filter';
import { SearchCorpus } from '../../../src/organizer/search-corpus';
import { fold } from '../../../src/search/tokenize';

const SYLLABLES = ['ka', 'to', 'ri', 'mé', 'su', 'na', 'lo', 'qu', 'ex', 'zo', 'ï', 'b', '-', '/', '.', '1', '42', 'ß'];

function randomCorpus(seed: number, nodes: number) {
  const rng = createRng(seed);
  const word = () => Array.from({ length: rng.int(1, 5) }, () => rng.pick(SYLLABLES)).join('');
  const texts = new Map<string, string | null>();
  for (let i = 0; i < nodes; i++) {
    if (rng.chance(0.02)) texts.set(`n${i}`, null);
    else texts.set(`n${i}`, Array.from({ length: rng.int(1, 12) }, word).join(rng.chance(0.5) ? ' ' : '\n'));
  }
  return { rng, texts, word };
}

describe('block filter', () => {
  it('seeded random corpora: every search equals the plain scan, in order, whatever the words', () => {
    for (const seed of [1, 2, 3, 20261206]) {
      const { rng, texts, word } = randomCorpus(seed, 6_000);
      const corpus = new SearchCorpus(
        (id) => texts.get(id) ?? null,
        () => texts.keys(),
        fold,
      );
      corpus.buildNow();
      const ids = [...texts.keys()];
      // A piece of a random node's text: a word that occurs, often in a single node.
      const piece = () => {
        const text = fold(texts.get(rng.pick(ids)) ?? 'none');
        const at = rng.below(text.length);
        return text.slice(at, at + rng.int(1, 9)).trim() || 'x';
      };
      // The plain scan: every id (in the corpus's order) whose folded text holds every word.
      const folded = new Map([...texts].map(([id, text]) => [id, text === null ? null : fold(text)]));
      for (let q = 0; q < 300; q++) {
        const words = Array.from({ length: rng.int(1, 3) }, () => (rng.chance(0.6) ? piece() : fold(word()))).filter((w) => !/\s/.test(w));
        if (!words.length) continue;
        const expected = [...folded].filter(([, text]) => text !== null && words.every((w) => text.includes(w))).map(([id]) => id);
        expect(corpus.search(words, 100_000), `seed ${seed}: ${words.join(' | ')}`).toEqual(expected);
        expect(corpus.search(words, 3), `seed ${seed}, limit 3: ${words.join(' | ')}`).toEqual(expected.slice(0, 3));
      }
      // Changed nodes are checked from their text, not the blocks: a word only they hold is still found.
      texts.set('n5', 'qqqzzz brand new');
      corpus.invalidate('n5');
      texts.set('n4000', null);
      corpus.invalidate('n4000');
      expect(corpus.search(['qqqzzz'], 100)).toEqual(['n5']);
      expect(corpus.search(['brand', 'new'], 100)).toEqual(['n5']);
    }
  });

  it('a search during a sliced build finishes the rest without sets, and still equals the plain scan', async () => {
    const { rng, texts } = randomCorpus(77, 6_000);
    const corpus = new SearchCorpus(
      (id) => texts.get(id) ?? null,
      () => texts.keys(),
      fold,
    );
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const building = corpus.build(() => paused);
    const ids = [...texts.keys()];
    const folded = new Map([...texts].map(([id, text]) => [id, text === null ? null : fold(text)]));
    for (let q = 0; q < 100; q++) {
      // Pieces of nodes early in the string (in blocks with sets) and late (in the block without).
      const text = folded.get(ids[rng.below(ids.length)]!) ?? 'none';
      const at = rng.below(text.length);
      const words = [text.slice(at, at + rng.int(3, 8)).trim() || 'x'].filter((w) => !/\s/.test(w));
      if (!words.length) continue;
      const expected = [...folded].filter(([, t]) => t !== null && words.every((w) => t.includes(w))).map(([id]) => id);
      expect(corpus.search(words, 100_000), words.join(' | ')).toEqual(expected);
    }
    release();
    await building;
  });

  it('cuts the string into blocks at node boundaries and reads only blocks that may hold the words', () => {
    const builder = new BlockFilterBuilder();
    const node = 'x'.repeat(999);
    const starts: number[] = [];
    let length = 0;
    for (let i = 0; i < 40; i++) {
      const text = i === 25 ? `${node.slice(0, 500)}needle${node.slice(506)}` : node;
      starts.push(length);
      builder.addNode(length, text, 0, text.length);
      length += text.length + 1;
    }
    const filter = builder.finish(length);
    const ranges = filter.candidates(['needle'])!;
    // Nodes are 1,000 characters: a block is five nodes (it ends at the first node boundary at or after 4,096).
    expect(BLOCK_CHARS).toBe(4_096);
    expect(ranges).toEqual([starts[25]!, starts[30]!]);
    expect(filter.candidates(['xxx'])).toEqual([0, length]);
    expect(filter.candidates(['ab'])).toBeNull();
    expect(filter.candidates(['needle', 'nowhere'])).toEqual([]);
  });
});
