/**
 * The event page's first chunk (background/main.ts): registers every listener Firefox must see in the first run
 * (src/app/wake-queue.ts), answers the light requests at once, and builds the app once its chunk has loaded. Every
 * other request and every event that arrived meanwhile reaches the app in arrival order.
 */
import type { Reply } from '../messaging/router';
import { createRouter } from '../messaging/router';
import { coreProtocol } from '../messaging/core-protocol';
import { createCoreHandlers } from './core-handlers';
import type { BackgroundDeps } from './feature';
import type { startBackground } from './start-background';
import { createWakeQueue } from './wake-queue';

/** Requests the first chunk answers itself: the same router and handlers the app has, without waiting for it. */
const FIRST_ANSWERS = { 'core.ping': coreProtocol['core.ping'] };

export function wakeBackground(deps: BackgroundDeps, load: () => Promise<{ startBackground: typeof startBackground }>) {
  const { runtime } = deps.browser;
  const first = createRouter({
    protocol: FIRST_ANSWERS,
    handlers: { 'core.ping': createCoreHandlers(deps)['core.ping'] },
    extensionId: runtime.id,
    extensionOrigin: runtime.getURL(''),
  });
  const isFirst = (message: unknown) =>
    typeof message === 'object' && message !== null && Object.hasOwn(FIRST_ANSWERS, (message as { type?: unknown }).type as string);
  const wake = createWakeQueue(deps.browser, (message, sender): Promise<Reply> | undefined =>
    isFirst(message) ? first.handle(message, sender as never) : undefined,
  );
  return load().then(
    (app) => {
      const started = app.startBackground({ ...deps, browser: wake.browser });
      wake.open();
      return started;
    },
    (error: unknown) => {
      wake.fail(error);
      throw error;
    },
  );
}
