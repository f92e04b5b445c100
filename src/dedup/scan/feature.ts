/**
 * The finding half of the duplicate engine in the background: the 'dedup.scan' job (reads the tree, visit counts,
 * tags and what earlier cleanups removed, then runs the pure scan) and the 'dedup.plan' request (builds a cleanup
 * plan from the scan the user reviewed and the user's decisions; the page hands that plan to the 'dedup.cleanup' job).
 *
 * A plan is built from exactly the scan the user reviewed, never from another one:
 * - every scan gets a scan id (random id + the scan's time) that the job returns with the result; the page sends it
 *   back with 'dedup.plan', which requires it;
 * - the last scan is kept in memory AND in IndexedDB ('tidymarks-dedup-scan': the scan, and the id of the scan that
 *   is still current), because the event page
 *   unloads after ~30 s idle and a user reviews the list for longer than that. The page's decisions are relative to
 *   that stored scan (keepers that differ from its suggestions, folder pairs the user changed), so a plan built from
 *   it holds only the groups, keepers and folder pairs the user saw;
 * - any bookmark event (listeners registered at top level, so they also wake a sleeping event page) drops the scan
 *   from memory and deletes the "current" id from IndexedDB, and a scan that raced with a change is not kept;
 * - the stored scan itself stays after a change: 'dedup.lastScan' gives it to the page (marked current or not), which
 *   shows it at once when it opens and acts only on the scan it runs meanwhile (its cleanup buttons and choices wait);
 * - 'dedup.plan' with a scan id that is not the stored one (bookmarks changed, another scan replaced it, the data was
 *   reset) is refused with a 'conflict' error that asks to scan again. It never scans again silently: a fresh scan
 *   can suggest other keepers (visit counts, dates) and find groups or folder pairs the user never saw.
 * Storing costs one IndexedDB put per scan of the JSON text the job replies with anyway (written once, in the compact
 * wire form of src/dedup/scan-wire: 4.2 MB instead of 11.1 MB at 100,000 bookmarks; a scan stored in another form counts as none). As objects, a
 * put took 0.37-0.59 s and a get 0.32-0.59 s for 20,000 groups (11 MB as JSON) in Firefox ESR on this 2-core machine,
 * against 3.5-7.9 s for the scan job; one string is stored and read without a structured clone of every object. The
 * reply does not wait for the put (see scan()).
 *
 * It also keeps the person's decisions per group key (decisions.ts: 'dedup.decisions.*'): the scan reads them along
 * with the tree and returns those that concern its groups, so the page opens with them.
 */
import type { DBSchema } from 'idb';
import type { BackgroundDeps } from '../../feature-contract';
import type { HandlersOf, JobContext, JobHandlersOf } from '../../messaging/define';
import { AppError } from '../../messaging/errors';
import type { BookmarkNode, HistoryItem } from '../../platform/browser';
import { bookmarkEventsOf } from '../../platform/bookmark-events';
import { lazyDb } from '../../platform/lazy-db';
import type { Settings } from '../../settings';
import { copyFingerprint, decisionsForFolderSets, decisionsForGroups, isFolderSetKey, openDecisionStore, type DecisionStore, type RememberedDecision } from './decisions';
import { buildPlan } from './plan';
import { withBookmarkDates, type BookmarkDates } from '../../bookmark-dates';
import type { dedupJobs, dedupProtocol, dedupTestProtocol, LastScan, ReviewedScan, ScanProgress } from '../protocol';
import { asJsonReply } from '../../messaging/router';
import { NO_REMOVED_HISTORY, type RemovedHistory } from '../../operation-history';
import { scanBookmarks } from './scan';
import type { ScanResult } from './scan-types';
import { decodeScan, encodeScan, isScanWire } from '../scan-wire';
import { t } from '../../i18n';

export const staleScanMessage = (): string => t('dupScanStale');

