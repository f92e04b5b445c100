/**
 * The check belongs to the background (src/link-health/check-runner.ts): it runs with no page following it, pause
 * and cancel are requests any page makes, and it resumes by itself when an event page that went away mid-check is
 * woken by the alarm, and when Firefox starts again (its alarms gone: runtime.onStartup). Each "event page" here is
 * a new feature on the same fake browser and the same IndexedDB database; the one before it is left hanging on a
 * request that never answers, as a page Firefox unloaded would never go on.
 */
import { describe, expect, it } from 'vitest';
import { createLinkHealthFeature } from '../../../src/link-health/feature';
import { WAKE_ALARM } from '../../../src/link-health/check-runner';
import type { RequestLog } from '../../../src/link-health/request-log';
import { openLinkHealthStore } from '../../../src/link-health/store';
import { createHistory, openJournal } from '../../../src/operation-history';
import { openTagStore } from '../../../src/tags/tag-store';
import { openBookmarkDateStore } from '../../../src/bookmark-dates';
import { createFakeBrowser } from '../../fakes/browser';

const ctx = { senderUrl: undefined };
let dbSeq = 0;

/**
 * A fake Firefox whose web answers 200; from the `hangAt`th request on, requests wait forever (the event page is
 * stuck there when it goes away) until `wake()`: the next event page's requests are answered.
 */
async function firefox(urls: number, hangAt: number | null = null) {
  const fake = createFakeBrowser();
  const n = dbSeq++;
  const fetched: string[] = [];
  let hanging = hangAt;
  const log: RequestLog = { watch: () => ({ hops: [], error: null, ended: Promise.resolve(), stop: () => undefined }) };
  const fetchImpl = (async (url: string) => {
    if (hanging !== null && fetched.length >= hanging) return new Promise<never>(() => undefined);
    fetched.push(url);
    return new Response(null, { status: 200 });
  }) as unknown as typeof fetch;
  const folder = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Links' });
  for (let i = 0; i < urls; i++) await fake.browser.bookmarks.create({ parentId: folder.id, url: `https://h${i % 3}.example.org/${i}`, title: `Link ${i}` });
  /** An event page: the feature built on this browser, its state in this Firefox's databases. */
  const eventPage = async () => {
    const base = { browser: fake.browser, now: () => Date.now(), testBuild: true };
    const tags = openTagStore(`bg-check-tags-${n}`);
    const feature = createLinkHealthFeature({
      ...base,
      tags,
      history: createHistory({ ...base, tags, journal: openJournal(`bg-check-journal-${n}`) }),
      store: openLinkHealthStore(`bg-check-${n}`),
      bookmarkDates: openBookmarkDateStore(`bg-check-dates-${n}`),
      fetch: fetchImpl,
      requestLog: log,
      grantedOrigins: async () => ['<all_urls>'],
    });
    await feature.testHandlers!['test.links.tune']({ hostGapMs: 0, confirmDelayMs: 0, timeoutMs: 2000, global: 1 }, ctx);
    return feature;
  };
  return {
    fake,
    fetched,
    eventPage,
    /** The event page goes away (mid-check: its requests never answer): its listeners are dropped. */
    unload() {
      fake.control.unload();
    },
    /** The next event page: its requests are answered. */
    wake() {
      hanging = null;
    },
  };
}

