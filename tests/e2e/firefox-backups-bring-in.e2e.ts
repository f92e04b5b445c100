/**
 * Issue 33, "Bring in Firefox's tags and keywords", in real Firefox: a backup Firefox wrote itself (BookmarkJSONUtils)
 * with Firefox's own tags (PlacesUtils.tagging) and keywords (PlacesUtils.keywords), reached from the Tags view's empty
 * state, brought in from the keyboard onto the bookmarks there are now (one matched by GUID, one re-created since and
 * matched by its address, one gone: nothing created for it); then the Tags view lists the tags, the organizer shows a
 * bookmark's keyword and finds it by it, the popup's search finds a bookmark by its keyword; undo takes it all back.
 * The button and the report in the dark palette.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Firefox } from './firefox';
import { firefoxExport, openInView } from './firefox-backup-files';
import { seedTree } from './places-seed';
import { DARK_PREFS, useFirefox, usePrefs } from './use-firefox';
import { waitForShown, waitForText, waitForTextContaining } from './page-waits';
import { screenshotPath } from './screenshots';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ALPHA = 'https://bi.example/alpha';
const BETA = 'https://bi.example/beta';
const GAMMA = 'https://bi.example/gamma';
const GONE = 'https://bi.example/gone';

/** Firefox's own tags and keywords, which its backups carry and extensions can neither read nor set. */
async function firefoxTagsAndKeywords(ff: Pick<Firefox, 'chrome'>, tags: Record<string, string[]>, keywords: Record<string, string>) {
  await ff.chrome(
    `async (tags, keywords) => {
      const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs');
      for (const [url, list] of Object.entries(tags)) PlacesUtils.tagging.tagURI(Services.io.newURI(url), list);
      for (const [url, keyword] of Object.entries(keywords)) await PlacesUtils.keywords.insert({ keyword, url });
    }`,
    tags,
    keywords,
  );
}

const search = (harness: Page, text: string) =>
  harness.evaluate(async (text) => (await window.tm.client.call('search.query', { text })).items.filter((i) => i.kind === 'bookmark').map((i) => i.title), text);

const tagNames = (page: Page) => page.$$eval('[data-testid="tag-list"] .tag-name', (els) => els.map((e) => e.textContent ?? '').sort());

const ff = useFirefox();
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-bring-in-'));
  dirs.push(dir);
  return dir;
};

