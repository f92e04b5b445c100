/**
 * The copy guard (README.md): hears every bookmark and folder created outside our own bulk work through the
 * background's one source of events, gathers them into bursts, and once a burst is over counts the copies it brought
 * against the search index's live mirror; from the threshold on, one notification says what arrived, and a click on
 * it opens the Duplicates page.
 */
import type { BackgroundDeps } from '../feature-contract';
import { comebackOf, type ApplyProgress, type ApplyResult, type CleanupPlan } from '../dedup';
import { formatNumber, t } from '../i18n';
import type { HandlersOf, JobContext, JobHandlersOf } from '../messaging/define';
import { AppError } from '../messaging/errors';
import { bookmarkEventsOf, createLazyTimer } from '../platform/bookmark-events';
import type { OwnCreations } from '../platform/own-creations';
import { createIdleTracker } from '../platform/idle';
import { NO_REMOVED_HISTORY, type RemovedHistory } from '../operation-history';
import type { LiveIndex } from '../search';
import type { Settings } from '../settings';
import type { BookmarkNode } from '../platform/browser';
import { manifestIconUrl } from '../quick-bookmark';
import { Burst, type CopyCount } from './burst';
import { describeArrival } from './words';
import type { copyGuardJobs, copyGuardProtocol, copyGuardTestProtocol } from './protocol';
import { BURST_MAX_MS, BURST_QUIET_MS, DUPLICATES_PAGE, NOTIFICATION_PREFIX, ORGANIZER_QUIET_MS, SAVE_OPEN_MS, TELL_ALARM } from './timing';
import { liveMatching } from './matching';
import { removalPlan } from './remove-plan';
import { KEPT_BURSTS, openBurstStore, summaryOf, type BurstStore } from './store';

export interface CopyGuardDeps extends BackgroundDeps {
  /** The search feature's live index: its bookmarks by address say which arrivals copy what existed. */
  live: Pick<LiveIndex, 'ready' | 'whenFresh' | 'index' | 'tree'>;
  getSettings: () => Promise<Settings>;
  /**
   * The cleanup's apply as the one history runs it (src/dedup's 'dedup.cleanup' job): "Remove the new copies" is a
   * cleanup of the history, journaled, kill- and concurrent-change safe, undoable.
   */
  cleanup: (plan: CleanupPlan, ctx: JobContext<ApplyProgress>) => Promise<ApplyResult>;
  /**
   * The one history's map of re-created items (journal.resolveIds): a removal rolled back after a crash re-creates
   * the copies with new ids, and the choice is offered again on those.
   */
  resolveIds: (ids: readonly string[]) => Promise<Map<string, string>>;
  /**
   * What earlier cleanups removed (the journal's removed history, as the scan reads it): a copy that arrives with a
   * removed id or address came back (README "Copies that come back"). Read only for a burst that reached the threshold.
   */
  removedHistory?: () => Promise<RemovedHistory>;
  /** Defaults to the 'tidymarks-copy-guard' database. */
  store?: BurstStore;
  /**
   * What Tidymarks itself created during a hold (src/platform/own-creations.ts): Sync's creations then are still
   * heard. Without it (a guard built alone) every creation during a hold is taken for ours.
   */
  ownCreations?: OwnCreations;
}

