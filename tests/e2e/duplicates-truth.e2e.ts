/**
 * The Duplicates page says what is true, in real Firefox, on the demo collection `npm start` opens (scripts/seed.mjs,
 * read by Firefox's own importer; its "Dev" folder is there 3 times): the summary's folder figures with their units
 * agree with the cleanup's "inside N copied folders"; a keep reason is told among the copies that stay (the demo's
 * group whose 2 clean copies inside the copied Dev folders made "the only clean address" false); the preview lists
 * every item that goes (its rows are the plan's items, checked by scrolling the whole virtualized list); a big group
 * opens with every copy in one action. And, on a collection of its own, untrusted text holding U+202E (a title, a
 * folder name) is shown isolated: in a <bdi> (unicode-bidi: isolate), the text after it not turned around.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuplicateGroup } from '../../src/dedup';
import { writeSeed } from '../../scripts/seed.mjs';
import { launchFirefox, type Firefox } from './firefox';
import { firefoxImportFile, seedTree } from './places-seed';
import { screenshotPath } from './screenshots';
import { useFirefox } from './use-firefox';

const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());

async function openDuplicates(ff: Pick<Firefox, 'open'>, height = 1000): Promise<Page> {
  const page = await ff.open('options/index.html#duplicates');
  await page.setViewport({ width: 1200, height });
  await page.waitForSelector('[data-testid="group-row"]', { timeout: 60_000 });
  // The page's own scan (not the last one shown while it runs): choices and the preview wait for it.
  await page.waitForFunction(() => !document.querySelector('[data-testid="scan-checking"]') && !document.querySelector('[role="progressbar"]'));
  return page;
}

/** Filters the groups by `filter` (title or address) until the group `key` is the first shown; its header row. */
async function filterTo(page: Page, filter: string, key: string) {
  await page.type('#filter-text', filter);
  await page.waitForFunction(
    (k: string) =>
      document.querySelector('[data-testid="group-row"]')?.getAttribute('data-group-key') === k &&
      !!document.querySelector('#groups-heading')?.textContent?.includes(' of '),
    {},
    key,
  );
  return (await page.$('[data-testid="group-row"]'))!;
}

/** The copy rows shown under the first group (the rows between its header and the next group's). */
function copyRowsOfFirstGroup(page: Page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[role="tree"] [data-row-index]')].sort((a, b) => Number(a.dataset.rowIndex) - Number(b.dataset.rowIndex));
    const next = rows.findIndex((r, i) => i > 0 && r.dataset.testid === 'group-row');
    return rows
      .slice(1, next === -1 ? undefined : next)
      .filter((r) => r.classList.contains('copy-row'))
      .map((el) => ({ kept: el.dataset.testid === 'kept-copy', goes: !!el.querySelector('.goes-with') }));
  });
}

