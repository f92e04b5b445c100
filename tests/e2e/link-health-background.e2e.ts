/**
 * Issue 31 in real Firefox: a link check belongs to the background, not to a view. Started by a real click in the
 * Link health view (which asks for the sites; the profile grants without a prompt), it goes on while the options page
 * switches views and while no page is open, a page opened again shows its progress and its end; and when Firefox
 * unloads the event page mid-check (its own terminateBackground, as its idle timer does) with no page open, the
 * check's alarm wakes it and the check resumes by itself, fetching only what had no stored result; Firefox killed
 * mid-check (SIGKILL of the process this test launched) and started again on the same profile takes it up at start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SET_PREFS, startLinkServer, testHost, type LinkServer } from './link-server';
import { useFirefox } from './use-firefox';
import { waitForShown } from './page-waits';
import { watchEventPage } from './event-page';
import { GECKO_ID, killFirefox, launchFirefox, type Firefox } from './firefox';

const PREFS = { 'extensions.webextOptionalPermissionPrompts': false };
/** Short politeness waits so the run takes seconds (the rules are the same), and a 1.5 s wake alarm. */
const TUNE = { timeoutMs: 2500, hostGapMs: 20, confirmDelayMs: 300, defaultRetryAfterMs: 300, global: 12, wakeAfterMs: 1500 };
const HOSTS = [50, 51, 52, 53].map((n) => testHost(`b${n}`));

/** "Checking links: 12 of 400 addresses (3%)" as the view shows it: the 12, or null when no progress is shown. */
const shownDone = (page: Page) =>
  page.evaluate(() => {
    const text = document.querySelector('[data-testid="links-progress"] .progress span')?.textContent ?? '';
    const m = /^Checking links: ([\d,]+) of ([\d,]+) addresses/.exec(text);
    return m ? Number(m[1]!.replace(/,/g, '')) : null;
  });

