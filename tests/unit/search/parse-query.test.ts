import { describe, expect, it } from 'vitest';
import { isEmptyQuery, parseQuery } from '../../../src/search/parse-query';

describe('parseQuery', () => {
  it('takes plain words, folded, longest first', () => {
    expect(parseQuery('  Rust  Book ').words).toEqual(['rust', 'book']);
    expect(parseQuery('Café').words).toEqual(['cafe']);
  });

  it('drops a word that is a prefix of another (it adds nothing to an AND of prefixes)', () => {
    expect(parseQuery('java javascript').words).toEqual(['javascript']);
    expect(parseQuery('rust rust').words).toEqual(['rust']);
  });

  it('reads #tag filters, case-insensitively', () => {
    expect(parseQuery('#Reading rust #todo')).toEqual({ words: ['rust'], tags: ['reading', 'todo'], sites: [] });
  });

  it('reads site: filters in the Places host forms', () => {
    expect(parseQuery('site:Example.org').sites).toEqual([{ host: 'example.org', subdomains: false }]);
    expect(parseQuery('site:*.example.org').sites).toEqual([{ host: 'example.org', subdomains: true }]);
    expect(parseQuery('site:https://example.org/path').sites).toEqual([{ host: 'example.org', subdomains: false }]);
  });

  it('ignores a lone # and an unfinished site: instead of failing', () => {
    expect(parseQuery('# site:')).toEqual({ words: ['site'], tags: [], sites: [] });
    expect(parseQuery('site:<script>').sites).toEqual([]);
  });

  it('splits punctuation inside a typed word like the index does', () => {
    expect(parseQuery('array.map').words).toEqual(['array', 'map']);
  });

  it('knows an empty query', () => {
    expect(isEmptyQuery(parseQuery('   '))).toBe(true);
    expect(isEmptyQuery(parseQuery('#x'))).toBe(false);
  });
});
