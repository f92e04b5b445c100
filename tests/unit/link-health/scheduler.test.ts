import { describe, expect, it } from 'vitest';
import { idealDurationMs } from '../../../src/link-health/ideal';
import { DEFAULT_LIMITS, runSchedule, type CheckUrl, type PolitenessLimits, type Stage } from '../../../src/link-health/scheduler';
import type { Attempt, LinkVerdict } from '../../../src/link-health/types';
import { virtualTime, type VirtualTime } from './virtual-time';

interface Answer {
  status?: number;
  failure?: Attempt['failure'];
  retryAfterMs?: number;
  delayMs?: number;
}
/** `answer(url, n, stage)`: the n-th request (0-based) of `url`. */
type Behaviour = (url: string, n: number, stage: Stage) => Answer;

const hostOf = (url: string) => new URL(url).hostname;

function fakeWeb(time: VirtualTime, behaviour: Behaviour) {
  const requests: { url: string; host: string; stage: Stage; start: number; end: number }[] = [];
  const counts = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  let globalInFlight = 0;
  let maxGlobal = 0;
  const check: CheckUrl = async (url, stage) => {
    const n = counts.get(url) ?? 0;
    counts.set(url, n + 1);
    const host = hostOf(url);
    inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
    maxInFlight.set(host, Math.max(maxInFlight.get(host) ?? 0, inFlight.get(host)!));
    maxGlobal = Math.max(maxGlobal, ++globalInFlight);
    const start = time.now();
    const answer = behaviour(url, n, stage);
    await time.sleep(answer.delayMs ?? 50);
    inFlight.set(host, inFlight.get(host)! - 1);
    globalInFlight--;
    requests.push({ url, host, stage, start, end: time.now() });
    return {
      method: stage === 'confirm' ? 'GET' : 'HEAD',
      url,
      status: answer.failure ? null : (answer.status ?? 200),
      hops: [],
      finalUrl: url,
      failure: answer.failure ?? null,
      retryAfterMs: answer.retryAfterMs ?? null,
    };
  };
  return { check, requests, maxInFlight, maxGlobal: () => maxGlobal };
}

const limits: PolitenessLimits = { ...DEFAULT_LIMITS, hostGapMs: 100, global: 8, confirmDelayMs: 1_000 };

async function schedule(urls: string[], behaviour: Behaviour, overrides: Partial<PolitenessLimits> = {}) {
  const time = virtualTime();
  const web = fakeWeb(time, behaviour);
  const verdicts = new Map<string, LinkVerdict>();
  await time.run(
    runSchedule({
      urls,
      check: web.check,
      limits: { ...limits, ...overrides },
      timers: time,
      hostOf,
      onVerdict: (v) => {
        expect(verdicts.has(v.url), `one verdict per URL (${v.url})`).toBe(false);
        verdicts.set(v.url, v);
      },
    }),
  );
  return { web, verdicts, end: time.now() };
}

const urlsOn = (hosts: number, perHost: number) => Array.from({ length: hosts * perHost }, (_, i) => `https://host${i % hosts}.example.org/page/${i}`);

