/**
 * The copy guard in real Firefox with Sync's own writes: trees inserted through Places with `source: SYNC` (what
 * Firefox Sync's bookmark engine does), through the harness's chrome-privileged call. A burst of copies is told in one
 * notification with what arrived (as Firefox holds it when it shows it: notifications.onShown + getAll), a few copies
 * are not, a burst wakes an event page that slept, and a click on Firefox's own alert opens the Duplicates page.
 * Every Firefox here runs on an Xvfb display of its own: headless Firefox shows no notification at all (getAll stays
 * empty), so the alerts are Firefox's own windows (no notification daemon on the display), clicked through the X server.
 */
import { describe, expect, it } from 'vitest';
import { seedTree, syncInsert } from './places-seed';
import { watchEventPage } from './event-page';
import { waitForShown, waitForText, waitForTextContaining } from './page-waits';
import { screenshotPath } from './screenshots';
import { ARRIVED, guardIdle, listenForNotifications, notificationsNow, pages, shown, useFirefoxOnDisplay } from './copy-guard-kit';

describe('copy guard: Sync brings copies', () => {
  const { ff } = useFirefoxOnDisplay();

  it('a burst of 400 copies in a folder and 30 loose copies: one notification saying so', async () => {
    const harness = await ff.harness();
    await seedTree(ff, { menu________: [{ title: 'Dev', children: pages(400) }] });
    await guardIdle(harness);
    await listenForNotifications(harness);
    const inserted = await syncInsert(ff, { toolbar_____: [{ title: 'Dev', children: pages(400) }], unfiled_____: pages(30) });
    expect(inserted).toBe(431);
    await expect
      .poll(() => shown(harness), { timeout: 15_000 })
      .toMatchObject([{ title: 'Copies of your bookmarks arrived', message: ARRIVED('30 copies of 30 pages and 1 copy of the folder “Dev” (400 bookmarks)') }]);
    await guardIdle(harness);
    expect(await notificationsNow(harness)).toEqual([ARRIVED('30 copies of 30 pages and 1 copy of the folder “Dev” (400 bookmarks)')]);
  }, 60_000);

  it('10 copies: no notification', async () => {
    const harness = await ff.harness();
    await seedTree(ff, { menu________: pages(10) });
    await guardIdle(harness);
    await listenForNotifications(harness);
    await syncInsert(ff, { unfiled_____: pages(10) });
    // The burst is over and the guard decided (the request waits for it): nothing was shown.
    await guardIdle(harness);
    expect(await notificationsNow(harness)).toEqual([]);
  }, 60_000);
});

