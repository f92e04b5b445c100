/**
 * Link health in the background: the check (check-runner.ts) and the Wayback lookup (wayback/lookup-run.ts), each a
 * run of background-run.ts (it runs in the background whoever watches it, and resumes after the event page slept or
 * Firefox restarted), the requests the view reads, the fixes (fixes.ts: previewed, then carried out as an operation
 * of the one history) and the markers other pages show (marker.ts). Nothing is fetched until a person starts a
 * check; only hosts the person granted are fetched (host-access.ts), only http(s) URLs on public hosts
 * (eligibility.ts). The test build also lets loopback hosts through, for the e2e test server on 127.0.0.x;
 * production never fetches them.
 */
import type { BackgroundDeps, ResettableFeature } from '../feature-contract';
import type { HandlersOf, JobHandlersOf } from '../messaging/define';
import { AppError } from '../messaging/errors';
import type { History } from '../operation-history';
import type { TagStore } from '../tags';
import { bookmarksOf, type BookmarkRef } from './bookmarks';
import { createLinkFixes } from './fixes';
import { markerOf, type LinkMarker } from './marker';
import { eligibility, isLoopbackIPv4, isPublicHost, isTestHost, type HostAllowed } from './eligibility';
import { grantedMatcher } from './host-access';
import { createProbe } from './probe';
import type { LinkItem, LinksOverview, linkHealthJobs, linkHealthProtocol, linkHealthTestProtocol } from './protocol';
import { createCheckRunner, WAKE_AFTER_MS, type CheckPass } from './check-runner';
import { createWebRequestLog, type RequestLog } from './request-log';
import { DEFAULT_LIMITS, runSchedule, type PolitenessLimits } from './scheduler';
import { openLinkHealthStore, type LinkHealthStore, type RunRecord } from './store';
import { realTimers, type Timers } from './timers';
import { linkStates, tally } from './tally';
import type { LinkClass, LinkVerdict } from './types';
import { t } from '../i18n';
import type { BookmarkDateSource } from '../bookmark-dates';
import { DEAD_CLASSES } from './marker';
import { createWayback } from './wayback/wayback-feature';
import type { WaybackStore } from './wayback/store';
import { snapshotVerdict } from './wayback/snapshot-verdict';

/** A result older than this is checked again by a 'stale' check. */
export const STALE_AFTER_MS = 7 * 24 * 3600 * 1000;
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface LinkHealthDeps extends BackgroundDeps {
  /** The fixes move tags with an address (and journal them). */
  tags: TagStore;
  /** The one history: a fix is an operation of it, run in its queue. */
  history: History;
  /** The Wayback rescue asks the archive about a bookmark's original date added (an imported file's, else Firefox's). */
  bookmarkDates: BookmarkDateSource;
  store?: LinkHealthStore;
  waybackStore?: WaybackStore;
  fetch?: typeof fetch;
  requestLog?: RequestLog;
  timers?: Timers;
  /** The origins granted (permissions.getAll().origins). */
  grantedOrigins?: () => Promise<string[]>;
}

const GOOD: ReadonlySet<LinkClass> = new Set(['ok', 'moved', 'redirected']);

