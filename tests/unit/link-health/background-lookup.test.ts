/**
 * The Wayback lookup belongs to the background (src/link-health/wayback/lookup-run.ts, a run of background-run.ts
 * like the link check): it runs with no page following it, cancel is a request any page makes, a cancelled lookup
 * started again asks only what is left, and it resumes by itself when an event page that went away mid-lookup is
 * woken by its alarm, and when Firefox starts again (its alarms gone: runtime.onStartup), asking only the questions
 * without a stored answer, where and as politely as it started. Each "event page" is a new feature on the same fake
 * browser and the same IndexedDB databases; the one before it is left hanging on a question that never answers, as
 * a page Firefox unloaded would never go on.
 */
import { describe, expect, it } from 'vitest';
import { createLinkHealthFeature } from '../../../src/link-health/feature';
import type { RequestLog } from '../../../src/link-health/request-log';
import { openLinkHealthStore } from '../../../src/link-health/store';
import { LOOKUP_ALARM } from '../../../src/link-health/wayback/lookup-run';
import { openWaybackStore } from '../../../src/link-health/wayback/store';
import { createHistory, openJournal } from '../../../src/operation-history';
import { openTagStore } from '../../../src/tags/tag-store';
import { openBookmarkDateStore } from '../../../src/bookmark-dates';
import type { LookupProgress } from '../../../src/link-health/protocol';
import { createFakeBrowser } from '../../fakes/browser';
import { jobContext } from './setup';

const ctx = { senderUrl: undefined };
const ENDPOINT = 'https://archive.example.org/wayback/available';
let dbSeq = 0;

/**
 * A fake Firefox with `count` dead bookmarks (the check found them gone: their verdicts are stored) and a fake
 * archive that has a copy of every third one but not of the others. From the `hangAt`th question on (counted from
 * 0), questions get no answer (the event page is stuck there when it goes away; a cancel aborts them, as fetch
 * does) until `wake()`.
 */
async function firefox(count: number, hangAt: number | null = null) {
  const fake = createFakeBrowser();
  const n = dbSeq++;
  /** Every question the archive was asked (also those that got no answer). */
  const requests: URL[] = [];
  let hanging = hangAt;
  let inFlight = 0;
  let mostInFlight = 0;
  const granted = { origins: ['<all_urls>'] };
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const request = new URL(url);
    requests.push(request);
    if (hanging !== null && requests.length > hanging) {
      return new Promise<never>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    }
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight--;
    const asked = request.searchParams.get('url')!;
    const i = Number(asked.split('/').pop());
    const body =
      i % 3 === 0
        ? {
            url: asked,
            archived_snapshots: { closest: { status: '200', available: true, url: `http://web.archive.org/web/20190503120000/${asked}`, timestamp: '20190503120000' } },
          }
        : { url: asked, archived_snapshots: {} };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  const log: RequestLog = { watch: () => ({ hops: [], error: null, ended: Promise.resolve(), stop: () => undefined }) };
  const folder = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Dead' });
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const url = `https://old.example.org/gone/${i}`;
    urls.push(url);
    await fake.browser.bookmarks.create({ parentId: folder.id, url, title: `Dead ${i}` });
  }
  await openLinkHealthStore(`bg-lookup-${n}`).putVerdicts(
    urls.map((url) => ({ url, class: 'gone', status: 404, finalUrl: null, hops: [], failure: null, checks: 2, checkedAt: Date.now(), runId: 'check' })),
  );
  /** An event page: the feature built on this browser, its state in this Firefox's databases. */
  const eventPage = async () => {
    const base = { browser: fake.browser, now: () => Date.now(), testBuild: true };
    const tags = openTagStore(`bg-lookup-tags-${n}`);
    return createLinkHealthFeature({
      ...base,
      tags,
      history: createHistory({ ...base, tags, journal: openJournal(`bg-lookup-journal-${n}`) }),
      store: openLinkHealthStore(`bg-lookup-${n}`),
      waybackStore: openWaybackStore(`bg-lookup-wayback-${n}`),
      bookmarkDates: openBookmarkDateStore(`bg-lookup-dates-${n}`),
      fetch: fetchImpl,
      requestLog: log,
      grantedOrigins: async () => granted.origins,
    });
  };
  return {
    fake,
    requests,
    granted,
    /** The most questions the archive had in flight at once. */
    get mostInFlight() {
      return mostInFlight;
    },
    eventPage,
    /** An event page whose new lookups ask the test's archive with no gap between questions. */
    async tunedPage() {
      const feature = await eventPage();
      await feature.testHandlers!['test.links.wayback']({ endpoint: ENDPOINT, gapMs: 0, defaultRetryAfterMs: 0 }, ctx);
      return feature;
    },
    /** The event page goes away (mid-lookup: its question never answers): its listeners are dropped. */
    unload() {
      fake.control.unload();
    },
    /** The next event page: its questions are answered. */
    wake() {
      hanging = null;
    },
  };
}

