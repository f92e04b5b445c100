/**
 * The two choices after a burst, in real Firefox: Sync brings a copy of the folder "Dev" (400 pages) and 30 loose
 * copies (Places' insertTree with the SYNC source, the harness's chrome-privileged call); the toolbar button shows that
 * something waits; the Duplicates page (where the notification's click lands) says what arrived, and "Remove the new
 * copies" removes exactly those, leaving the originals and a bookmark the person adds while it runs; Undo on the page
 * brings them back; the "What arrived" log says what was done. "Keep them" keeps them.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { waitForShown, waitForText, waitForTextContaining } from './page-waits';
import { watchEventPage } from './event-page';
import { seedTree, syncInsert, type SeedNode } from './places-seed';
import { screenshotPath } from './screenshots';
import { DARK_PREFS, useFirefox, usePrefs } from './use-firefox';

const pages = (n: number, from = 0): SeedNode[] => Array.from({ length: n }, (_, i) => ({ title: `Page ${from + i}`, url: `https://page${from + i}.example/` }));
const WHAT = '30 copies of 30 pages and 1 copy of the folder “Dev” (400 bookmarks)';

/** Every bookmark and folder under the roots as "root/…/title <url>", sorted. */
const items = (harness: Page) =>
  harness.evaluate(async () => {
    const out: string[] = [];
    type Node = { title: string; url?: string; type?: string; children?: Node[] };
    const walk = (nodes: Node[], path: string) => {
      for (const node of nodes) {
        if (node.type === 'separator') continue;
        const here = `${path}/${node.title}`;
        out.push(node.url ? `${here} <${node.url}>` : here);
        if (node.children) walk(node.children, here);
      }
    };
    walk(((await window.tm.browser.bookmarks.getTree()) as Node[])[0]!.children!, '');
    return out.sort();
  });

/** The harness tab's toolbar button: its badge and tooltip. */
const button = (harness: Page) =>
  harness.evaluate(async () => {
    const { action, tabs } = window.tm.browser;
    const tabId = (await tabs.getCurrent())!.id!;
    return { badge: await action.getBadgeText({ tabId }), title: await action.getTitle({ tabId }) };
  });
const guardIdle = (harness: Page) => harness.evaluate(() => window.tm.client.call('test.copyGuard.idle', {}));

/** The originals (menu: the folder "Dev" with 400 pages, and 30 pages), then Sync's copies of them; the burst told. */
async function syncBringsCopies(ff: ReturnType<typeof useFirefox>, harness: Page) {
  await seedTree(ff, { menu________: [{ title: 'Dev', children: pages(400) }, ...pages(30, 400)] });
  await guardIdle(harness);
  const before = await items(harness);
  expect(await syncInsert(ff, { toolbar_____: [{ title: 'Dev', children: pages(400) }], unfiled_____: pages(30, 400) })).toBe(431);
  await guardIdle(harness);
  return { before, arrived: await items(harness) };
}

async function openDuplicates(ff: ReturnType<typeof useFirefox>): Promise<Page> {
  const page = await ff.open('options/index.html#duplicates');
  await page.setViewport({ width: 1000, height: 1200 });
  return page;
}

