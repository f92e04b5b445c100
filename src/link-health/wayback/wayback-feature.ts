/**
 * The Wayback rescue in the background: for dead bookmarks, the archive's capture closest to each one's original
 * date added (the date an imported file gave it, else Firefox's dateAdded), looked up only when a person starts a
 * lookup and only once the archive's origin is granted; what was found is kept (store.ts), so a lookup started again
 * (after a cancel, a closed page, a restart) asks only what is left. The changes are rescue.ts's.
 */
import type { BookmarkDateSource } from '../../bookmark-dates';
import { dateAddedOf } from '../../bookmark-dates';
import type { BackgroundDeps } from '../../feature-contract';
import { t } from '../../i18n';
import type { HandlersOf, JobContext, JobHandlersOf } from '../../messaging/define';
import { AppError } from '../../messaging/errors';
import type { History } from '../../operation-history';
import type { TagStore } from '../../tags';
import type { BookmarkRef } from '../bookmarks';
import { grantedMatcher } from '../host-access';
import { realTimers, type Timers } from '../timers';
import { AVAILABILITY_ENDPOINT, askAvailability, timestampMs, waybackTimestamp } from './availability';
import { DEFAULT_LOOKUP_LIMITS, runLookups, type LookupLimits } from './lookup';
import type { LookupProgress, LookupResult, WaybackItem, waybackJobs, waybackProtocol, waybackTestProtocol } from './protocol';
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
}

const TIMEOUT_MS = 30_000;

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
  let running = false;
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
  };

  const lookup = async (ids: readonly string[] | undefined, ctx: JobContext<LookupProgress>): Promise<LookupResult> => {
    if (!grantedMatcher(await deps.grantedOrigins())(endpoint)) throw new AppError('forbidden', t('waybackNoAccess'));
    const [list, records] = await Promise.all([questions(), store.all()]);
    const wanted = ids && new Set(ids);
    // One question per address and moment: bookmarks of one address added at one moment share the answer.
    const todo = new Map<string, { url: string; asked: string }>();
    for (const { ref, asked } of list) {
      const key = recordKey(ref.url, asked);
      if ((!wanted || wanted.has(ref.id)) && !records.has(key)) todo.set(key, { url: ref.url, asked });
    }
    const questionsLeft = [...todo.values()];
    const result: LookupResult = { asked: 0, found: 0, none: 0, failed: 0 };
    const progress = () => ctx.progress({ done: result.asked, total: questionsLeft.length, found: result.found });
    progress();
    const fetcher = deps.fetch ?? globalThis.fetch.bind(globalThis);
    await runLookups({
      questions: questionsLeft,
      ask: (q, signal) => askAvailability({ fetch: fetcher, endpoint, timers, timeoutMs: TIMEOUT_MS }, q.url, q.asked, signal),
      limits,
      timers,
      signal: ctx.signal,
      checkpoint: () => ctx.checkpoint(),
      onAnswer: async (q, answer) => {
        result.asked++;
        if (answer.kind === 'failed') result.failed++;
        else {
          if (answer.kind === 'found') result.found++;
          else result.none++;
          await store.put({
            key: recordKey(q.url, q.asked),
            url: q.url,
            asked: q.asked,
            snapshot: answer.kind === 'found' ? answer.snapshot : null,
            lookedUpAt: deps.now(),
          });
        }
        progress();
      },
    });
    if (ctx.signal.aborted) throw new AppError('cancelled', t('waybackCancelled'));
    return result;
  };

  const jobs: Pick<JobHandlersOf<typeof waybackJobs>, 'links.wayback.lookup'> = {
    'links.wayback.lookup': async ({ ids }, ctx) => {
      if (running) throw new AppError('conflict', t('waybackBusy'));
      running = true;
      try {
        return await lookup(ids, ctx);
      } finally {
        running = false;
      }
    },
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
      await store.clear();
      endpoint = AVAILABILITY_ENDPOINT;
      limits = { ...DEFAULT_LOOKUP_LIMITS };
    },
  };
}