type Feature = Awaited<ReturnType<Awaited<ReturnType<typeof firefox>>['eventPage']>>;
const status = (feature: Feature) => feature.handlers['links.wayback.status'](undefined, ctx);
const until = async (feature: Feature, ok: (s: Awaited<ReturnType<typeof status>>) => boolean) => {
  for (let i = 0; i < 2000; i++) {
    const s = await status(feature);
    if (ok(s)) return s;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never: ${JSON.stringify(await status(feature))}`);
};
/** The addresses asked about, and how many were asked more than once. */
const asked = (requests: URL[]) => requests.map((r) => r.searchParams.get('url')!);
const askedTwice = (requests: URL[]) => asked(requests).length - new Set(asked(requests)).size;

describe('a Wayback lookup in the background', () => {
  it('runs to its end with no page following it, one question at a time; its status says how far it is, then its figures', async () => {
    const ff = await firefox(12);
    const feature = await ff.tunedPage();
    expect(await status(feature)).toEqual({ state: 'idle', run: null });
    const started = await feature.handlers['links.wayback.start']({}, ctx);
    expect(started).toMatchObject({ state: 'running', run: { total: 12, finishedAt: null } });
    expect(ff.fake.control.alarms.map((a) => a.name)).toEqual([LOOKUP_ALARM]);
    const end = await until(feature, (s) => s.state === 'idle');
    expect(end.run).toMatchObject({ done: 12, total: 12, found: 4, none: 8, failed: 0, error: null });
    expect(end.run!.finishedAt).not.toBeNull();
    expect(new Set(asked(ff.requests)).size).toBe(12);
    expect(askedTwice(ff.requests)).toBe(0);
    expect(ff.mostInFlight).toBe(1);
    expect(ff.requests.every((r) => r.href.startsWith(ENDPOINT))).toBe(true);
    expect(ff.fake.control.alarms).toEqual([]); // nothing left to wake the event page for
    // Started again: every question has its answer, nothing is asked.
    await feature.handlers['links.wayback.start']({}, ctx);
    expect((await until(feature, (s) => s.state === 'idle')).run).toMatchObject({ done: 0, total: 0 });
    expect(ff.requests).toHaveLength(12);
  });

  it('a second start while one runs is refused; cancel stops it for good, and started again it asks only what is left', async () => {
    // The sixth question gets no answer: the lookup cannot end before the cancel.
    const ff = await firefox(12, 5);
    const feature = await ff.tunedPage();
    await feature.handlers['links.wayback.start']({}, ctx);
    await expect(feature.handlers['links.wayback.start']({}, ctx)).rejects.toMatchObject({ code: 'conflict' });
    await until(feature, (s) => (s.run?.done ?? 0) >= 5);
    const cancelled = await feature.handlers['links.wayback.cancel'](undefined, ctx);
    expect(cancelled).toMatchObject({ state: 'idle', run: { done: 5, total: 12, finishedAt: null, error: null } });
    expect(ff.fake.control.alarms).toEqual([]);
    expect(ff.requests).toHaveLength(6);
    // A new event page (and a Firefox start) leaves a cancelled lookup stopped.
    ff.unload();
    ff.wake();
    const next = await ff.tunedPage();
    ff.fake.control.startup();
    expect((await status(next)).state).toBe('idle');
    expect(ff.requests).toHaveLength(6);
    // Started again: only the questions without a stored answer (the one cancelled in flight among them).
    expect(await next.handlers['links.wayback.start']({}, ctx)).toMatchObject({ state: 'running', run: { total: 7 } });
    const end = await until(next, (s) => s.state === 'idle');
    expect(end.run).toMatchObject({ done: 7, total: 7, error: null });
    expect(new Set(asked(ff.requests)).size).toBe(12);
    expect(ff.requests).toHaveLength(13);
    expect(askedTwice(ff.requests)).toBe(1);
    const items = (await next.handlers['links.wayback.overview']({}, ctx)).items;
    expect(items.filter((i) => i.snapshot)).toHaveLength(4);
    expect(items.filter((i) => i.snapshot === null)).toHaveLength(8);
  });

  it('resumes by itself when the alarm wakes an event page that went away mid-lookup; what was stored is not asked again', async () => {
    const ff = await firefox(12, 6);
    const first = await ff.tunedPage();
    await first.handlers['links.wayback.start']({}, ctx);
    await until(first, (s) => (s.run?.done ?? 0) >= 6);
    ff.unload();
    // Firefox wakes the event page for the alarm the lookup had set (only for it: no page asks anything).
    ff.wake();
    expect(ff.fake.control.alarms.map((a) => a.name)).toContain(LOOKUP_ALARM);
    const next = await ff.eventPage();
    ff.fake.control.fireAlarm(LOOKUP_ALARM);
    // Only what had no stored answer is asked: the question in flight when the page went away, and the rest.
    await expect.poll(() => ff.requests.length, { timeout: 10_000, interval: 5 }).toBe(7 + 6);
    const end = await until(next, (s) => s.state === 'idle');
    expect(end.run).toMatchObject({ done: 12, total: 12, found: 4, none: 8, failed: 0 });
    expect(new Set(asked(ff.requests)).size).toBe(12);
    expect(askedTwice(ff.requests)).toBe(1);
    expect(asked(ff.requests.slice(7))[0]).toBe(asked(ff.requests)[6]);
  });

  it('resumes at start-up after Firefox quit mid-lookup (its alarms gone), asking the archive it started with', async () => {
    const ff = await firefox(12, 4);
    const first = await ff.tunedPage();
    await first.handlers['links.wayback.start']({}, ctx);
    await until(first, (s) => (s.run?.done ?? 0) >= 4);
    ff.unload();
    ff.fake.control.dropAlarms();
    ff.wake();
    // The new event page was not pointed at the test's archive: the run keeps where it asks.
    const next = await ff.eventPage();
    ff.fake.control.startup();
    await expect.poll(() => ff.requests.length, { timeout: 10_000, interval: 5 }).toBe(5 + 8);
    // The page that opens afterwards sees its end (it did not start it).
    const end = await until(next, (s) => s.state === 'idle');
    expect(end.run).toMatchObject({ done: 12, total: 12, found: 4, none: 8 });
    expect(end.run!.finishedAt).not.toBeNull();
    expect(ff.requests.every((r) => r.href.startsWith(ENDPOINT))).toBe(true);
    expect(askedTwice(ff.requests)).toBe(1);
    expect(ff.mostInFlight).toBe(1);
  });

  it('a lookup resumed after the archive was taken back fails, saying why, and asks nothing', async () => {
    const ff = await firefox(6, 2);
    const first = await ff.tunedPage();
    await first.handlers['links.wayback.start']({}, ctx);
    await until(first, (s) => (s.run?.done ?? 0) >= 2);
    ff.unload();
    ff.fake.control.dropAlarms();
    ff.granted.origins = ['https://old.example.org/*'];
    ff.wake();
    const next = await ff.eventPage();
    ff.fake.control.startup();
    const end = await until(next, (s) => !!s.run?.error);
    expect(end).toMatchObject({ state: 'idle', run: { done: 2, total: 6, finishedAt: null, error: { code: 'forbidden' } } });
    expect(ff.requests).toHaveLength(3);
  });

  it('the lookup job starts it and follows it; a follower going away stops the following, not the lookup', async () => {
    const ff = await firefox(9);
    const feature = await ff.tunedPage();
    const seen: LookupProgress[] = [];
    expect(
      await feature.jobs['links.wayback.lookup'](
        {},
        jobContext<LookupProgress>((p) => seen.push(p)),
      ),
    ).toEqual({ asked: 9, found: 3, none: 6, failed: 0 });
    expect(seen.at(-1)).toEqual({ done: 9, total: 9, found: 3, none: 6, failed: 0 });

    const more = await firefox(9);
    const watched = await more.tunedPage();
    const job = watched.jobs['links.wayback.lookup'](
      {},
      jobContext<LookupProgress>((p, abort) => p.done >= 3 && abort()),
    );
    await expect(job).rejects.toMatchObject({ code: 'cancelled' });
    const end = await until(watched, (s) => s.state === 'idle');
    expect(end.run).toMatchObject({ done: 9, total: 9, finishedAt: expect.any(Number) });
    expect(more.requests).toHaveLength(9);
  });
});
