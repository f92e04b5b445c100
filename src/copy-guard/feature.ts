/**
 * The copy guard (README.md): hears every bookmark and folder created outside our own bulk work through the
 * background's one source of events, gathers them into bursts, and once a burst is over counts the copies it brought
 * against the search index's live mirror; from the threshold on, one notification says what arrived, and a click on
 * it opens the Duplicates page.
 */
import type { BackgroundDeps } from '../feature-contract';
import type { HandlersOf } from '../messaging/define';
import { bookmarkEventsOf, createLazyTimer } from '../platform/bookmark-events';
import { createIdleTracker } from '../platform/idle';
import type { LiveIndex } from '../search';
import type { Settings } from '../settings';
import { manifestIconUrl } from '../quick-bookmark';
import { Burst } from './burst';
import { describeArrival } from './words';
import type { copyGuardProtocol, copyGuardTestProtocol } from './protocol';

/**
 * A burst is over once nothing has been created for this long (the issue asks for at most 1 s): Sync writes what
 * it brings in one go, item after item, and so do an import and another extension's loop; a person adding bookmarks
 * by hand is seconds apart, so their additions are bursts of one.
 */
export const BURST_QUIET_MS = 1_000;
/** ...or once it has gone on this long (its notification says "in the last minute"; what follows is the next burst). */
export const BURST_MAX_MS = 60_000;
/** Every guard notification's id starts so (the rest is the burst's start time, so two bursts are two notifications). */
export const NOTIFICATION_PREFIX = 'tidymarks-copy-guard-';
/** Where a click on the notification takes the person: the options page's Duplicates view. */
export const DUPLICATES_PAGE = 'options/index.html#duplicates';

export interface CopyGuardDeps extends BackgroundDeps {
  /** The search feature's live index: its bookmarks by address say which arrivals copy what existed. */
  live: Pick<LiveIndex, 'ready' | 'whenFresh' | 'index'>;
  getSettings: () => Promise<Settings>;
}

export function createCopyGuardFeature(deps: CopyGuardDeps) {
  const { browser, live } = deps;
  const events = bookmarkEventsOf(deps);
  const idle = createIdleTracker();
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
    report(ended)
      .catch((error: unknown) => console.warn('Tidymarks: could not tell what arrived', error))
      .finally(() => done?.());
    return 0;
  });

  async function report(ended: Burst): Promise<void> {
    const { enabled, threshold } = (await deps.getSettings()).copyGuard;
    // Fewer arrivals than the threshold cannot hold enough copies: the index is not even read.
    if (!enabled || ended.arrivals < threshold) return;
    await live.ready();
    await live.whenFresh();
    const index = live.index;
    const count = ended.countCopies((url) => index.bookmarkIdsOf(url));
    if (count.total < threshold) return;
    const { title, message } = describeArrival(count);
    const iconUrl = manifestIconUrl(browser);
    await browser.notifications.create(`${NOTIFICATION_PREFIX}${ended.startedAt}`, { type: 'basic', title, message, ...(iconUrl ? { iconUrl } : {}) });
  }

  // O(1) per event, paid for every change anyone makes: our own bulk work (a hold) is never counted.
  events.each((event) => {
    if (event.kind !== 'created' || events.holding) return;
    const now = Date.now();
    if (!burst) {
      burst = new Burst(now);
      void idle.track(new Promise<void>((resolve) => (burstDone = resolve)));
      timer.atLeast(BURST_QUIET_MS);
    }
    burst.add(event.id, event.parentId, event.node, now);
  });

  browser.notifications.onClicked.addListener((id: string) => {
    if (!id.startsWith(NOTIFICATION_PREFIX)) return;
    void idle.track(
      Promise.all([browser.tabs.create({ url: browser.runtime.getURL(DUPLICATES_PAGE), active: true }), browser.notifications.clear(id)]).catch((error: unknown) =>
        console.warn('Tidymarks: could not open the Duplicates page', error),
      ),
    );
  });

  const handlers: HandlersOf<typeof copyGuardProtocol> = {};
  const testHandlers: HandlersOf<ReturnType<typeof copyGuardTestProtocol>> | undefined =
    __TIDYMARKS_TEST_BUILD__ && deps.testBuild ? { 'test.copyGuard.idle': () => idle.whenIdle() } : undefined;

  return {
    handlers,
    testHandlers,
    /** Resolves once no burst is open and nothing the guard started runs (tests). */
    whenIdle: () => idle.whenIdle(),
  };
}

export type CopyGuardFeature = ReturnType<typeof createCopyGuardFeature>;
