import type { BookmarkEvents } from '../platform/bookmark-events';
import type { Browser } from '../platform/browser';

/** What every feature gets from the composition root. */
export interface BackgroundDeps {
  browser: Browser;
  /** Wall clock in ms; injectable so tests can control time. */
  now: () => number;
  /** True in the test build (dist-test) and in unit tests; enables test-only requests. */
  testBuild: boolean;
  /**
   * The background's one source of bookmark events (src/platform/bookmark-events.ts), built by the composition
   * root; a feature built alone (unit tests) makes its own with `bookmarkEventsOf(deps)`.
   */
  bookmarkEvents?: BookmarkEvents;
}

/**
 * A background feature registers its browser listeners synchronously while it is created (Firefox's event page
 * only wakes for listeners registered at top level) and may expose a reset for tests.
 */
export interface ResettableFeature {
  /** Test builds: forget everything this feature stored (IndexedDB, caches). */
  reset?(): Promise<void>;
}
