/**
 * The index keeps its documents in columns and its posting lists packed in typed arrays (src/search/search-index.ts).
 * Against the object-per-document index it replaced (reference/search-index-objects.ts): the same edits on random
 * corpora (bookmarks, history, tags, removals, retitles, enough removals to compact) give the same results, hit for
 * hit (ids, kinds, texts, folders, tags, visits, dates and scores), for random typed queries and filters.
 */
import { describe, expect, it, vi } from 'vitest';
import { createRng, type Rng } from '../../../scripts/prng.mjs';
import { parseQuery } from '../../../src/search/parse-query';
import { SearchIndex } from '../../../src/search/search-index';
import { SearchIndex as ObjectIndex } from './reference/search-index-objects';

const VOCABULARY = 'rust guide rusty trust react reactor preact pasta pastry page pages paint café cafe über uber mozilla moz map maps news'.split(' ');
const HOSTS = ['a.example', 'rust.example', 'news.example.org', 'sub.news.example.org', 'maps.example', 'xn--caf-dma.example'];
const TAGS = ['work', 'Read later', 'rust', 'Café', 'news'];

function phrase(rng: Rng, max: number): string {
  return Array.from({ length: rng.int(0, max) }, () => rng.pick(VOCABULARY) + (rng.chance(0.2) ? String(rng.below(50)) : '')).join(' ');
}

function url(rng: Rng): string {
  return `https://${rng.pick(HOSTS)}/${phrase(rng, 3).replace(/ /g, '/')}${rng.chance(0.3) ? `?q=${rng.pick(VOCABULARY)}` : ''}`;
}

function query(rng: Rng): string {
  const parts = Array.from({ length: rng.int(1, 3) }, () => {
    const word = rng.pick(VOCABULARY);
    return word.slice(0, rng.int(1, word.length));
  });
  if (rng.chance(0.15)) parts.push(`#${rng.pick(TAGS).split(' ')[0]!.toLowerCase()}`);
  if (rng.chance(0.15)) parts.push(`site:${rng.pick(HOSTS)}`);
  if (rng.chance(0.05)) return parts.slice(-1).join(' ');
  return parts.join(' ');
}

/** One seeded script of edits applied to both indexes, with queries checked along the way. */
function runScript(seed: number, steps: number) {
  const rng = createRng(seed);
  // A low threshold sends one-word queries down the static-order walk too.
  const threshold = rng.chance(0.5) ? 20 : undefined;
  const columns = new SearchIndex({ staticScanThreshold: threshold });
  const objects = new ObjectIndex({ staticScanThreshold: threshold });
  const both = (edit: (index: SearchIndex | ObjectIndex) => void) => {
    edit(columns);
    edit(objects);
  };
  const bookmarkIds: string[] = [];
  const urls: string[] = [];
  let nextId = 0;
  let queries = 0;
  const check = () => {
    const text = query(rng);
    const limit = rng.pick([1, 5, 30, 10_000]);
    expect(columns.query(parseQuery(text), limit), `seed ${seed}: "${text}" (limit ${limit})`).toEqual(objects.query(parseQuery(text), limit));
    queries++;
  };
  for (let step = 0; step < steps; step++) {
    const roll = rng.next();
    if (roll < 0.4 || bookmarkIds.length === 0) {
      const id = rng.chance(0.8) || bookmarkIds.length === 0 ? `b${nextId++}` : rng.pick(bookmarkIds);
      const u = rng.chance(0.3) && urls.length ? rng.pick(urls) : url(rng);
      urls.push(u);
      if (!bookmarkIds.includes(id)) bookmarkIds.push(id);
      const input = { id, url: u, title: phrase(rng, 4), folders: [phrase(rng, 2), phrase(rng, 1)].filter(Boolean), dateAdded: rng.below(1000) };
      both((index) => index.upsertBookmark(input));
    } else if (roll < 0.6) {
      const id = bookmarkIds.splice(rng.below(bookmarkIds.length), 1)[0]!;
      both((index) => index.removeBookmark(id));
    } else if (roll < 0.75) {
      const u = rng.chance(0.5) && urls.length ? rng.pick(urls) : url(rng);
      urls.push(u);
      const input = { url: u, title: phrase(rng, 3), visitCount: rng.below(40), lastVisit: rng.below(1000) };
      both((index) => index.upsertHistory(input));
    } else if (roll < 0.8 && urls.length) {
      const u = rng.pick(urls);
      const title = phrase(rng, 3);
      both((index) => index.retitleHistory(u, title));
    } else if (roll < 0.85 && urls.length) {
      const u = rng.pick(urls);
      both((index) => index.removeHistory(u));
    } else if (roll < 0.95 && urls.length) {
      const u = rng.pick(urls);
      const tags = rng.sample(TAGS, rng.int(0, 2));
      both((index) => index.setTags(u, tags));
    } else if (roll < 0.955) {
      both((index) => index.clearHistory());
    } else if (roll < 0.96) {
      columns.seal();
    } else check();
  }
  for (let i = 0; i < 40; i++) check();
  expect(columns.size).toEqual(objects.size);
  expect(columns.historyEntries()).toEqual(objects.historyEntries());
  expect(columns.allTags()).toEqual(objects.allTags());
  for (const u of urls.slice(0, 50)) expect(columns.bookmarkIdsOf(u)).toEqual(objects.bookmarkIdsOf(u));
  return queries;
}

describe('the columnar search index against the object index it replaced', () => {
  it('gives the same results after the same edits, on 40 seeded random scripts', () => {
    let queries = 0;
    for (let seed = 1; seed <= 40; seed++) queries += runScript(seed, 400);
    expect(queries).toBeGreaterThan(40 * 40);
  });

  it('gives the same results through compactions (thousands of removals)', () => {
    // 6,000 steps remove well over a thousand documents: both indexes compact and renumber.
    const compactions = vi.spyOn(SearchIndex.prototype as unknown as { compact(): void }, 'compact');
    runScript(1001, 6000);
    runScript(1002, 6000);
    expect(compactions).toHaveBeenCalled();
    compactions.mockRestore();
  }, 60_000);
});
