import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import {
  createMatchExplainer,
  createMatchKeyer,
  explainMatch,
  explainWithoutShortcuts,
  fullMatchKey,
  isTrackingParam,
  matchKey,
  splitUrl,
  upperPercentEscapes,
  type MatchingOptions,
} from '../../../src/url-matching/url-key';

const SAFE: MatchingOptions = DEFAULT_SETTINGS.matching;
const opt = (over: Partial<MatchingOptions>): MatchingOptions => ({ ...SAFE, ...over });
const same = (a: string, b: string, o = SAFE) => matchKey(a, o) === matchKey(b, o);

describe('exact rule', () => {
  it('identical URLs match and are explained as exact', () => {
    expect(same('https://a.example/x?q=1#top', 'https://a.example/x?q=1#top')).toBe(true);
    expect(explainMatch('https://a.example/x', 'https://a.example/x', SAFE)).toEqual(['exact']);
  });
  it('different paths never match', () => {
    expect(same('https://a.example/x', 'https://a.example/y')).toBe(false);
    expect(explainMatch('https://a.example/x', 'https://a.example/y', SAFE)).toEqual([]);
  });
});

describe('safe rules (always on)', () => {
  const cases: [string, string, string, string][] = [
    ['scheme-host-case', 'HTTPS://Example.COM/Path', 'https://example.com/Path', 'https://example.com/path'],
    ['default-port', 'https://a.example:443/x', 'https://a.example/x', 'https://a.example:8443/x'],
    ['default-port', 'http://a.example:80/x', 'http://a.example/x', 'http://a.example:8080/x'],
    ['empty-fragment', 'https://a.example/x#', 'https://a.example/x', 'https://a.example/x#part'],
    ['empty-query', 'https://a.example/x?', 'https://a.example/x', 'https://a.example/x?a'],
    ['trailing-slash', 'https://a.example/docs/', 'https://a.example/docs', 'https://a.example/docs/a'],
    ['trailing-slash', 'https://a.example/', 'https://a.example', 'https://a.example/x'],
    ['index-page', 'https://a.example/docs/index.html', 'https://a.example/docs/', 'https://a.example/docs/main.html'],
    ['index-page', 'https://a.example/index.htm', 'https://a.example/', 'https://a.example/index.asp'],
    ['index-page', 'https://a.example/x/INDEX.PHP', 'https://a.example/x/', 'https://a.example/x/index.php5'],
    ['tracking-params', 'https://a.example/x?utm_source=tw&utm_medium=social', 'https://a.example/x', 'https://a.example/x?source=tw'],
    ['tracking-params', 'https://a.example/x?id=3&fbclid=abc', 'https://a.example/x?id=3', 'https://a.example/x?id=4&fbclid=abc'],
    ['tracking-params', 'https://a.example/x?gclid=1&mc_eid=2&igshid=3&ref_src=4', 'https://a.example/x', 'https://a.example/x?ref=4'],
    ['percent-encoding-case', 'https://a.example/%7euser?q=%2f', 'https://a.example/%7Euser?q=%2F', 'https://a.example/~user'],
  ];
  for (const [rule, a, b, different] of cases) {
    it(`${rule}: ${a} matches ${b}`, () => {
      expect(same(a, b)).toBe(true);
      expect(explainMatch(a, b, SAFE)).toContain(rule);
    });
    it(`${rule}: ${a} does not match ${different}`, () => {
      expect(same(a, different)).toBe(false);
    });
  }

  it('keeps non-tracking parameters in their order', () => {
    expect(matchKey('https://a.example/s?b=2&utm_campaign=x&a=1', SAFE)).toBe('https://a.example/s?b=2&a=1');
  });
  it('tracking parameter names compare case-insensitively, prefixes with a star', () => {
    expect(isTrackingParam('UTM_Source')).toBe(true);
    expect(isTrackingParam('utm_anything')).toBe(true);
    expect(isTrackingParam('hsa_cam')).toBe(true);
    expect(isTrackingParam('ref')).toBe(false);
    expect(isTrackingParam('source')).toBe(false);
  });
  it('user info and non-default ports are kept', () => {
    expect(same('https://me@a.example/', 'https://a.example/')).toBe(false);
    expect(same('https://a.example:8443/', 'https://a.example/')).toBe(false);
  });
  it('an IPv6 host keeps its colons and loses only the default port', () => {
    expect(matchKey('http://[::1]:80/x', SAFE)).toBe('http://[::1]/x');
    expect(matchKey('http://[::1]/x', SAFE)).toBe('http://[::1]/x');
  });
  it('path case is significant', () => {
    expect(same('https://a.example/Docs', 'https://a.example/docs')).toBe(false);
  });
  it('percent escapes are not decoded, only their hex case is', () => {
    expect(upperPercentEscapes('/a%2fb%c3%a9')).toBe('/a%2Fb%C3%A9');
    expect(same('https://a.example/%41', 'https://a.example/A')).toBe(false);
  });
});

