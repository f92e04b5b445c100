import { describe, expect, it, vi } from 'vitest';
import { parseQuery } from '../../../src/search/parse-query';
import { SearchIndex, type BookmarkInput } from '../../../src/search/search-index';

const bm = (id: string, title: string, url: string, folders: string[] = ['Other Bookmarks'], dateAdded = 1): BookmarkInput => ({
  id,
  title,
  url,
  folders,
  dateAdded,
});
const search = (index: SearchIndex, text: string, limit = 50) => index.query(parseQuery(text), limit).map((h) => h.id);

describe('SearchIndex', () => {
  it('matches typed prefixes of words in title, host, path, folder and tags', () => {
    const index = new SearchIndex();
    index.upsertBookmark(bm('t', 'Rustonomicon', 'https://a.example/'));
    index.upsertBookmark(bm('h', 'x', 'https://rustacean.example/'));
    index.upsertBookmark(bm('p', 'y', 'https://b.example/rustdoc/std'));
    index.upsertBookmark(bm('f', 'z', 'https://c.example/', ['Toolbar', 'Rusty things']));
    index.upsertBookmark(bm('g', 'w', 'https://d.example/'));
    index.setTags('https://d.example/', ['rustlang']);
    index.upsertBookmark(bm('n', 'Trust me', 'https://e.example/'));
    expect(search(index, 'rus').sort()).toEqual(['f', 'g', 'h', 'p', 't']);
  });

  it('requires every word to match', () => {
    const index = new SearchIndex();
    index.upsertBookmark(bm('1', 'Rust book', 'https://doc.rust-lang.org/book/', []));
    index.upsertBookmark(bm('2', 'Rust by example', 'https://doc.rust-lang.org/rust-by-example/', []));
    expect(search(index, 'rust boo')).toEqual(['1']);
    expect(search(index, 'rust nothing')).toEqual([]);
  });

  it('ranks title matches above URL matches, whatever the visits', () => {
    const index = new SearchIndex();
    index.upsertBookmark(bm('url', 'Something', 'https://kitchen.example/'));
    index.upsertBookmark(bm('title', 'Kitchen tips', 'https://x.example/'));
    index.upsertHistory({ url: 'https://kitchen.example/', title: 'Something', visitCount: 500, lastVisit: 5 });
    expect(search(index, 'kitch')).toEqual(['title', 'url']);
  });

  it('ranks bookmarks above history of equal relevance, and frequently visited higher', () => {
    const index = new SearchIndex();
    index.upsertHistory({ url: 'https://h1.example/', title: 'Garden notes', visitCount: 50, lastVisit: 1 });
    index.upsertHistory({ url: 'https://h2.example/', title: 'Garden plans', visitCount: 3, lastVisit: 1 });
    index.upsertBookmark(bm('b1', 'Garden journal', 'https://b1.example/'));
    index.upsertBookmark(bm('b2', 'Garden tools', 'https://b2.example/'));
    index.upsertHistory({ url: 'https://b2.example/', title: 'Garden tools', visitCount: 9, lastVisit: 1 });
    expect(search(index, 'gard')).toEqual(['b2', 'b1', 'https://h1.example/', 'https://h2.example/']);
  });

  it('shows a bookmarked URL once, as the bookmark carrying the visit count', () => {
    const index = new SearchIndex();
    index.upsertHistory({ url: 'https://a.example/', title: 'Alpha', visitCount: 7, lastVisit: 10 });
    index.upsertBookmark(bm('b', 'Alpha', 'https://a.example/'));
    const hits = index.query(parseQuery('alpha'));
    expect(hits.map((h) => [h.kind, h.id, h.visitCount])).toEqual([['bookmark', 'b', 7]]);
    index.removeBookmark('b');
    expect(index.query(parseQuery('alpha')).map((h) => h.kind)).toEqual(['history']);
  });

  it('keeps up with updates and removals without rebuilding', () => {
    const index = new SearchIndex();
    index.upsertBookmark(bm('1', 'Old title', 'https://a.example/'));
    index.upsertBookmark(bm('1', 'New title', 'https://a.example/'));
    expect(search(index, 'old')).toEqual([]);
    expect(search(index, 'new')).toEqual(['1']);
    index.removeBookmark('1');
    expect(search(index, 'new')).toEqual([]);
    expect(index.size).toEqual({ bookmarks: 0, history: 0 });
  });

  it('stays correct across compaction after many updates', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 3000; i++) index.upsertBookmark(bm(`b${i}`, `item ${i} alpha`, `https://x${i}.example/`));
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3000; i += 2) index.upsertBookmark(bm(`b${i}`, `item ${i} beta${round}`, `https://x${i}.example/`));
    }
    expect(search(index, 'alpha', 5000)).toHaveLength(1500);
    expect(search(index, 'beta2', 5000)).toHaveLength(1500);
    expect(search(index, 'beta0', 5000)).toHaveLength(0);
    expect(search(index, '2999 alpha')).toEqual(['b2999']);
  });

  it('forgets a removed folder’s bookmarks at once: the same answers as one at a time, compacted once', () => {
    const fill = () => {
      const index = new SearchIndex();
      for (let i = 0; i < 8000; i++) index.upsertBookmark(bm(`b${i}`, `item ${i} ${i < 2000 ? 'kept' : 'gone'}`, `https://x${i % 4000}.example/`));
      index.seal();
      return index;
    };
    const gone = Array.from({ length: 6000 }, (_, i) => `b${2000 + i}`);
    const single = fill();
    for (const id of gone) single.removeBookmark(id);
    const bulk = fill();
    const compact = vi.spyOn(bulk as unknown as { compact: () => void }, 'compact');
    bulk.removeBookmarks(gone);
    // One at a time, the tombstones were compacted away several times over; at once, once at the end.
    expect(compact).toHaveBeenCalledTimes(1);
    expect(bulk.size).toEqual({ bookmarks: 2000, history: 0 });
    for (const text of ['kept', 'gone', 'item 1999', 'x3999', 'item']) expect(search(bulk, text, 10_000)).toEqual(search(single, text, 10_000));
    expect(search(bulk, 'kept', 10_000)).toHaveLength(2000);
  });

  it('filters by #tag (exact, case-insensitive) and combines with words', () => {
    const index = new SearchIndex();
    index.upsertBookmark(bm('1', 'Pasta recipe', 'https://a.example/'));
    index.upsertBookmark(bm('2', 'Pizza recipe', 'https://b.example/'));
    index.upsertHistory({ url: 'https://c.example/', title: 'Bread recipe', visitCount: 1, lastVisit: 1 });
    index.setTags('https://a.example/', ['Cooking']);
    index.setTags('https://c.example/', ['cooking', 'later']);
    expect(search(index, '#cooking').sort()).toEqual(['1', 'https://c.example/']);
    expect(search(index, '#COOKING bread')).toEqual(['https://c.example/']);
    expect(search(index, '#cook')).toEqual([]);
    expect(search(index, '#cooking #later')).toEqual(['https://c.example/']);
  });

  it('filters by site: host, or host and subdomains with *.', () => {
    const index = new SearchIndex();
    index.upsertBookmark(bm('root', 'Docs', 'https://example.org/docs'));
    index.upsertBookmark(bm('sub', 'Docs', 'http://dev.example.org/docs'));
    index.upsertBookmark(bm('other', 'Docs', 'https://notexample.org/docs'));
    expect(search(index, 'site:example.org')).toEqual(['root']);
    expect(search(index, 'docs site:*.example.org').sort()).toEqual(['root', 'sub']);
  });

  it('re-indexes when tags change', () => {
    const index = new SearchIndex();
    index.upsertBookmark(bm('1', 'Page', 'https://a.example/'));
    index.setTags('https://a.example/', ['toread']);
    expect(search(index, 'toread')).toEqual(['1']);
    index.setTags('https://a.example/', []);
    expect(search(index, 'toread')).toEqual([]);
    expect(index.tagsOf('https://a.example/')).toEqual([]);
  });

  it('gives the newest bookmarks for an empty query', () => {
    const index = new SearchIndex();
    index.upsertBookmark(bm('old', 'a', 'https://a.example/', [], 1));
    index.upsertBookmark(bm('new', 'b', 'https://b.example/', [], 3));
    index.upsertBookmark(bm('mid', 'c', 'https://c.example/', [], 2));
    index.upsertHistory({ url: 'https://h.example/', title: 'h', visitCount: 1, lastVisit: 9 });
    expect(search(index, '   ', 2)).toEqual(['new', 'mid']);
  });

  it('caps results at the limit and keeps the best', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 100; i++) index.upsertHistory({ url: `https://x${i}.example/`, title: 'same words', visitCount: i, lastVisit: 1 });
    const hits = index.query(parseQuery('same'), 3);
    expect(hits.map((h) => h.visitCount)).toEqual([99, 98, 97]);
  });

  it('forgets history on clearHistory but keeps bookmarks', () => {
    const index = new SearchIndex();
    index.upsertBookmark(bm('1', 'Alpha', 'https://a.example/'));
    index.upsertHistory({ url: 'https://a.example/', title: 'Alpha', visitCount: 4, lastVisit: 1 });
    index.upsertHistory({ url: 'https://b.example/', title: 'Alpha two', visitCount: 4, lastVisit: 1 });
    index.clearHistory();
    expect(index.query(parseQuery('alpha')).map((h) => [h.id, h.visitCount])).toEqual([['1', 0]]);
  });
});
