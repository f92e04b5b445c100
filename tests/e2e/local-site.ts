/**
 * Real web pages for e2e tests: a tiny HTTP server on 127.0.0.1 serving fixed HTML, and opening one of its pages in
 * a real tab (the network is closed here, and extension pages cannot be bookmarked).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';

export interface LocalSite {
  origin: string;
  close(): Promise<void>;
}

/** Serves `pages` (path -> HTML) on a free loopback port; anything else is a 404. */
export function startLocalSite(pages: Record<string, string>): Promise<LocalSite> {
  const server = createServer((req, res) => {
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((closed) => server.close(() => closed())),
      }),
    ),
  );
}

/** Opens `url` in a new tab from the harness page and waits until Firefox has loaded it with `title`. */
export function openTab(harness: Page, url: string, title: string, active: boolean): Promise<number> {
  return harness.evaluate(
    async (u, expected, isActive) => {
      const b = window.tm.browser;
      const tab = await b.tabs.create({ url: u, active: isActive });
      // tabs.onUpdated says when the status or title changes; the tab is read again each time.
      let listener!: (id: number) => void;
      try {
        await new Promise<void>((resolve, reject) => {
          const guard = setTimeout(() => reject(new Error(`The tab never finished loading ${u}`)), 10_000);
          const check = async () => {
            const now = await b.tabs.get(tab.id!);
            if (now.status === 'complete' && now.title === expected) {
              clearTimeout(guard);
              resolve();
            }
          };
          listener = (id) => void (id === tab.id && check().catch(reject));
          b.tabs.onUpdated.addListener(listener);
          check().catch(reject);
        });
      } finally {
        b.tabs.onUpdated.removeListener(listener);
      }
      return tab.id!;
    },
    url,
    title,
    active,
  );
}

/** Closes every tab but the harness page, so "the active tab" is the one a test opens next. */
export function closeOtherTabs(harness: Page): Promise<void> {
  return harness.evaluate(async () => {
    const b = window.tm.browser;
    const me = await b.tabs.getCurrent();
    const others = (await b.tabs.query({})).filter((t) => t.id !== me?.id).map((t) => t.id!);
    if (others.length) await b.tabs.remove(others);
  });
}