describe('a link check runs in the background (real Firefox)', () => {
  const ff = useFirefox({ prefs: PREFS });
  let web: LinkServer;
  beforeAll(async () => {
    web = await startLinkServer({ hosts: HOSTS, delayMs: 250 });
    await ff.chrome(SET_PREFS, web.prefs());
  });
  afterAll(async () => {
    await web?.close();
  });

  /** `count` slow bookmarks (250 ms each), tuned limits, and the Link health view with the check started by a click. */
  const startCheck = async (count: number, tag: string) => {
    const harness = await ff.harness();
    const urls = Array.from({ length: count }, (_, i) => web.url(HOSTS[i % HOSTS.length]!, `/delay/${tag}-${i}`));
    await harness.evaluate(async (list) => {
      const b = window.tm.browser.bookmarks;
      const folder = await b.create({ parentId: 'unfiled_____', title: 'Links to check' });
      for (const url of list) await b.create({ parentId: folder.id, url, title: url });
    }, urls);
    await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
    const page = await ff.open('options/index.html#link-health');
    await page.waitForSelector('[data-testid="links-summary"] button');
    await page.click('button::-p-text(Check links)');
    await page.waitForFunction(() => /^Checking links: \d+ of/.test(document.querySelector('[data-testid="links-progress"] .progress span')?.textContent ?? ''), {
      timeout: 30_000,
    });
    return { harness, page, urls };
  };
  const requestsOf = (tag: string) => web.requests.filter((r) => r.path.includes(`/delay/${tag}-`));

  it('goes on while the page switches views and while it is closed; the page opened again shows its progress and its end', async () => {
    const { page } = await startCheck(400, 'views');
    await expect.poll(() => shownDone(page), { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(10);

    // Another view: the check goes on (the site keeps being asked), and back on Link health its progress is shown.
    await page.click('[role="tab"]::-p-text(Settings)');
    await page.waitForSelector('#panel-settings');
    const whileAway = requestsOf('views').length;
    await expect.poll(() => requestsOf('views').length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(whileAway + 20);
    await page.click('[role="tab"]::-p-text(Link health)');
    await page.waitForSelector('#panel-link-health [data-testid="links-progress"]', { timeout: 10_000 });
    const back = await shownDone(page);
    expect(back).toBeGreaterThanOrEqual(whileAway + 20 - 12); // at most 12 requests are in flight without a result
    expect(await page.$('[data-testid="links-interrupted"]')).toBeNull();

    // The page closed: the check goes on with no page open at all.
    await page.close();
    const closedAt = requestsOf('views').length;
    await expect.poll(() => requestsOf('views').length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(closedAt + 40);
    const again = await ff.open('options/index.html#link-health');
    await again.waitForSelector('[data-testid="links-progress"]', { timeout: 10_000 });
    await expect.poll(() => shownDone(again), { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(closedAt + 40 - 12);
    expect(await again.$eval('[data-testid="links-progress"]', (e) => e.textContent)).toMatch(/Pause.*Cancel/);

    // It finishes, and the page that only watched it says so, with the figures.
    await waitForShown(again, '[data-testid="links-notice"]::-p-text(Check finished: 400 addresses checked.)', 120_000);
    const counts = await again.$$eval('[data-testid="links-counts"] li', (els) => els.map((e) => e.textContent));
    expect(counts).toContain('Working: 400 bookmarks');
    expect(new Set(requestsOf('views').map((r) => r.path)).size).toBe(400);
    await again.close();
  }, 180_000);

  it('pause and cancel from another page; a paused check stays paused until continued there', async () => {
    const { page } = await startCheck(200, 'pause');
    const other = await ff.open('options/index.html#link-health');
    await other.waitForSelector('[data-testid="links-progress"]', { timeout: 10_000 });
    await other.click('[data-testid="links-progress"] button::-p-text(Pause)');
    await waitForShown(page, '[data-testid="links-progress"] ::-p-text(Paused.)', 10_000);
    const pausedAt = requestsOf('pause').length;
    // Nothing is fetched while paused (two wake alarms' time pass).
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // a span of time with nothing to wait for: none may come
    expect(requestsOf('pause').length).toBe(pausedAt);
    // Continued, the site holds its answers: the check cannot end on its own before Cancel is pressed.
    web.hold();
    try {
      await page.click('[data-testid="links-progress"] button::-p-text(Continue)');
      await expect.poll(() => requestsOf('pause').length, { timeout: 30_000, interval: 50 }).toBeGreaterThan(pausedAt + 5);
      await other.click('[data-testid="links-progress"] button::-p-text(Cancel)');
      // The person goes back to the first tab: there the check shows as cancelled. While that tab was in the
      // background, Firefox throttled its timers (its status is asked every 400 ms), so it showed there after 5-10 s
      // and more; in front it shows within half a second.
      await page.bringToFront();
      await waitForShown(page, '[data-testid="links-interrupted"]', 10_000);
    } finally {
      web.release();
    }
    expect(await page.$eval('[role="alert"]', (e) => e.textContent)).toBe('Check cancelled. What was checked is kept; you can resume it.');
    await page.close();
    await other.close();
  }, 120_000);

  it('resumes by itself when Firefox unloads the event page mid-check with no page open, fetching only what had no result', async () => {
    const { harness, page } = await startCheck(300, 'unload');
    await page.close();
    // Wait until a good part is stored (verdicts are written in batches of 25), then let Firefox unload the event page.
    await harness.waitForFunction(async () => ((await window.tm.client.call('links.overview', {})).run?.done ?? 0) >= 50, { polling: 100, timeout: 60_000 });
    const stored = (await harness.evaluate(() => window.tm.client.call('links.overview', {}))).run!.done;
    const eventPage = await watchEventPage(ff);
    await ff.chrome(
      `async (id) => void (await WebExtensionPolicy.getByID(id).extension.terminateBackground({ ignoreDevToolsAttached: true, disableResetIdleForTest: true }))`,
      GECKO_ID,
    );
    // Firefox says it suspended the page. Its state is not polled for 'stopped': the check's alarm may wake it again
    // at once (when it was due), faster than a poll could see the stopped page.
    const seen: string[] = [];
    await expect.poll(async () => (seen.push(...(await eventPage.take())), seen), { timeout: 20_000, interval: 50 }).toContain('suspend');
    const unloadedAt = web.requests.length;
    // Nothing asks the background anything: the check's alarm wakes it and the check goes on.
    await expect.poll(() => web.requests.length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(unloadedAt + 10);
    expect(await eventPage.state()).toBe('running');

    const again = await ff.open('options/index.html#link-health');
    await waitForShown(again, '[data-testid="links-counts"] ::-p-text(Working: 300 bookmarks)', 120_000);
    const after = web.requests.slice(unloadedAt).map((r) => r.path);
    expect(new Set(after).size).toBe(after.length); // nothing fetched twice after the unload
    expect(after.length).toBeLessThanOrEqual(300 - stored); // what was stored before it is not fetched again
    expect(new Set(requestsOf('unload').map((r) => r.path)).size).toBe(300);
    const done = await harness.evaluate(() => window.tm.client.call('links.overview', {}));
    expect(done.run).toMatchObject({ total: 300, done: 300 });
    expect(done.run!.finishedAt).not.toBeNull();
    await again.close();
  }, 180_000);
});

describe('a link check resumes after Firefox restarts (real Firefox)', () => {
  it('Firefox killed mid-check, started again on the same profile: the check goes on by itself and the view shows its end', async () => {
    const prefs = { ...PREFS, 'extensions.webextensions.keepStorageOnUninstall': true, 'extensions.webextensions.keepUuidOnUninstall': true };
    const profile = mkdtempSync(join(tmpdir(), 'tidymarks-links-kill-'));
    const restartHosts = [60, 61, 62, 63].map((n) => testHost(`k${n}`));
    const web = await startLinkServer({ hosts: restartHosts, delayMs: 250 });
    // The names resolve from the first moment: the check resumes as Firefox starts, before any chrome code could run.
    let ff: Firefox | null = await launchFirefox({ userDataDir: profile, prefs: { ...prefs, ...web.prefs() } });
    try {
      const harness = await ff.harness();
      const urls = Array.from({ length: 200 }, (_, i) => web.url(restartHosts[i % 4]!, `/delay/restart-${i}`));
      await harness.evaluate(async (list) => {
        const b = window.tm.browser.bookmarks;
        const folder = await b.create({ parentId: 'unfiled_____', title: 'Links to check' });
        for (const url of list) await b.create({ parentId: folder.id, url, title: url });
      }, urls);
      await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
      const page = await ff.open('options/index.html#link-health');
      await page.waitForSelector('[data-testid="links-summary"] button');
      await page.click('button::-p-text(Check links)');
      await harness.waitForFunction(async () => ((await window.tm.client.call('links.overview', {})).run?.done ?? 0) >= 50, { polling: 100, timeout: 60_000 });
      const stored = (await harness.evaluate(() => window.tm.client.call('links.overview', {}))).run!.done;
      expect(stored).toBeLessThan(200);
      await killFirefox(ff);
      const killedAt = web.requests.length;

      // Started again, no page open: the check goes on by itself.
      ff = await launchFirefox({ userDataDir: profile, prefs: { ...prefs, ...web.prefs() } });
      await expect.poll(() => web.requests.length, { timeout: 60_000, interval: 100 }).toBeGreaterThan(killedAt + 10);
      const again = await ff.open('options/index.html#link-health');
      await waitForShown(again, '[data-testid="links-counts"] ::-p-text(Working: 200 bookmarks)', 150_000);
      // It went on, not over: only what had no stored result is fetched. Requests Firefox sent just before the kill
      // (at most 12 in flight) can reach the server after the exit is seen, so they may be counted here, twice at most.
      const after = web.requests.slice(killedAt).map((r) => r.path);
      expect(after.length).toBeLessThanOrEqual(200 - stored + 12);
      expect(new Set(after).size).toBeGreaterThanOrEqual(after.length - 12);
      expect(new Set(web.requests.map((r) => r.path)).size).toBe(200);
    } finally {
      await ff?.close();
      await web.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, 300_000);
});
