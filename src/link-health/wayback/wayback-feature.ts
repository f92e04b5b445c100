/**
 * The Wayback rescue in the background: for dead bookmarks, the archive's capture closest to each one's original
 * date added (the date an imported file gave it, else Firefox's dateAdded), looked up only when a person starts a
 * lookup and only once the archive's origin is granted; what was found is kept (store.ts), so a lookup started again
 * (after a cancel) asks only what is left. The lookup runs in the background (lookup-run.ts): it goes on without a
 * page and resumes by itself after the event page or Firefox went away. The changes are rescue.ts's.
 */
import type { BookmarkDateSource } from '../../bookmark-dates';
import { dateAddedOf } from '../../bookmark-dates';
import type { BackgroundDeps } from '../../feature-contract';
import type { HandlersOf, JobHandlersOf } from '../../messaging/define';
import type { History } from '../../operation-history';
import type { TagStore } from '../../tags';
import type { BookmarkRef } from '../bookmarks';
import { realTimers, type Timers } from '../timers';
import { AVAILABILITY_ENDPOINT, timestampMs, waybackTimestamp } from './availability';
import { DEFAULT_LOOKUP_LIMITS, type LookupLimits } from './lookup';
import { createLookupRun } from './lookup-run';
import type { WaybackItem, waybackJobs, waybackProtocol, waybackTestProtocol } from './protocol';
import { createRescue } from './rescue';
import { createSnapshotHandlers } from './snapshots';
import { openWaybackStore, recordKey, type WaybackStore } from './store';

export interface WaybackDeps extends BackgroundDeps {
  history: History;
  /** The rescue takes an address's tags along (src/tags carryTags). */
  tags: TagStore;
  bookmarkDates: BookmarkDateSource;
  /** The bookmarks whose link the check found dead (gone, server trouble, unreachable). */
  deadBookmarks(): Promise<BookmarkRef[]>;
  grantedOrigins(): Promise<string[]>;
  waybackStore?: WaybackStore;
  fetch?: typeof fetch;
  timers?: Timers;
  /** How soon the alarm wakes an event page that went away mid-lookup (the link check's; test builds shorten it). */
  wakeAfterMs(): number;
}

/** The origin pattern of an endpoint (what permissions.request asks for). */
export const originOf = (endpoint: string) => {
  const u = new URL(endpoint);
  return `${u.protocol}//${u.hostname}/*`;
};

export function createWayback(deps: WaybackDeps) {
  const store = deps.waybackStore ?? openWaybackStore();
  const timers = deps.timers ?? realTimers;
  let endpoint = AVAILABILITY_ENDPOINT;
  let limits: LookupLimits = { ...DEFAULT_LOOKUP_LIMITS };
  const rescue = createRescue(deps);

  /** The dead bookmarks, each with the moment to ask about. */
  const questions = async () => {
    const [dead, dates] = await Promise.all([deps.deadBookmarks(), deps.bookmarkDates.all()]);
    const nodes = dead.length ? await deps.browser.bookmarks.get(dead.map((d) => d.id)).catch(() => []) : [];
    const added = new Map(nodes.map((n) => [n.id, dateAddedOf(n, dates)]));
    return dead.map((ref) => {
      const askedAt = added.get(ref.id) ?? 0;
      return { ref, askedAt, asked: waybackTimestamp(askedAt) };
    });
  };

  const lookups = createLookupRun({
    browser: deps.browser,
    now: deps.now,
    store,
    timers,
    fetch: deps.fetch ?? globalThis.fetch.bind(globalThis),
    grantedOrigins: deps.grantedOrigins,
    questions: async (ids) => {
      const wanted = ids && new Set(ids);
      return (await questions()).filter((q) => !wanted || wanted.has(q.ref.id)).map((q) => ({ url: q.ref.url, asked: q.asked }));
    },
    endpoint: () => endpoint,
    limits: () => limits,
    wakeAfterMs: deps.wakeAfterMs,
  });
  const handlers: HandlersOf<typeof waybackProtocol> = {
    'links.wayback.overview': async () => {
      const [list, records] = await Promise.all([questions(), store.all()]);
      const items: WaybackItem[] = list.map(({ ref, askedAt, asked }) => {
        const record = records.get(recordKey(ref.url, asked));
        const snapshot = record ? record.snapshot && { url: record.snapshot.url, at: timestampMs(record.snapshot.timestamp) ?? 0 } : undefined;
        return { id: ref.id, url: ref.url, askedAt, ...(snapshot === undefined ? {} : { snapshot }) };
      });
      return { origin: originOf(endpoint), items };
    },
    ...createSnapshotHandlers(deps, store),
    'links.wayback.start': ({ ids }) => lookups.start(ids),
    'links.wayback.status': () => lookups.status(),
    'links.wayback.cancel': () => lookups.cancel(),
  };

  const jobs: Pick<JobHandlersOf<typeof waybackJobs>, 'links.wayback.lookup'> = {
    'links.wayback.lookup': ({ ids }, ctx) => lookups.follow(ids, (p) => ctx.progress(p), ctx.signal),
  };
  const writeJobs: Pick<JobHandlersOf<typeof waybackJobs>, 'links.wayback.rescue'> = {
    'links.wayback.rescue': (input, ctx) => rescue.rescue(input, ctx),
  };

  const testHandlers: HandlersOf<ReturnType<typeof waybackTestProtocol>> | undefined =
    __TIDYMARKS_TEST_BUILD__ && deps.testBuild
      ? {
          'test.links.wayback': async ({ endpoint: e, ...rest }) => {
            if (e !== undefined) endpoint = e;
            limits = { ...limits, ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) };
            return { ok: true };
          },
        }
      : undefined;

  return {
    handlers,
    jobs,
    writeJobs,
    testHandlers,
    async reset() {
      await lookups.halt();
      await store.clear();
      endpoint = AVAILABILITY_ENDPOINT;
      limits = { ...DEFAULT_LOOKUP_LIMITS };
    },
  };
}
