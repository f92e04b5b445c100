/**
 * What the copy guard's e2e files share: Sync's pages, Firefox on an X display of its own (headless Firefox shows no
 * notification at all), the guard's notifications as Firefox shows and holds them, and the wait for the guard.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { SeedNode } from './places-seed';
import { useFirefox } from './use-firefox';
import { startXDisplay, type XDisplay } from '../../scripts/x-display';

export const pages = (n: number, from = 0): SeedNode[] => Array.from({ length: n }, (_, i) => ({ title: `Page ${from + i}`, url: `https://page${from + i}.example/` }));

/** A notification as Firefox showed it, and when (the harness page's Date.now()). */
export interface Shown {
  id: string;
  title?: string;
  message?: string;
  at: number;
}

/**
 * Collects the guard's notifications as Firefox shows them (title and message), from the harness page: one listener
 * per page (a harness page kept from an earlier test of the same Firefox keeps its listener; the list starts again).
 */
export async function listenForNotifications(harness: Page): Promise<void> {
  await harness.evaluate(async () => {
    // An alert of an earlier test may still be on screen (they stay a minute): gone first.
    for (const id of Object.keys(await window.tm.browser.notifications.getAll())) await window.tm.browser.notifications.clear(id);
    const w = window as unknown as { shown: Shown[]; listening?: boolean };
    w.shown = [];
    if (w.listening) return;
    w.listening = true;
    window.tm.browser.notifications.onShown.addListener((id) => {
      const at = Date.now();
      void window.tm.browser.notifications.getAll().then((all: Record<string, { title?: string; message?: string }>) => {
        if (all[id]) w.shown.push({ id, title: all[id].title, message: all[id].message, at });
      });
    });
  });
}
export const shown = (harness: Page) => harness.evaluate(() => (window as unknown as { shown: Shown[] }).shown);
/**
 * The messages of the notifications Firefox holds now. Right after guardIdle this is what the guard decided (it has
 * created its notification by then), where `shown` may still wait for onShown to reach the harness.
 */
export const notificationsNow = (harness: Page) =>
  harness.evaluate(async () => Object.values(await window.tm.browser.notifications.getAll()).map((n) => (n as { message?: string }).message));
/** The guard has ended every burst and told what it would (test build request). */
export const guardIdle = (harness: Page) => harness.evaluate(() => window.tm.client.call('test.copyGuard.idle', {}));

/**
 * A Firefox (reset before each test, as useFirefox does) on an X display of its own, with Firefox's own alerts shown
 * without sliding and long enough to be clicked.
 */
export function useFirefoxOnDisplay(prefs: Record<string, number | boolean | string> = {}) {
  let x: XDisplay | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    x = await startXDisplay();
    Object.assign(env, x.env);
  });
  afterAll(async () => {
    await x?.stop();
  });
  const ff = useFirefox({
    headless: false,
    env,
    prefs: { 'alerts.useSystemBackend': false, 'alerts.disableSlidingEffect': true, 'alerts.totalOpenTime': 60_000, ...prefs },
  });
  return { ff, display: () => x! };
}

export const ARRIVED = (what: string) => `${what} arrived in the last minute. Click to see them on the Duplicates page.`;
