/**
 * The organizer ("Bookmarks" tab of the options page) in real Firefox, driven by real input (puppeteer's mouse and
 * keyboard): a change made through browser.bookmarks by another page shows live; a multi-selection dragged into a
 * collapsed folder of the tree; a folder sorted by name; cut and paste across folders; a folder deleted; a rename in
 * the details pane; a bookmark moved with the details pane's folder picker from the keyboard, its highlighted folder
 * plainly marked (light and dark); a tag added to several bookmarks at once; each of those undone (Ctrl+Z or the Undo
 * button) and redone (Ctrl+Shift+Z, Ctrl+Y or the Redo button). Each checks Firefox's tree (and the tag store)
 * afterwards, not only the page.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { Firefox } from './firefox';
import { DARK_PREFS, useFirefox, usePrefs } from './use-firefox';
import { screenshotPath } from './screenshots';
import { waitForShown } from './page-waits';

const ff = useFirefox();

async function titlesIn(harness: Page, parentId: string): Promise<string[]> {
  return harness.evaluate(async (id) => (await window.tm.browser.bookmarks.getChildren(id)).map((c) => c.title), parentId);
}

async function seed(harness: Page) {
  return harness.evaluate(async () => {
    const b = window.tm.browser.bookmarks;
    const archive = await b.create({ parentId: 'toolbar_____', title: 'Archive' });
    await b.create({ parentId: archive.id, title: 'Old years' });
    const ids: Record<string, string> = { archive: archive.id };
    for (const t of ['pear', 'Apple', 'melon']) ids[t] = (await b.create({ parentId: 'toolbar_____', title: t, url: `https://${t.toLowerCase()}.example/` })).id;
    ids.reading = (await b.create({ parentId: 'unfiled_____', title: 'Reading' })).id;
    return ids;
  });
}

async function openOrganizer(firefox: Firefox = ff): Promise<Page> {
  const page = await firefox.open('options/index.html#bookmarks');
  await page.setViewport({ width: 1200, height: 800 });
  await page.waitForSelector('[data-testid="organizer-list"]');
  // The view opens on the folder it showed last (remembered by the page): start from the toolbar.
  await page.click('#org-tree-toolbar_____');
  await page.waitForSelector('#org-tree-toolbar_____[aria-selected="true"]');
  return page;
}

/** Ctrl+Z, as a person presses it. */
async function undoKey(page: Page) {
  await page.keyboard.down('Control');
  await page.keyboard.press('z');
  await page.keyboard.up('Control');
}

/** Ctrl+Shift+Z (redo), as a person presses it. */
async function redoKey(page: Page) {
  await page.keyboard.down('Control');
  await page.keyboard.down('Shift');
  await page.keyboard.press('Z');
  await page.keyboard.up('Shift');
  await page.keyboard.up('Control');
}

/** Selects pear to melon with a click and a Shift+click, and adds a tag to the three in the details pane. */
async function tagPearToMelon(page: Page, tag: string) {
  await page.click(row('pear'));
  await page.keyboard.down('Shift');
  await page.click(row('melon'));
  await page.keyboard.up('Shift');
  await waitForShown(page, '::-p-text(3 items selected)');
  await page.click('[data-testid="organizer-bulk-tag"]');
  await page.keyboard.type(tag);
  await page.click('button::-p-text(Add tag)');
  await waitForShown(page, '[data-testid="organizer-status"]::-p-text(added to 3 addresses)');
}

/** The tags of these addresses, as the tag store has them. */
async function tagsOf(harness: Page, urls: string[]) {
  return harness.evaluate(async (list) => Object.fromEntries((await window.tm.client.call('tags.forUrls', { urls: list })).map((e) => [e.url, e.tags])), urls);
}

/**
 * Opens the details pane's folder picker on pear from the keyboard (↓ opens the list on its first folder, ↓ goes down
 * the tree to Archive) and reads how the highlighted option and a plain one look.
 */
