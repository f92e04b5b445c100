/**
 * The contract every background feature is built to, the floor right above the platform and the messaging kit: what
 * the composition root (src/app) gives each `create<Name>Feature(deps)` and what it gets back. It lives apart from the
 * root so that a feature imports the contract, never the root that assembles it.
 */
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
 * What every feature's constructor gives the composition root: `create<Name>Feature(deps)` in its folder's
 * feature.ts, with one deps object (BackgroundDeps and what it needs of other features, by name). It registers its
 * browser listeners synchronously while it is created (Firefox's event page only wakes for listeners registered at
 * top level). src/app/background-app.ts only joins these parts into one router and one job server; a feature may
 * give more (its live index, its stores) for other features to be built with.
 */
export interface Feature {
  /** Its requests' handlers (its part of the protocol table). */
  handlers: object;
  /** Its long jobs' handlers. */
  jobs?: object;
  /** Its `test.*` requests, joined only in the test build. */
  testHandlers?: object;
  /** Test builds: forget everything this feature stored (IndexedDB, caches). */
  reset?(): Promise<void>;
}

export type ResettableFeature = Pick<Feature, 'reset'>;