export function createCopyGuardFeature(deps: CopyGuardDeps) {
  const { browser, live } = deps;
  const events = bookmarkEventsOf(deps);
  const idle = createIdleTracker();
  const store = deps.store ?? openBurstStore();
  /** Bursts whose removal runs now ("Keep them" waits for it to end). */
  const removing = new Set<string>();
  /** Whether a told burst waits for a choice (known after the first read), and who is told of a change. */
  let waiting: Promise<boolean> | null = null;
  const waitingListeners = new Set<(waiting: boolean) => void>();
  const isWaiting = () => (waiting ??= store.waiting().catch(() => ((waiting = null), false)));
  const storeChanged = () => {
    waiting = null;
    void idle.track(isWaiting().then((now) => waitingListeners.forEach((listener) => listener(now))));
  };
  let burst: Burst | null = null;
  /** Settles when the current burst has been told (tests wait for it through whenIdle). */
  let burstDone: (() => void) | null = null;

  const timer = createLazyTimer(() => {
    if (!burst) return 0;
    const wait = Math.min(burst.lastAt + BURST_QUIET_MS, burst.startedAt + BURST_MAX_MS) - Date.now();
    if (wait > 0) return wait;
    const ended = burst;
    const done = burstDone;
    burst = null;
    burstDone = null;
    void end(ended).finally(() => done?.());
    return 0;
  });

  /**
   * A burst open is saved in parts as it goes (README "A burst across a restart"): at most every SAVE_OPEN_MS, what
   * arrived since the last part, one write; never a write per event.
   */
  const saver = createLazyTimer(() => {
    const open = burst;
    const part = open?.takeUnsaved();
    if (!open || !part) return 0;
    const number = open.parts++;
    open.saving = idle.track(
      open.saving.then(() => store.saveOpen(open.startedAt, number, part)).catch((error: unknown) => console.warn('Tidymarks: could not keep a burst open', error)),
    );
    return 0;
  });

  /** Tells an ended burst, or forgets its saved parts when it is not news (under the threshold, or the guard off). */
  async function end(ended: Burst): Promise<void> {
    try {
      await ended.saving;
      const told = await report(ended);
      if (!told && ended.parts > 0) await store.forgetOpen(ended.startedAt);
    } catch (error) {
      // Its saved parts stay: the next start tries again.
      console.warn('Tidymarks: could not tell what arrived', error);
    }
  }

  /** Opens the current burst (its timer, and whenIdle waits for it). */
  function begin(opened: Burst): void {
    burst = opened;
    void idle.track(new Promise<void>((resolve) => (burstDone = resolve)));
    timer.atLeast(BURST_QUIET_MS);
  }

  function noteArrival(id: string, parentId: string, node: BookmarkNode | undefined, now: number): void {
    if (!burst) begin(new Burst(now));
    burst!.add(id, parentId, node, now);
    saver.atLeast(SAVE_OPEN_MS);
  }

  /**
   * Events heard before the bursts left open were read back (at the event page's start): noted once they are, in the
   * order they came, so that an arrival into a folder of the open burst finds it.
   */
  let early: Parameters<typeof noteArrival>[] | null = [];
  void idle.track(
    store
      .openBursts()
      .catch((error: unknown) => (console.warn('Tidymarks: could not read a burst left open', error), []))
      .then((open) => {
        const latest = open.pop();
        // Older ones ended before the event page went (their report was cut short): told now.
        for (const left of open) void idle.track(end(Burst.restore(left.startedAt, left.parts)));
        if (latest) {
          const restored = Burst.restore(latest.startedAt, latest.parts);
          // The quiet that ends it counts from now: what was arriving may go on after the restart.
          restored.lastAt = Math.max(restored.lastAt, Date.now());
          begin(restored);
        }
        const heard = early ?? [];
        early = null;
        for (const args of heard) noteArrival(...args);
      }),
  );

  /**
   * When the person last edited in the organizer (this event page's memory), and whether a burst's notification waits
   * for them to pause: it is marked in the store and an alarm wakes the event page when it is due.
   */
  let organizerEditAt = -Infinity;
  let holdingBack = false;
  const armTell = async () => void (await browser.alarms.create(TELL_ALARM, { when: organizerEditAt + ORGANIZER_QUIET_MS }));

  /** Tells the held-back bursts the person did not choose about meanwhile (on the Duplicates page, from the badge). */
  async function tellHeldBack(): Promise<void> {
    if (Date.now() < organizerEditAt + ORGANIZER_QUIET_MS) return void (await armTell());
    holdingBack = false;
    for (const burst of await store.takeHeldBack()) await notify(burst.id, burst.count);
  }
  browser.alarms.onAlarm.addListener((alarm: { name: string }) => {
    if (alarm.name === TELL_ALARM) void idle.track(tellHeldBack().catch((error: unknown) => console.warn('Tidymarks: could not tell what arrived', error)));
  });
  const personEdited = () => {
    organizerEditAt = Date.now();
    if (holdingBack) void armTell().catch((error: unknown) => console.warn('Tidymarks: could not tell what arrived', error));
  };

  async function notify(id: string, count: CopyCount): Promise<void> {
    const { title, message } = describeArrival(count);
    const iconUrl = manifestIconUrl(browser);
    await browser.notifications.create(`${NOTIFICATION_PREFIX}${id}`, { type: 'basic', title, message, ...(iconUrl ? { iconUrl } : {}) });
  }

  /** Whether the burst was told (kept in the store; its notification shown or held back). */
  async function report(ended: Burst): Promise<boolean> {
    const { enabled, threshold } = (await deps.getSettings()).copyGuard;
    // Fewer arrivals than the threshold cannot hold enough copies: the index is not even read.
    if (!enabled || ended.arrivals < threshold) return false;
    await live.ready();
    await live.whenFresh();
    const removed = await (deps.removedHistory?.() ?? Promise.resolve(NO_REMOVED_HISTORY)).catch((error: unknown) => {
      console.warn('Tidymarks: could not read what cleanups removed', error);
      return NO_REMOVED_HISTORY;
    });
    const { count, copies, folders } = ended.tally(liveMatching({ index: live.index, tree: live.tree }), (copy) =>
      removed.empty ? undefined : comebackOf(copy, removed)?.removedAt,
    );
    if (count.total < threshold) return false;
    // Kept before it is told: a click on the notification finds its choice, whenever it comes.
    const id = String(ended.startedAt);
    const heldBack = Date.now() < organizerEditAt + ORGANIZER_QUIET_MS;
    await store.add({ id, at: ended.lastAt, count, copies, folders, status: 'waiting', decidedAt: null, sessionId: null, removed: null, heldBack });
    storeChanged();
    if (heldBack) {
      holdingBack = true;
      await armTell();
    } else await notify(id, count);
    return true;
  }

  const hear = (id: string, parentId: string, node: BookmarkNode | undefined, at: number) => {
    if (early) early.push([id, parentId, node, at]);
    else noteArrival(id, parentId, node, at);
  };
  /**
   * Created while our own bulk work held the events, while a create of ours was under way: whose it is is known once
   * our creates under way have resolved (README "Sync during our own work").
   */
  let undecided: Parameters<typeof noteArrival>[] = [];
  const { ownCreations: own } = deps;
  own?.settled(() => {
    if (!undecided.length) return;
    const heard = undecided;
    undecided = [];
    for (const args of heard) if (!own.take(args[0])) hear(...args);
  });

  // O(1) per event, paid for every change anyone makes; during our own bulk work (a hold) what we created is not counted.
  events.each((event) => {
    if (event.kind !== 'created') return;
    if (!events.holding) return void hear(event.id, event.parentId, event.node, Date.now());
    // Without the tracker (a guard built alone) everything in a hold is taken for ours.
    if (!own || own.take(event.id)) return;
    if (own.pending) undecided.push([event.id, event.parentId, event.node, Date.now()]);
    // No create of ours under way: not ours.
    else hear(event.id, event.parentId, event.node, Date.now());
  });

  browser.notifications.onClicked.addListener((id: string) => {
    if (!id.startsWith(NOTIFICATION_PREFIX)) return;
    void idle.track(
      Promise.all([browser.tabs.create({ url: browser.runtime.getURL(DUPLICATES_PAGE), active: true }), browser.notifications.clear(id)]).catch((error: unknown) =>
        console.warn('Tidymarks: could not open the Duplicates page', error),
      ),
    );
  });

  async function removeArrivals(burstId: string, ctx: JobContext<ApplyProgress>): Promise<ApplyResult> {
    if (removing.has(burstId)) throw new AppError('conflict', t('copyGuardRemoving'));
    removing.add(burstId);
    try {
      const told = await store.get(burstId);
      if (!told) throw new AppError('not-found', t('copyGuardBurstGone', formatNumber(KEPT_BURSTS)));
      if (told.status !== 'waiting') throw new AppError('conflict', t('copyGuardDecided'));
      const current = await deps.resolveIds([...told.copies, ...told.folders].flatMap((item) => [item.id, item.parentId]));
      const at = (id: string) => current.get(id) ?? id;
      const arrivals = {
        copies: told.copies.map((copy) => ({ ...copy, id: at(copy.id), parentId: at(copy.parentId) })),
        folders: told.folders.map((folder) => ({ id: at(folder.id), parentId: at(folder.parentId) })),
      };
      const plan = removalPlan(arrivals, await browser.bookmarks.getTree(), { id: `copy-guard-${burstId}-${deps.now()}`, now: deps.now() });
      if (!plan.removals.length) {
        await store.decide(burstId, { status: 'removed', decidedAt: deps.now(), sessionId: null, removed: 0 });
        storeChanged();
        throw new AppError('not-found', t('copyGuardNothingLeft'));
      }
      const result = await deps.cleanup(plan, ctx);
      await store.decide(burstId, { status: 'removed', decidedAt: deps.now(), sessionId: result.sessionId, removed: result.counts.copies });
      storeChanged();
      return result;
    } finally {
      removing.delete(burstId);
    }
  }

  const handlers: HandlersOf<typeof copyGuardProtocol> = {
    'copyGuard.log': () => store.list(),
    'copyGuard.keep': async ({ burstId }) => {
      if (removing.has(burstId)) throw new AppError('conflict', t('copyGuardRemoving'));
      if (!(await store.decide(burstId, { status: 'kept', decidedAt: deps.now(), sessionId: null, removed: null }))) {
        throw (await store.get(burstId))
          ? new AppError('conflict', t('copyGuardDecided'))
          : new AppError('not-found', t('copyGuardBurstGone', formatNumber(KEPT_BURSTS)));
      }
      storeChanged();
      return summaryOf((await store.get(burstId))!);
    },
  };
  const jobs: JobHandlersOf<typeof copyGuardJobs> = {
    'copyGuard.remove': ({ burstId }, ctx) => removeArrivals(burstId, ctx),
  };
  const testHandlers: HandlersOf<ReturnType<typeof copyGuardTestProtocol>> | undefined =
    __TIDYMARKS_TEST_BUILD__ && deps.testBuild ? { 'test.copyGuard.idle': () => idle.whenIdle() } : undefined;

  return {
    handlers,
    jobs,
    testHandlers,
    /** Test builds: forgets every kept burst. */
    reset: async () => {
      await store.clear();
      storeChanged();
    },
    /** Whether a told burst waits for a choice (the toolbar button shows it). */
    waiting: isWaiting,
    /** Calls `listener` whenever that may have changed, with the answer. */
    onWaitingChanged: (listener: (waiting: boolean) => void) => void waitingListeners.add(listener),
    /**
     * The person edited in the organizer (the composition root calls it around each of the organizer's writes): a
     * burst told within ORGANIZER_QUIET_MS of it waits for the person to pause before its notification.
     */
    personEdited,
    /** Wraps the organizer's write handlers: each marks the person's work when it starts and when it ends. */
    personEditsThrough<H extends Record<string, (...args: never[]) => unknown>>(handlers: H): H {
      const wrapped: Record<string, (...args: never[]) => Promise<unknown>> = {};
      for (const [name, handler] of Object.entries(handlers)) {
        wrapped[name] = async (...args) => {
          personEdited();
          try {
            return await handler(...args);
          } finally {
            personEdited();
          }
        };
      }
      return wrapped as unknown as H;
    },
    /** Whether this start has read back the bursts left open (tests: events heard before are noted then). */
    started: () => early === null,
    /** Resolves once no burst is open and nothing the guard started runs (tests). */
    whenIdle: () => idle.whenIdle(),
  };
}

export type CopyGuardFeature = ReturnType<typeof createCopyGuardFeature>;