describe('bringing in tags and keywords from a backup Firefox wrote', () => {
  it('from the Tags view’s empty state to the Backups view: tags and keywords on the bookmarks now, shown and found; undo takes them back', async () => {
    const dir = newDir();
    await seedTree(ff, {
      toolbar_____: [
        { title: 'Bi Alpha', url: ALPHA },
        { title: 'Bi Beta', url: BETA },
        { title: 'Bi Folder', children: [{ title: 'Bi Gamma', url: GAMMA }] },
        { title: 'Bi Gone', url: GONE },
      ],
    });
    await firefoxTagsAndKeywords(ff, { [ALPHA]: ['bi-work', 'Ünï'], [BETA]: ['bi-read'], [GONE]: ['bi-old'] }, { [ALPHA]: 'bia', [GAMMA]: 'big' });
    const name = await firefoxExport(ff, dir, '2026-12-04', true);

    // Since the backup: "Bi Gone" removed, "Bi Beta" removed and bookmarked again (a new GUID, the same address).
    const harness = await ff.harness();
    const count = await harness.evaluate(async (beta) => {
      const b = window.tm.browser.bookmarks;
      for (const title of ['Bi Gone', 'Bi Beta']) {
        const [node] = await b.search({ title });
        await b.remove(node!.id);
      }
      await b.create({ parentId: 'toolbar_____', title: 'Bi Beta', url: beta });
      return (await b.search({})).filter((n) => n.url).length;
    }, BETA);

    // The Tags view, with no tags, points to the Backups view.
    const page = await ff.open('options/index.html#tags');
    await page.setViewport({ width: 1100, height: 1200 });
    await page.waitForSelector('[data-testid="tags-empty"]');
    await page.click('[data-testid="tags-empty-backups"] a');
    const input = await page.waitForSelector('#backups-file');
    await (input as unknown as { uploadFile(...paths: string[]): Promise<void> }).uploadFile(join(dir, name));

    // The backup's four bookmarks with tags or a keyword; the word about Firefox's address bar.
    const button = await waitForShown(page, '[data-testid="backup-bring-in"]');
    expect(await button!.evaluate((b) => b.textContent)).toBe('Bring in tags and keywords (4 bookmarks)');
    expect(await page.$eval('[data-testid="bring-in-address-bar"]', (p) => p.textContent)).toContain('Firefox’s address bar does not know keywords kept by Tidymarks');
    await button!.focus();
    await page.keyboard.press('Enter');
    await waitForText(page, '[data-testid="bring-in-summary"]', 'Tags added to 2 bookmarks (3 tags in all); 2 keywords set.');
    expect(await page.$$eval('[data-testid="bring-in-details"] li', (lis) => lis.map((li) => li.textContent))).toEqual([
      '3 bookmarks of the backup found among your bookmarks: 2 as the same bookmark, 1 by their address.',
      '1 bookmark of the backup is not among your bookmarks now: nothing was created for it.',
    ]);
    await page.screenshot({ path: screenshotPath('firefox-backups-bring-in'), fullPage: true });
    // No bookmark was created.
    expect(await harness.evaluate(async () => (await window.tm.browser.bookmarks.search({})).filter((n) => n.url).length)).toBe(count);

    // The Tags view lists Firefox's tags now; the one of the removed bookmark did not come.
    const tagsView = await ff.open('options/index.html#tags');
    await tagsView.waitForSelector('[data-testid="tag-list"]');
    expect(await tagNames(tagsView)).toEqual(['bi-read', 'bi-work', 'Ünï']);
    await tagsView.close();

    // The organizer finds "Bi Gamma" by its keyword and shows the keyword in its details.
    const organizer = await ff.open('options/index.html#bookmarks');
    await organizer.setViewport({ width: 1200, height: 800 });
    await organizer.waitForSelector('[data-testid="organizer-list"]');
    await organizer.type('[data-testid="organizer-search"]', 'big');
    await organizer.click('[data-testid="organizer-list"] [role="option"] ::-p-text(Bi Gamma)');
    await waitForTextContaining(organizer, '[data-testid="organizer-keyword"]', 'big');
    expect(await organizer.$eval('[data-testid="organizer-keyword"] bdi', (b) => b.textContent)).toBe('big');
    await organizer.close();

    // The popup's search finds a bookmark by its keyword.
    const popup = await ff.open('popup/index.html');
    await popup.waitForSelector('input.search');
    await popup.type('input.search', 'bia');
    await popup.waitForFunction(() => document.querySelector('.results-section')?.getAttribute('data-answered') === 'bia', { timeout: 10_000 });
    expect(await popup.$$eval('[role="option"] .result-title', (els) => els.map((e) => e.textContent))).toEqual(['Bi Alpha']);
    await popup.close();

    // Undo: the tags and keywords it brought go, nothing else.
    await page.bringToFront();
    await page.click('[data-testid="bring-in-undo"]');
    await waitForShown(page, '[data-testid="bring-in-undone"]');
    await expect.poll(() => search(harness, 'bia')).toEqual([]);
    await expect.poll(() => search(harness, 'big')).toEqual([]);
    expect(await harness.evaluate(() => window.tm.client.call('tags.list', {}))).toEqual([]);
    const emptyAgain = await ff.open('options/index.html#tags');
    await emptyAgain.waitForSelector('[data-testid="tags-empty"]');
    await emptyAgain.close();
    // Redo brings them back.
    await page.click('[data-testid="bring-in-redo"]');
    await waitForShown(page, '[data-testid="bring-in-undo"]');
    await expect.poll(() => search(harness, 'big')).toEqual(['Bi Gamma']);
    await page.close();
  });
});

describe('bringing in tags and keywords, dark', () => {
  // The file's Firefox, switched to dark mode for this block.
  usePrefs(ff, DARK_PREFS);

  it('the button, the word about the address bar and the report are drawn in the dark palette', async () => {
    const dir = newDir();
    await seedTree(ff, { toolbar_____: [{ title: 'Bi Dark', url: 'https://bi.example/dark' }] });
    await firefoxTagsAndKeywords(ff, { 'https://bi.example/dark': ['bi-dark'] }, { 'https://bi.example/dark': 'bid' });
    const name = await firefoxExport(ff, dir, '2026-12-03', true);
    const page = await openInView(ff, [join(dir, name)]);
    await waitForShown(page, '[data-testid="backup-bring-in"]');
    await page.click('[data-testid="backup-bring-in"]');
    await waitForText(page, '[data-testid="bring-in-summary"]', 'Tags added to 1 bookmark (1 tag in all); 1 keyword set.');
    const looks = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        dark: matchMedia('(prefers-color-scheme: dark)').matches,
        page: getComputedStyle(document.body).backgroundColor,
        summary: style('[data-testid="bring-in-summary"]').color,
        report: style('[data-testid="bring-in-report"]').backgroundColor,
        button: style('[data-testid="backup-bring-in"]').backgroundColor,
        buttonText: style('[data-testid="backup-bring-in"]').color,
        note: style('[data-testid="bring-in-address-bar"]').color,
      };
    });
    const light = (rgb: string) =>
      rgb
        .match(/\d+/g)!
        .slice(0, 3)
        .every((n) => Number(n) > 180);
    const darkish = (rgb: string) =>
      rgb
        .match(/\d+/g)!
        .slice(0, 3)
        .every((n) => Number(n) < 80);
    expect(looks).toMatchObject({ dark: true, page: 'rgb(28, 27, 34)', summary: 'rgb(251, 251, 254)', buttonText: 'rgb(251, 251, 254)' });
    expect([light(looks.note), darkish(looks.report), darkish(looks.button)]).toEqual([true, true, true]);
    await page.screenshot({ path: screenshotPath('firefox-backups-bring-in-dark'), fullPage: true });
    await page.close();
  });
});
