/**
 * Restoring removed items from a backup Firefox wrote itself (its BookmarkJSONUtils, with Firefox's own tags), in real
 * Firefox through the Backups view: items removed in Firefox after the backup, compared, chosen from the keyboard,
 * restored (titles, addresses, folder paths, order, tags and the backup's dates as the backup has them), undone; a
 * bookmark made during the restore is kept by the restore and by its undo; Firefox killed mid-restore and started
 * again leaves nothing of it; the restore bar and report in the dark palette.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { killFirefox, launchFirefox, type Firefox } from './firefox';
import { firefoxExport, openInView } from './firefox-backup-files';
import { seedTree, type SeedNode } from './places-seed';
import { DARK_PREFS, useFirefox, usePrefs } from './use-firefox';
import { waitForShown, waitForTextContaining } from './page-waits';
import { screenshotPath } from './screenshots';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-restore-'));
  dirs.push(dir);
  return dir;
};

const LOOSE_ADDED = Date.UTC(2020, 0, 2, 3, 4, 5);
/**
 * Toolbar: "Rs Work" (bookmarks, a separator, a folder chain with a separator of its own), "Rs Loose", "Rs Big"
 * (`big` bookmarks). Separators are not listed by the comparison; a folder restored whole brings its own back.
 */
function tree(big: number): Record<string, SeedNode[]> {
  return {
    toolbar_____: [
      {
        title: 'Rs Work',
        children: [
          { title: 'Rs A', url: 'https://rs.example/a' },
          { title: 'Rs B', url: 'https://rs.example/b' },
          { separator: true },
          {
            title: 'Rs Deep',
            children: [
              { title: 'Rs D1', url: 'https://rs.example/d1' },
              { separator: true },
              { title: 'Rs Deeper', children: [{ title: 'Rs D2 ‮ltr', url: 'https://rs.example/d2' }] },
            ],
          },
          { title: 'Rs C', url: 'https://rs.example/c' },
        ],
      },
      { title: 'Rs Loose', url: 'https://rs.example/loose', dateAdded: LOOSE_ADDED },
      { title: 'Rs Big', children: Array.from({ length: big }, (_, i) => ({ title: `Rs big ${i}`, url: `https://big.rs.example/${i}` })) },
    ],
  };
}

/** Firefox's own tags (PlacesUtils.tagging), which its backup carries and extensions cannot read. */
async function firefoxTags(ff: Pick<Firefox, 'chrome'>, tags: Record<string, string[]>) {
  await ff.chrome(
    `async (tags) => {
      const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs');
      for (const [url, list] of Object.entries(tags)) PlacesUtils.tagging.tagURI(Services.io.newURI(url), list);
    }`,
    tags,
  );
}

/** The toolbar's subtree, one line an item: its folder path, then "title <url>", "[title]" or "---", in order. */
async function outline(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type N = { title: string; url?: string; type?: string; children?: N[] };
    const [toolbar] = (await window.tm.browser.bookmarks.getSubTree('toolbar_____')) as N[];
    const out: string[] = [];
    const walk = (nodes: N[], path: string) => {
      for (const n of nodes) {
        if (n.type === 'separator') out.push(`${path} ---`);
        else if (n.type === 'folder') {
          out.push(`${path} [${n.title}]`);
          walk(n.children ?? [], `${path}/${n.title}`);
        } else out.push(`${path} ${n.title} <${n.url}>`);
      }
    };
    walk(toolbar!.children ?? [], '');
    return out;
  });
}

/** Removes what the test removes "since the backup": Rs B, Rs Deep (with its chain), Rs Loose and Rs Big. */
async function removeSinceBackup(harness: Page) {
  await harness.evaluate(async () => {
    const b = window.tm.browser.bookmarks;
    for (const title of ['Rs B', 'Rs Deep', 'Rs Loose', 'Rs Big']) {
      const [node] = await b.search({ title });
      await b.removeTree(node!.id);
    }
  });
}

const tagsOf = (harness: Page, urls: string[]) =>
  harness.evaluate(async (urls) => {
    const { encoded } = await window.tm.client.call('organizer.tree', {});
    const tags = new Map(JSON.parse(encoded).tags as [string, string[]][]);
    return urls.map((u) => [u, [...(tags.get(u) ?? [])].sort()]);
  }, urls);