describe('copy guard: the choice after a burst', () => {
  const ff = useFirefox();

  describe('on the Duplicates page', () => {
    it('Remove the new copies: exactly the arrivals go, a bookmark added meanwhile stays; undo brings them back; badge and log follow', async () => {
      const harness = await ff.harness();
      expect(await button(harness)).toEqual({ badge: '', title: 'Tidymarks: this page cannot be bookmarked' });
      const { before, arrived } = await syncBringsCopies(ff, harness);
      await expect
        .poll(() => button(harness), { timeout: 15_000 })
        .toEqual({ badge: '!', title: 'Tidymarks: this page cannot be bookmarked — copies arrived: choose on the Duplicates page' });

      const page = await openDuplicates(ff);
      await waitForTextContaining(page, '[data-testid="arrival-choice"] p', `${WHAT} arrived at `);
      await waitForTextContaining(page, '[data-testid="arrival-log-entry"]', `430 copies (${WHAT}) — waiting for your choice`);
      await page.screenshot({ path: screenshotPath('copy-guard-choice') });

      // The person bookmarks a page (one Sync copied) as the removal starts: the harness does it on the first removal.
      await harness.evaluate(() => {
        const w = window as unknown as { mine: Promise<{ id: string; dateAdded?: number }> | null };
        w.mine = null;
        const onRemoved = () => {
          window.tm.browser.bookmarks.onRemoved.removeListener(onRemoved);
          w.mine = window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Mine', url: 'https://page410.example/' });
        };
        window.tm.browser.bookmarks.onRemoved.addListener(onRemoved);
      });
      await (await page.waitForSelector('[data-testid="remove-arrivals"]:not([disabled])'))!.click();
      await waitForText(page, '[data-testid="arrivals-removed"] p', 'The new copies are removed: 430 copies removed; and 1 empty folder.', 60_000);
      const mine = await harness.evaluate(async () => {
        const made = await (window as unknown as { mine: Promise<{ id: string; dateAdded?: number }> }).mine;
        return { id: made.id, dateAdded: made.dateAdded! };
      });
      // Exactly the arrivals went: the originals, and the person's bookmark made while the removal ran, stay.
      expect(await items(harness)).toEqual([...before, '/Other Bookmarks/Mine <https://page410.example/>'].sort());
      const [operation] = await harness.evaluate(() => window.tm.client.call('history.list', {}));
      expect(operation).toMatchObject({ kind: 'cleanup', counts: { copies: 430, emptyFolders: 1, skipped: 0 }, canUndo: true });
      expect(mine.dateAdded).toBeLessThanOrEqual(operation!.finishedAt!);
      await expect.poll(() => button(harness), { timeout: 15_000 }).toEqual({ badge: '', title: 'Tidymarks: this page cannot be bookmarked' });
      await waitForTextContaining(page, '[data-testid="arrival-log-entry"]', `430 copies (${WHAT}) — 430 copies removed`);
      expect(await page.$('[data-testid="arrival-choice"]')).toBeNull();

      await page.click('[data-testid="undo-arrivals-removal"]');
      await waitForTextContaining(page, '[data-testid="arrivals-undone"]', 'Undone');
      expect(await items(harness)).toEqual([...arrived, '/Other Bookmarks/Mine <https://page410.example/>'].sort());
      await waitForTextContaining(page, '[data-testid="arrival-log-entry"]', '430 copies removed, then undone');
      // The undo is Tidymarks' own work: no new burst, nothing waits.
      await guardIdle(harness);
      expect(await harness.evaluate(async () => (await window.tm.client.call('copyGuard.log', {})).map((b) => b.status))).toEqual(['removed']);
      expect(await button(harness)).toEqual({ badge: '', title: 'Tidymarks: this page cannot be bookmarked' });
    }, 120_000);
  });

  describe('dark', () => {
    // The same Firefox, switched to dark mode for this block.
    usePrefs(ff, DARK_PREFS);

    it('Keep them: the copies stay, the badge clears, the log says kept', async () => {
      const harness = await ff.harness();
      const { arrived } = await syncBringsCopies(ff, harness);
      await expect.poll(async () => (await button(harness)).badge, { timeout: 15_000 }).toBe('!');
      const page = await openDuplicates(ff);
      await waitForShown(page, '[data-testid="keep-arrivals"]');
      await page.screenshot({ path: screenshotPath('copy-guard-choice-dark') });
      await page.click('[data-testid="keep-arrivals"]');
      await waitForTextContaining(page, '[data-testid="arrival-log-entry"]', `430 copies (${WHAT}) — kept`);
      expect(await page.$('[data-testid="arrival-choice"]')).toBeNull();
      await expect.poll(async () => (await button(harness)).badge, { timeout: 15_000 }).toBe('');
      expect(await items(harness)).toEqual(arrived);
    }, 120_000);
  });
});

describe('copy guard: the choice after the event page slept (idle timeout 3 s)', () => {
  const ff = useFirefox({ prefs: { 'extensions.background.idle.timeout': 3000 } });

  it('the badge stays while it sleeps; the page opened then offers the choice, and Remove works', async () => {
    const harness = await ff.harness();
    const { before } = await syncBringsCopies(ff, harness);
    await expect.poll(async () => (await button(harness)).badge, { timeout: 15_000 }).toBe('!');
    const eventPage = await watchEventPage(ff);
    await expect.poll(() => eventPage.state(), { timeout: 20_000, interval: 100 }).toBe('stopped');
    // Firefox keeps a tab's button values while the event page is gone.
    expect(await button(harness)).toEqual({ badge: '!', title: 'Tidymarks: this page cannot be bookmarked — copies arrived: choose on the Duplicates page' });

    const page = await openDuplicates(ff);
    await waitForTextContaining(page, '[data-testid="arrival-choice"] p', `${WHAT} arrived at `);
    await (await page.waitForSelector('[data-testid="remove-arrivals"]:not([disabled])'))!.click();
    await waitForText(page, '[data-testid="arrivals-removed"] p', 'The new copies are removed: 430 copies removed; and 1 empty folder.', 60_000);
    expect(await items(harness)).toEqual(before);
    await expect.poll(async () => (await button(harness)).badge, { timeout: 15_000 }).toBe('');
  }, 120_000);
});
