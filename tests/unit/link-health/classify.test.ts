import { describe, expect, it } from 'vitest';
import { classifyAttempt, headNeedsGet, isHttpsUpgrade, parseRetryAfter } from '../../../src/link-health/classify';
import { eligibility, isLoopbackIPv4, isPublicHost, isTestHost } from '../../../src/link-health/eligibility';
import type { Attempt, Hop } from '../../../src/link-health/types';

const attempt = (over: Partial<Attempt>): Attempt => ({
  method: 'HEAD',
  url: 'http://example.org/a',
  status: 200,
  hops: [],
  finalUrl: 'http://example.org/a',
  failure: null,
  retryAfterMs: null,
  ...over,
});
const hop = (url: string, status: number, to: string): Hop => ({ url, status, to });

describe('classifyAttempt', () => {
  it('ok, gone, server trouble, unreachable', () => {
    expect(classifyAttempt(attempt({ status: 200 })).class).toBe('ok');
    expect(classifyAttempt(attempt({ status: 401 })).class).toBe('ok');
    expect(classifyAttempt(attempt({ status: 404 })).class).toBe('gone');
    expect(classifyAttempt(attempt({ status: 410 })).class).toBe('gone');
    expect(classifyAttempt(attempt({ status: 500 })).class).toBe('server-error');
    expect(classifyAttempt(attempt({ status: 503 })).class).toBe('server-error');
    expect(classifyAttempt(attempt({ status: null, failure: 'timeout' })).class).toBe('unreachable');
  });

  it('an http address that only answers over https works over https: moved to the https address, never dead', () => {
    const twin = 'https://example.org/a';
    const over = (o: Partial<Attempt>) => attempt({ overHttps: twin, finalUrl: twin, ...o });
    expect(classifyAttempt(over({ status: 200 }))).toEqual({ class: 'moved', finalUrl: twin, overHttps: true });
    // A temporary redirect behind the https address: the https address is still where the bookmark should point.
    expect(classifyAttempt(over({ status: 200, hops: [hop(twin, 302, 'https://example.org/login')], finalUrl: 'https://example.org/login' }))).toEqual({
      class: 'moved',
      finalUrl: twin,
      overHttps: true,
    });
    // The https address itself moved for good: to its end.
    expect(classifyAttempt(over({ status: 200, hops: [hop(twin, 301, 'https://www.example.org/a')], finalUrl: 'https://www.example.org/a' }))).toEqual({
      class: 'moved',
      finalUrl: 'https://www.example.org/a',
      overHttps: true,
    });
    // An https answer that is bad is that verdict (the server is there: not unreachable).
    expect(classifyAttempt(over({ status: 404 })).class).toBe('gone');
    expect(classifyAttempt(over({ status: 500 })).class).toBe('server-error');
  });

  it('an http address answering only on http is ok; redirected to https it is moved there', () => {
    expect(classifyAttempt(attempt({ status: 200 }))).toEqual({ class: 'ok', finalUrl: null });
    const upgraded = attempt({ status: 200, hops: [hop('http://example.org/a', 302, 'https://example.org/a')], finalUrl: 'https://example.org/a' });
    expect(classifyAttempt(upgraded)).toEqual({ class: 'moved', finalUrl: 'https://example.org/a' });
  });

  it('301 and 308 chains are moved for good, to the end of the permanent hops', () => {
    const a = attempt({
      hops: [hop('http://example.org/a', 301, 'http://example.org/b'), hop('http://example.org/b', 308, 'http://example.com/c')],
      finalUrl: 'http://example.com/c',
    });
    expect(classifyAttempt(a)).toEqual({ class: 'moved', finalUrl: 'http://example.com/c' });
    const thenTemporary = attempt({
      hops: [hop('http://example.org/a', 301, 'http://example.org/b'), hop('http://example.org/b', 302, 'http://example.org/login')],
      finalUrl: 'http://example.org/login',
    });
    expect(classifyAttempt(thenTemporary)).toEqual({ class: 'moved', finalUrl: 'http://example.org/b' });
  });

  it('302, 303 and 307 are temporary: informational only', () => {
    for (const status of [302, 303, 307]) {
      const a = attempt({ hops: [hop('http://example.org/a', status, 'http://example.org/b')], finalUrl: 'http://example.org/b' });
      expect(classifyAttempt(a)).toEqual({ class: 'redirected', finalUrl: 'http://example.org/b' });
    }
  });

  it('an http→https upgrade of the same address is moved for good whatever its status', () => {
    const up = hop('http://example.org/a?q=1', 302, 'https://example.org/a?q=1');
    expect(isHttpsUpgrade(up)).toBe(true);
    expect(isHttpsUpgrade(hop('http://example.org/a', 302, 'https://example.org/b'))).toBe(false);
    expect(classifyAttempt(attempt({ url: up.url, hops: [up], finalUrl: up.to }))).toEqual({ class: 'moved', finalUrl: up.to });
  });

  it('a redirect that ends gone is gone', () => {
    const a = attempt({ status: 404, hops: [hop('http://example.org/a', 301, 'http://example.org/b')], finalUrl: 'http://example.org/b' });
    expect(classifyAttempt(a).class).toBe('gone');
  });

  it('a permanent redirect to a site out of reach is moved (the target is not fetched)', () => {
    const a = attempt({ status: null, failure: 'network', outOfReach: true, hops: [hop('http://example.org/a', 301, 'https://www.example.org/a')] });
    expect(classifyAttempt(a)).toEqual({ class: 'moved', finalUrl: 'https://www.example.org/a' });
  });

  it('GET after HEAD only where HEAD is not to be trusted', () => {
    for (const s of [400, 403, 405, 406, 501]) expect(headNeedsGet(attempt({ status: s }))).toBe(true);
    for (const s of [200, 301, 404, 410, 500]) expect(headNeedsGet(attempt({ status: s }))).toBe(false);
    expect(headNeedsGet(attempt({ method: 'GET', status: 405 }))).toBe(false);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-12-03T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Thu, 03 Dec 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('eligibility', () => {
  it('fetches only http(s) on public hosts, and says why not', () => {
    expect(eligibility('https://example.org/x').ok).toBe(true);
    expect(eligibility('javascript:alert(1)')).toEqual({ ok: false, reason: 'not-web' });
    expect(eligibility('place:sort=8&maxResults=10')).toEqual({ ok: false, reason: 'not-web' });
    expect(eligibility('file:///home/me/notes.html')).toEqual({ ok: false, reason: 'not-web' });
    expect(eligibility('not a url')).toEqual({ ok: false, reason: 'invalid-url' });
    for (const url of [
      'http://localhost:8080/',
      'http://127.0.0.1/',
      'http://10.1.2.3/',
      'http://172.20.0.1/',
      'http://192.168.1.1/router',
      'http://169.254.1.1/',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:192.168.0.1]/',
      'http://nas/',
      'http://printer.local/',
      'http://app.localhost/',
    ]) {
      expect(eligibility(url), url).toEqual({ ok: false, reason: 'private-host' });
    }
    expect(isPublicHost('8.8.8.8')).toBe(true);
    expect(isPublicHost('[2001:db8::1]'.slice(0))).toBe(true);
  });

  it('the host test is injectable (the test build opens loopback)', () => {
    const testBuild = (h: string) => isPublicHost(h) || isLoopbackIPv4(h) || isTestHost(h);
    expect(eligibility('http://127.0.0.5:8080/', testBuild).ok).toBe(true);
    expect(eligibility('http://192.168.1.1/', testBuild)).toEqual({ ok: false, reason: 'private-host' });
    // The test names: allowed in the test build only, and only under tidymarks.test (an IDN one in punycode).
    for (const url of ['http://h1.tidymarks.test/', 'https://xn--bcher-kva.tidymarks.test/', 'http://bücher.tidymarks.test/']) {
      expect(eligibility(url, testBuild).ok, url).toBe(true);
      expect(eligibility(url), url).toEqual({ ok: false, reason: 'private-host' });
    }
    for (const url of ['http://tidymarks.test.evil.org.test/', 'http://other.test/', 'http://xtidymarks.test/'])
      expect(eligibility(url, testBuild), url).toEqual({ ok: false, reason: 'private-host' });
  });
});