describe('opt-in rules', () => {
  const cases: [keyof MatchingOptions, string, string, string][] = [
    ['httpEqualsHttps', 'http://a.example/x', 'https://a.example/x', 'http-https'],
    ['ignoreWww', 'https://www.a.example/x', 'https://a.example/x', 'www'],
    ['ignoreFragment', 'https://a.example/x#intro', 'https://a.example/x#usage', 'fragment'],
    ['ignoreQuery', 'https://a.example/x?page=2', 'https://a.example/x?page=3', 'query'],
    ['sortQueryParams', 'https://a.example/x?a=1&b=2', 'https://a.example/x?b=2&a=1', 'query-order'],
  ];
  for (const [option, a, b, rule] of cases) {
    it(`${option} off: ${a} and ${b} differ`, () => {
      expect(same(a, b)).toBe(false);
      expect(explainMatch(a, b, SAFE)).toEqual([]);
    });
    it(`${option} on: they match, explained as ${rule}`, () => {
      const o = opt({ [option]: true });
      expect(same(a, b, o)).toBe(true);
      expect(explainMatch(a, b, o)).toEqual([rule]);
    });
  }
  it('www is only stripped when a domain remains', () => {
    const o = opt({ ignoreWww: true });
    expect(matchKey('https://www.com/', o)).toBe('https://www.com');
    expect(same('https://www2.a.example/', 'https://a.example/', o)).toBe(false);
  });
  it('ignoreQuery also ignores tracking-only queries and keeps the fragment', () => {
    const o = opt({ ignoreQuery: true });
    expect(matchKey('https://a.example/x?q=1#f', o)).toBe('https://a.example/x#f');
  });
  it('combined rules are all listed', () => {
    const o = opt({ httpEqualsHttps: true, ignoreWww: true });
    expect(explainMatch('http://www.a.example/x/?utm_source=1', 'https://a.example/x', o)).toEqual(['trailing-slash', 'tracking-params', 'http-https', 'www']);
  });
  it('a difference explained by a safe rule is not blamed on ignoreQuery', () => {
    const o = opt({ ignoreQuery: true });
    expect(explainMatch('https://a.example/x?utm_source=1', 'https://a.example/x', o)).toEqual(['tracking-params']);
  });
});

describe('schemes that match only exactly', () => {
  for (const url of [
    'javascript:alert(1)',
    'place:sort=8&maxResults=10',
    'data:text/plain,Hi',
    'about:config',
    'file:///home/me/a.html',
    'mailto:A@B.example',
    'moz-extension://x/y/',
  ]) {
    it(`${url} is its own key`, () => {
      expect(matchKey(url, opt({ httpEqualsHttps: true, ignoreWww: true, ignoreFragment: true, ignoreQuery: true, sortQueryParams: true }))).toBe(url);
      expect(splitUrl(url)).toBeNull();
    });
  }
  it('file URLs differing only by a trailing slash stay different', () => {
    expect(same('file:///home/me/', 'file:///home/me')).toBe(false);
    expect(same('FILE:///a', 'file:///a')).toBe(false);
  });
});

describe('stored URLs are never rewritten', () => {
  it('matchKey does not touch its input, and the keyer answers from its cache what matchKey answers', () => {
    const keyOf = createMatchKeyer(SAFE);
    const url = 'HTTPS://A.example/x/?utm_source=1';
    expect(keyOf(url)).toBe('https://a.example/x');
    expect(url).toBe('HTTPS://A.example/x/?utm_source=1');
    const urls = ['https://a.example/', 'HTTP://B.example:80/p/index.html', 'https://c.example/?b=2&a=1#', 'ftp://d.example/f', 'javascript:void(0)'];
    // Asked twice: the second answer comes from the keyer's cache and must still be matchKey's.
    for (let round = 0; round < 2; round++) for (const u of urls) expect(keyOf(u), `${u} (round ${round + 1})`).toBe(matchKey(u, SAFE));
  });
});

