import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { startBackground } from '../../../src/app/start-background';
import { wakeBackground } from '../../../src/app/wake-background';
import { WAKE_EVENTS } from '../../../src/app/wake-queue';
import { createClient } from '../../../src/app-protocol/client';
import { PORT_NAME } from '../../../src/messaging/channel';
import type { Browser } from '../../../src/platform/browser';
import { createFakeBrowser } from '../../fakes/browser';
import { FakeEvent, type AnyListener } from '../../fakes/events';
import { MANIFEST_VERSION } from '../../kit/version';

type Loaded = { startBackground: typeof startBackground };

/** The app's chunk, loaded when the test says. */
function pendingLoad() {
  let resolve!: (loaded: Loaded) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Loaded>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const chunk = {
    /** How many times the background asked for the app's chunk. */
    loads: 0,
    load: () => {
      chunk.loads++;
      return promise;
    },
    resolve,
    reject,
  };
  return chunk;
}

/** Writes down every event and message that reaches `b`'s listeners, in the order they reach them; answers nothing. */
function recordArrivals(b: Browser, log: unknown[]) {
  b.bookmarks.onCreated.addListener((id) => log.push(['bookmarks.onCreated', id]));
  b.bookmarks.onRemoved.addListener((id) => log.push(['bookmarks.onRemoved', id]));
  b.tabs.onActivated.addListener(({ tabId }) => log.push(['tabs.onActivated', tabId]));
  b.commands.onCommand.addListener((name) => log.push(['commands.onCommand', name]));
  b.runtime.onMessage.addListener((message: unknown) => void log.push(['runtime.onMessage', (message as { type: string }).type]));
  b.runtime.onConnect.addListener((port) => {
    log.push(['runtime.onConnect', port.name]);
    port.onMessage.addListener((message) => log.push(['port.onMessage', message]));
    port.onDisconnect.addListener(() => log.push(['port.onDisconnect', port.name]));
  });
}

/** A stand-in app that writes down every event and message it gets, in the order they reach it, and answers messages. */
function recordingApp(log: unknown[]): Loaded {
  return {
    startBackground: ((deps: { browser: Browser }) => {
      recordArrivals(deps.browser, log);
      deps.browser.runtime.onMessage.addListener((message: unknown) => Promise.resolve({ ok: true, value: `answer to ${(message as { type: string }).type}` }));
    }) as unknown as typeof startBackground,
  };
}

const request = (type: string) => ({ channel: 'tidymarks', type, input: {} });