const removedCount = (page: Page) => page.$eval('[data-testid="compare-count"][data-kind="removed"] .compare-count-number', (n) => n.textContent);

/** Compares the backup (the view's one row) with now and waits for the counts. */
async function compareNow(page: Page) {
  await page.click('[data-testid="backup-compare"]');
  await page.waitForSelector('[data-testid="compare-counts"]', { timeout: 30_000 });
}

/** Chooses a removed (or added) row by its title from the keyboard: focus its checkbox, Space. */
async function chooseByKeyboard(page: Page, title: string, kind: 'removed' | 'added' = 'removed') {
  const box = await page.waitForFunction(
    (title, kind) =>
      [...document.querySelectorAll<HTMLElement>(`[data-testid="compare-row"][data-kind="${kind}"]`)]
        .find((row) => row.querySelector('.compare-title bdi')?.textContent === title)
        ?.querySelector('input'),
    {},
    title,
    kind,
  );
  await (box as unknown as { focus(): Promise<void> }).focus();
  await page.keyboard.press(' ');
  await page.waitForFunction((box) => (box as HTMLInputElement).checked, {}, box);
}

describe('restoring removed items from a backup Firefox wrote', () => {
  const ff = useFirefox();

  it('chosen items come back where they were, with their tags and dates; undo takes exactly them back', async () => {
    const dir = newDir();
    await seedTree(ff, tree(3));
    await firefoxTags(ff, { 'https://rs.example/b': ['rs-tag', 'Ünï'], 'https://rs.example/d2': ['deep'] });
    const name = await firefoxExport(ff, dir, '2026-12-05', true);
    const harness = await ff.harness();
    const before = await outline(harness);
    await removeSinceBackup(harness);
    const removed = await outline(harness);
    await harness.waitForFunction(async () => !(await window.tm.client.call('organizer.tree', {})).encoded.includes('https://rs.example/loose'));

    const page = await openInView(ff, [join(dir, name)]);
    await page.setViewport({ width: 1000, height: 1400 });
    await page.waitForSelector('[data-testid="backup-row"]');
    await compareNow(page);
    // Removed: Rs B, Rs Deep with Rs D1, Rs Deeper and Rs D2, Rs Loose, Rs Big with its 3.
    expect(await removedCount(page)).toBe('10');
    await chooseByKeyboard(page, 'Rs B');
    await chooseByKeyboard(page, 'Rs Deep');
    await chooseByKeyboard(page, 'Rs Loose');
    expect(await page.$eval('[data-testid="restore-chosen"]', (n) => n.textContent)).toBe('6 items chosen.');
    // Tab from the last checkbox reaches nothing hidden; the Restore button is reached from the bar.
    await page.focus('[data-testid="restore-button"]');
    await page.keyboard.press('Enter');
    await waitForTextContaining(page, '[data-testid="restore-summary"]', 'Restored 4 bookmarks and 2 folders from the backup', 30_000);
    expect(await page.$eval('[data-testid="restore-summary"]', (n) => n.textContent)).toBe(
      'Restored 4 bookmarks and 2 folders from the backup, each at its place in its folder. New tags given to 2 addresses.',
    );

    // The tree: everything but Rs Big as the backup had it, in order.
    const bigLines = (lines: string[]) => lines.filter((l) => !l.includes('Rs Big') && !l.includes('Rs big'));
    expect(await outline(harness)).toEqual([...bigLines(before)]);
    // Firefox's tags from the backup are Tidymarks' tags now.
    expect(await tagsOf(harness, ['https://rs.example/b', 'https://rs.example/d2'])).toEqual([
      ['https://rs.example/b', ['rs-tag', 'Ünï']],
      ['https://rs.example/d2', ['deep']],
    ]);
    // The backup's date added shows (Firefox gave the new bookmark today's).
    const dates = await harness.evaluate(async () => {
      const { encoded } = await window.tm.client.call('organizer.tree', {});
      const row = (JSON.parse(encoded).rows as [string, number, number, string, string, string, number][]).find((r) => r[5] === 'https://rs.example/loose')!;
      const [node] = await window.tm.browser.bookmarks.get(row[0]);
      return { shown: row[6], firefox: node!.dateAdded! };
    });
    expect(dates.shown).toBe(LOOSE_ADDED);
    expect(dates.firefox).toBeGreaterThan(Date.now() - 3_600_000);
    // Compared again on its own: only Rs Big and its contents are still removed.
    await waitForTextContaining(page, '[data-testid="compare-count"][data-kind="removed"]', '4');
    const [operation] = await harness.evaluate(() => window.tm.client.call('history.list', {}));
    expect(operation).toMatchObject({ kind: 'import', status: 'applied', canUndo: true, imported: { bookmarks: 4, folders: 2, from: 'firefox-backup' } });
    await page.screenshot({ path: screenshotPath('firefox-backups-restored'), fullPage: true });

    // Undo: what the restore made goes, nothing else.
    await page.click('[data-testid="restore-undo"]');
    await waitForShown(page, '[data-testid="restore-undone"]');
    expect(await outline(harness)).toEqual(removed);
    await waitForTextContaining(page, '[data-testid="compare-count"][data-kind="removed"]', '10');
    await page.close();
  });

  it('a bookmark made during a restore stays, and the undo leaves it with the folder that holds it', async () => {
    const dir = newDir();
    await seedTree(ff, tree(400));
    const name = await firefoxExport(ff, dir, '2026-12-06', true);
    const harness = await ff.harness();
    const before = await outline(harness);
    await removeSinceBackup(harness);
    const removed = await outline(harness);
    await harness.waitForFunction(async () => !(await window.tm.client.call('organizer.tree', {})).encoded.includes('https://big.rs.example/0'));
    const page = await openInView(ff, [join(dir, name)]);
    await page.waitForSelector('[data-testid="backup-row"]');
    await compareNow(page);
    await page.click('[data-testid="restore-choose-all"]');
    expect(await page.$eval('[data-testid="restore-button"]', (b) => b.textContent)).toBe('Restore 407 items');
    await page.click('[data-testid="restore-button"]');
    const bigCount = () =>
      harness.evaluate(async () => {
        const [big] = await window.tm.browser.bookmarks.search({ title: 'Rs Big' });
        return big ? (await window.tm.browser.bookmarks.getChildren(big.id)).length : 0;
      });
    await expect.poll(bigCount, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(50);
    // Meanwhile, the person bookmarks a page into the folder being restored, at its top.
    await harness.evaluate(async () => {
      const [big] = await window.tm.browser.bookmarks.search({ title: 'Rs Big' });
      await window.tm.browser.bookmarks.create({ parentId: big!.id, index: 0, title: 'Mine', url: 'https://mine.example/' });
    });
    await waitForTextContaining(page, '[data-testid="restore-summary"]', 'Restored 404 bookmarks and 3 folders', 120_000);
    // Everything as the backup had it, and the person's bookmark at the top of Rs Big.
    expect(await outline(harness)).toEqual([
      ...before.slice(0, before.indexOf(' [Rs Big]') + 1),
      '/Rs Big Mine <https://mine.example/>',
      ...before.slice(before.indexOf(' [Rs Big]') + 1),
    ]);

    await page.click('[data-testid="restore-undo"]');
    await waitForShown(page, '[data-testid="restore-undone"]');
    expect(await page.$eval('[data-testid="restore-left-alone"]', (n) => n.textContent)).toMatch(/^1 folder .*Rs Big/);
    expect(await outline(harness)).toEqual([...removed, ' [Rs Big]', '/Rs Big Mine <https://mine.example/>']);
    await page.close();
  }, 180_000);
});

describe('removing items added since a backup Firefox wrote', () => {
  const ff = useFirefox();

  it('chosen items go as one step of the history; one renamed after the comparison stays; undo puts them back', async () => {
    const dir = newDir();
    await seedTree(ff, tree(1));
    const name = await firefoxExport(ff, dir, '2026-12-04', true);
    const harness = await ff.harness();
    const before = await outline(harness);
    await seedTree(ff, {
      toolbar_____: [
        {
          title: 'Rs New',
          children: [{ title: 'Rs New 1', url: 'https://new.rs.example/1' }, { separator: true }, { title: 'Rs New 2', url: 'https://new.rs.example/2' }],
        },
        { title: 'Rs N1', url: 'https://new.rs.example/n1' },
        { title: 'Rs N2', url: 'https://new.rs.example/n2' },
      ],
    });
    const added = await outline(harness);
    await harness.waitForFunction(async () => (await window.tm.client.call('organizer.tree', {})).encoded.includes('https://new.rs.example/n2'));
    const page = await openInView(ff, [join(dir, name)]);
    await page.setViewport({ width: 1000, height: 1400 });
    await page.waitForSelector('[data-testid="backup-row"]');
    await compareNow(page);
    expect(await page.$eval('[data-testid="compare-count"][data-kind="added"] .compare-count-number', (n) => n.textContent)).toBe('5');
    for (const title of ['Rs New', 'Rs N1', 'Rs N2']) await chooseByKeyboard(page, title, 'added');
    expect(await page.$eval('[data-testid="remove-chosen"]', (n) => n.textContent)).toBe('5 items chosen.');
    // After the comparison, the person renames one of them: it stays.
    await harness.evaluate(async () => {
      const [n2] = await window.tm.browser.bookmarks.search({ url: 'https://new.rs.example/n2' });
      await window.tm.browser.bookmarks.update(n2!.id, { title: 'Rs N2 renamed' });
    });
    await page.focus('[data-testid="remove-button"]');
    await page.keyboard.press('Enter');
    await waitForShown(page, '[data-testid="remove-summary"]');
    expect(await page.$eval('[data-testid="remove-summary"]', (n) => n.textContent)).toMatch(/^Removed 2 items added since the backup/);
    expect(await page.$eval('[data-testid="remove-kept"]', (n) => n.textContent)).toBe(
      'Rs N2: it changed after the comparison, or holds something that was not added since the backup.',
    );
    expect(await outline(harness)).toEqual([...before, ' Rs N2 renamed <https://new.rs.example/n2>']);
    const [operation] = await harness.evaluate(() => window.tm.client.call('history.list', {}));
    expect(operation).toMatchObject({ kind: 'edit', status: 'applied', canUndo: true });

    await page.click('[data-testid="remove-undo"]');
    await waitForShown(page, '[data-testid="remove-undone"]');
    expect(await outline(harness)).toEqual(added.map((l) => (l.includes('Rs N2 <') ? ' Rs N2 renamed <https://new.rs.example/n2>' : l)));
    await page.close();
  });
});

describe('putting moved, renamed and re-addressed items back as a backup Firefox wrote had them', () => {
  const ff = useFirefox();

  it('chosen changes go back as one step of the history; one changed after the comparison stays; undo', async () => {
    const dir = newDir();
    await seedTree(ff, tree(1));
    const name = await firefoxExport(ff, dir, '2026-12-02', true);
    const harness = await ff.harness();
    const before = await outline(harness);
    await harness.evaluate(async () => {
      const b = window.tm.browser.bookmarks;
      const find = async (url: string) => (await b.search({ url }))[0]!;
      const [big] = await b.search({ title: 'Rs Big' });
      const a = await find('https://rs.example/a');
      await b.move(a.id, { parentId: big!.id });
      await b.update(a.id, { title: 'Rs A renamed' });
      await b.update((await find('https://rs.example/c')).id, { url: 'https://rs.example/c-new' });
      await b.update((await find('https://rs.example/loose')).id, { title: 'Rs Loose renamed' });
    });
    const changed = await outline(harness);
    await harness.waitForFunction(async () => (await window.tm.client.call('organizer.tree', {})).encoded.includes('Rs Loose renamed'));
    const page = await openInView(ff, [join(dir, name)]);
    await page.setViewport({ width: 1000, height: 1400 });
    await page.waitForSelector('[data-testid="backup-row"]');
    await compareNow(page);
    await page.focus('[data-testid="put-back-choose-all"]');
    await page.keyboard.press('Enter');
    expect(await page.$eval('[data-testid="put-back-chosen"]', (n) => n.textContent)).toBe('4 changes chosen.');
    expect(await page.$eval('[data-testid="put-back-button"]', (n) => n.textContent)).toBe('Put back 3 items');
    // After the comparison, the person renames Rs Loose again: that stays.
    await harness.evaluate(async () => {
      const [loose] = await window.tm.browser.bookmarks.search({ url: 'https://rs.example/loose' });
      await window.tm.browser.bookmarks.update(loose!.id, { title: 'Rs Loose mine' });
    });
    await page.click('[data-testid="put-back-button"]');
    await waitForShown(page, '[data-testid="put-back-summary"]');
    expect(await page.$eval('[data-testid="put-back-summary"]', (n) => n.textContent)).toMatch(/^Put 2 items back as they were in the backup\./);
    expect(await page.$eval('[data-testid="put-back-kept"]', (n) => n.textContent)).toBe('Rs Loose renamed: it changed after the comparison.');
    expect(await outline(harness)).toEqual(before.map((l) => (l.startsWith(' Rs Loose') ? ' Rs Loose mine <https://rs.example/loose>' : l)));

    await page.click('[data-testid="put-back-undo"]');
    await waitForShown(page, '[data-testid="put-back-undone"]');
    expect(await outline(harness)).toEqual(changed.map((l) => (l.startsWith(' Rs Loose') ? ' Rs Loose mine <https://rs.example/loose>' : l)));
    await page.close();
  });
});

describe('a restore interrupted by a crash is rolled back at the next start (real Firefox)', () => {
  it('Firefox killed mid-restore, started again on the same profile: nothing of the restore is left, a bookmark made before stays', async () => {
    const prefs = { 'extensions.webextensions.keepStorageOnUninstall': true, 'extensions.webextensions.keepUuidOnUninstall': true };
    const profile = newDir();
    const dir = newDir();
    let ff: Firefox | null = await launchFirefox({ userDataDir: profile, prefs });
    try {
      await seedTree(ff, tree(1500));
      const name = await firefoxExport(ff, dir, '2026-12-07', true);
      let harness = await ff.harness();
      await removeSinceBackup(harness);
      await harness.evaluate(() => window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Mine', url: 'https://mine.example/' }));
      const removed = await outline(harness);
      await harness.waitForFunction(async () => (await window.tm.client.call('organizer.tree', {})).encoded.includes('https://mine.example/'));
      const page = await openInView(ff, [join(dir, name)]);
      await page.waitForSelector('[data-testid="backup-row"]');
      await compareNow(page);
      await page.click('[data-testid="restore-choose-all"]');
      await page.click('[data-testid="restore-button"]');
      const restoredCount = () => harness.evaluate(async () => (await window.tm.browser.bookmarks.search({ query: 'big.rs.example' })).length);
      await expect.poll(restoredCount, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(200);
      await killFirefox(ff);

      ff = await launchFirefox({ userDataDir: profile, prefs });
      harness = await ff.harness();
      await expect
        .poll(async () => (await harness.evaluate(() => window.tm.client.call('history.list', {})))[0]?.status, { timeout: 120_000, interval: 250 })
        .toBe('rolled-back');
      expect(await outline(harness)).toEqual(removed);
    } finally {
      await ff?.close();
    }
  }, 300_000);
});

describe('restoring, dark', () => {
  const dark = useFirefox();
  usePrefs(dark, DARK_PREFS);

  it('the restore bar, the chosen rows and the report are drawn in the dark palette', async () => {
    const dir = newDir();
    await seedTree(dark, tree(1));
    const name = await firefoxExport(dark, dir, '2026-12-03', true);
    const harness = await dark.harness();
    await removeSinceBackup(harness);
    await harness.waitForFunction(async () => !(await window.tm.client.call('organizer.tree', {})).encoded.includes('https://rs.example/loose'));
    const page = await openInView(dark, [join(dir, name)]);
    await page.waitForSelector('[data-testid="backup-row"]');
    await compareNow(page);
    await chooseByKeyboard(page, 'Rs Loose');
    const looks = (selector: string) =>
      page.$eval(selector, (e) => ({ color: getComputedStyle(e).color, background: getComputedStyle(e).backgroundColor, scheme: getComputedStyle(e).colorScheme }));
    expect(await looks('[data-testid="restore-bar"]')).toMatchObject({ color: 'rgb(251, 251, 254)', background: 'rgb(28, 27, 34)' });
    expect((await looks('[data-testid="compare-choose"]')).scheme).toContain('dark');
    await page.click('[data-testid="restore-button"]');
    await waitForShown(page, '[data-testid="restore-summary"]');
    expect(await looks('[data-testid="restore-summary"]')).toMatchObject({ color: 'rgb(251, 251, 254)' });
    await page.screenshot({ path: screenshotPath('firefox-backups-restore-dark'), fullPage: true });
    await page.close();
  });
});