async function highlightArchiveInPicker(page: Page) {
  await page.click(row('pear'));
  await page.waitForSelector('#org-move-to');
  await page.focus('#org-move-to');
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('#org-move-to-list');
  const activeText = () => page.$eval('#org-move-to-list .folder-option.active', (el) => el.textContent);
  for (let i = 0; i < 10 && (await activeText()) !== 'Archive'; i++) await page.keyboard.press('ArrowDown');
  return page.evaluate(() => {
    const look = (el: Element) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, bar: style.borderInlineStartColor, barWidth: style.borderInlineStartWidth };
    };
    const input = document.getElementById('org-move-to')!;
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!)!;
    const plain = [...document.querySelectorAll('#org-move-to-list [role="option"]')].find((o) => o !== active)!;
    const list = document.getElementById('org-move-to-list')!;
    return {
      activeText: active.textContent,
      active: look(active),
      plain: look(plain),
      page: getComputedStyle(document.body).backgroundColor,
      listStyle: getComputedStyle(list).listStyleType,
      /** "thumb track" as the page sets them (scrollbar-color); "auto" would leave Firefox's own colours. */
      listScrollbar: getComputedStyle(list).scrollbarColor,
    };
  });
}

/** The highlighted option stands out from a plain one by its background and by an accent bar at its start. */
function expectHighlightShown(looks: Awaited<ReturnType<typeof highlightArchiveInPicker>>) {
  expect(looks.activeText).toBe('Archive');
  expect(looks.listStyle).toBe('none');
  expect(looks.active.background).not.toBe(looks.plain.background);
  expect(looks.active.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(looks.active.bar).not.toBe(looks.active.background);
  expect(looks.active.bar).not.toBe('rgba(0, 0, 0, 0)');
  expect(looks.active.barWidth).toBe('3px');
  expect(looks.plain.bar).toBe('rgba(0, 0, 0, 0)');
}

const row = (title: string) => `[data-testid="organizer-list"] [role="option"] ::-p-text(${title})`;
const treeRow = (title: string) => `[data-testid="organizer-tree"] [role="treeitem"] ::-p-text(${title})`;

describe('organizer', () => {
  it('shows a change made through browser.bookmarks by another page, keeping the selection', async () => {
    const harness = await ff.harness();
    await seed(harness);
    const page = await openOrganizer();
    await page.click(row('pear'));
    await waitForShown(page, '[role="option"][aria-selected="true"] ::-p-text(pear)');
    await harness.evaluate(() => window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Live from elsewhere', url: 'https://live.example/', index: 0 }));
    await waitForShown(page, row('Live from elsewhere'));
    expect(await page.$eval('[role="option"][aria-selected="true"]', (el) => el.textContent)).toContain('pear');
    await harness.evaluate(async () => {
      const [live] = await window.tm.browser.bookmarks.search({ url: 'https://live.example/' });
      await window.tm.browser.bookmarks.update(live!.id, { title: 'Renamed elsewhere' });
    });
    // A rename changes the row's text in place (see page-waits.ts).
    await waitForShown(page, row('Renamed elsewhere'));
  });

  it('drags a multi-selection into a collapsed folder of the tree', async () => {
    const harness = await ff.harness();
    const ids = await seed(harness);
    const page = await openOrganizer();
    // Archive has a subfolder, so it shows collapsed in the tree.
    await page.waitForSelector(`#org-tree-${ids.archive}[aria-expanded="false"]`);
    await page.click(row('pear'));
    await page.keyboard.down('Control');
    await page.click(row('melon'));
    await page.keyboard.up('Control');
    await page.waitForFunction(() => document.querySelectorAll('[role="option"][aria-selected="true"]').length === 2);
    const from = (await (await page.$(row('melon')))!.boundingBox())!;
    const to = (await (await page.$(`#org-tree-${ids.archive}`))!.boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.waitForSelector(`#org-tree-${ids.archive}.drop-inside`);
    await page.screenshot({ path: screenshotPath('organizer-drag') });
    await page.mouse.up();
    await expect.poll(() => titlesIn(harness, ids.archive!)).toEqual(['Old years', 'pear', 'melon']);
    expect(await titlesIn(harness, 'toolbar_____')).toEqual(['Archive', 'Apple']);
    await page.waitForFunction(() => !document.querySelector('[data-testid="organizer-list"]')?.textContent?.includes('melon'));
    // The Undo button takes the drop back: both where they were.
    // The buttons turn on once the page has heard of the operation: wait for that, not for Firefox's tree.
    await (await waitForShown(page, '[data-testid="organizer-undo"]:not([disabled])'))!.click();
    await expect.poll(() => titlesIn(harness, 'toolbar_____')).toEqual(['Archive', 'pear', 'Apple', 'melon']);
    expect(await titlesIn(harness, ids.archive!)).toEqual(['Old years']);
    // The Redo button drops them again.
    await (await waitForShown(page, '[data-testid="organizer-redo"]:not([disabled])'))!.click();
    await expect.poll(() => titlesIn(harness, ids.archive!)).toEqual(['Old years', 'pear', 'melon']);
    expect(await titlesIn(harness, 'toolbar_____')).toEqual(['Archive', 'Apple']);
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(Redone: Moved 2 items to Archive.)');
  });

  it('refuses to drop a folder into its own subfolder and says why', async () => {
    const harness = await ff.harness();
    const ids = await seed(harness);
    const page = await openOrganizer();
    await page.click(`#org-tree-${ids.archive} .org-twisty`);
    await waitForShown(page, treeRow('Old years'));
    const from = (await (await page.$(`#org-tree-${ids.archive}`))!.boundingBox())!;
    const to = (await (await page.$(treeRow('Old years')))!.boundingBox())!;
    await page.mouse.move(from.x + 30, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + 30, to.y + to.height / 2, { steps: 8 });
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(cannot go into itself)');
    await page.mouse.up();
    expect(await titlesIn(harness, ids.archive!)).toEqual(['Old years']);
  });

  it('sorts a folder by name with folders first, written to Firefox', async () => {
    const harness = await ff.harness();
    await seed(harness);
    const page = await openOrganizer();
    await page.click('[data-testid="organizer-sort-folder"]');
    await expect.poll(() => titlesIn(harness, 'toolbar_____')).toEqual(['Archive', 'Apple', 'melon', 'pear']);
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(sorted)');
    // Ctrl+Z in the list gives the folder its old order back.
    await page.focus('[data-testid="organizer-list"]');
    await undoKey(page);
    await expect.poll(() => titlesIn(harness, 'toolbar_____')).toEqual(['Archive', 'pear', 'Apple', 'melon']);
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(Undone: Sorted Bookmarks Toolbar.)');
    // Ctrl+Shift+Z sorts it again.
    await redoKey(page);
    await expect.poll(() => titlesIn(harness, 'toolbar_____')).toEqual(['Archive', 'Apple', 'melon', 'pear']);
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(Redone: Sorted Bookmarks Toolbar.)');
  });

  it('cuts with Ctrl+X and pastes with Ctrl+V into another folder, keyboard only', async () => {
    const harness = await ff.harness();
    const ids = await seed(harness);
    const page = await openOrganizer();
    await page.focus('[data-testid="organizer-list"]');
    // ↓ focuses the first row (Archive), twice more: melon... the toolbar holds Archive, pear, Apple, melon.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.down('Shift');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.up('Shift');
    await page.keyboard.down('Control');
    await page.keyboard.press('x');
    await page.keyboard.up('Control');
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(2 items cut)');
    await page.click(treeRow('Other Bookmarks'));
    await waitForShown(page, row('Reading'));
    await page.focus('[data-testid="organizer-list"]');
    await page.keyboard.down('Control');
    await page.keyboard.press('v');
    await page.keyboard.up('Control');
    await expect.poll(() => titlesIn(harness, 'unfiled_____')).toEqual(['Reading', 'pear', 'Apple']);
    expect(await titlesIn(harness, 'toolbar_____')).toEqual(['Archive', 'melon']);
    // Ctrl+Z puts both back where they were.
    await undoKey(page);
    await expect.poll(() => titlesIn(harness, 'toolbar_____')).toEqual(['Archive', 'pear', 'Apple', 'melon']);
    expect(await titlesIn(harness, 'unfiled_____')).toEqual(['Reading']);
    // Ctrl+Y (redo, off the Mac) pastes them there again.
    await page.keyboard.down('Control');
    await page.keyboard.press('y');
    await page.keyboard.up('Control');
    await expect.poll(() => titlesIn(harness, 'unfiled_____')).toEqual(['Reading', 'pear', 'Apple']);
    expect(await titlesIn(harness, 'toolbar_____')).toEqual(['Archive', 'melon']);
    void ids;
  });

  it('Delete removes a folder with what it holds; Ctrl+Z brings it all back in its place, and the Undo button says so', async () => {
    const harness = await ff.harness();
    const ids = await seed(harness);
    const page = await openOrganizer();
    await page.click(row('Archive'));
    await page.waitForSelector('[role="option"][aria-selected="true"] ::-p-text(Archive)');
    await page.keyboard.press('Delete');
    await expect.poll(() => titlesIn(harness, 'toolbar_____')).toEqual(['pear', 'Apple', 'melon']);
    await page.waitForSelector('[data-testid="organizer-undo"]:not([disabled])[title="Undo: Deleted “Archive” (Ctrl+Z)"]');
    await page.focus('[data-testid="organizer-list"]');
    await undoKey(page);
    await expect.poll(() => titlesIn(harness, 'toolbar_____')).toEqual(['Archive', 'pear', 'Apple', 'melon']);
    // The folder comes back first and what it held right after it: wait for both.
    const archive = await harness.evaluate(async () => (await window.tm.browser.bookmarks.getChildren('toolbar_____'))[0]!.id);
    await expect.poll(() => titlesIn(harness, archive)).toEqual(['Old years']);
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(Undone: Deleted “Archive”.)');
    await page.waitForSelector('[data-testid="organizer-undo"][disabled]');
    await page.waitForSelector('[data-testid="organizer-redo"]:not([disabled])[title="Redo: Deleted “Archive” (Ctrl+Shift+Z)"]');
    // Ctrl+Shift+Z deletes it again, with what it holds.
    await redoKey(page);
    await expect.poll(() => titlesIn(harness, 'toolbar_____')).toEqual(['pear', 'Apple', 'melon']);
    await expect.poll(() => harness.evaluate(async () => (await window.tm.browser.bookmarks.search({ title: 'Old years' })).length)).toBe(0);
    await page.waitForSelector('[data-testid="organizer-redo"][disabled]');
    void ids;
  });

  it('renames in the details pane; Ctrl+Z gives the old name back and Ctrl+Shift+Z the new one', async () => {
    const harness = await ff.harness();
    const ids = await seed(harness);
    const page = await openOrganizer();
    await page.click(row('pear'));
    await page.waitForSelector('[role="option"][aria-selected="true"] ::-p-text(pear)');
    // F2 puts the name field in the keyboard's hands with its text selected.
    await page.keyboard.press('F2');
    await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset.testid === 'organizer-name');
    await page.keyboard.type('Pear, renamed');
    await page.keyboard.press('Enter');
    const title = () => harness.evaluate(async (id) => (await window.tm.browser.bookmarks.get(id))[0]!.title, ids.pear!);
    await expect.poll(title).toBe('Pear, renamed');
    // In the name field Ctrl+Z is the field's own: the list takes the history's.
    await page.focus('[data-testid="organizer-list"]');
    await undoKey(page);
    await expect.poll(title).toBe('pear');
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(Undone: Edited “pear”.)');
    await redoKey(page);
    await expect.poll(title).toBe('Pear, renamed');
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(Redone: Edited “pear”.)');
  });

  it('moves a bookmark with the details pane’s folder picker, keyboard only: the highlighted folder is plainly marked', async () => {
    const harness = await ff.harness();
    const ids = await seed(harness);
    const page = await openOrganizer();
    expectHighlightShown(await highlightArchiveInPicker(page));
    await page.screenshot({ path: screenshotPath('organizer-move-to') });
    await page.keyboard.press('Enter');
    await expect.poll(() => titlesIn(harness, ids.archive!)).toEqual(['Old years', 'pear']);
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(to Archive)');
  });

  it('the details pane’s folder picker opens in full view in a 700 px high window: the pane scrolls its list into sight', async () => {
    const harness = await ff.harness();
    await seed(harness);
    const page = await openOrganizer();
    await page.setViewport({ width: 1200, height: 700 });
    await page.click(row('pear'));
    await page.waitForSelector('#org-move-to');
    await page.focus('#org-move-to');
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('#org-move-to-list');
    // Every folder of the list can be seen without scrolling by hand: the list lies inside the pane's visible box.
    const box = () =>
      page.evaluate(() => {
        const pane = document.getElementById('org-move-to')!.closest('.org-details')!.getBoundingClientRect();
        const list = document.getElementById('org-move-to-list')!.getBoundingClientRect();
        return { listTop: list.top, listBottom: list.bottom, paneTop: pane.top, paneBottom: pane.bottom };
      });
    await expect
      .poll(async () => {
        const b = await box();
        return b.listBottom <= b.paneBottom && b.listTop >= b.paneTop;
      })
      .toBe(true);
  });

  it('adds a tag to several bookmarks at once', async () => {
    const harness = await ff.harness();
    await seed(harness);
    const page = await openOrganizer();
    await tagPearToMelon(page, 'fruit');
    const tagged = await harness.evaluate(() => window.tm.client.call('tags.urlsWithTag', { tag: 'fruit' }));
    expect([...tagged].sort()).toEqual(['https://apple.example/', 'https://melon.example/', 'https://pear.example/']);
    await waitForShown(page, '[role="option"] .org-col-tags ::-p-text(fruit)');
    await page.screenshot({ path: screenshotPath('organizer') });
  });

  it('a tag added to several bookmarks at once is taken off again by Ctrl+Z, leaving every bookmark’s tags exactly as they were', async () => {
    const harness = await ff.harness();
    await seed(harness);
    const urls = ['https://pear.example/', 'https://apple.example/', 'https://melon.example/'];
    await harness.evaluate(async () => {
      await window.tm.client.call('tags.add', { urls: ['https://pear.example/'], tags: ['sweet', 'Fruit'] });
      await window.tm.client.call('tags.add', { urls: ['https://apple.example/'], tags: ['red'] });
    });
    const before = await tagsOf(harness, urls);
    const page = await openOrganizer();
    await tagPearToMelon(page, 'green');
    expect(await tagsOf(harness, urls)).toEqual({
      'https://pear.example/': ['sweet', 'Fruit', 'green'],
      'https://apple.example/': ['red', 'green'],
      'https://melon.example/': ['green'],
    });
    await page.focus('[data-testid="organizer-list"]');
    await undoKey(page);
    await expect.poll(() => tagsOf(harness, urls)).toEqual(before);
    await waitForShown(page, '[data-testid="organizer-status"]::-p-text(Undone: Tagged 3 addresses with green.)');
    await redoKey(page);
    await expect
      .poll(() => tagsOf(harness, urls))
      .toEqual({ 'https://pear.example/': ['sweet', 'Fruit', 'green'], 'https://apple.example/': ['red', 'green'], 'https://melon.example/': ['green'] });
  });

  it('the sidebar page fits 300 px: one column, the folder tree above the list, search shows each result’s folder', async () => {
    const harness = await ff.harness();
    await seed(harness);
    const page = await ff.open('sidebar/index.html');
    await page.setViewport({ width: 300, height: 700 });
    await page.waitForSelector('[data-testid="organizer-list"]');
    await page.type('[data-testid="organizer-search"]', 'apple');
    await waitForShown(page, '[role="option"] .org-col-folder ::-p-text(Bookmarks Toolbar)');
    // Nothing wider than the panel: no horizontal scrolling in a 300 px sidebar.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(300);
    await page.screenshot({ path: screenshotPath('organizer-sidebar') });
  });
});

describe('organizer in dark mode', () => {
  // The file's Firefox, switched to dark mode for this block.
  const dark = ff;
  usePrefs(dark, DARK_PREFS);

  it('the details pane’s folder picker marks the highlighted folder in the dark palette too', async () => {
    await seed(await dark.harness());
    const page = await openOrganizer(dark);
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    const looks = await highlightArchiveInPicker(page);
    expectHighlightShown(looks);
    expect(looks.page).toBe('rgb(28, 27, 34)');
    expect(looks.active.background).not.toBe(looks.page);
    // The list's scroll bar in the dark palette too: its track is the page's background (it was drawn light).
    expect(looks.listScrollbar.endsWith(looks.page)).toBe(true);
    expect(looks.listScrollbar.startsWith(looks.page)).toBe(false);
    await page.screenshot({ path: screenshotPath('organizer-move-to-dark') });
  });
});
