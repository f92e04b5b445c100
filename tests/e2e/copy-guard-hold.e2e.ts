/**
 * Sync during Tidymarks' own work, in real Firefox (src/copy-guard/README.md "Sync during our own work"): while a
 * cleanup or an import through the Import view holds the bookmark events, Sync (Places' insertTree with the SYNC
 * source, the harness's chrome-privileged call) brings a copy of the folder "Dev" with its 400 pages. What Sync
 * brought is told in one notification, and only that; the cleanup removes exactly its plan and none of Sync's copies;
 * the import imports exactly its file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ARRIVED, guardIdle, listenForNotifications, notificationsNow, pages, shown, useFirefoxOnDisplay } from './copy-guard-kit';
import { waitForShown } from './page-waits';
import { seedTree, syncInsert } from './places-seed';

const DEV_COPY = ARRIVED('1 copy of the folder “Dev” (400 bookmarks)');

/** How many bookmarks (with an address) and folders there are under the roots, and how many bookmarks of `url`. */
const counts = (harness: Page, url: string) =>
  harness.evaluate(async (url) => {
    type Node = { url?: string; type?: string; children?: Node[] };
    let bookmarks = 0;
    let folders = 0;
    let ofUrl = 0;
    const walk = (nodes: Node[]) => {
      for (const node of nodes) {
        if (node.type === 'separator') continue;
        if (node.url) {
          bookmarks++;
          if (node.url === url) ofUrl++;
        } else folders++;
        if (node.children) walk(node.children);
      }
    };
    walk(((await window.tm.browser.bookmarks.getTree()) as Node[])[0]!.children!);
    return { bookmarks, folders, ofUrl };
  }, url);

/** The titles of the toolbar's folder "Dev" that Sync brought (its children), or null. */
const toolbarDev = (harness: Page) =>
  harness.evaluate(async () => {
    const dev = (await window.tm.browser.bookmarks.getChildren('toolbar_____')).find((node) => node.title === 'Dev' && !node.url);
    return dev ? (await window.tm.browser.bookmarks.getChildren(dev.id)).length : null;
  });