describe('politeness scheduler', () => {
  it('never has more than 2 requests in flight per host nor more than the global limit, and keeps the gap per host', async () => {
    const { web, verdicts } = await schedule(urlsOn(5, 30), () => ({ delayMs: 300 }));
    expect(verdicts.size).toBe(150);
    expect(Math.max(...web.maxInFlight.values())).toBe(2);
    expect(web.maxGlobal()).toBeLessThanOrEqual(limits.global);
    expect(web.maxGlobal()).toBe(limits.global); // the limit is used, not just respected
    for (const host of web.maxInFlight.keys()) {
      const starts = web.requests
        .filter((r) => r.host === host)
        .map((r) => r.start)
        .sort((a, b) => a - b);
      for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(limits.hostGapMs);
    }
  });

  it('runs 2,000 URLs over 50 hosts within 1.1x of the ideal schedule under its limits', async () => {
    const urls = urlsOn(50, 40);
    const { end, verdicts } = await schedule(urls, () => ({ delayMs: 50 }), { global: 16 });
    expect(verdicts.size).toBe(2000);
    const ideal = idealDurationMs(Array(50).fill(40), 50, { ...limits, global: 16 });
    expect(end / ideal).toBeLessThanOrEqual(1.1);
  });

  it('regression: a URL that fails once and then works is ok, never a false alarm', async () => {
    const urls = urlsOn(3, 10);
    const flaky = new Set(urls.filter((_, i) => i % 3 === 0));
    const { verdicts } = await schedule(urls, (url, n) => (flaky.has(url) && n === 0 ? { failure: 'refused' } : { status: 200 }));
    for (const url of urls) expect(verdicts.get(url)?.class).toBe('ok');
    for (const url of flaky) expect(verdicts.get(url)?.checks).toBe(2);
  });

  it('confirms gone, server trouble and unreachable with a second check after the host’s other URLs and the delay', async () => {
    const dead = 'https://a.example.org/dead';
    const down = 'https://a.example.org/down';
    const away = 'https://b.example.org/away';
    const others = Array.from({ length: 6 }, (_, i) => `https://a.example.org/ok/${i}`);
    const { verdicts, web } = await schedule([dead, down, ...others, away], (url) =>
      url === dead ? { status: 404 } : url === down ? { status: 500 } : url === away ? { failure: 'dns' } : { status: 200 },
    );
    expect(verdicts.get(dead)).toMatchObject({ class: 'gone', status: 404, checks: 2 });
    expect(verdicts.get(down)).toMatchObject({ class: 'server-error', status: 500, checks: 2 });
    expect(verdicts.get(away)).toMatchObject({ class: 'unreachable', failure: 'dns', checks: 2 });
    const onA = web.requests.filter((r) => r.host === 'a.example.org');
    const firstDead = onA.find((r) => r.url === dead && r.stage === 'first')!;
    const confirmDead = onA.find((r) => r.url === dead && r.stage === 'confirm')!;
    expect(confirmDead.start - firstDead.end).toBeGreaterThanOrEqual(limits.confirmDelayMs);
    const lastOther = Math.max(...onA.filter((r) => r.url.includes('/ok/')).map((r) => r.start));
    expect(confirmDead.start).toBeGreaterThan(lastOther);
  });

  it('honours Retry-After on 429: the host gets no request before then, and the wait is not a failure', async () => {
    const urls = ['https://busy.example.org/1', 'https://busy.example.org/2', 'https://busy.example.org/3'];
    let limitedAt = -1;
    const { verdicts, web } = await schedule(urls, (url, n) => (url.endsWith('/1') && n === 0 ? { status: 429, retryAfterMs: 5_000, delayMs: 10 } : { status: 200 }), {
      perHost: 1,
    });
    for (const url of urls) expect(verdicts.get(url)).toMatchObject({ class: 'ok', checks: 1 });
    const first = web.requests.find((r) => r.url.endsWith('/1'))!;
    limitedAt = first.end;
    const later = web.requests.filter((r) => r !== first);
    for (const r of later) expect(r.start).toBeGreaterThanOrEqual(limitedAt + 5_000);
  });

  it('honours Retry-After on 503 and caps a huge one', async () => {
    const url = 'https://slow.example.org/';
    const { verdicts, end } = await schedule([url], (_u, n) => (n === 0 ? { status: 503, retryAfterMs: 3_600_000 } : { status: 200 }), {
      maxRetryAfterMs: 20_000,
    });
    expect(verdicts.get(url)?.class).toBe('ok');
    expect(end).toBeGreaterThanOrEqual(20_000);
    expect(end).toBeLessThan(25_000);
  });

  it('a server that keeps answering 429 ends as server trouble, checked twice', async () => {
    const url = 'https://always-busy.example.org/';
    const { verdicts } = await schedule([url], () => ({ status: 429, retryAfterMs: 1_000 }));
    expect(verdicts.get(url)).toMatchObject({ class: 'server-error', status: 429, checks: 2 });
  });

  it('takes the hosts in turns: a big host does not hold the global slots', async () => {
    const big = Array.from({ length: 40 }, (_, i) => `https://big.example.org/${i}`);
    const small = ['https://small.example.org/1'];
    const { web } = await schedule([...big, ...small], () => ({ delayMs: 200 }), { global: 2 });
    const smallStart = web.requests.find((r) => r.host === 'small.example.org')!.start;
    expect(smallStart).toBeLessThanOrEqual(200);
  });

  it('stops starting requests when cancelled, and aborts the wait', async () => {
    const time = virtualTime();
    const web = fakeWeb(time, () => ({ delayMs: 100 }));
    const abort = new AbortController();
    const verdicts: LinkVerdict[] = [];
    await time.run(
      runSchedule({
        urls: urlsOn(1, 50),
        check: web.check,
        limits,
        timers: time,
        hostOf,
        signal: abort.signal,
        onVerdict: (v) => {
          verdicts.push(v);
          if (verdicts.length === 5) abort.abort();
        },
      }),
    );
    expect(verdicts.length).toBeLessThanOrEqual(6);
    expect(web.requests.length).toBeLessThan(10);
  });

  it('pauses at its checkpoint: no request starts while paused', async () => {
    const time = virtualTime();
    const web = fakeWeb(time, () => ({ delayMs: 100 }));
    let release!: () => void;
    let paused: Promise<void> | null = null;
    let verdicts = 0;
    let startsWhilePaused = 0;
    const run = runSchedule({
      urls: urlsOn(2, 10),
      check: async (url, stage, signal) => {
        if (paused) startsWhilePaused++;
        return web.check(url, stage, signal);
      },
      limits,
      timers: time,
      hostOf,
      checkpoint: () => paused ?? Promise.resolve(),
      onVerdict: () => {
        if (++verdicts === 4) {
          paused = new Promise<void>((r) => (release = r));
          void time.sleep(60_000).then(() => {
            paused = null;
            release();
          });
        }
      },
    });
    await time.run(run);
    expect(verdicts).toBe(20);
    expect(startsWhilePaused).toBe(0);
    expect(time.now()).toBeGreaterThanOrEqual(60_000);
  });
});

describe('ideal schedule', () => {
  it('is bound by the slowest host or by the global limit, whichever is longer', () => {
    // One host, 10 requests of 100 ms, 2 at a time, 10 ms gap: 5 rounds of 100 ms (+ the second slot's 10 ms).
    expect(idealDurationMs([10], 100, { perHost: 2, hostGapMs: 10, global: 100 })).toBe(510);
    // The gap dominates: 10 starts 300 ms apart.
    expect(idealDurationMs([10], 100, { perHost: 2, hostGapMs: 300, global: 100 })).toBe(2800);
    // 100 hosts of 1 request, 10 at a time: 10 rounds.
    expect(idealDurationMs(Array(100).fill(1), 100, { perHost: 2, hostGapMs: 0, global: 10 })).toBe(1000);
  });
});
