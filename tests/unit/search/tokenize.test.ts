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