describe('the Duplicates page on the demo collection (npm start) in real Firefox', () => {
  let ff: Firefox;
  let dir: string;
  let groups: DuplicateGroup[];
  beforeAll(async () => {
    dir = mkdtempSync(resolve(tmpdir(), 'tm-dup-demo-'));
    const { file, stats } = writeSeed(resolve(dir, 'bookmarks.html'));
    ff = await launchFirefox();
    await firefoxImportFile(ff, file);
    const harness = await ff.harness();
    expect((await harness.evaluate(() => window.tm.client.call('core.countBookmarks', {}))).bookmarks).toBe(stats.bookmarks);
    groups = (await harness.evaluate(() => window.tm.client.startJob('dedup.scan', {}).result)).groups;
  }, 180_000);
  afterAll(async () => {
    await ff?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the folder figures say their unit and agree with the cleanup’s: 1 folder found 3 times, 2 copies of it go', async () => {
    const page = await openDuplicates(ff);
    expect(await text(page, '[data-testid="summary-groups"]')).toBe('76 duplicate groups among 296 bookmarks');
    expect(await text(page, '[data-testid="summary-folders"]')).toBe('1 folder found 3 times: 2 copies (92 bookmarks inside) go');
    const numbers = await text(page, '[data-testid="summary-numbers"]');
    // 4 folders empty today and 4 the cleanup empties (they go in the same run).
    expect(numbers).toMatch(/^180 copies to remove: 88 loose, 92 inside 2 copied folders; and 8 empty folders/);
    expect(await text(page, '#sets-heading')).toBe('Copied folders (1 folder found 3 times)');
    await page.close();
  }, 120_000);

  it('the keep reason is told among the copies that stay: the demo’s group with 2 clean copies inside the copied Dev folders', async () => {
    // The group the person saw: 4 copies, 3 with the clean address, 2 of those inside the copied folders that go.
    const clean = (url: string) => !/[?&](utm_|fbclid|gclid)|#/.test(url);
    const target = groups.find(
      (g) => g.copies.length === 4 && g.copies.filter((c) => c.inRedundantFolderId).length === 2 && g.copies.filter((c) => clean(c.url)).length === 3,
    );
    expect(target, 'the demo holds the group of the report').toBeTruthy();
    const staying = target!.copies.filter((c) => !c.inRedundantFolderId);
    expect(staying.filter((c) => clean(c.url))).toHaveLength(1);
    const page = await openDuplicates(ff);
    const header = await filterTo(page, staying.find((c) => !clean(c.url))!.url, target!.key);
    const because = await header.$eval('.because', (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
    expect(because).toBe(
      '— kept because the only clean address (no tracking parameters or #), among the 2 copies outside the copied folders that go (2 copies go with their copied folders)',
    );
    // What the page shows agrees: 2 copies go with a copied folder, and the one other copy that stays is the tracked one.
    const rows = await copyRowsOfFirstGroup(page);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.goes)).toHaveLength(2);
    expect(rows.filter((r) => !r.goes && !r.kept)).toHaveLength(1);
    await page.close();
  }, 120_000);

  it('the preview lists every item that goes, by reason: its rows are the plan’s items', async () => {
    const page = await openDuplicates(ff);
    await page.click('button::-p-text(Preview the cleanup)');
    const list = await page.waitForSelector('[data-testid="preview-list"]');
    await (await page.$('section[aria-labelledby="plan-heading"]'))!.screenshot({ path: screenshotPath('duplicates-preview') });
    const figure = async (id: string) => Number((await text(page, `[data-testid="${id}"]`)).replace(/,/g, ''));
    const [copies, loose, inside, folders, empty] = [
      await figure('plan-copies'),
      await figure('plan-loose'),
      await figure('plan-inside'),
      await figure('plan-folders'),
      await figure('plan-empty'),
    ];
    expect(copies).toBe(loose + inside);
    // Scroll the whole list and collect every item row it renders (by its place in the list).
    const seen = await list!.evaluate(async (el) => {
      const rows = new Map<string, { section: string; label: string; title: string; isolated: boolean }>();
      const collect = () => {
        for (const row of el.querySelectorAll<HTMLElement>('[data-testid="preview-item"]')) {
          const bdi = row.querySelector('.title bdi');
          rows.set(row.dataset.index!, {
            section: row.dataset.section!,
            label: row.getAttribute('aria-label') ?? '',
            title: bdi?.textContent ?? '',
            isolated: !!bdi && getComputedStyle(bdi).unicodeBidi === 'isolate',
          });
        }
      };
      for (let top = 0; ; top += el.clientHeight / 2) {
        el.scrollTop = top;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        collect();
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) break;
      }
      return [...rows.values()];
    });
    expect(seen).toHaveLength(loose + folders + inside + empty);
    expect(Number(await list!.evaluate((el) => el.getAttribute('data-items')))).toBe(loose + folders + inside + empty);
    const bySection = (s: string) => seen.filter((r) => r.section === s);
    expect([bySection('loose').length, bySection('folders').length, bySection('inside').length, bySection('empty').length]).toEqual([loose, folders, inside, empty]);
    expect(seen.every((r) => r.isolated && r.title.length > 0)).toBe(true);
    // Spot checks: the copied Dev folders go whole with what they hold; every loose copy is a copy the scan found,
    // with its folder and address.
    expect(bySection('folders').map((r) => r.label)).toEqual([
      'Dev, in Other Bookmarks › From old laptop, holds 46 bookmarks',
      'Dev, in Other Bookmarks › From old laptop (2), holds 46 bookmarks',
    ]);
    const labels = new Set(groups.flatMap((g) => g.copies.map((c) => `${c.title || c.url}, in ${c.path}, ${c.url}`)));
    for (const r of bySection('loose')) expect(labels.has(r.label), r.label).toBe(true);
    for (const r of bySection('inside')) expect(r.label).toMatch(/, in Other Bookmarks › From old laptop( \(2\))? › Dev( › [^,]+)?, https?:/);
    await page.close();
  }, 120_000);

  it('one action opens a big group with every copy', async () => {
    const big = groups.reduce((a, b) => (b.copies.length > a.copies.length ? b : a));
    expect(big.copies.length).toBeGreaterThan(5);
    const page = await openDuplicates(ff, 3000);
    const header = await filterTo(page, big.copies[0]!.url, big.key);
    const shownCopies = async () => (await copyRowsOfFirstGroup(page)).length;
    expect(await shownCopies()).toBeLessThan(big.copies.length);
    await header.$eval('[data-testid="show-all-copies"]', (b) => (b as HTMLButtonElement).click());
    await expect.poll(shownCopies).toBe(big.copies.length);
    // The keyboard does the same: close it, then Shift+→ on its header.
    await header.$eval('.twisty', (t) => (t as HTMLElement).click());
    await expect.poll(shownCopies).toBe(0);
    await header.focus();
    await page.keyboard.down('Shift');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.up('Shift');
    await expect.poll(shownCopies).toBe(big.copies.length);
    await page.close();
  }, 120_000);
});