describe('properties', () => {
  const allOptions = fc.record({
    httpEqualsHttps: fc.boolean(),
    ignoreWww: fc.boolean(),
    ignoreFragment: fc.boolean(),
    ignoreQuery: fc.boolean(),
    sortQueryParams: fc.boolean(),
  });
  it('explainMatch finds rules exactly when two URLs share a key', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.webUrl({ withQueryParameters: true, withFragments: true }), allOptions, (a, b, o) => {
        const k = matchKey(a, o);
        const rules = explainMatch(a, b, o);
        expect(rules.length > 0).toBe(a === b || k === matchKey(b, o));
      }),
      { numRuns: 500 },
    );
  });
  it("the explainer's shortcuts give what comparing the split URLs gives", () => {
    // One explainer for every pair, as the scan uses it (it remembers the last representative's split).
    const explainers = new Map<string, ReturnType<typeof createMatchExplainer>>();
    const variant = fc.constantFrom('', '/', '//', '/index.html', '?utm_source=1', '#', '?', ':443');
    const scheme = fc.constantFrom('https', 'http', 'HTTPS', 'Http', 'ftp', 'mailto', 'place');
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), variant, variant, scheme, scheme, allOptions, (url, va, vb, sa, sb, o) => {
        const rest = url.slice(url.indexOf(':'));
        const a = sa + rest + va;
        const b = sb + rest + vb;
        const key = JSON.stringify(o);
        let explain = explainers.get(key);
        if (!explain) explainers.set(key, (explain = createMatchExplainer(o)));
        expect(explain(a, b)).toEqual(explainWithoutShortcuts(a, b, o));
        expect(explain(b, b + '/')).toEqual(explainWithoutShortcuts(b, b + '/', o));
        expect(explain(a + '/', a)).toEqual(explainWithoutShortcuts(a + '/', a, o));
      }),
      { numRuns: 2000 },
    );
  });
  it('the fast path for plain URLs gives the same key as the full normalization', () => {
    const tricky = fc.constantFrom(
      '',
      '/',
      '/index.html',
      '/Index.htm',
      '/a/',
      '/%7e',
      '?',
      '#',
      ':443',
      ':80',
      'X',
      '/i',
      '/info',
      '?utm_source=a&utm_medium=b',
      '?fbclid',
      '?utm_source=a&',
      '?utm_source=a&id=1',
      '?=1',
      '?UTM_Source=a#x',
      '//',
    );
    const scheme = fc.constantFrom('', 'HTTPS', 'Http', 'hTTp', 'FTP');
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), tricky, scheme, allOptions, (url, extra, upper, o) => {
        const cased = upper && url.startsWith(upper.toLowerCase() + ':') ? upper + url.slice(upper.length) : url;
        for (const u of [url, url + extra, cased + extra, url.replace('://', '://WWW.'), url.replace('://', '://www.') + extra]) {
          expect(matchKey(u, o)).toBe(fullMatchKey(u, o));
        }
      }),
      { numRuns: 1000 },
    );
  });
  it('variants built from safe rules always match their base URL', () => {
    const variant = fc.record({
      upperHost: fc.boolean(),
      port: fc.boolean(),
      slash: fc.boolean(),
      utm: fc.boolean(),
      emptyHash: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: false, withFragments: false }), variant, (base, v) => {
        const parts = splitUrl(base)!;
        let url = `${parts.scheme}://${v.upperHost ? parts.host.toUpperCase() : parts.host}`;
        if (v.port) url += parts.scheme === 'https' ? ':443' : ':80';
        url += parts.path + (v.slash && !parts.path.endsWith('/') ? '/' : '');
        if (v.utm) url += '?utm_source=newsletter';
        if (v.emptyHash) url += '#';
        expect(matchKey(url, SAFE)).toBe(matchKey(base, SAFE));
      }),
      { numRuns: 500 },
    );
  });
});
