/**
 * The index against a plain scan: every document whose every query word prefixes one of its words (title, URL host
 * and path, folders, tags) is found, and nothing else; and the fast paths (static-order walk, posting walks,
 * candidate checks) rank exactly like the plain posting walk.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeCorpus } from '../../../bench/search-corpus';
import { parseQuery } from '../../../src/search/parse-query';
import { SearchIndex } from '../../../src/search/search-index';
import { urlWords, words } from '../../../src/search/tokenize';

const { bookmarks, history } = makeCorpus(3000, 3000, 11);
const plain = new SearchIndex();
// A low threshold makes one-word queries take the static-order walk even on this small corpus.
const fast = new SearchIndex({ staticScanThreshold: 50 });
for (const index of [plain, fast]) {
  for (const b of bookmarks) index.upsertBookmark(b);
  for (const h of history) index.upsertHistory(h);
}
const bookmarkedUrls = new Set(bookmarks.map((b) => b.url));
const docWords = [
  ...bookmarks.map((b) => {
    const u = urlWords(b.url);
    return { id: b.id, tokens: [...words(b.title), ...u.host, ...u.path, ...b.folders.flatMap(words)] };
  }),
  ...history
    .filter((h) => !bookmarkedUrls.has(h.url))
    .map((h) => {
      const u = urlWords(h.url);
      return { id: h.url, tokens: [...words(h.title), ...u.host, ...u.path] };
    }),
];

function plainScan(text: string): Set<string> {
  const q = parseQuery(text);
  return new Set(docWords.filter((d) => q.words.every((w) => d.tokens.some((t) => t.startsWith(w)))).map((d) => d.id));
}

const vocabulary = [...new Set(bookmarks.flatMap((b) => words(b.title)))];
const typed = fc
  .array(
    fc.tuple(fc.constantFrom(...vocabulary), fc.integer({ min: 1, max: 8 })).map(([w, n]) => w.slice(0, n)),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join(' '));

describe('SearchIndex against a plain scan', () => {
  it('finds exactly the documents where every word prefixes one of their words', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const found = new Set(plain.query(parseQuery(text), 100_000).map((h) => h.id));
        expect(found).toEqual(plainScan(text));
      }),
      { numRuns: 60 },
    );
  }, 30_000);

  it('keeps the same top hits whichever internal path answers', () => {
    fc.assert(
      fc.property(typed, fc.integer({ min: 1, max: 40 }), (text, limit) => {
        const all = plain.query(parseQuery(text), 100_000);
        const top = fast.query(parseQuery(text), limit);
        expect(top.map((h) => h.score)).toEqual(all.slice(0, limit).map((h) => h.score));
      }),
      { numRuns: 150 },
    );
  });
});
