/**
 * Link health's background over the fake browser, with the one history and a tag store of its own, and a web that
 * answers from a function: a status, 'refused', or a permanent redirect (the request log reports the hop, as
 * Firefox's webRequest does, and the target answers 200).
 */
import type { JobContext } from '../../../src/messaging/define';
import { AppError } from '../../../src/messaging/errors';
import { createLinkHealthFeature } from '../../../src/link-health/feature';
import type { RequestLog } from '../../../src/link-health/request-log';
import { openLinkHealthStore } from '../../../src/link-health/store';
import { createHistory, openJournal } from '../../../src/operation-history';
import { openTagStore } from '../../../src/tags/tag-store';
import { openBookmarkDateStore } from '../../../src/bookmark-dates';
import { openWaybackStore } from '../../../src/link-health/wayback/store';
import { createFakeBrowser } from '../../fakes/browser';

let dbSeq = 0;

export type Answer = number | 'refused' | { movedTo: string; status?: number };

export async function linkHealthSetup(
  answer: (url: string, method: string) => Answer,
  options: { granted?: string[]; testBuild?: boolean; archive?: (url: URL) => Response | Promise<Response> } = {},
) {
  const fake = createFakeBrowser();
  const n = dbSeq++;
  const fetched: { url: string; method: string }[] = [];
  const log: RequestLog = {
    watch: (url) => {
      const a = answer(url, 'HEAD');
      const hops = typeof a === 'object' ? [{ url, status: a.status ?? 301, to: a.movedTo }] : [];
      return { hops, error: null, ended: Promise.resolve(), stop: () => undefined };
    },
  };
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    fetched.push({ url, method });
    // The Wayback rescue's questions go to the test's fake availability API.
    if (options.archive && url.startsWith('https://archive.org/wayback/available')) return options.archive(new URL(url));
    const a = answer(url, method);
    if (a === 'refused') throw new TypeError('NetworkError when attempting to fetch resource.');
    return new Response(null, { status: typeof a === 'object' ? 200 : a });
  }) as unknown as typeof fetch;
  const base = { browser: fake.browser, now: () => Date.now(), testBuild: options.testBuild ?? true };
  const tags = openTagStore(`link-health-tags-${n}`);
  const history = createHistory({ ...base, tags, journal: openJournal(`link-health-journal-${n}`) });
  const store = openLinkHealthStore(`link-health-test-${n}`);
  const dates = openBookmarkDateStore(`link-health-dates-${n}`);
  const feature = createLinkHealthFeature({
    ...base,
    tags,
    history,
    bookmarkDates: dates,
    store,
    waybackStore: openWaybackStore(`link-health-wayback-${n}`),
    fetch: fetchImpl,
    requestLog: log,
    grantedOrigins: async () => options.granted ?? ['<all_urls>'],
  });
  if (options.testBuild !== false) await feature.testHandlers!['test.links.tune']({ hostGapMs: 0, confirmDelayMs: 0, timeoutMs: 2000 }, { senderUrl: undefined });
  const add = async (url: string, title = url, parentId = 'unfiled_____') => (await fake.browser.bookmarks.create({ parentId, url, title })).id;
  return { fake, feature, fetched, add, tags, history, store, dates };
}

/** A job's context: progress goes to `onProgress`, which may cancel the job (its second argument). */
export function jobContext<P>(onProgress: (p: P, abort: () => void) => void = () => undefined): JobContext<P> {
  const controller = new AbortController();
  return {
    progress: (p) => onProgress(p, () => controller.abort()),
    signal: controller.signal,
    checkpoint: async () => {
      if (controller.signal.aborted) throw new AppError('cancelled', 'The job was cancelled.');
    },
  };
}
