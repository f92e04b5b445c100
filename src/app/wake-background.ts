/**
 * The event page's first chunk (background/main.ts): registers every listener Firefox must see in the first run
 * (src/app/wake-queue.ts), answers the light requests at once, and builds the app once its chunk has loaded. Every
 * other request and every event that arrived meanwhile reaches the app in arrival order.
 */
import type { Reply } from '../messaging/router';
import { createRouter } from '../messaging/router';
// The core part, not the joined table: see FIRST_ANSWERS.
import { coreProtocol } from '../app-protocol/core-protocol';
import { createCoreHandlers } from './core-handlers';
import type { BackgroundDeps } from '../feature-contract';
import type { startBackground } from './start-background';
import { createWakeQueue } from './wake-queue';

/**
 * Requests the first chunk answers itself: the same router and handlers the app has, without waiting for it. Their
 * definitions come from the core part of the protocol (app-protocol/core-protocol.ts), not the joined table: the table
 * pulls every feature's schemas into the first chunk, which Firefox loads and runs before it hands over the ping.
 */
const FIRST_ANSWERS = { 'core.ping': coreProtocol['core.ping'] };

export function wakeBackground(deps: BackgroundDeps, load: () => Promise<{ startBackground: typeof startBackground }>) {
  const { runtime } = deps.browser;
  const first = createRouter({
    protocol: FIRST_ANSWERS,
    handlers: { 'core.ping': createCoreHandlers(deps)['core.ping'] },
    extensionId: runtime.id,
    extensionOrigin: runtime.getURL(''),
  });
  const isFirst = (message: unknown) => typeof message === 'object' && message !== null && Object.hasOwn(FIRST_ANSWERS, (message as { type?: unknown }).type as string);
  // The app is loaded once the event page has answered what woke it (a light request) or as that arrives (anything
  // else): Firefox hands the page its waking event only once the page has loaded, and a pending import() kept it
  // loading, so a ping waited for the whole app. Started on no event (Firefox's start-up runs onStartup), after
  // LOAD_ANYWAY_MS.
  let started!: (app: ReturnType<typeof startBackground>) => void;
  let failed!: (error: unknown) => void;
  const loaded = new Promise<ReturnType<typeof startBackground>>((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  let loading = false;
  const loadApp = () => {
    if (loading) return;
    loading = true;
    load().then(
      (app) => {
        const built = app.startBackground({ ...deps, browser: wake.browser });
        wake.open();
        started(built);
      },
      (error: unknown) => {
        wake.fail(error);
        failed(error);
      },
    );
  };
  const wake = createWakeQueue(
    deps.browser,
    (message, sender): Promise<Reply> | undefined => (isFirst(message) ? first.handle(message, sender as never) : undefined),
    () => void setTimeout(loadApp, 0),
  );
  setTimeout(loadApp, LOAD_ANYWAY_MS);
  return loaded;
}

/** When the app is loaded if nothing arrives (the event page started with Firefox, or by an extension reload). */
export const LOAD_ANYWAY_MS = 500;