describe('copy guard: Tidymarks’ own work in real Firefox', () => {
  const { ff } = useFirefoxOnDisplay();

  it('a cleanup undone and an import through Tidymarks bring back 25 copies each: no notification', async () => {
    const harness = await ff.harness();
    // 25 pages and a copy of each, made while the guard is off (they are the set-up, not the subject).
    await harness.evaluate(() => window.tm.client.call('settings.set', { patch: { copyGuard: { enabled: false } } }));
    await seedTree(ff, { menu________: pages(25), unfiled_____: pages(25) });
    await guardIdle(harness);
    await harness.evaluate(() => window.tm.client.call('settings.set', { patch: { copyGuard: { enabled: true } } }));
    await listenForNotifications(harness);
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${pages(25)
      .map((p) => `<DT><A HREF="${(p as { url: string }).url}">${(p as { title: string }).title}</A>\n`)
      .join('')}</DL>\n`;
    const copiesOfPage0 = await harness.evaluate(async (html) => {
      const { client, browser } = window.tm;
      const count = async () => (await browser.bookmarks.search({ url: 'https://page0.example/' })).length;
      const scan = await client.startJob('dedup.scan', {}).result;
      const plan = await client.call('dedup.plan', { scanId: scan.scanId });
      const cleaned = await client.startJob('dedup.cleanup', plan).result;
      const afterCleanup = await count();
      await client.startJob('history.undo', { sessionId: cleaned.sessionId }).result;
      const afterUndo = await count();
      await client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' }, skipExisting: false }).result;
      return [afterCleanup, afterUndo, await count()];
    }, html);
    expect(copiesOfPage0).toEqual([1, 2, 3]);
    await guardIdle(harness);
    expect(await notificationsNow(harness)).toEqual([]);
  }, 60_000);
});

describe('copy guard: its settings, as the person sets them on the Settings page', () => {
  const { ff } = useFirefoxOnDisplay();

  it('a threshold of 5 tells 5 copies; out of range is refused in words; switched off, 25 copies are not told', async () => {
    const harness = await ff.harness();
    await seedTree(ff, { menu________: pages(25) });
    await guardIdle(harness);
    const page = await ff.open('options/index.html#settings');
    await page.setViewport({ width: 1000, height: 1400 });
    const threshold = await page.waitForSelector('#copy-guard-threshold');
    expect(await threshold!.evaluate((input) => [(input as HTMLInputElement).value, (input as HTMLInputElement).labels?.[0]?.textContent])).toEqual([
      '20',
      'Tell me from this many copies',
    ]);
    await threshold!.click({ count: 3 });
    await threshold!.type('1');
    await page.keyboard.press('Enter');
    await waitForShown(page, '[data-testid="settings-error"]::-p-text(The number of copies must be a whole number from 2 to 10,000.)');
    await threshold!.click({ count: 3 });
    await threshold!.type('5');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="settings-saved"]');
    expect((await harness.evaluate(() => window.tm.client.call('settings.get', {}))).copyGuard).toEqual({ enabled: true, threshold: 5 });

    await listenForNotifications(harness);
    await syncInsert(ff, { unfiled_____: pages(5) });
    await expect.poll(() => shown(harness), { timeout: 15_000 }).toMatchObject([{ message: ARRIVED('5 copies of 5 pages') }]);

    await page.click('#copy-guard');
    await expect.poll(async () => (await harness.evaluate(() => window.tm.client.call('settings.get', {}))).copyGuard.enabled).toBe(false);
    expect(await page.$eval('#copy-guard-threshold', (input) => (input as HTMLInputElement).disabled)).toBe(true);
    await listenForNotifications(harness);
    await syncInsert(ff, { toolbar_____: pages(25) });
    await guardIdle(harness);
    expect(await notificationsNow(harness)).toEqual([]);
  }, 60_000);
});

describe('copy guard: a burst while the event page sleeps (idle timeout 3 s)', () => {
  // 3 s, not 1: the request that waits for the guard to be idle (up to BURST_QUIET_MS) must not outlast the timeout.
  const { ff } = useFirefoxOnDisplay({ 'extensions.background.idle.timeout': 3000 });

  it('the burst wakes the event page and is told', async () => {
    const harness = await ff.harness();
    await seedTree(ff, { menu________: pages(50) });
    await guardIdle(harness);
    await listenForNotifications(harness);
    const eventPage = await watchEventPage(ff);
    await expect.poll(() => eventPage.state(), { timeout: 20_000, interval: 100 }).toBe('stopped');
    await syncInsert(ff, { unfiled_____: pages(50) });
    await expect.poll(() => shown(harness), { timeout: 20_000 }).toMatchObject([{ message: ARRIVED('50 copies of 50 pages') }]);
  }, 60_000);
});

describe('copy guard: a click on Firefox’s own alert opens the Duplicates page at the choice', () => {
  const { ff, display } = useFirefoxOnDisplay();

  it('clicking the alert opens the options page on its Duplicates view, the choice on top', async () => {
    const x = display();
    const harness = await ff.harness();
    await seedTree(ff, { menu________: pages(25) });
    await guardIdle(harness);
    await listenForNotifications(harness);
    const before = x.mappedWindows().map((w) => w.id);
    await syncInsert(ff, { unfiled_____: pages(25) });
    await expect.poll(() => shown(harness), { timeout: 15_000 }).toMatchObject([{ message: ARRIVED('25 copies of 25 pages') }]);
    const isAlert = (w: { id: string; width: number; height: number }) => !before.includes(w.id) && w.width > 100 && w.height > 50;
    await expect.poll(() => x.mappedWindows().filter(isAlert).length, { timeout: 10_000 }).toBe(1);
    const alert = x.mappedWindows().find(isAlert)!;
    x.xdotool('mousemove', '--window', alert.id, String(Math.round(alert.width / 2)), String(Math.round(alert.height / 2)), 'click', '1');
    const duplicatesUrl = await harness.evaluate(() => window.tm.browser.runtime.getURL('options/index.html#duplicates'));
    // The tab the click opened, active; then what its page shows.
    await expect
      .poll(() => harness.evaluate(async (url) => (await window.tm.browser.tabs.query({ active: true, currentWindow: true }))[0]?.url === url, duplicatesUrl), {
        timeout: 15_000,
      })
      .toBe(true);
    const hrefs = async () => Promise.all((await ff.browser.pages()).map(async (p) => [p, await p.evaluate(() => location.href).catch(() => '')] as const));
    await expect.poll(async () => (await hrefs()).some(([, href]) => href === duplicatesUrl), { timeout: 15_000 }).toBe(true);
    const options = (await hrefs()).find(([, href]) => href === duplicatesUrl)![0];
    await expect
      .poll(() => options.evaluate(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim()), { timeout: 15_000 })
      .toBe('Duplicates');
    // ...with the choice on top: what arrived, and the two buttons (tests/e2e/copy-guard-choice.e2e.ts takes them).
    await expect
      .poll(() => options.evaluate(() => document.querySelector('[data-testid="arrival-choice"] p')?.textContent ?? ''), { timeout: 15_000 })
      .toMatch(/^25 copies of 25 pages arrived at .+\.$/);
    expect(await options.$$eval('[data-testid="arrival-choice"] button', (buttons) => buttons.map((b) => b.textContent))).toEqual(['Remove the new copies', 'Keep them']);
    // The alert is gone (the guard clears its notification on the click).
    await expect.poll(() => harness.evaluate(async () => Object.keys(await window.tm.browser.notifications.getAll())), { timeout: 10_000 }).toEqual([]);
  }, 90_000);
});

describe('copy guard: quiet while the person works in the organizer', () => {
  const { ff } = useFirefoxOnDisplay();

  it('a burst right after an organizer edit is kept at once and told a minute after the edit', async () => {
    const harness = await ff.harness();
    await seedTree(ff, { menu________: pages(25) });
    await guardIdle(harness);
    await listenForNotifications(harness);
    // The person renames a bookmark in the organizer (the request its page sends), then Sync brings 25 copies.
    const editedAt = await harness.evaluate(async () => {
      const [first] = await window.tm.browser.bookmarks.search({ url: 'https://page0.example/' });
      await window.tm.client.call('organizer.update', { id: first!.id, title: 'Renamed in the organizer' });
      return Date.now();
    });
    await syncInsert(ff, { unfiled_____: pages(25) });
    await guardIdle(harness);
    // Kept, waiting on the Duplicates page and the toolbar button, but no notification over the person's work.
    expect((await harness.evaluate(() => window.tm.client.call('copyGuard.log', {}))).map((b) => [b.status, b.count.total])).toEqual([['waiting', 25]]);
    expect(await notificationsNow(harness)).toEqual([]);
    await expect.poll(() => shown(harness), { timeout: 90_000, interval: 500 }).toMatchObject([{ message: ARRIVED('25 copies of 25 pages') }]);
    expect(await harness.evaluate(() => Date.now())).toBeGreaterThanOrEqual(editedAt + 60_000);
  }, 150_000);
});

describe('copy guard: copies that come back after a cleanup', () => {
  const { ff } = useFirefoxOnDisplay();

  it('a cleanup, then Sync brings the same copies again: told as come back with the day, removed again, undone', async () => {
    const harness = await ff.harness();
    // 40 pages and a copy of each, made while the guard is off (the set-up), then a cleanup as the Duplicates page runs it.
    await harness.evaluate(() => window.tm.client.call('settings.set', { patch: { copyGuard: { enabled: false } } }));
    await seedTree(ff, { menu________: pages(40), unfiled_____: pages(40) });
    await guardIdle(harness);
    await harness.evaluate(() => window.tm.client.call('settings.set', { patch: { copyGuard: { enabled: true } } }));
    const cleaned = await harness.evaluate(async () => {
      const { client } = window.tm;
      const scan = await client.startJob('dedup.scan', {}).result;
      return (await client.startJob('dedup.cleanup', await client.call('dedup.plan', { scanId: scan.scanId })).result).counts.copies;
    });
    expect(cleaned).toBe(40);
    const countOf = () => harness.evaluate(async () => (await window.tm.browser.bookmarks.search({ url: 'https://page7.example/' })).length);
    expect(await countOf()).toBe(1);

    // Sync brings the same 40 copies back.
    await listenForNotifications(harness);
    expect(await syncInsert(ff, { unfiled_____: pages(40) })).toBe(40);
    const day = await harness.evaluate(() => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(Date.now()));
    const cameBack = `40 copies that you removed on ${day} came back.`;
    await expect
      .poll(() => shown(harness), { timeout: 15_000 })
      .toMatchObject([{ title: 'Copies you removed came back', message: `${cameBack} ${ARRIVED('40 copies of 40 pages')}` }]);
    expect(await countOf()).toBe(2);

    // The Duplicates page says so, with the advice, and removes them again; Undo brings them back.
    const page = await ff.open('options/index.html#duplicates');
    await page.setViewport({ width: 1000, height: 1200 });
    await waitForText(page, '[data-testid="arrival-came-back"]', cameBack);
    await waitForTextContaining(page, '[data-testid="arrival-advice"]', 'nor on which device');
    await waitForTextContaining(page, '[data-testid="arrival-log-came-back"]', cameBack);
    await page.screenshot({ path: screenshotPath('copy-guard-came-back') });
    await (await page.waitForSelector('[data-testid="remove-arrivals"]:not([disabled])'))!.click();
    await waitForText(page, '[data-testid="arrivals-removed"] p', 'The new copies are removed: 40 copies removed.', 60_000);
    expect(await countOf()).toBe(1);
    await page.click('[data-testid="undo-arrivals-removal"]');
    await waitForTextContaining(page, '[data-testid="arrivals-undone"]', 'Undone');
    expect(await countOf()).toBe(2);
    await waitForTextContaining(page, '[data-testid="arrival-log-entry"]', '40 copies removed, then undone');
  }, 120_000);
});
