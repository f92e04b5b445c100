/**
 * The Wayback rescue in real Firefox, against a local fake of the availability API (tests/e2e/wayback-server.ts) at
 * the production address: archive.org resolves to loopback through the test's named web (the link server's ports
 * and prefs), so the lookup runs without an endpoint override, asks for the real origin https://archive.org/*, and
 * the real archive is never reached. After a real check finds two bookmarks gone, nothing goes to the archive until
 * the person clicks the lookup, whose click asks for the archive's origin; the lookup asks one question at a time;
 * the view shows each copy's date and a link to it; "Replace with the copy" changes the bookmark's address, its Undo
 * and Redo take it back and do it again; "Add the copy beside" adds a bookmark titled with the copy's date right
 * after the dead one, and its Undo removes it.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SET_PREFS, startLinkServer, testHost, type LinkServer } from './link-server';
import { waitForShown, waitForTextContaining } from './page-waits';
import { useFirefox } from './use-firefox';
import { startWaybackServer, type WaybackServer } from './wayback-server';

const PREFS = { 'extensions.webextOptionalPermissionPrompts': false };
const ARCHIVE_ORIGIN = 'https://archive.org/*';
const TUNE = { timeoutMs: 2500, hostGapMs: 20, confirmDelayMs: 100, defaultRetryAfterMs: 300, global: 12 };
const SNAPSHOT = (url: string) => `https://web.archive.org/web/20190503120000/${url}`;

async function folderChildren(harness: Page, title: string): Promise<[string, string | undefined][]> {
  return harness.evaluate(async (t) => {
    const [folder] = (await window.tm.browser.bookmarks.search({ title: t })).filter((n) => !n.url);
    return (await window.tm.browser.bookmarks.getChildren(folder!.id)).map((n) => [n.title, n.url] as [string, string | undefined]);
  }, title);
}

const SITE = testHost('gone-site');

describe('the Wayback rescue in real Firefox', () => {
  // The fake archive's certificate is a throwaway self-signed one, as the link server's.
  const ff = useFirefox({ prefs: PREFS, acceptInsecureCerts: true });
  let web: LinkServer;
  let archive: WaybackServer;
  beforeAll(async () => {
    web = await startLinkServer({ hosts: [SITE] });
    // Mounted on the link server before its prefs are set: one mapping of ports 80/443 serves both names.
    archive = await startWaybackServer({ web, delayMs: 50 });
    await ff.chrome(SET_PREFS, web.prefs());
  });
  afterAll(async () => {
    await archive?.close();
    await web?.close();
  });

  it('looks up copies only when asked, then replaces, adds beside, undoes and redoes', async () => {
    const a = web.url(SITE, '/gone/article-a');
    const b = web.url(SITE, '/gone/article-b');
    const harness = await ff.harness();
    await harness.evaluate(
      async (list) => {
        const bm = window.tm.browser.bookmarks;
        const folder = await bm.create({ parentId: 'unfiled_____', title: 'Reading' });
        for (const { url, title } of list) await bm.create({ parentId: folder.id, url, title });
      },
      [
        { url: a, title: 'Article A' },
        { url: b, title: 'Article B' },
      ],
    );
    await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
    // Only the wait between two questions is shortened; the endpoint is the production one.
    await harness.evaluate(() => window.tm.client.call('test.links.wayback', { gapMs: 20 }));

    const page = await ff.open('options/index.html#link-health');
    await page.waitForSelector('[data-testid="links-summary"] button');
    await page.click('button::-p-text(Check links)');
    await waitForShown(page, '[data-testid="links-notice"]::-p-text(Check finished)', 60_000);

    // The rescue is offered for the two gone bookmarks; nothing has gone to the archive.
    await waitForTextContaining(page, '[data-testid="wayback-lookup"]', 'Look up 2 dead links');
    expect(archive.requests).toEqual([]);
    const before = (await harness.evaluate(() => window.tm.browser.permissions.getAll())).origins ?? [];
    expect(before.some((o) => o.includes('archive.org'))).toBe(false);

    await page.click('[data-testid="wayback-lookup"]');
    await waitForTextContaining(page, '[data-testid="wayback-notice"]', 'Lookup finished: 2 archived copies found, 0 without a copy, 0 not answered');
    const after = (await harness.evaluate(() => window.tm.browser.permissions.getAll())).origins ?? [];
    expect(after).toContain(ARCHIVE_ORIGIN);
    expect(archive.requests.map((r) => r.url).sort()).toEqual([a, b].sort());
    expect(archive.requests.every((r) => /^\d{14}$/.test(r.timestamp))).toBe(true);
    expect(archive.maxInFlight).toBe(1);

    // Each bookmark shows its copy's date and a link to it.
    const rows = await page.$$eval('[data-testid="wayback-item"]', (els) =>
      els.map((e) => ({ url: e.getAttribute('data-url'), copy: e.querySelector('[data-testid="wayback-copy"]')?.textContent, href: e.querySelector('a')?.href })),
    );
    expect(rows).toEqual([
      { url: a, copy: 'Archived copy of May 3, 2019 Open the archived copy', href: SNAPSHOT(a) },
      { url: b, copy: 'Archived copy of May 3, 2019 Open the archived copy', href: SNAPSHOT(b) },
    ]);
    expect(await page.$('[data-testid="wayback-lookup"]')).toBeNull();

    // Replace A's address with its copy; Undo, Redo.
    await page.click(`[data-testid="wayback-item"][data-url="${a}"] button::-p-text(Replace with the copy)`);
    await waitForTextContaining(page, '[data-testid="wayback-result"] [role="status"]', 'Replaced 1 address with its archived copy.');
    expect(await folderChildren(harness, 'Reading')).toEqual([
      ['Article A', SNAPSHOT(a)],
      ['Article B', b],
    ]);
    await page.click('[data-testid="wayback-result"] button::-p-text(Undo)');
    await waitForShown(page, '[data-testid="wayback-undone"]::-p-text(Undone)');
    expect(await folderChildren(harness, 'Reading')).toEqual([
      ['Article A', a],
      ['Article B', b],
    ]);
    await page.click('[data-testid="wayback-result"] button::-p-text(Redo)');
    await waitForShown(page, '[data-testid="wayback-undone"]::-p-text(Done again)');
    expect(await folderChildren(harness, 'Reading')).toEqual([
      ['Article A', SNAPSHOT(a)],
      ['Article B', b],
    ]);

    // Add B's copy beside it, titled with the copy's date; Undo takes it away.
    await page.waitForSelector(`[data-testid="wayback-item"][data-url="${b}"] button`);
    expect(await page.$(`[data-testid="wayback-item"][data-url="${a}"]`)).toBeNull(); // A is no longer dead
    await page.click(`[data-testid="wayback-item"][data-url="${b}"] button::-p-text(Add the copy beside)`);
    await waitForTextContaining(page, '[data-testid="wayback-result"] [role="status"]', 'Added 1 archived copy beside its bookmark.');
    expect(await folderChildren(harness, 'Reading')).toEqual([
      ['Article A', SNAPSHOT(a)],
      ['Article B', b],
      ['Article B (archived May 3, 2019)', SNAPSHOT(b)],
    ]);
    await page.click('[data-testid="wayback-result"] button::-p-text(Undo)');
    await waitForShown(page, '[data-testid="wayback-undone"]::-p-text(Undone)');
    expect(await folderChildren(harness, 'Reading')).toEqual([
      ['Article A', SNAPSHOT(a)],
      ['Article B', b],
    ]);
    // The lookup is not asked again for what it knows.
    expect(archive.requests).toHaveLength(2);
    await page.close();
  }, 120_000);
});
