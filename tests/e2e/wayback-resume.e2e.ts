/**
 * Issue 31 in real Firefox: the Wayback lookup belongs to the background, like the link check. Against a local fake
 * of the availability API reached by its production address, https://archive.org (tests/e2e/wayback-server.ts mounted
 * on the test's named web; the real archive is never reached), after a real check found the bookmarks gone: a lookup started by a real click goes on while the options
 * page is closed, and the page opened again shows its progress and then the copies it found; Firefox killed
 * mid-lookup (SIGKILL of the process this test launched) and started again on the same profile takes the lookup up
 * by itself and asks the archive only the questions without a stored answer (the one in flight at the kill, at most,
 * is asked again), one at a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SET_PREFS, startLinkServer, testHost, type LinkServer } from './link-server';
import { waitForShown, waitForTextContaining } from './page-waits';
import { useFirefox } from './use-firefox';
import { killFirefox, launchFirefox, type Firefox } from './firefox';
import { startWaybackServer, type WaybackServer } from './wayback-server';

const PREFS = { 'extensions.webextOptionalPermissionPrompts': false };
const TUNE = { timeoutMs: 2500, hostGapMs: 20, confirmDelayMs: 100, defaultRetryAfterMs: 300, global: 12 };

/** "Looked up 12 of 60 · 12 found" as the view shows it: the 12, or null when no progress is shown. */
const shownDone = (page: Page) =>
  page.evaluate(() => {
    const text = document.querySelector('[data-testid="wayback-progress"] .progress span')?.textContent ?? '';
    const m = /^Looked up ([\d,]+) of ([\d,]+)/.exec(text);
    return m ? Number(m[1]!.replace(/,/g, '')) : null;
  });

/** How many bookmarks the view lists with their archived copy. */
const shownCopies = (page: Page) => page.$$eval('[data-testid="wayback-item"] [data-testid="wayback-copy"]', (els) => els.length);

/** `count` bookmarks whose site answers 404, on `hosts` in turn, in a folder of their own. */
async function deadBookmarks(harness: Page, web: LinkServer, hosts: string[], count: number, tag: string): Promise<string[]> {
  const urls = Array.from({ length: count }, (_, i) => web.url(hosts[i % hosts.length]!, `/gone/${tag}-${i}`));
  await harness.evaluate(async (list) => {
    const b = window.tm.browser.bookmarks;
    const folder = await b.create({ parentId: 'unfiled_____', title: 'Gone' });
    for (const url of list) await b.create({ parentId: folder.id, url, title: url });
  }, urls);
  return urls;
}

/** The Link health view with a check started by a real click and finished, then the lookup started by a real click. */
async function checkThenLookUp(open: () => Promise<Page>, count: number): Promise<Page> {
  const page = await open();
  await page.waitForSelector('[data-testid="links-summary"] button');
  await page.click('button::-p-text(Check links)');
  await waitForShown(page, '[data-testid="links-notice"]::-p-text(Check finished)', 60_000);
  await waitForTextContaining(page, '[data-testid="wayback-lookup"]', `Look up ${count} dead links`);
  await page.click('[data-testid="wayback-lookup"]');
  await page.waitForFunction(() => /^Looked up \d+ of/.test(document.querySelector('[data-testid="wayback-progress"] .progress span')?.textContent ?? ''), {
    timeout: 30_000,
  });
  return page;
}

/** Each address asked about, and how many were asked more than once. */
const askedTwice = (archive: WaybackServer) => archive.requests.length - new Set(archive.requests.map((r) => r.url)).size;

