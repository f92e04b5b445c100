import { describe, expect, it } from 'vitest';
import { createProbe } from '../../../src/link-health/probe';
import type { RequestLog } from '../../../src/link-health/request-log';
import type { Hop } from '../../../src/link-health/types';
import { realTimers as realTimersForTest } from '../../../src/link-health/timers';
import { virtualTime } from './virtual-time';

interface Route {
  status?: number;
  hops?: Hop[];
  headers?: Record<string, string>;
  hang?: boolean;
  error?: string;
  /** Firefox's report (hops, error, end) arrives only after fetch settled. */
  lateReport?: boolean;
}

/** An injected fetch answering by method and URL; hops and errors reach the probe through a fake request log. */
function fakeNet(routes: (method: string, url: string) => Route) {
  const calls: { method: string; url: string; init: RequestInit }[] = [];
  let current: { hops: Hop[]; error: string | null; end: () => void } = { hops: [], error: null, end: () => undefined };
  const log: RequestLog = {
    watch: () => {
      let end!: () => void;
      const ended = new Promise<void>((r) => (end = r));
      current = { hops: [], error: null, end };
      const mine = current;
      return {
        get hops() {
          return mine.hops;
        },
        get error() {
          return mine.error;
        },
        ended,
        stop: () => undefined,
      };
    },
  };
  const fetchImpl = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url: input, init });
    const route = routes(method, input);
    const mine = current;
    const report = () => {
      mine.hops.push(...(route.hops ?? []));
      if (route.error) mine.error = route.error;
      mine.end();
    };
    // Firefox's report often came in a later task than fetch's answer: queued behind it, not after a delay.
    if (route.lateReport) setTimeout(report, 0);
    else report();
    if (route.hang) {
      await new Promise((_r, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    if (route.error) {
      throw new TypeError('NetworkError when attempting to fetch resource.');
    }
    const response = new Response(method === 'HEAD' ? null : 'body', { status: route.status ?? 200, headers: route.headers });
    if (route.hops?.length) Object.defineProperty(response, 'redirected', { value: true });
    return response;
  }) as unknown as typeof fetch;
  return { fetchImpl, log, calls };
}

