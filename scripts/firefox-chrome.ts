/**
 * Code run in Firefox's own browser window with chrome privileges, through WebDriver BiDi (Firefox must be started
 * with --remote-allow-system-access). For what no extension API offers: Firefox's own bookmarks.html importer, a
 * whole tree inserted at once, reading and clearing prefs. Used by the e2e tests (tests/e2e/firefox.ts) and by
 * `npm start` (scripts/start.ts).
 */
import type { Browser } from 'puppeteer-core';

interface BidiConnection {
  send(method: string, params: unknown): Promise<{ result: unknown }>;
}

/** Runs `fn` (an async function's source, called with JSON arguments; it returns JSON) in the browser window. */
export async function evaluateInChrome<T>(browser: Browser, fn: string, args: unknown[]): Promise<T> {
  const connection = (browser as unknown as { connection: BidiConnection }).connection;
  const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' })).result as { contexts: { context: string }[] };
  const context = tree.contexts[0]?.context;
  if (!context) throw new Error('Firefox has no browser window to run chrome code in');
  const expression = `(async () => JSON.stringify((await (${fn})(...${JSON.stringify(args)})) ?? null))()`;
  const reply = (await connection.send('script.evaluate', { expression, target: { context }, awaitPromise: true })).result as
    { type: 'success'; result: { type: string; value?: string } } | { type: 'exception'; exceptionDetails: { text: string } };
  if (reply.type === 'exception') throw new Error(`chrome code failed: ${reply.exceptionDetails.text}`);
  return JSON.parse(reply.result.value ?? 'null') as T;
}
