import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/app-protocol/client';
import { coreProtocol, coreTestJobs } from '../../../src/app-protocol/core-protocol';
import { createJobServer, createRouter, type PortLike, type Sender } from '../../../src/messaging/router';
import { createFakeBrowser, FAKE_EXTENSION_ID, FAKE_EXTENSION_ORIGIN, type FakeControl } from '../../fakes/browser';
import { gate } from '../../kit/gate';
import { NO_RECEIVER, type FakePort } from '../../fakes/runtime';
import { MANIFEST_VERSION } from '../../kit/version';

describe('fake runtime: identity and manifest', () => {
  it('exposes the extension id, builds URLs from the origin and reads the localized manifest', () => {
    const { browser } = createFakeBrowser();
    expect(browser.runtime.id).toBe(FAKE_EXTENSION_ID);
    expect(browser.runtime.getURL('/options/index.html')).toBe(`${FAKE_EXTENSION_ORIGIN}options/index.html`);
    const manifest = browser.runtime.getManifest();
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.name).toBe('Tidymarks');
    expect(manifest.version).toBe(MANIFEST_VERSION);
  });

  it('takes the id and origin from the options', () => {
    const { browser, control } = createFakeBrowser({ extensionId: 'other@x', extensionOrigin: 'moz-extension://abc/' });
    expect(browser.runtime.id).toBe('other@x');
    expect(browser.runtime.getURL('popup/index.html')).toBe('moz-extension://abc/popup/index.html');
    expect(control.extensionOrigin).toBe('moz-extension://abc/');
  });
});

describe('fake runtime: messages from pages', () => {
  it('answers with the value of a promise-returning listener, structured-cloned both ways', async () => {
    const { browser, control } = createFakeBrowser();
    const received: unknown[] = [];
    const sent = { nested: { n: 1 } };
    const reply = { answer: [1, 2] };
    browser.runtime.onMessage.addListener(async (message: unknown) => {
      received.push(message);
      return reply;
    });
    const answer = await control.sendMessage(sent);
    expect(answer).toEqual({ answer: [1, 2] });
    expect(answer).not.toBe(reply);
    expect(received[0]).toEqual(sent);
    expect(received[0]).not.toBe(sent);
  });

  it('passes the default sender (our popup page) or the one given', async () => {
    const { browser, control } = createFakeBrowser();
    const senders: unknown[] = [];
    browser.runtime.onMessage.addListener(async (_m: unknown, sender: unknown) => void senders.push(sender));
    await control.sendMessage({});
    await control.sendMessage({}, { id: 'evil@x', url: 'https://evil.example/' });
    expect(senders).toEqual([
      { id: FAKE_EXTENSION_ID, url: `${FAKE_EXTENSION_ORIGIN}popup/index.html` },
      { id: 'evil@x', url: 'https://evil.example/' },
    ]);
  });

  it('takes the first answer when several listeners answer, and supports sendResponse with return true', async () => {
    const { browser, control } = createFakeBrowser();
    const byResponse = gate();
    const byPromise = gate();
    browser.runtime.onMessage.addListener((() => undefined) as never);
    browser.runtime.onMessage.addListener(((_m: unknown, _s: unknown, sendResponse: (r: unknown) => void) => {
      void byResponse.promise.then(() => sendResponse('late but first'));
      return true;
    }) as never);
    browser.runtime.onMessage.addListener((async () => {
      await byPromise.promise;
      return 'second';
    }) as never);
    const reply = control.sendMessage({});
    byResponse.open();
    expect(await reply).toBe('late but first');
    byPromise.open();
  });

  it("calls the listeners later, never inside the sender's call (messages cross contexts)", async () => {
    const { browser, control } = createFakeBrowser();
    const seen: string[] = [];
    browser.runtime.onMessage.addListener(async (message: unknown) => void seen.push(`listener ${String(message)}`));
    const reply = control.sendMessage('hi');
    seen.push('sendMessage returned');
    await reply;
    expect(seen).toEqual(['sendMessage returned', 'listener hi']);
  });

  it('rejects with the listener error message when its promise rejects', async () => {
    const { browser, control } = createFakeBrowser();
    browser.runtime.onMessage.addListener(async () => {
      throw new Error('handler broke');
    });
    await expect(control.sendMessage({})).rejects.toThrow('handler broke');
  });

  it('resolves undefined when listeners do not answer, and rejects when nobody listens', async () => {
    const { browser, control } = createFakeBrowser();
    await expect(control.sendMessage({})).rejects.toThrow(NO_RECEIVER);
    browser.runtime.onMessage.addListener((() => undefined) as never);
    await expect(control.sendMessage({})).resolves.toBeUndefined();
  });

  it('refuses messages that cannot be cloned, as Firefox does', async () => {
    const { browser, control } = createFakeBrowser();
    browser.runtime.onMessage.addListener(async () => 'ok');
    await expect(async () => control.sendMessage({ fn: () => 1 })).rejects.toThrow();
  });

  it('delivers what the background sends to the page listeners, which may answer; with none it rejects', async () => {
    const { browser, control } = createFakeBrowser();
    await expect(browser.runtime.sendMessage({ hello: 1 })).rejects.toThrow(NO_RECEIVER);
    const got: unknown[] = [];
    control.pageRuntime.onMessage.addListener(async (m: unknown) => {
      got.push(m);
      return { thanks: m };
    });
    expect(await browser.runtime.sendMessage({ hello: 2 })).toEqual({ thanks: { hello: 2 } });
    expect(got).toEqual([{ hello: 2 }]);
  });
});