describe('a Wayback lookup runs in the background (real Firefox)', () => {
  const ff = useFirefox({ prefs: PREFS, acceptInsecureCerts: true });
  const hosts = [testHost('wr1'), testHost('wr2'), testHost('wr3')];
  let web: LinkServer;
  let archive: WaybackServer;
  beforeAll(async () => {
    web = await startLinkServer({ hosts });
    // The fake answers as https://archive.org itself, on the named web's ports (mounted before the prefs are set).
    archive = await startWaybackServer({ web, delayMs: 250 });
    await ff.chrome(SET_PREFS, web.prefs());
  });
  afterAll(async () => {
    await web?.close();
    await archive?.close();
  });

  it('goes on while the options page is closed; the page opened again shows its progress, then the copies found', async () => {
    const harness = await ff.harness();
    const urls = await deadBookmarks(harness, web, hosts, 60, 'closed');
    await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
    await harness.evaluate(() => window.tm.client.call('test.links.wayback', { gapMs: 20 }));
    const page = await checkThenLookUp(() => ff.open('options/index.html#link-health'), 60);
    await expect.poll(() => shownDone(page), { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(3);

    // The page closed: the lookup goes on with no page open at all.
    await page.close();
    const closedAt = archive.requests.length;
    await expect.poll(() => archive.requests.length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(closedAt + 8);
    const again = await ff.open('options/index.html#link-health');
    await again.waitForSelector('[data-testid="wayback-progress"]', { timeout: 10_000 });
    // The progress it shows is the background's: what was asked while no page was open is counted.
    await expect.poll(() => shownDone(again), { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(closedAt + 8 - 1);
    expect(await again.$eval('[data-testid="wayback-progress"]', (e) => e.textContent)).toMatch(/of 60 · \d+ found.*Cancel/);

    // It finishes, and the page that only watched it says so and lists each bookmark with its copy.
    await waitForTextContaining(again, '[data-testid="wayback-notice"]', 'Lookup finished: 60 archived copies found, 0 without a copy, 0 not answered', 60_000);
    await expect.poll(() => shownCopies(again), { timeout: 10_000, interval: 100 }).toBe(60);
    expect(await again.$('[data-testid="wayback-progress"]')).toBeNull();
    expect(await again.$('[data-testid="wayback-lookup"]')).toBeNull();
    expect(archive.requests.map((r) => r.url).sort()).toEqual([...urls].sort());
    expect(archive.maxInFlight).toBe(1);
    await again.close();
  }, 180_000);
});

describe('a Wayback lookup resumes after Firefox restarts (real Firefox)', () => {
  it('Firefox killed mid-lookup, started again on the same profile: it goes on by itself, asking only what has no stored answer', async () => {
    const prefs = { ...PREFS, 'extensions.webextensions.keepStorageOnUninstall': true, 'extensions.webextensions.keepUuidOnUninstall': true };
    const profile = mkdtempSync(join(tmpdir(), 'tidymarks-wayback-kill-'));
    const hosts = [testHost('wk1'), testHost('wk2')];
    const web = await startLinkServer({ hosts });
    const archive = await startWaybackServer({ web, delayMs: 150 });
    let ff: Firefox | null = await launchFirefox({ userDataDir: profile, prefs: { ...prefs, ...web.prefs() }, acceptInsecureCerts: true });
    try {
      await ff.reset(); // the profile's default bookmarks are not the test's
      const harness = await ff.harness();
      const urls = await deadBookmarks(harness, web, hosts, 50, 'kill');
      await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
      await harness.evaluate(() => window.tm.client.call('test.links.wayback', { gapMs: 20 }));
      const running = ff;
      await checkThenLookUp(() => running.open('options/index.html#link-health'), 50);
      await harness.waitForFunction(async () => ((await window.tm.client.call('links.wayback.status', {})).run?.done ?? 0) >= 10, { polling: 100, timeout: 60_000 });
      const stored = (await harness.evaluate(() => window.tm.client.call('links.wayback.status', {}))).run!.done;
      expect(stored).toBeLessThan(50);
      await killFirefox(ff);
      const killedAt = archive.requests.length;

      // Started again, no page open: the lookup goes on by itself, at the archive it was started with.
      ff = await launchFirefox({ userDataDir: profile, prefs: { ...prefs, ...web.prefs() }, acceptInsecureCerts: true });
      await expect.poll(() => archive.requests.length, { timeout: 60_000, interval: 100 }).toBeGreaterThan(killedAt + 3);
      const again = await ff.open('options/index.html#link-health');
      await expect.poll(() => shownCopies(again), { timeout: 60_000, interval: 200 }).toBe(50);
      // It went on, not over: every address asked once, but for the one in flight at the kill (asked again, at most).
      expect(new Set(archive.requests.map((r) => r.url))).toEqual(new Set(urls));
      expect(archive.requests.length).toBeLessThanOrEqual(50 + 1);
      expect(archive.requests.length - killedAt).toBeLessThanOrEqual(50 - stored + 1);
      expect(askedTwice(archive)).toBeLessThanOrEqual(1);
      expect(archive.maxInFlight).toBe(1);
      const status = await (await ff.harness()).evaluate(() => window.tm.client.call('links.wayback.status', {}));
      expect(status).toMatchObject({ state: 'idle', run: { total: 50, done: 50, found: 50, error: null } });
      expect(status.run!.finishedAt).not.toBeNull();
    } finally {
      await ff?.close();
      await web.close();
      await archive.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, 300_000);
});