describe('untrusted text on the Duplicates page in real Firefox', () => {
  const ff = useFirefox();
  const RLO = '\u202E';
  const TITLE = `Invoice ${RLO}fdp.exe`;
  const FOLDER = `Evil ${RLO}folder`;
  const PATH_FOLDER = `Odd ${RLO}path`;

  it('a title and a folder name holding U+202E are isolated: in a <bdi>, the text after them not turned around', async () => {
    await seedTree(ff, {
      unfiled_____: [
        { title: PATH_FOLDER, children: [{ title: 'Bidi', children: [{ title: TITLE, url: 'https://bidi.example/page' }] }] },
        { title: 'Plain page', url: 'https://bidi.example/page' },
        { title: FOLDER, children: [{ title: 'Set page', url: 'https://bidi.example/set' }] },
        { title: `${FOLDER} (1)`, children: [{ title: 'Set page', url: 'https://bidi.example/set' }] },
      ],
    });
    const page = await openDuplicates(ff);
    await filterTo(page, 'bidi.example/page', 'https://bidi.example/page');
    // The row is shown (waitForSelector throws if it never is); what follows checks how it is shown.
    await page.waitForSelector(`[role="tree"] .copy-row .title ::-p-text(${TITLE})`);
    const checks = await page.evaluate(
      (title: string, pathFolder: string, folder: string) => {
        /** Left edges of the first and last character of `needle` inside element `el`'s text (LTR: first < last). */
        const edges = (el: Element, needle: string) => {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = (node.textContent ?? '').indexOf(needle);
            if (at === -1) continue;
            const rect = (i: number) => {
              const range = document.createRange();
              range.setStart(node!, i);
              range.setEnd(node!, i + 1);
              return range.getBoundingClientRect().left;
            };
            return { first: rect(at), last: rect(at + needle.length - 1) };
          }
          return null;
        };
        const titleBdi = [...document.querySelectorAll('[role="tree"] .copy-row .title bdi')].find((b) => b.textContent === title)!;
        const row = titleBdi.closest('.copy-row')!;
        const leaf = row.querySelector('.path-leaf')!;
        const folderBdi = [...row.querySelectorAll('.path-head bdi')].find((b) => b.textContent === pathFolder)!;
        const legend = [...document.querySelectorAll('[data-testid="folder-set"] legend')].find((l) => l.textContent?.includes(folder))!;
        const legendBdi = legend.querySelector('bdi')!;
        return {
          title: { tag: titleBdi.tagName, bidi: getComputedStyle(titleBdi).unicodeBidi },
          folder: { tag: folderBdi?.tagName, bidi: folderBdi && getComputedStyle(folderBdi).unicodeBidi },
          // The folder after the one holding U+202E in the path ("Other Bookmarks › Odd ‮path › Bidi").
          leaf: { text: leaf.textContent, bidi: getComputedStyle(leaf).unicodeBidi, edges: edges(leaf, 'Bidi') },
          legend: { bdi: legendBdi.textContent, bidi: getComputedStyle(legendBdi).unicodeBidi, text: legend.textContent, after: edges(legend, '2 copies') },
        };
      },
      TITLE,
      PATH_FOLDER,
      FOLDER,
    );
    await page.screenshot({ path: screenshotPath('duplicates-bidi') });
    expect(checks.title).toEqual({ tag: 'BDI', bidi: 'isolate' });
    expect(checks.folder).toEqual({ tag: 'BDI', bidi: 'isolate' });
    expect(checks.leaf.text).toBe('Bidi');
    expect(checks.leaf.bidi).toBe('isolate');
    expect(checks.leaf.edges!.first).toBeLessThan(checks.leaf.edges!.last);
    expect(checks.legend.bdi).toBe(FOLDER);
    expect(checks.legend.bidi).toBe('isolate');
    expect(checks.legend.text).toBe(`“${FOLDER}”: 2 copies, 1 page in all`);
    // "2 copies" after the title reads left to right: its "2" left of its "s".
    expect(checks.legend.after!.first).toBeLessThan(checks.legend.after!.last);
    await page.close();
  }, 120_000);
});