/** Seeds with the guard off (the set-up is not the subject), then turns it on and listens for its notifications. */
async function seedQuietly(ff: ReturnType<typeof useFirefoxOnDisplay>['ff'], harness: Page, roots: Parameters<typeof seedTree>[1]) {
  await harness.evaluate(() => window.tm.client.call('settings.set', { patch: { copyGuard: { enabled: false } } }));
  await seedTree(ff, roots);
  await guardIdle(harness);
  await harness.evaluate(() => window.tm.client.call('settings.set', { patch: { copyGuard: { enabled: true } } }));
  await listenForNotifications(harness);
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('copy guard: Sync brings copies during our own work', () => {
  const { ff } = useFirefoxOnDisplay();

  it('400 copies from Sync during a cleanup of 2,000 copies: the cleanup exact, Sync’s copies kept, one notification naming them', async () => {
    const harness = await ff.harness();
    // The folder "Dev" (Sync will copy it), and 2,000 pages with a copy each (the cleanup's subject).
    await seedQuietly(ff, harness, { menu________: [{ title: 'Dev', children: pages(400) }, ...pages(2000, 1000)], unfiled_____: pages(2000, 1000) });
    const planned = await harness.evaluate(async () => {
      const { client } = window.tm;
      const scan = await client.startJob('dedup.scan', {}).result;
      const plan = await client.call('dedup.plan', { scanId: scan.scanId });
      const w = window as unknown as { cleanup: Promise<unknown>; cleanupDone: number | null };
      w.cleanupDone = null;
      w.cleanup = client.startJob('dedup.cleanup', plan).result.finally(() => (w.cleanupDone = Date.now()));
      return plan.removals.length;
    });
    expect(planned).toBe(2000);
    // Once the cleanup is removing, Sync brings its copy of "Dev".
    await expect.poll(async () => (await counts(harness, '')).bookmarks, { timeout: 60_000, interval: 20 }).toBeLessThan(4400 - 50);
    expect(await syncInsert(ff, { toolbar_____: [{ title: 'Dev', children: pages(400) }] })).toBe(401);
    const syncEnded = await harness.evaluate(() => Date.now());
    // Sync wrote while the cleanup ran (else this test would test nothing).
    expect(await harness.evaluate(() => (window as unknown as { cleanupDone: number | null }).cleanupDone)).toBeNull();
    const result = await harness.evaluate(() => (window as unknown as { cleanup: Promise<{ counts: { copies: number } }> }).cleanup);
    expect(result.counts.copies).toBe(2000);
    // Exactly the plan went: one bookmark of each of the 2,000 pages, both "Dev" folders whole.
    expect(await counts(harness, 'https://page1500.example/')).toEqual({ bookmarks: 400 + 2000 + 400, folders: 4 + 2, ofUrl: 1 }); // the four roots, the two "Dev"
    expect(await toolbarDev(harness)).toBe(400);
    await expect.poll(() => shown(harness), { timeout: 15_000 }).toMatchObject([{ title: 'Copies of your bookmarks arrived', message: DEV_COPY }]);
    const [{ at }] = await shown(harness);
    const cleanupEnded = await harness.evaluate(() => (window as unknown as { cleanupDone: number }).cleanupDone);
    console.info(`copy guard during a cleanup: Sync's burst shown ${at - syncEnded} ms after it ended, ${at - cleanupEnded} ms after the cleanup`);
    await guardIdle(harness);
    expect(await notificationsNow(harness)).toEqual([DEV_COPY]);
    const log = await harness.evaluate(() => window.tm.client.call('copyGuard.log', {}));
    expect(log).toMatchObject([{ status: 'waiting', count: { total: 400 } }]);
    expect(log).toHaveLength(1);
  }, 180_000);

  it('400 copies from Sync during an import through the Import view: told alone; the import’s own copies are not', async () => {
    const harness = await ff.harness();
    await seedQuietly(ff, harness, { menu________: [{ title: 'Dev', children: pages(400) }] });
    // The file: its own copy of "Dev" (imported with "Skip what is already bookmarked" off) and 2,600 new pages.
    const rows: string[] = ['<DT><H3>Dev</H3>\n<DL><p>'];
    for (let i = 0; i < 400; i++) rows.push(`<DT><A HREF="https://page${i}.example/">Page ${i}</A>`);
    rows.push('</DL><p>');
    for (let f = 0; f < 26; f++) {
      rows.push(`<DT><H3>Folder ${f}</H3>\n<DL><p>`);
      for (let i = 0; i < 100; i++) rows.push(`<DT><A HREF="https://big.example/${f}/${i}">Item ${f}-${i}</A>`);
      rows.push('</DL><p>');
    }
    const dir = mkdtempSync(join(tmpdir(), 'tm-guard-import-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'file.html'), `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<H1>Bookmarks</H1>\n<DL><p>\n${rows.join('\n')}\n</DL>\n`);
    const page = await ff.open('options/index.html#import-export');
    const input = await page.waitForSelector('#import-file');
    await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(join(dir, 'file.html'));
    await page.click('#import-skip-existing');
    await (await waitForShown(page, '::-p-text(Import 3,000 bookmarks)'))!.click();
    // Once the import is creating, Sync brings its copy of "Dev".
    await expect.poll(async () => (await counts(harness, '')).bookmarks, { timeout: 60_000, interval: 20 }).toBeGreaterThan(400 + 50);
    expect(await syncInsert(ff, { toolbar_____: [{ title: 'Dev', children: pages(400) }] })).toBe(401);
    const syncEnded = await harness.evaluate(() => Date.now());
    // Sync wrote while the import ran (else this test would test nothing).
    expect(await page.$('[data-testid="import-report"]')).toBeNull();
    const report = await page.waitForSelector('[data-testid="import-report"]', { timeout: 120_000 });
    expect(await report!.evaluate((el) => el.textContent)).toContain('Imported 3,000 bookmarks, 27 folders and 0 separators');
    expect(await counts(harness, 'https://page7.example/')).toEqual({ bookmarks: 400 + 3000 + 400, folders: 4 + 1 + 27 + 1, ofUrl: 3 });
    expect(await toolbarDev(harness)).toBe(400);
    await expect.poll(() => shown(harness), { timeout: 15_000 }).toMatchObject([{ title: 'Copies of your bookmarks arrived', message: DEV_COPY }]);
    const [{ at }] = await shown(harness);
    console.info(`copy guard during an import: Sync's burst shown ${at - syncEnded} ms after it ended`);
    // Once the guard is idle, that was all it told (Firefox may have closed the alert by then: its log says it).
    await guardIdle(harness);
    expect(await shown(harness)).toHaveLength(1);
    const log = await harness.evaluate(() => window.tm.client.call('copyGuard.log', {}));
    expect(log).toMatchObject([{ status: 'waiting', count: { total: 400 } }]);
    expect(log).toHaveLength(1);
    await page.close();
  }, 240_000);
});
