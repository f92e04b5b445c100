import { describe, expect, it } from 'vitest';
import { fold, hostOf, urlWords, words } from '../../../src/search/tokenize';

describe('tokenize', () => {
  it('splits on anything that is not a letter or digit and lower-cases', () => {
    expect(words('Hello, World! MDN: Array.prototype.map()')).toEqual(['hello', 'world', 'mdn', 'array', 'prototype', 'map']);
  });

  it('folds accents so plain letters find accented words', () => {
    expect(fold('Café Crème')).toBe('cafe creme');
    expect(words('Ärger über Öl')).toEqual(['arger', 'uber', 'ol']);
  });

  it('keeps letters of any script', () => {
    expect(words('日本語 テスト')).toEqual(['日本語', 'テスト']);
  });

  it('takes the host of URLs, with or without credentials and ports', () => {
    expect(hostOf('https://user:pw@Docs.Example.org:8080/a?b#c')).toBe('docs.example.org');
    expect(hostOf('about:config')).toBe('');
    expect(hostOf('data:')).toBe('');
  });

  it('splits a URL into host words and path words without scheme and noise', () => {
    expect(urlWords('https://www.example.org/guide/index.html?lang=en')).toEqual({
      host: ['example', 'org'],
      path: ['guide', 'lang', 'en'],
    });
  });

  it('drops words too long to be typed (ids, hashes)', () => {
    const hash = 'a'.repeat(41);
    expect(urlWords(`https://x.org/${hash}/page`).path).toEqual(['page']);
  });
});

import { highlightSegments } from '../../../src/search/highlight';

describe('highlightSegments', () => {
  it('marks the typed prefix of each matching word', () => {
    expect(highlightSegments('Rust by Example', ['rus', 'ex'])).toEqual([
      { text: 'Rus', match: true },
      { text: 't by ', match: false },
      { text: 'Ex', match: true },
      { text: 'ample', match: false },
    ]);
  });

  it('marks a whole accented word when folding changed its length', () => {
    expect(highlightSegments('Crème brûlée', ['creme'])).toEqual([
      { text: 'Crème', match: true },
      { text: ' brûlée', match: false },
    ]);
  });

  it('keeps markup-looking text as plain text segments', () => {
    expect(highlightSegments('<img src=x onerror=alert(1)>', ['img'])).toEqual([
      { text: '<', match: false },
      { text: 'img', match: true },
      { text: ' src=x onerror=alert(1)>', match: false },
    ]);
  });

  it('gives the whole text unmarked without words', () => {
    expect(highlightSegments('abc', [])).toEqual([{ text: 'abc', match: false }]);
  });
});
