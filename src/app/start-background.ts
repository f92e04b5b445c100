/**
 * Starts the background: builds the app and registers the messaging listeners. Runs synchronously, so called at
 * the top level of background/main.ts every listener is registered during the event page's first run, as Firefox
 * requires. Unit tests call it with the fake browser to get the very same wiring.
 */
import { createBackgroundApp } from './background-app';
import type { BackgroundDeps } from '../feature-contract';
import type { PortLike, Sender } from '../messaging/router';

export function startBackground(deps: BackgroundDeps) {
  const app = createBackgroundApp(deps);
  const { runtime } = deps.browser;
  runtime.onMessage.addListener((message: unknown, sender: unknown) => app.router.handle(message, sender as Sender));
  runtime.onConnect.addListener((port) => app.jobServer.accept(port as unknown as PortLike));
  return app;
}
