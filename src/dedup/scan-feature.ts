/**
 * The finding half of the duplicate engine in the background: the 'dedup.scan' job (reads the tree, visit counts,
 * tags and what earlier cleanups removed, then runs the pure scan) and the 'dedup.plan' request (builds a cleanup
 * plan from the last scan and the user's decisions; the page hands that plan to the 'dedup.apply' job).
 *
 * The last scan is kept in memory for 'dedup.plan'. The event page may unload between the scan and the plan, and
 * bookmarks may change in between: any bookmark event drops the cached scan, and a plan without a cached scan is
 * built from a fresh one, so a plan never describes a tree that no longer exists.
 */
import type { BackgroundDeps } from '../app/feature';
import type { HandlersOf, JobContext, JobHandlersOf } from '../messaging/define';
import type { HistoryItem } from '../platform/browser';
import { parseStoredSettings, SETTINGS_KEY, type Settings } from '../settings/settings';
import { buildPlan } from './plan';
import type { dedupJobs, dedupProtocol, ScanProgress } from './protocol';
import { NO_REMOVED_HISTORY, type RemovedHistory } from './removed-history';
import { scanBookmarks } from './scan';
import type { ScanResult } from './scan-types';

/** One history.search pass returns every visited page; more than this many pages is not expected. */
export const HISTORY_MAX_RESULTS = 1_000_000;

export interface DedupScanFeatureDeps extends BackgroundDeps {
  /** Tags of every tagged URL (the tag store's all()). */
  getTags: () => Promise<readonly { url: string; tags: readonly string[] }[]>;
  /** What earlier cleanups removed (dedup-apply's journal); none when absent. */
  removedHistory?: () => Promise<RemovedHistory>;
  /** Defaults to reading storage.local "settings" through parseStoredSettings. */
  getSettings?: () => Promise<Settings>;
}

type ScanJobs = Pick<typeof dedupJobs, 'dedup.scan'>;
type ScanRequests = Pick<typeof dedupProtocol, 'dedup.plan'>;

export async function readVisitCounts(history: BackgroundDeps['browser']['history']): Promise<Map<string, number>> {
  const items: HistoryItem[] = await history.search({ text: '', startTime: 0, maxResults: HISTORY_MAX_RESULTS });
  const visits = new Map<string, number>();
  for (const item of items) if (item.url) visits.set(item.url, item.visitCount ?? 0);
  return visits;
}

export function createDedupScanFeature(deps: DedupScanFeatureDeps) {
  const { browser } = deps;
  let lastScan: ScanResult | null = null;
  /** Bumped by every bookmark change; a scan that raced with a change is not cached. */
  let generation = 0;

  const forget = () => {
    generation++;
    lastScan = null;
  };
  // Registered while the feature is built (top level of the event page), so changes made while we sleep wake us.
  browser.bookmarks.onCreated.addListener(forget);
  browser.bookmarks.onRemoved.addListener(forget);
  browser.bookmarks.onChanged.addListener(forget);
  browser.bookmarks.onMoved.addListener(forget);

  const getSettings =
    deps.getSettings ?? (async () => parseStoredSettings((await browser.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY]));

  async function scan(ctx?: Pick<JobContext<ScanProgress>, 'progress' | 'checkpoint'>): Promise<ScanResult> {
    const startedAt = generation;
    const step = async (phase: ScanProgress['phase'], index: number) => {
      await ctx?.checkpoint();
      ctx?.progress({ phase, step: index, steps: 4 });
    };
    await step('reading-tree', 1);
    // The reads go to different places (Places in the parent process, history, IndexedDB): run them side by side,
    // so the scan costs little more than getTree() itself. Progress follows them in order.
    const settings = getSettings();
    const visits = readVisitCounts(browser.history);
    const tagList = deps.getTags();
    const removed = deps.removedHistory?.() ?? Promise.resolve(NO_REMOVED_HISTORY);
    for (const p of [settings, visits, tagList, removed]) p.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
    const tree = await browser.bookmarks.getTree();
    await step('reading-history', 2);
    const visitsByUrl = await visits;
    await step('reading-tags', 3);
    const tagsByUrl = new Map((await tagList).map(({ url, tags }) => [url, tags]));
    const removedHistory = await removed;
    await step('matching', 4);
    const result = scanBookmarks({ tree, settings: await settings, tagsByUrl, visitsByUrl, removedHistory, now: deps.now() });
    if (generation === startedAt) lastScan = result;
    return result;
  }

  const jobs: JobHandlersOf<ScanJobs> = {
    'dedup.scan': async (_input, ctx) => scan(ctx),
  };

  const handlers: HandlersOf<ScanRequests> = {
    'dedup.plan': async (decisions) => {
      const source = lastScan ?? (await scan());
      return buildPlan(source, decisions, { now: deps.now() });
    },
  };

  return {
    jobs,
    handlers,
    /** The cached scan, if any (tests). */
    cachedScan: () => lastScan,
    async reset() {
      forget();
    },
  };
}
