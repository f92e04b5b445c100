/**
 * `npm start` reaches Tidymarks through the pages' own client, over a puppeteer page (scripts/demo/page-transport.ts).
 * Here the page is a stand-in whose `evaluate` runs the function against a fake `browser.runtime`, with the
 * arguments and results copied through JSON as WebDriver BiDi copies them; the fake background answers in the wire
 * form the router and the job server use.
 */
import type { Page } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/app-protocol/client';
import { RemoteError } from '../../../src/messaging/errors';
import { pageTransport } from '../../../scripts/demo/page-transport';

interface FakePort {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(cb: (message: unknown) => void): void };
  onDisconnect: { addListener(cb: () => void): void };
}

/** One side of a port pair: what it posts arrives at the other side's listeners, a turn later (as in Firefox). */
function portPair(): [FakePort, FakePort] {
  const make = () => ({ message: [] as ((m: unknown) => void)[], disconnect: [] as (() => void)[], closed: false });
  const a = make();
  const b = make();
  const side = (self: ReturnType<typeof make>, other: ReturnType<typeof make>): FakePort => ({
    postMessage(message) {
      if (self.closed) throw new Error('closed');
      const copy: unknown = JSON.parse(JSON.stringify(message));
      setTimeout(() => other.message.forEach((cb) => cb(copy)));
    },
    disconnect() {
      if (self.closed) return;
      self.closed = other.closed = true;
      setTimeout(() => other.disconnect.forEach((cb) => cb()));
    },
    onMessage: { addListener: (cb) => void self.message.push(cb) },
    onDisconnect: { addListener: (cb) => void self.disconnect.push(cb) },
  });
  return [side(a, b), side(b, a)];
}

const sent: unknown[] = [];
const jobMessages: unknown[] = [];

/** A background: requests answer `{ok, json}`; a job posts two progress messages, then its result, or an error. */
const fakeBrowser = {
  runtime: {
    sendMessage: async (message: { type: string }) => {
      sent.push(message);
      if (message.type === 'tags.list') return { ok: true, json: JSON.stringify([{ tag: 'work', count: 2 }]) };
      return { ok: false, error: { code: 'unknown-type', message: `No request "${message.type}".` } };
    },
    connect: () => {
      const [page, background] = portPair();
      background.onMessage.addListener((message) => {
        jobMessages.push(message);
        const m = message as { op: string; input?: { mode?: string } };
        if (m.op !== 'start') return;
        if (m.input?.mode === 'resume') {
          background.postMessage({ op: 'error', error: { code: 'conflict', message: 'Nothing to resume.' } });
          return;
        }
        background.postMessage({ op: 'progress', value: { done: 1 } });
        background.postMessage({ op: 'progress', value: { done: 2 } });
        background.postMessage({ op: 'done', json: JSON.stringify({ checked: 2 }) });
      });
      return page;
    },
  },
};

/** A page whose evaluate runs the function here, its arguments and result copied as over WebDriver BiDi. */
function standInPage(): Page {
  const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
  return {
    evaluate: async (fn: (...args: unknown[]) => unknown, ...args: unknown[]) => copy(await fn(...args.map(copy))),
  } as unknown as Page;
}

const globals = globalThis as unknown as { browser?: unknown; window?: unknown };
function installPageGlobals(): void {
  globals.browser = fakeBrowser;
  globals.window = {};
}

afterEach(() => {
  delete globals.browser;
  delete globals.window;
  sent.length = 0;
  jobMessages.length = 0;
});

describe('the demo’s transport: the pages’ client over a puppeteer page', () => {
  it('sends a request in the envelope the router reads and returns the reply the client decoded', async () => {
    installPageGlobals();
    const client = createClient(pageTransport(standInPage()));
    expect(await client.call('tags.list', {})).toEqual([{ tag: 'work', count: 2 }]);
    expect(sent).toEqual([{ channel: 'tidymarks', type: 'tags.list', input: {} }]);
  });

  it('re-throws the background’s error with its code', async () => {
    installPageGlobals();
    const client = createClient(pageTransport(standInPage()));
    const failure = client.call('tags.add', { urls: ['https://a.example/'], tags: ['x'] });
    await expect(failure).rejects.toBeInstanceOf(RemoteError);
    await expect(failure).rejects.toMatchObject({ code: 'unknown-type' });
  });

  it('runs a job over a port that lives in the page: progress in order, then the result, and the port is closed', async () => {
    installPageGlobals();
    const client = createClient(pageTransport(standInPage()));
    const progress: unknown[] = [];
    const job = client.startJob('links.check', { mode: 'all' }, (p) => progress.push(p));
    expect(await job.result).toEqual({ checked: 2 });
    expect(progress).toEqual([{ done: 1 }, { done: 2 }]);
    expect(jobMessages).toEqual([{ op: 'start', kind: 'links.check', input: { mode: 'all' } }]);
  });

  it('a job’s error arrives as a RemoteError with the background’s code', async () => {
    installPageGlobals();
    const client = createClient(pageTransport(standInPage()));
    await expect(client.startJob('links.check', { mode: 'resume' }).result).rejects.toMatchObject({ code: 'conflict', message: 'Nothing to resume.' });
  });
});
