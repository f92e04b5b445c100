/**
 * A stand-in background for component tests of the options page, the organizer and the sidebar (as the popup's
 * components take a PopupApi stand-in): the page's real Client, over the fake's message wire (cloned, asynchronous),
 * answered by the real router and job server with only the handlers the test gives. Inputs are checked by the
 * protocol's schemas and errors come back as RemoteError, as from the real background; a request the test gives no
 * answer for fails the test with its name (the component asked for something the test did not expect).
 *
 *   const bg = standIn({ requests: { 'settings.get': async () => DEFAULT_SETTINGS } });
 *   render(bg.wrap(<SettingsView />));
 *   expect(bg.calls).toContainEqual({ type: 'settings.get', input: {} });
 *
 * Use bootPage() (the whole background on the fake) where the test is about what the background does.
 */
import type { ComponentChildren } from 'preact';
import { expect, onTestFinished } from 'vitest';
import { createClient, type Transport } from '../../src/app-protocol/client';
import { replyReader } from '../../src/app-protocol/reply-forms';
import type { HandlersOf, JobHandlersOf } from '../../src/messaging/define';
import { jobs as jobTable, protocol, type Jobs, type Protocol } from '../../src/app-protocol/protocol';
import { createJobServer, createRouter, type PortLike } from '../../src/messaging/router';
import { ClientContext } from '../../src/options-ui/client-context';
import { EventHub } from '../fakes/events';
import { createFakeRuntime } from '../fakes/runtime';

const EXTENSION_ID = 'tidymarks@stand-in';
const EXTENSION_ORIGIN = 'moz-extension://stand-in/';

export interface StandInAnswers {
  requests?: Partial<HandlersOf<Protocol>>;
  jobs?: Partial<JobHandlersOf<Jobs>>;
}

export interface StandIn {
  client: ReturnType<typeof createClient>;
  /** Every request and job the page made, in order, with its input as the background received it. */
  calls: { type: string; input: unknown }[];
  /** Names the page asked for that the test gave no answer for; the test fails at its end unless this is empty. */
  unanswered: string[];
  /** Renders with this client in the options page's context. */
  wrap(children: ComponentChildren): ComponentChildren;
}

export function standIn(answers: StandInAnswers): StandIn {
  const calls: StandIn['calls'] = [];
  const unanswered: string[] = [];
  const hub = new EventHub();
  const runtime = createFakeRuntime({ hub, extensionId: EXTENSION_ID, extensionOrigin: EXTENSION_ORIGIN });

  const answering = <T extends object>(given: Partial<T>, table: Record<string, unknown>): T =>
    Object.fromEntries(
      Object.keys(table).map((name) => [
        name,
        (input: unknown, ...rest: unknown[]) => {
          calls.push({ type: name, input });
          const handler = (given as Record<string, ((...args: unknown[]) => unknown) | undefined>)[name];
          if (!handler) {
            unanswered.push(name);
            throw new Error(`the stand-in background has no answer for ${name}`);
          }
          return handler(input, ...rest);
        },
      ]),
    ) as T;

  const router = createRouter({
    protocol,
    handlers: answering<HandlersOf<Protocol>>(answers.requests ?? {}, protocol),
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
  });
  const jobServer = createJobServer({
    jobs: jobTable,
    handlers: answering<JobHandlersOf<Jobs>>(answers.jobs ?? {}, jobTable),
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
  });
  runtime.api.onMessage.addListener((message, sender) => router.handle(message, sender));
  runtime.api.onConnect.addListener((port) => jobServer.accept(port as unknown as PortLike));

  const transport: Transport = {
    sendMessage: (message) => runtime.control.sendMessage(message, { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}options/index.html` }),
    connect: (name) => runtime.control.connect(name, { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}options/index.html` }) as unknown as PortLike,
  };
  const client = createClient(transport, replyReader);
  onTestFinished(() => {
    expect(unanswered.join(', '), 'requests the page made that the test gave no answer for').toBe('');
    hub.clearAll();
  });
  return {
    client,
    calls,
    unanswered,
    wrap: (children) => <ClientContext.Provider value={client}>{children}</ClientContext.Provider>,
  };
}