describe('probe', () => {
  it('asks HEAD first without credentials, referrer or cache, and drops the fragment', async () => {
    const net = fakeNet(() => ({ status: 200 }));
    const probe = createProbe({ fetch: net.fetchImpl, log: net.log, timers: virtualTime(), timeoutMs: 1000, mayFetch: () => true });
    const a = await probe.check('https://example.org/a#part', 'first', new AbortController().signal);
    expect(a).toMatchObject({ method: 'HEAD', status: 200, failure: null });
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]).toMatchObject({
      url: 'https://example.org/a',
      init: { credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store', redirect: 'follow' },
    });
  });

  it('GETs when HEAD is refused, and confirms with GET', async () => {
    const net = fakeNet((method) => ({ status: method === 'HEAD' ? 405 : 200 }));
    const probe = createProbe({ fetch: net.fetchImpl, log: net.log, timers: virtualTime(), timeoutMs: 1000, mayFetch: () => true });
    expect(await probe.check('https://example.org/', 'first', new AbortController().signal)).toMatchObject({ method: 'GET', status: 200 });
    expect(net.calls.map((c) => c.method)).toEqual(['HEAD', 'GET']);
    await probe.check('https://example.org/', 'confirm', new AbortController().signal);
    expect(net.calls.map((c) => c.method)).toEqual(['HEAD', 'GET', 'GET']);
  });

  it('records the hops and where they end, and Retry-After', async () => {
    const hops = [{ url: 'http://example.org/', status: 301, to: 'https://example.org/' }];
    const net = fakeNet(() => ({ status: 429, hops, headers: { 'retry-after': '12' } }));
    const probe = createProbe({ fetch: net.fetchImpl, log: net.log, timers: virtualTime(), timeoutMs: 1000, mayFetch: () => true });
    const a = await probe.request('http://example.org/', 'GET', new AbortController().signal);
    expect(a).toMatchObject({ status: 429, hops, finalUrl: 'https://example.org/', retryAfterMs: 12_000 });
  });

  it('a request past its timeout is a timeout; Firefox error names become failure kinds', async () => {
    const time = virtualTime();
    const net = fakeNet((_m, url) =>
      url.includes('slow') ? { hang: true } : url.includes('nxdomain') ? { error: 'NS_ERROR_UNKNOWN_HOST' } : { error: 'NS_ERROR_CONNECTION_REFUSED' },
    );
    const probe = createProbe({ fetch: net.fetchImpl, log: net.log, timers: time, timeoutMs: 5000, mayFetch: () => true });
    const slow = await time.run(probe.request('https://slow.example.org/', 'HEAD', new AbortController().signal));
    expect(slow).toMatchObject({ status: null, failure: 'timeout' });
    expect(time.now()).toBe(5000);
    expect(await probe.request('https://nxdomain.example.org/', 'HEAD', new AbortController().signal)).toMatchObject({ failure: 'dns' });
    expect(await probe.request('https://closed.example.org/', 'HEAD', new AbortController().signal)).toMatchObject({ failure: 'refused' });
  });

  it('regression: hops and errors Firefox reports after fetch settled are still read', async () => {
    const hops = [{ url: 'http://example.org/', status: 308, to: 'http://example.org/new' }];
    const net = fakeNet((_m, url) => (url.includes('refused') ? { error: 'NS_ERROR_CONNECTION_REFUSED', lateReport: true } : { status: 200, hops, lateReport: true }));
    const probe = createProbe({ fetch: net.fetchImpl, log: net.log, timers: realTimersForTest, timeoutMs: 1000, mayFetch: () => true });
    expect(await probe.request('http://example.org/', 'HEAD', new AbortController().signal)).toMatchObject({ hops, finalUrl: 'http://example.org/new' });
    expect(await probe.request('http://refused.example.org/', 'HEAD', new AbortController().signal)).toMatchObject({ failure: 'refused' });
  });

  it('a failure after a redirect to a site out of reach keeps the hops and says so', async () => {
    const hops = [{ url: 'https://example.org/', status: 301, to: 'https://www.example.org/' }];
    const net = fakeNet(() => ({ hops, error: 'NS_ERROR_DOM_BAD_URI' }));
    const probe = createProbe({ fetch: net.fetchImpl, log: net.log, timers: virtualTime(), timeoutMs: 1000, mayFetch: (u) => !u.includes('www.') });
    expect(await probe.request('https://example.org/', 'HEAD', new AbortController().signal)).toMatchObject({ outOfReach: true, hops });
  });

  it('an http address without any answer is asked again over https; https answering makes the attempt', async () => {
    const net = fakeNet((_m, url) => (url.startsWith('http:') ? { error: 'NS_ERROR_CONNECTION_REFUSED' } : { status: 200 }));
    const probe = createProbe({ fetch: net.fetchImpl, log: net.log, timers: virtualTime(), timeoutMs: 1000, mayFetch: () => true });
    // The first check's failure stays a failure (its second check decides): a flaky http answer is not "https only".
    const first = await probe.check('http://example.org/a?q=1', 'first', new AbortController().signal);
    expect(first).toMatchObject({ failure: 'refused', status: null });
    expect(first.overHttps).toBeUndefined();
    const a = await probe.check('http://example.org/a?q=1', 'confirm', new AbortController().signal);
    expect(a).toMatchObject({ url: 'http://example.org/a?q=1', overHttps: 'https://example.org/a?q=1', status: 200, failure: null });
    expect(net.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['HEAD http://example.org/a?q=1', 'GET http://example.org/a?q=1', 'GET https://example.org/a?q=1']);
  });

  it('no second probe for an http answer, for https addresses, without access, or after a redirect; both failing keeps the http failure', async () => {
    const cases: [string, (m: string, u: string) => Route, (u: string) => boolean][] = [
      ['http://example.org/gone', () => ({ status: 404 }), () => true],
      ['https://example.org/', () => ({ error: 'NS_ERROR_CONNECTION_REFUSED' }), () => true],
      ['http://example.org/', () => ({ error: 'NS_ERROR_CONNECTION_REFUSED' }), (u) => u.startsWith('http:')],
      ['http://example.org/', () => ({ error: 'NS_ERROR_NET_RESET', hops: [{ url: 'http://example.org/', status: 301, to: 'http://example.org/b' }] }), () => true],
    ];
    for (const [url, routes, mayFetch] of cases) {
      const net = fakeNet(routes);
      const probe = createProbe({ fetch: net.fetchImpl, log: net.log, timers: virtualTime(), timeoutMs: 1000, mayFetch });
      const a = await probe.check(url, 'confirm', new AbortController().signal);
      expect(a.overHttps, url).toBeUndefined();
      expect(
        net.calls.map((c) => c.url).every((u) => u === url.replace(/#.*/, '')),
        url,
      ).toBe(true);
    }
    const net = fakeNet((_m, url) => ({ error: url.startsWith('http:') ? 'NS_ERROR_CONNECTION_REFUSED' : 'SSL_ERROR_RX_RECORD_TOO_LONG' }));
    const probe = createProbe({ fetch: net.fetchImpl, log: net.log, timers: virtualTime(), timeoutMs: 1000, mayFetch: () => true });
    const a = await probe.check('http://example.org/', 'confirm', new AbortController().signal);
    expect(a).toMatchObject({ url: 'http://example.org/', failure: 'refused', status: null });
    expect(a.overHttps).toBeUndefined();
    expect(net.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET http://example.org/', 'GET https://example.org/']);
  });
});