/** The IndexedDB database that keeps the last scan across event-page unloads. */
export const LAST_SCAN_DB = 'tidymarks-dedup-scan';
const LAST_SCAN_DB_VERSION = 1;
/** The last scan itself, as the JSON text of its wire form (src/dedup/scan-wire): kept when bookmarks change, so the page can show it while it scans again. */
const LAST_SCAN_KEY = 'last';
/** The id of the scan stored under LAST_SCAN_KEY. */
const LAST_ID_KEY = 'lastId';
/** The id of the last scan while it is current; deleted by every bookmark or tag change (a small delete). */
const CURRENT_KEY = 'current';
/**
 * In storage.session (kept only while Firefox runs, cleared when it or the extension restarts): the current scan's id
 * and the settings it was made under. A later event page may take the stored scan as current only with this record:
 * bookmarks may have changed while Firefox was closed or Tidymarks not running, which no event told us.
 */
export const CURRENT_SESSION_KEY = 'dedup.currentScan';

interface CurrentRecord {
  scanId: string;
  settings: string;
}

interface LastScanDB extends DBSchema {
  scans: { key: string; value: string };
}

/**
 * The last scan in IndexedDB: the scan as the JSON text the job replied with (one string: no structured clone of
 * thousands of objects, and a page that asks for it gets the same text), its id, and the id of the scan that is still
 * current (deleted by every bookmark or tag change). A plan is built only from the current one; the page shows the
 * last one, current or not, while its own scan runs.
 */
function openLastScanStore(name: string) {
  const db = lazyDb<LastScanDB>(name, LAST_SCAN_DB_VERSION, (d, oldVersion) => {
    if (oldVersion < 1) d.createObjectStore('scans');
  });
  const read = async () => {
    const tx = (await db()).transaction('scans');
    const [json, id, current] = await Promise.all([tx.store.get(LAST_SCAN_KEY), tx.store.get(LAST_ID_KEY), tx.store.get(CURRENT_KEY)]);
    // A scan stored by an older version (another form) counts as none.
    return typeof json === 'string' && typeof id === 'string' && isScanWire(json) ? { json, id, current: current === id } : null;
  };
  return {
    /** The last scan's JSON text and whether it is still current, or null. */
    last: read,
    /** The scan with this id while it is current, or null. */
    current: async (scanId: string): Promise<ReviewedScan | null> => {
      const found = await read();
      return found && found.current && found.id === scanId ? decodeScan<ReviewedScan>(found.json) : null;
    },
    put: async (scanId: string, json: string) => {
      const tx = (await db()).transaction('scans', 'readwrite');
      await Promise.all([tx.store.put(json, LAST_SCAN_KEY), tx.store.put(scanId, LAST_ID_KEY), tx.store.put(scanId, CURRENT_KEY), tx.done]);
    },
    /** The last scan is no longer current (it stays, to be shown while the page scans again). */
    outdate: async () => (await db()).delete('scans', CURRENT_KEY),
    clear: async () => (await db()).clear('scans'),
  };
}

/** One history.search pass returns every visited page; more than this many pages is not expected. */
export const HISTORY_MAX_RESULTS = 1_000_000;

export interface DedupScanFeatureDeps extends BackgroundDeps {
  /**
   * The whole bookmark tree as getTree gives it: the search index's mirror while it is current (src/search
   * tree-from-index.ts: no second read of Firefox), else Firefox. Defaults to getTree.
   */
  readTree?: () => Promise<BookmarkNode[]>;
  /** Tags of every tagged URL (the tag store's all()). */
  getTags: () => Promise<readonly { url: string; tags: readonly string[] }[]>;
  /** What earlier cleanups removed (dedup-apply's journal); none when absent. */
  removedHistory?: () => Promise<RemovedHistory>;
  /** Subscribes to tag changes (the tag store's onChange): they make the last scan stale, like bookmark changes. */
  onTagsChanged?: (listener: () => void) => void;
  /** Dates kept from imported bookmarks.html files (src/bookmark-dates): they are the copies' "date added". */
  getBookmarkDates?: () => Promise<BookmarkDates>;
  /** The settings, through the one settings store (src/settings/settings-store.ts). */
  getSettings: () => Promise<Settings>;
  /** IndexedDB database name of the stored last scan (tests). */
  lastScanDbName?: string;
  /** New scan ids (tests); defaults to crypto.randomUUID(). */
  newScanId?: () => string;
  /** The remembered decisions (tests); defaults to the 'tidymarks-dedup-decisions' database. */
  decisions?: DecisionStore;
}