describe('fake runtime: ports', () => {
  /** A page's port and, once the background's onConnect ran (later, as in Firefox), the background's. */
  async function connectPair() {
    const fake = createFakeBrowser();
    const accepted = gate<FakePort>();
    fake.browser.runtime.onConnect.addListener((port) => accepted.open(port as unknown as FakePort));
    const page = fake.control.connect('job');
    return { ...fake, page, background: await accepted.promise };
  }

  /** A message round trip (nobody answers: it is refused): anything the fake queued before it has arrived by its end. */
  async function roundTrip(control: FakeControl) {
    await expect(control.sendMessage('round trip')).rejects.toThrow(NO_RECEIVER);
  }

  it('hands the background a port with the name and the sender; the page port has no sender', async () => {
    const { page, background } = await connectPair();
    expect(background.name).toBe('job');
    expect(background.sender).toEqual({ id: FAKE_EXTENSION_ID, url: `${FAKE_EXTENSION_ORIGIN}popup/index.html` });
    expect(page.name).toBe('job');
    expect(page.sender).toBeUndefined();
  });

  it('delivers posted messages asynchronously, in order, as copies, to the other side only', async () => {
    const { page, background } = await connectPair();
    const atBackground: unknown[] = [];
    const atPage: unknown[] = [];
    background.onMessage.addListener((m, port) => atBackground.push([m, port === background]));
    page.onMessage.addListener((m) => atPage.push(m));
    const first = { n: 1 };
    page.postMessage(first);
    page.postMessage({ n: 2 });
    expect(atBackground).toEqual([]);
    first.n = 99;
    await vi.waitFor(() =>
      expect(atBackground).toEqual([
        [{ n: 1 }, true],
        [{ n: 2 }, true],
      ]),
    );
    background.postMessage('reply');
    await vi.waitFor(() => expect(atPage).toEqual(['reply']));
  });

  it('disconnect fires onDisconnect on the other side only, and later posts throw', async () => {
    const { page, background, control } = await connectPair();
    const events: string[] = [];
    page.onDisconnect.addListener(() => events.push('page'));
    background.onDisconnect.addListener(() => events.push('background'));
    page.disconnect();
    await vi.waitFor(() => expect(events).toEqual(['background']));
    // The page's own onDisconnect would have come before a later round trip ends.
    await roundTrip(control);
    expect(events).toEqual(['background']);
    expect(() => page.postMessage('x')).toThrow('Attempt to postMessage on disconnected port');
    expect(() => background.postMessage('x')).toThrow('Attempt to postMessage on disconnected port');
  });

  it('a port nobody accepts is disconnected with an error', async () => {
    const { control } = createFakeBrowser();
    const page = control.connect('job');
    const disconnected: (string | undefined)[] = [];
    page.onDisconnect.addListener((p) => disconnected.push(p.error?.message));
    await vi.waitFor(() => expect(disconnected).toEqual([NO_RECEIVER]));
  });

  it('unload closes background ports: pages see onDisconnect, their listeners survive', async () => {
    const { page, control } = await connectPair();
    let disconnects = 0;
    page.onDisconnect.addListener(() => disconnects++);
    control.unload();
    await vi.waitFor(() => expect(disconnects).toBe(1));
  });
});

describe('fake runtime: transport for the real client and router', () => {
  function serve() {
    const fake = createFakeBrowser();
    const { browser, control } = fake;
    const router = createRouter({
      protocol: coreProtocol,
      handlers: {
        'core.ping': () => ({ pong: true as const, version: browser.runtime.getManifest().version }),
        'core.countBookmarks': () => ({ bookmarks: 0, folders: 4, separators: 0 }),
      },
      extensionId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL(''),
    });
    const jobs = createJobServer({
      jobs: coreTestJobs(),
      handlers: {
        'test.countTo': async ({ n }, ctx) => {
          for (let i = 1; i <= n; i++) {
            await ctx.checkpoint();
            ctx.progress({ done: i, total: n });
          }
          return { counted: n };
        },
      },
      extensionId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL(''),
    });
    browser.runtime.onMessage.addListener((message: unknown, sender: unknown) => router.handle(message, sender as Sender));
    browser.runtime.onConnect.addListener((port) => jobs.accept(port as unknown as PortLike));
    return { ...fake, client: createClient(control.transport) };
  }

  it('carries a request and its reply between createClient and the router', async () => {
    const { client } = serve();
    await expect(client.call('core.ping', {})).resolves.toEqual({ pong: true, version: MANIFEST_VERSION });
  });

  it('carries a job with progress over a port', async () => {
    const { client } = serve();
    const seen: number[] = [];
    const job = client.startJob('test.countTo', { n: 3 }, (p) => seen.push(p.done));
    await expect(job.result).resolves.toEqual({ counted: 3 });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('a message from a web page is refused by the router (the sender is checked, not trusted)', async () => {
    const { control } = serve();
    const reply = await control.sendMessage({ channel: 'tidymarks', type: 'core.ping', input: {} }, { id: FAKE_EXTENSION_ID, url: 'https://evil.example/' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('fake runtime: lifecycle events', () => {
  it('install and startup fire onInstalled and onStartup', () => {
    const { browser, control } = createFakeBrowser();
    const seen: unknown[] = [];
    browser.runtime.onInstalled.addListener((details) => seen.push(details));
    browser.runtime.onStartup.addListener(() => seen.push('startup'));
    control.install('install');
    control.install('update', '0.0.9');
    control.startup();
    expect(seen).toEqual([{ reason: 'install', temporary: false }, { reason: 'update', previousVersion: '0.0.9', temporary: false }, 'startup']);
  });
});