export function createLinkHealthFeature(deps: LinkHealthDeps) {
  const { browser } = deps;
  const store = deps.store ?? openLinkHealthStore();
  const timers = deps.timers ?? realTimers;
  const hostAllowed: HostAllowed = deps.testBuild ? (h) => isPublicHost(h) || isLoopbackIPv4(h) || isTestHost(h) : isPublicHost;
  const grantedOrigins = deps.grantedOrigins ?? (async () => (await browser.permissions.getAll()).origins ?? []);
  let limits: PolitenessLimits = { ...DEFAULT_LIMITS };
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  let wakeAfterMs = WAKE_AFTER_MS;
  let requestLog: RequestLog | null = deps.requestLog ?? null;

  const readBookmarks = async () => bookmarksOf(await browser.bookmarks.getTree());
  const fixes = createLinkFixes({ ...deps, store });
  const wayback = createWayback({
    ...deps,
    grantedOrigins,
    wakeAfterMs: () => wakeAfterMs,
    deadBookmarks: async () => {
      const [bookmarks, verdicts] = await Promise.all([readBookmarks(), store.verdicts()]);
      return bookmarks.filter((b) => DEAD_CLASSES.has(verdicts.get(b.url)?.class ?? 'ok'));
    },
  });

  /** The marker of each address the check found moved for good or dead: one lookup by URL, from the store's memory. */
  const markers = async (): Promise<(url: string) => LinkMarker | null> => {
    const marked = await store.marked();
    return (url) => {
      const verdict = marked.get(url);
      return verdict ? markerOf(verdict) : null;
    };
  };

  /** Per bookmark: fetchable (with its URL's host) or why not. */
  const sortOut = (bookmarks: readonly BookmarkRef[]) => {
    const checkable: { ref: BookmarkRef; host: string }[] = [];
    for (const ref of bookmarks) {
      const e = eligibility(ref.url, hostAllowed);
      if (e.ok) checkable.push({ ref, host: e.url.hostname });
    }
    return { checkable };
  };

  /** Every bookmark's state now (tally.ts): what the overview counts and the results list are one set. */
  const states = async () => {
    const [bookmarks, verdicts, origins] = await Promise.all([readBookmarks(), store.verdicts(), grantedOrigins()]);
    const granted = grantedMatcher(origins);
    return { granted, verdicts, states: linkStates(bookmarks, verdicts, granted, hostAllowed) };
  };

  const handlers: HandlersOf<typeof linkHealthProtocol> = {
    'links.overview': async (): Promise<LinksOverview> => {
      const [now, run] = await Promise.all([states(), store.run()]);
      return {
        ...tally(now.states, now.granted),
        run: run && {
          id: run.id,
          startedAt: run.startedAt,
          finishedAt: run.finishedAt,
          total: run.urls.length,
          done: run.urls.filter((u) => now.verdicts.get(u)?.runId === run.id).length,
        },
      };
    },
    'links.results': async () => {
      const items: LinkItem[] = [];
      for (const { ref, state } of (await states()).states) {
        if (state.kind === 'checked' && state.verdict.class === 'ok') continue;
        const v = state.kind === 'checked' ? state.verdict : null;
        items.push({
          id: ref.id,
          title: ref.title,
          url: ref.url,
          path: ref.path,
          class: v?.class ?? null,
          skip: state.kind === 'never' ? state.reason : state.kind === 'not-checked' ? (state.access ? 'not-checked' : 'no-access') : null,
          status: v?.status ?? null,
          finalUrl: v?.finalUrl ?? null,
          overHttps: v?.overHttps === true,
          failure: v?.failure ?? null,
          checks: v?.checks ?? 0,
          checkedAt: v?.checkedAt ?? null,
        });
      }
      return { items };
    },
    'links.fixPreview': (input) => fixes.preview(input),
    'links.markers': async () => ({ markers: [...(await store.marked()).values()].map((v) => [v.url, markerOf(v)!] as [string, LinkMarker]) }),
    'links.start': ({ mode }) => runner.start(mode),
    'links.status': () => runner.status(),
    'links.pause': () => runner.pause(),
    'links.cancel': () => runner.cancel(),
    ...wayback.handlers,
    'links.forget': async () => {
      if (runner.running) throw new AppError('conflict', t('linksBusyForget'));
      await store.clear();
      return { ok: true };
    },
  };

  /** A new run: what a 'stale' or 'all' check sets out to fetch (only granted hosts; refused when none is). */
  const newRun = async (mode: 'stale' | 'all'): Promise<RunRecord> => {
    const [bookmarks, verdicts, origins] = await Promise.all([readBookmarks(), store.verdicts(), grantedOrigins()]);
    const granted = grantedMatcher(origins);
    const checkableUrls = [...new Set(sortOut(bookmarks).checkable.map((c) => c.ref.url))];
    const reachable = checkableUrls.filter(granted);
    if (!reachable.length && checkableUrls.length) throw new AppError('forbidden', t('linksNoSiteGranted'));
    const now = deps.now();
    const urls =
      mode === 'all'
        ? reachable
        : reachable.filter((u) => {
            const v = verdicts.get(u);
            return !v || !GOOD.has(v.class) || now - v.checkedAt > STALE_AFTER_MS;
          });
    return {
      key: 'current',
      id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      mode,
      startedAt: now,
      finishedAt: null,
      urls,
      state: 'running',
      error: null,
    };
  };

  /** One pass over a run's URLs: the probe under the politeness scheduler, on the hosts granted now. */
  const pass: CheckPass = {
    async todo(run) {
      const [bookmarks, verdicts, origins] = await Promise.all([readBookmarks(), store.verdicts(), grantedOrigins()]);
      const granted = grantedMatcher(origins);
      const checkableUrls = [...new Set(sortOut(bookmarks).checkable.map((c) => c.ref.url))];
      const stillThere = new Set(checkableUrls.filter(granted));
      const todo = run.urls.filter((u) => verdicts.get(u)?.runId !== run.id && stillThere.has(u));
      return { todo, verdicts, withoutAccess: checkableUrls.length - stillThere.size, granted };
    },
    async check(urls, granted, signal, on) {
      const log = (requestLog ??= createWebRequestLog(browser.webRequest, browser.runtime.getURL('')));
      const probe = createProbe({
        fetch: deps.fetch ?? globalThis.fetch.bind(globalThis),
        log,
        timers,
        timeoutMs,
        mayFetch: (url) => granted(url) && eligibility(url, hostAllowed).ok,
      });
      await runSchedule({
        urls,
        check: probe.check,
        limits,
        timers,
        hostOf: (u) => new URL(u).hostname,
        signal,
        checkpoint: async () => {
          if (signal.aborted) throw new AppError('cancelled', t('linksCheckCancelled'));
        },
        onConfirmQueued: on.confirmQueued,
        // A snapshot address the archive redirects to its exact capture is fine, not moved (wayback/snapshot-verdict.ts).
        onVerdict: (checked: LinkVerdict) => on.verdict(snapshotVerdict(checked)),
      });
    },
  };
  const runner = createCheckRunner({ browser, now: deps.now, store, newRun, pass, wakeAfterMs: () => wakeAfterMs });

  const jobs: Pick<JobHandlersOf<typeof linkHealthJobs>, 'links.check' | 'links.wayback.lookup'> = {
    'links.check': ({ mode }, ctx) => runner.follow(mode, (p) => ctx.progress(p), ctx.signal),
    ...wayback.jobs,
  };
  /** The jobs that write bookmarks (the app runs them as a batch for the Places events' listeners). */
  const writeJobs: Pick<JobHandlersOf<typeof linkHealthJobs>, 'links.fix' | 'links.wayback.rescue'> = {
    'links.fix': (input, ctx) => fixes.fix(input, ctx),
    ...wayback.writeJobs,
  };

  const feature: ResettableFeature = {
    async reset() {
      await runner.halt();
      await Promise.all([store.clear(), wayback.reset()]);
      limits = { ...DEFAULT_LIMITS };
      timeoutMs = DEFAULT_TIMEOUT_MS;
      wakeAfterMs = WAKE_AFTER_MS;
    },
  };

  const testHandlers: HandlersOf<ReturnType<typeof linkHealthTestProtocol>> | undefined =
    __TIDYMARKS_TEST_BUILD__ && deps.testBuild
      ? {
          'test.links.tune': async (input) => {
            const { timeoutMs: t, wakeAfterMs: wake, ...rest } = input;
            if (t !== undefined) timeoutMs = t;
            if (wake !== undefined) wakeAfterMs = wake;
            limits = { ...limits, ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) };
            return { ok: true };
          },
          ...wayback.testHandlers!,
        }
      : undefined;

  return { handlers, testHandlers, jobs, writeJobs, store, markers, ...feature };
}