type Feature = Awaited<ReturnType<Awaited<ReturnType<typeof firefox>>['eventPage']>>;
const status = (feature: Feature) => feature.handlers['links.status'](undefined, ctx);
const until = async (feature: Feature, ok: (s: Awaited<ReturnType<typeof status>>) => boolean) => {
  for (let i = 0; i < 2000; i++) {
    const s = await status(feature);
    if (ok(s)) return s;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never: ${JSON.stringify(await status(feature))}`);
};

describe('a link check in the background', () => {
  it('runs to its end with no page following it; its status says how far it is, then that it finished', async () => {
    const ff = await firefox(30);
    const feature = await ff.eventPage();
    expect(await status(feature)).toEqual({ state: 'idle', run: null });
    const started = await feature.handlers['links.start']({ mode: 'stale' }, ctx);
    expect(started).toMatchObject({ state: 'running', run: { total: 30, finishedAt: null } });
    expect(ff.fake.control.alarms.map((a) => a.name)).toEqual([WAKE_ALARM]);
    const midway = await until(feature, (s) => (s.run?.done ?? 0) >= 5);
    expect(midway.state).toBe('running');
    const end = await until(feature, (s) => s.state === 'idle');
    expect(end.run).toMatchObject({ done: 30, total: 30, counts: { ok: 30 }, error: null });
    expect(end.run!.finishedAt).not.toBeNull();
    expect(new Set(ff.fetched).size).toBe(30);
    expect(ff.fake.control.alarms).toEqual([]); // nothing left to wake the event page for
  });

  it('a second start while one runs is refused; pause keeps it paused (nothing fetched) until continued', async () => {
    // Requests after the tenth never answer in this event page: the check cannot end before the pause.
    const ff = await firefox(30, 10);
    const feature = await ff.eventPage();
    await feature.handlers['links.start']({ mode: 'stale' }, ctx);
    await expect(feature.handlers['links.start']({ mode: 'all' }, ctx)).rejects.toMatchObject({ code: 'conflict' });
    await until(feature, (s) => (s.run?.done ?? 0) >= 5);
    const paused = await feature.handlers['links.pause'](undefined, ctx);
    expect(paused.state).toBe('paused');
    const fetchedAtPause = ff.fetched.length;
    expect(ff.fake.control.alarms).toEqual([]);
    // A new event page (and a Firefox start) leaves a paused check paused.
    ff.unload();
    ff.wake();
    const next = await ff.eventPage();
    ff.fake.control.startup();
    expect((await status(next)).state).toBe('paused');
    expect(ff.fetched).toHaveLength(fetchedAtPause);
    await expect(next.handlers['links.start']({ mode: 'stale' }, ctx)).rejects.toMatchObject({ code: 'conflict' });
    expect((await next.handlers['links.start']({ mode: 'resume' }, ctx)).state).toBe('running');
    const end = await until(next, (s) => s.state === 'idle');
    expect(end.run).toMatchObject({ done: 30, total: 30 });
    expect(end.run!.finishedAt).not.toBeNull();
  });

  it('cancel stops it for good (resumable by hand only): a new event page does not take it up', async () => {
    // Requests after the tenth never answer in this event page: the check cannot end before the cancel.
    const ff = await firefox(30, 10);
    const feature = await ff.eventPage();
    await feature.handlers['links.start']({ mode: 'stale' }, ctx);
    await until(feature, (s) => (s.run?.done ?? 0) >= 5);
    const cancelled = await feature.handlers['links.cancel'](undefined, ctx);
    expect(cancelled).toMatchObject({ state: 'idle', run: { finishedAt: null, error: null } });
    const fetchedAtCancel = ff.fetched.length;
    ff.unload();
    ff.wake();
    const next = await ff.eventPage();
    ff.fake.control.startup();
    expect((await status(next)).state).toBe('idle');
    expect(ff.fetched).toHaveLength(fetchedAtCancel);
    expect((await next.handlers['links.overview'](undefined, ctx)).run).toMatchObject({ finishedAt: null, total: 30 });
  });

  it('resumes by itself when the alarm wakes an event page that went away mid-check; what was stored is not fetched again', async () => {
    const ff = await firefox(60, 40);
    const first = await ff.eventPage();
    await first.handlers['links.start']({ mode: 'stale' }, ctx);
    await until(first, (s) => (s.run?.done ?? 0) >= 40); // verdicts are written in batches of 25
    ff.unload();
    const fetchedBefore = ff.fetched.length;
    // Firefox wakes the event page for the alarm the check had set (only for it: no page asks anything).
    ff.wake();
    expect(ff.fake.control.alarms.map((a) => a.name)).toEqual([WAKE_ALARM]);
    const next = await ff.eventPage();
    const stored = (await next.handlers['links.overview'](undefined, ctx)).run!.done;
    expect(stored).toBeGreaterThanOrEqual(25);
    ff.fake.control.fireAlarm(WAKE_ALARM);
    // Only what had no stored verdict is fetched (checked but not yet written: again).
    await expect.poll(() => ff.fetched.length, { timeout: 10_000, interval: 5 }).toBe(fetchedBefore + 60 - stored);
    const end = await until(next, (s) => s.state === 'idle');
    expect(end.run).toMatchObject({ done: 60, total: 60, counts: { ok: 60 } });
    expect(new Set(ff.fetched).size).toBe(60);
    expect(ff.fetched.length).toBe(fetchedBefore + 60 - stored);
  });

  it('resumes at start-up after Firefox quit mid-check (its alarms are gone)', async () => {
    const ff = await firefox(30, 12);
    const first = await ff.eventPage();
    await first.handlers['links.start']({ mode: 'stale' }, ctx);
    await until(first, (s) => (s.run?.done ?? 0) >= 12);
    ff.unload();
    ff.fake.control.dropAlarms();
    ff.wake();
    const next = await ff.eventPage();
    const fetchedAtQuit = ff.fetched.length;
    ff.fake.control.startup();
    await expect.poll(() => ff.fetched.length > fetchedAtQuit, { timeout: 10_000, interval: 5 }).toBe(true);
    // The page that opens afterwards sees it running (it did not start it).
    const end = await until(next, (s) => s.state === 'idle');
    expect(end.run).toMatchObject({ done: 30, total: 30 });
    expect(end.run!.finishedAt).not.toBeNull();
    expect(new Set(ff.fetched).size).toBe(30);
  });
});