type ScanJobs = Pick<typeof dedupJobs, 'dedup.scan'>;
type ScanRequests = Pick<typeof dedupProtocol, 'dedup.lastScan' | 'dedup.plan' | 'dedup.decisions.remember' | 'dedup.decisions.list' | 'dedup.decisions.forget'>;

export async function readVisitCounts(history: BackgroundDeps['browser']['history']): Promise<Map<string, number>> {
  const items: HistoryItem[] = await history.search({ text: '', startTime: 0, maxResults: HISTORY_MAX_RESULTS });
  const visits = new Map<string, number>();
  for (const item of items) if (item.url) visits.set(item.url, item.visitCount ?? 0);
  return visits;
}

export function createDedupScanFeature(deps: DedupScanFeatureDeps) {
  const { browser } = deps;
  const store = openLastScanStore(deps.lastScanDbName ?? LAST_SCAN_DB);
  const decisionStore = deps.decisions ?? openDecisionStore();
  /** The last scan in memory; after an unload it is read back from the store. */
  let lastScan: ReviewedScan | null = null;
  /**
   * The last scan made by this event page, with the settings it was made under, while nothing changed since: a page
   * that opens may take it as its own scan ('dedup.scan' with reuseCurrent, README "A current scan is reused").
   */
  let madeHere: { scan: ReviewedScan; settings: string } | null = null;
  /** Bumped by every bookmark or tag change; a scan that raced with a change is not kept. */
  let generation = 0;
  /** False once the stored scan is known to be out of date, so a burst of bookmark events (a cleanup) costs one delete. */
  let mayBeCurrent = true;

  const forget = () => {
    generation++;
    lastScan = null;
    madeHere = null;
    if (!mayBeCurrent) return;
    mayBeCurrent = false;
    store.outdate().catch((error: unknown) => console.error('Tidymarks: could not mark the stored duplicate scan out of date', error));
    browser.storage.session.remove(CURRENT_SESSION_KEY).catch((error: unknown) => console.error('Tidymarks: could not mark the duplicate scan out of date', error));
  };
  // Subscribed while the feature is built (top level of the event page), so changes made while we sleep wake us;
  // at once, not batched: a scan that raced with a change must see the generation move.
  bookmarkEventsOf(deps).each(forget);
  // A tag added or removed after the scan changes what its groups say (tags, the "most tags" keeper, tag merges).
  deps.onTagsChanged?.(forget);

  const { getSettings } = deps;
  const readTree = deps.readTree ?? (() => browser.bookmarks.getTree());
  /** Test builds: scans wait on this before they read the bookmarks ('test.dedup.holdScans'). */
  let held: { promise: Promise<void>; release: () => void } | null = null;
  const release = () => {
    held?.release();
    held = null;
  };

  async function scan(ctx: Pick<JobContext<ScanProgress>, 'progress' | 'checkpoint'>): Promise<ReviewedScan> {
    const startedAt = generation;
    const step = async (phase: ScanProgress['phase'], index: number) => {
      await ctx.checkpoint();
      ctx.progress({ phase, step: index, steps: 4 });
    };
    await step('reading-tree', 1);
    await held?.promise;
    // The reads go to different places (Places in the parent process, history, IndexedDB): run them side by side,
    // so the scan costs little more than reading the tree itself. Progress follows them in order.
    const settings = getSettings();
    const visits = readVisitCounts(browser.history);
    const tagList = deps.getTags();
    const removed = deps.removedHistory?.() ?? Promise.resolve(NO_REMOVED_HISTORY);
    const remembered = decisionStore.all();
    const bookmarkDates = deps.getBookmarkDates?.() ?? Promise.resolve(new Map() as BookmarkDates);
    for (const p of [settings, visits, tagList, removed, remembered, bookmarkDates]) p.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
    // An imported bookmark's date added is its file's (dateAddedOf), not the import time Firefox gave it.
    const tree = withBookmarkDates(await readTree(), await bookmarkDates);
    await step('reading-history', 2);
    const visitsByUrl = await visits;
    await step('reading-tags', 3);
    const tagsByUrl = new Map((await tagList).map(({ url, tags }) => [url, tags]));
    const removedHistory = await removed;
    await step('matching', 4);
    const usedSettings = await settings;
    const result: ScanResult = scanBookmarks({ tree, settings: usedSettings, tagsByUrl, visitsByUrl, removedHistory, now: deps.now() });
    const reviewed: ReviewedScan = {
      ...result,
      scanId: `${deps.newScanId?.() ?? crypto.randomUUID()}@${result.scannedAt}`,
      remembered: decisionsForGroups(result.groups, await remembered),
      rememberedSets: decisionsForFolderSets(result.folderSets, await remembered),
    };
    // Written once: stored and replied as the same text, in the scan's wire form (src/dedup/scan-wire; the page's client
    // decodes it, see src/app-protocol/reply-forms.ts).
    const json = encodeScan(reviewed);
    if (generation === startedAt) {
      lastScan = reviewed;
      madeHere = { scan: reviewed, settings: JSON.stringify(usedSettings) };
      mayBeCurrent = true;
      // Issued in the same tick as the generation check: a later bookmark event's delete is ordered after this put.
      // Not awaited: the reply does not wait for IndexedDB to write the text (0.2-0.9 s at 100,000 bookmarks); the
      // scan is in memory meanwhile, and every later read of the store is a transaction created after this one,
      // which IndexedDB runs after it. A failed write leaves the scan in memory only (after an unload, "scan again").
      store.put(reviewed.scanId, json).catch((error: unknown) => console.error('Tidymarks: could not store the duplicate scan', error));
      const current: CurrentRecord = { scanId: reviewed.scanId, settings: madeHere.settings };
      browser.storage.session
        .set({ [CURRENT_SESSION_KEY]: current })
        .catch((error: unknown) => console.error('Tidymarks: could not note the current duplicate scan', error));
    }
    return asJsonReply<ReviewedScan>(json);
  }

  /** The stored scan with this id, or null when it is gone or was replaced. */
  async function reviewedScan(scanId: string): Promise<ScanResult | null> {
    const startedAt = generation;
    const candidate = lastScan ?? (await store.current(scanId));
    if (generation !== startedAt || candidate?.scanId !== scanId) return null;
    lastScan = candidate;
    return candidate;
  }

  /**
   * The scan this event page made last, or after an unload the one an earlier event page of this Firefox session kept,
   * if nothing changed since (no bookmark or tag event, the same settings), with the person's remembered decisions
   * read again; null when a scan must run.
   */
  async function currentScan(): Promise<ReviewedScan | null> {
    const startedAt = generation;
    if (!madeHere) {
      // After an unload: the scan an earlier event page of this Firefox session kept, if still current.
      const stored = await storedCurrentScan();
      if (!stored || generation !== startedAt) return null;
      madeHere ??= stored;
    }
    const made = madeHere;
    const [settings, remembered] = await Promise.all([getSettings(), decisionStore.all()]);
    if (generation !== startedAt || madeHere !== made || JSON.stringify(settings) !== made.settings) return null;
    const reviewed: ReviewedScan = {
      ...made.scan,
      remembered: decisionsForGroups(made.scan.groups, remembered),
      rememberedSets: decisionsForFolderSets(made.scan.folderSets, remembered),
    };
    lastScan = reviewed;
    madeHere = { ...made, scan: reviewed };
    return asJsonReply<ReviewedScan>(encodeScan(reviewed));
  }

  /**
   * The stored scan, when an earlier event page of this Firefox session made it and no bookmark or tag event came
   * since (its id in storage.session and the store's current id); null otherwise.
   */
  async function storedCurrentScan(): Promise<{ scan: ReviewedScan; settings: string } | null> {
    const startedAt = generation;
    const [record, stored] = await Promise.all([
      browser.storage.session.get(CURRENT_SESSION_KEY).then((got) => got[CURRENT_SESSION_KEY] as Partial<CurrentRecord> | undefined),
      store.last(),
    ]).catch(() => [undefined, null] as const);
    if (generation !== startedAt || !record || !stored?.current || stored.id !== record.scanId || typeof record.settings !== 'string') return null;
    const scan = decodeScan<ReviewedScan>(stored.json);
    return scan ? { scan, settings: record.settings } : null;
  }

  const jobs: JobHandlersOf<ScanJobs> = {
    'dedup.scan': async (input, ctx) => (input?.reuseCurrent ? await currentScan() : null) ?? scan(ctx),
  };

  const handlers: HandlersOf<ScanRequests> = {
    'dedup.lastScan': async () => {
      if (lastScan) return asJsonReply<LastScan>(`{"scan":${encodeScan(lastScan)},"current":true}`);
      const stored = await store.last();
      return stored ? asJsonReply<LastScan>(`{"scan":${stored.json},"current":${stored.current}}`) : null;
    },
    'dedup.plan': async ({ scanId, ...decisions }) => {
      const source = await reviewedScan(scanId);
      if (!source) throw new AppError('conflict', staleScanMessage());
      return buildPlan(source, decisions, { now: deps.now() });
    },
    'dedup.decisions.remember': async ({ key, leave, keeper, copyIds, url, title }) => {
      if (keeper && !copyIds.includes(keeper.id)) throw new AppError('invalid-request', t('dupKeeperNotInGroup'));
      // A decision on a copied folder replaces the older ones on any of the same folders (they are found by id).
      const replaced = isFolderSetKey(key)
        ? (await decisionStore.all()).filter((d) => d.key !== key && isFolderSetKey(d.key) && d.copyIds?.some((id) => copyIds.includes(id))).map((d) => d.key)
        : [];
      if (!leave && !keeper) {
        await decisionStore.remove([key, ...replaced]);
        return { remembered: false };
      }
      if (replaced.length) await decisionStore.remove(replaced);
      const decision: RememberedDecision = {
        key,
        leave,
        keeper,
        copyCount: copyIds.length,
        copyFingerprint: copyFingerprint(copyIds),
        copyIds,
        url,
        title,
        decidedAt: deps.now(),
      };
      await decisionStore.put(decision);
      return { remembered: true };
    },
    'dedup.decisions.list': async () => (await decisionStore.all()).sort((a, b) => b.decidedAt - a.decidedAt),
    'dedup.decisions.forget': async ({ keys }) => {
      const known = new Set((await decisionStore.all()).map((d) => d.key));
      const forgotten = keys.filter((k) => known.has(k));
      await decisionStore.remove(forgotten);
      return { forgotten: forgotten.length };
    },
  };

  const testHandlers: HandlersOf<ReturnType<typeof dedupTestProtocol>> | undefined =
    __TIDYMARKS_TEST_BUILD__ && deps.testBuild
      ? {
          'test.dedup.holdScans': async ({ hold }) => {
            if (!hold) release();
            else if (!held) {
              let open!: () => void;
              held = { promise: new Promise<void>((resolve) => (open = resolve)), release: () => open() };
            }
            return null;
          },
        }
      : undefined;

  return {
    jobs,
    handlers,
    testHandlers,
    /**
     * Opens what a scan reads besides the tree, the settings and the remembered decisions' database, as the event page
     * starts: a page's first scan does not wait for their first open (README "What a first scan waits for").
     */
    warm(): void {
      decisionStore.open().catch(() => undefined); // a scan that needs the store opens it again and reports its error
      getSettings().catch(() => undefined);
    },
    /** The scan in memory, if any (tests). */
    cachedScan: () => lastScan,
    /** Drops the scan from memory (tests: the event page unloading); the stored copy stays. */
    dropMemory() {
      lastScan = null;
      madeHere = null;
    },
    async reset() {
      release();
      forget();
      await store.clear();
      await decisionStore.clear();
    },
  };
}