describe('waking the event page', () => {
  it('delivers the events, messages and port messages that arrive before the app is loaded, all of them, in arrival order', async () => {
    const fake = createFakeBrowser();
    const { browser, control } = fake;
    const chunk = pendingLoad();
    const log: unknown[] = [];
    const started = wakeBackground({ browser: fake.browser as unknown as Browser, now: Date.now, testBuild: false }, chunk.load);
    // What reaches the event page, heard after the first chunk's own listeners (registered first) have had it.
    const arrived: unknown[] = [];
    recordArrivals(browser, arrived);

    const first = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'One', url: 'https://one.example/' });
    const answer = control.pageRuntime.sendMessage(request('search.query'));
    // Messages and ports reach the background later (as in Firefox): each is sent once the one before has arrived, so
    // arrival order is the order of this test.
    await vi.waitFor(() => expect(arrived.at(-1)).toEqual(['runtime.onMessage', 'search.query']));
    const port = control.pageRuntime.connect({ name: PORT_NAME });
    port.postMessage({ op: 'start', kind: 'x', input: 1 });
    await vi.waitFor(() => expect(arrived.at(-1)).toEqual(['port.onMessage', { op: 'start', kind: 'x', input: 1 }]));
    control.triggerCommand('quick-bookmark');
    const tab = control.openTab({ url: 'https://tab.example/' });
    await browser.tabs.update(tab.id, { active: true });
    await browser.bookmarks.remove(first.id);
    port.postMessage({ op: 'cancel' });
    port.disconnect();
    await vi.waitFor(() => expect(arrived.at(-1)).toEqual(['port.onDisconnect', PORT_NAME]));
    const inArrivalOrder = [
      ['bookmarks.onCreated', first.id],
      ['runtime.onMessage', 'search.query'],
      ['runtime.onConnect', PORT_NAME],
      ['port.onMessage', { op: 'start', kind: 'x', input: 1 }],
      ['commands.onCommand', 'quick-bookmark'],
      ['tabs.onActivated', tab.id],
      ['bookmarks.onRemoved', first.id],
      ['port.onMessage', { op: 'cancel' }],
      ['port.onDisconnect', PORT_NAME],
    ];
    // All of it arrived while the app was not loaded (its chunk is not resolved yet).
    expect(arrived).toEqual(inArrivalOrder);

    chunk.resolve(recordingApp(log));
    // open() hands the whole queue over before the build resolves.
    await started;
    expect(log).toEqual(inArrivalOrder);
    expect(await answer).toEqual({ ok: true, value: 'answer to search.query' });

    // Once loaded, events go straight through.
    const later = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Two', url: 'https://two.example/' });
    await vi.waitFor(() => expect(log.at(-1)).toEqual(['bookmarks.onCreated', later.id]));
    expect(fake.control.listenerErrors).toEqual([]);
  });

  it('answers core.ping before the app is loaded; other requests once it is', async () => {
    const fake = createFakeBrowser();
    const chunk = pendingLoad();
    const log: unknown[] = [];
    const started = wakeBackground({ browser: fake.browser as unknown as Browser, now: Date.now, testBuild: false }, chunk.load);
    const arrived: unknown[] = [];
    recordArrivals(fake.browser as unknown as Browser, arrived);
    const client = createClient(fake.control.transport);
    // The app's chunk is not even asked for before the ping that woke the page is answered; then it is.
    expect(chunk.loads).toBe(0);
    expect(await client.call('core.ping', {})).toEqual({ pong: true, version: MANIFEST_VERSION });
    await vi.waitFor(() => expect(chunk.loads).toBe(1));
    const count = fake.control.pageRuntime.sendMessage(request('core.countBookmarks'));
    // It reached the event page while the app was not loaded (its chunk is not resolved yet).
    await vi.waitFor(() =>
      expect(arrived).toEqual([
        ['runtime.onMessage', 'core.ping'],
        ['runtime.onMessage', 'core.countBookmarks'],
      ]),
    );
    chunk.resolve(recordingApp(log));
    await started;
    expect(await count).toEqual({ ok: true, value: 'answer to core.countBookmarks' });
    // The ping never reached the app.
    expect(log).toEqual([['runtime.onMessage', 'core.countBookmarks']]);
  });

  it('a request waiting for an app that fails to load gets an error, not silence', async () => {
    const fake = createFakeBrowser();
    const chunk = pendingLoad();
    const started = wakeBackground({ browser: fake.browser as unknown as Browser, now: Date.now, testBuild: false }, chunk.load);
    const count = fake.control.pageRuntime.sendMessage(request('core.countBookmarks'));
    // The request asks for the app: its chunk fails once it is asked for.
    await vi.waitFor(() => expect(chunk.loads).toBe(1));
    chunk.reject(new Error('chunk missing'));
    await expect(started).rejects.toThrow('chunk missing');
    await expect(count).rejects.toThrow('chunk missing');
  });

  it('the real app registers its start-up listeners on WAKE_EVENTS only, with the filters named there, and answers through them', async () => {
    globalThis.indexedDB = new IDBFactory();
    const fake = createFakeBrowser();
    const chunk = pendingLoad();
    const started = wakeBackground({ browser: fake.browser as unknown as Browser, now: Date.now, testBuild: false }, chunk.load);
    const client = createClient(fake.control.transport);
    await fake.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Early', url: 'https://early.example/' });
    const count = client.call('core.countBookmarks', {});
    chunk.resolve({ startBackground });
    const app = await started;
    onTestFinished(async () => {
      fake.control.unload();
      await app.whenIdle();
      await app.history.recovered.catch(() => undefined);
      app.tagStore.close();
      app.history.journal.close();
    });
    expect(await count).toEqual({ bookmarks: 1, folders: 4, separators: 0 });
    // On the real browser, only the first chunk's relays listen: one listener per event of WAKE_EVENTS.
    const listening: string[] = [];
    const seen = new Set<unknown>(); // menus and contextMenus are one API
    for (const [namespace, api] of Object.entries(fake.browser as unknown as Record<string, Record<string, unknown>>)) {
      if (typeof api !== 'object' || api === null) continue;
      for (const [name, event] of Object.entries(api)) {
        if (event instanceof FakeEvent && (event as FakeEvent<AnyListener>).listenerCount > 0 && !seen.has(event)) {
          seen.add(event);
          listening.push(`${namespace}.${name}:${(event as FakeEvent<AnyListener>).listenerCount}`);
        }
      }
    }
    expect(listening.sort()).toEqual(WAKE_EVENTS.map(([namespace, name]) => `${namespace}.${name}:1`).sort());
    await app.history.recovered;
  });
});
