/**
 * The one way a unit test starts the background: the real app (startBackground, as background/main.ts runs it) on
 * the fake browser, with its own fresh IndexedDB, a client as a page has it and the page-side Places API.
 *
 *   const { fake, browser, app, client, places } = await boot();
 *
 * A new fake and a new IndexedDB are what test.reset would leave, so boot() does not call it.
 * boot() must run inside a test or a beforeEach: what it opened is closed when the test finishes, passed or failed
 * (close() does it earlier, e.g. before a test checks what is left). Each boot gets a new fake-indexeddb factory, so
 * no test sees another's journal, tags or index; restart() keeps it, as an event page that unloads keeps its data.
 */
import { IDBFactory } from 'fake-indexeddb';
import { onTestFinished } from 'vitest';
import { startBackground } from '../../src/app/start-background';
import { createClient } from '../../src/app-protocol/client';
import { replyReader } from '../../src/app-protocol/reply-forms';
import { createPagePlaces } from '../../src/places';
import { createBookmarkEvents, type BookmarkEventTiming } from '../../src/platform/bookmark-events';
import type { Browser } from '../../src/platform/browser';
import { createFakeBrowser, type FakeBrowser, type FakeBrowserOptions } from '../fakes/browser';

export interface BootOptions extends FakeBrowserOptions {
  /** The background's clock (its `now` dependency); Date.now unless given. `now` is Firefox's clock (dateAdded...). */
  backgroundNow?: () => number;
  /** A background started as the test build (default) knows the test.* requests; otherwise it is production's. */
  testBuild?: boolean;
  /** Wraps the fake's browser for the background, e.g. to make a bookmarks call fail or die. */
  browser?: (browser: Browser) => Browser;
  /**
   * Boots on this fake and its IndexedDB instead of new ones, without a reset: Firefox started again after a crash.
   * The background that ran there is gone first (its listeners and ports), as a killed process is.
   */
  fake?: FakeBrowser;
  /**
   * Settles when Firefox is killed under this background (killable().died): from then on its pending work never
   * finishes, so close() stops waiting for it there, as nothing waits for a killed process.
   */
  killed?: Promise<unknown>;
  /** The timing of the background's bookmark-event source (src/platform/bookmark-events.ts): its defaults unless given. */
  bookmarkEventTiming?: Partial<BookmarkEventTiming>;
}

export type BackgroundApp = ReturnType<typeof startBackground>;

export interface Booted {
  fake: FakeBrowser;
  /** The fake browser (as Firefox), unwrapped: what the user, sync and the test do. */
  browser: FakeBrowser['browser'];
  control: FakeBrowser['control'];
  /** The background now running (after restart(), the new one). */
  readonly app: BackgroundApp;
  /** A page's client: requests and jobs through the real router. */
  client: ReturnType<typeof createClient>;
  /** A page's Places API (src/places/page.ts) on that client. */
  places: ReturnType<typeof createPagePlaces>;
  /** The event page unloads (listeners and memory gone; bookmarks, storage and IndexedDB stay) and starts again. */
  restart(): BackgroundApp;
  /** Only its unloading: what the user or sync do now happens while no background runs. */
  unload(): void;
  /** Only its start: the background script runs again on the same browser and IndexedDB. */
  start(): BackgroundApp;
  /** Unloads the background, waits for the work it started and closes its databases. Runs once, also on failure. */
  close(): Promise<void>;
}

export async function boot(options: BootOptions = {}): Promise<Booted> {
  const { backgroundNow = () => Date.now(), testBuild = true, browser: wrap = (b: Browser) => b, fake: given, killed, bookmarkEventTiming, ...fakeOptions } = options;
  if (!given) globalThis.indexedDB = new IDBFactory();
  const fake = given ?? createFakeBrowser(fakeOptions);
  if (given) fake.control.unload();
  const start = () => {
    const browser = wrap(fake.browser);
    const bookmarkEvents = bookmarkEventTiming ? createBookmarkEvents(browser.bookmarks, bookmarkEventTiming) : undefined;
    return startBackground({ browser, now: backgroundNow, testBuild, bookmarkEvents });
  };
  const started: BackgroundApp[] = [start()];
  const current = () => started.at(-1)!;

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      fake.control.unload();
      const dead = killed?.then(() => undefined) ?? new Promise<void>(() => undefined);
      for (const app of started) {
        await Promise.race([app.whenIdle(), dead]);
        await Promise.race([app.history.recovered.catch(() => undefined), dead]);
        app.tagStore.close();
        app.keywordStore.close();
        app.history.journal.close();
      }
    })());
  onTestFinished(close);

  const client = createClient(fake.control.transport, replyReader);
  // Start-up work (crash recovery of an interrupted cleanup or import) is over before the test begins.
  await current().history.recovered;
  return {
    fake,
    browser: fake.browser,
    control: fake.control,
    get app() {
      return current();
    },
    client,
    places: createPagePlaces(client),
    restart() {
      fake.control.unload();
      started.push(start());
      return current();
    },
    unload: () => fake.control.unload(),
    start() {
      started.push(start());
      return current();
    },
    close,
  };
}
