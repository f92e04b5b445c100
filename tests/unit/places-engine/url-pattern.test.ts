import { describe, expect, it } from 'vitest';
import { compileUrlPattern } from '@tidymarks/places/background';

describe('url patterns', () => {
  const urls = ['http://mozilla.org/', 'https://mozilla.org/about', 'http://www.mozilla.org/', 'http://notmozilla.org/', 'http://mozilla.org.evil.example/'];
  const matching = (p: string) => urls.filter(compileUrlPattern(p));

  it('host: that host, any scheme', () => {
    expect(matching('mozilla.org')).toEqual(['http://mozilla.org/', 'https://mozilla.org/about']);
  });
  it('*.host: the host or any subdomain', () => {
    expect(matching('*.mozilla.org')).toEqual(['http://mozilla.org/', 'https://mozilla.org/about', 'http://www.mozilla.org/']);
  });
  it('a URL: exactly that URL; a bare origin gets its slash', () => {
    expect(matching('http://mozilla.org')).toEqual(['http://mozilla.org/']);
    expect(matching('https://mozilla.org/about')).toEqual(['https://mozilla.org/about']);
  });
  it('a URL prefix ending in *', () => {
    expect(matching('http://mozilla.org/*')).toEqual(['http://mozilla.org/']);
    expect(matching('https://mozilla.org/*')).toEqual(['https://mozilla.org/about']);
  });
  it('refuses what is none of the forms', () => {
    expect(() => compileUrlPattern('')).toThrow(/not a host/);
    expect(() => compileUrlPattern('two words')).toThrow(/not a host/);
  });
});
