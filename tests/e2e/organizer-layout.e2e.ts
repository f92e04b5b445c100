/**
 * The organizer as a person meets it in a real window, with the demo's bookmarks (scripts/seed.mjs, read in by
 * Firefox's own importer): at 1280 px the Bookmarks view uses the window's width, every name of the demo under 60
 * characters is shown whole, Name takes at least a third of the list and no column is narrower than its header;
 * columns resized with the keyboard and with the mouse keep their widths after a reload; a folder opened from the
 * list (Enter, double-click) shows in the breadcrumb and is the tree's selection; the list opens with its first row
 * whole; the sidebar page fits 300 px with its actions in a menu (drawn in the dark palette too); a title and a tag
 * holding U+202E stay isolated.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSeed } from '../../scripts/seed.mjs';
import { overflowing } from './layout';
import { waitForShown } from './page-waits';
import { firefoxImportFile } from './places-seed';
import { screenshotPath } from './screenshots';
import { DARK_PREFS, useFirefox, usePrefs } from './use-firefox';

const ff = useFirefox();
const dir = mkdtempSync(join(tmpdir(), 'tidymarks-organizer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The demo's bookmarks, as `npm start` gives them, in this Firefox. */
async function seedDemo() {
  const harness = await ff.harness();
  const { file, stats } = writeSeed(join(dir, 'demo.html'));
  await firefoxImportFile(ff, file);
  expect((await harness.evaluate(() => window.tm.client.call('core.countBookmarks', {}))).bookmarks).toBe(stats.bookmarks);
  return harness;
}

async function openOrganizer(width = 1280, height = 800): Promise<Page> {
  const page = await ff.open('options/index.html#bookmarks');
  await page.setViewport({ width, height });
  await page.waitForSelector('[data-testid="organizer-list"]');
  return page;
}

interface FolderRows {
  id: string;
  /** The names of its rows, in order ('' for a separator). */
  names: string[];
}

/** Every folder that holds something, with the names of what it holds (as Firefox has them). */
async function foldersWithRows(harness: Page): Promise<FolderRows[]> {
  return harness.evaluate(async () => {
    const out: { id: string; names: string[] }[] = [];
    type Node = { id: string; type?: string; title: string; children?: Node[] };
    const walk = (node: Node) => {
      if (!node.children) return;
      if (node.children.length && node.id !== 'root________') out.push({ id: node.id, names: node.children.map((c) => (c.type === 'separator' ? '' : c.title)) });
      node.children.forEach(walk);
    };
    ((await window.tm.browser.bookmarks.getTree()) as Node[]).forEach(walk);
    return out;
  });
}

const LIST = '[data-testid="organizer-list"]';

/** The organizer opened again in a new tab of the same size (what a reload shows: page.reload never finishes here). */
async function reopen(page: Page): Promise<Page> {
  const { width, height } = page.viewport()!;
  await page.close();
  return openOrganizer(width, height);
}

/** Every folder open in the tree, as the page remembers it, and the page opened again. */
async function expandAll(page: Page, ids: string[]): Promise<Page> {
  await page.evaluate((all) => localStorage.setItem('tidymarks-organizer-expanded', JSON.stringify(all)), ids);
  return reopen(page);
}

/** The list's rows fully in view: position, name, whether the name cell shows it whole, where it starts. */
function rowsInView(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector('.org-list-scroll')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('[role="option"]')]
      .filter((o) => {
        const r = o.getBoundingClientRect();
        // Within a pixel: the scroll offset is whole pixels, the box's height may not be.
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      })
      .map((o) => {
        const cell = o.querySelector<HTMLElement>('.org-col-name')!;
        return {
          pos: Number(o.getAttribute('aria-posinset')),
          name: cell.querySelector('.org-title')?.textContent ?? '',
          whole: cell.scrollWidth <= cell.clientWidth,
        };
      });
  });
}

async function seed(harness: Page) {
  return harness.evaluate(async () => {
    const b = window.tm.browser.bookmarks;
    const archive = await b.create({ parentId: 'toolbar_____', title: 'Archive' });
    const oldYears = await b.create({ parentId: archive.id, title: 'Old years' });
    await b.create({ parentId: oldYears.id, title: '2019', url: 'https://2019.example/' });
    for (const t of ['pear', 'Apple', 'melon']) await b.create({ parentId: 'toolbar_____', title: t, url: `https://${t.toLowerCase()}.example/` });
    return { archive: archive.id, oldYears: oldYears.id };
  });
}

/** The breadcrumb: each folder's name and whether it is a link (a button) to it. */
function crumbs(page: Page) {
  return page.$$eval('[data-testid="organizer-breadcrumb"] li', (items) => items.map((li) => ({ text: li.textContent, link: !!li.querySelector('button') })));
}

/** How the list's first row sits: the list's scroll offset, the gap between its top and the row's, the page's own scroll. */
function firstRowGap(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.org-list-scroll')!;
    const first = document.querySelector('[role="option"][aria-posinset="1"]')!;
    const root = document.documentElement;
    return {
      scrollTop: scroller.scrollTop,
      gap: Math.round(first.getBoundingClientRect().top - scroller.getBoundingClientRect().top),
      pageScroll: root.scrollTop,
      pageOverflow: root.scrollHeight > root.clientHeight,
    };
  });
}

/** What reaches past the window's right edge (layout.ts's overflowing(), its "reaches" findings). */
async function pastTheEdge(page: Page): Promise<string[]> {
  return (await overflowing(page)).filter((finding) => finding.includes(' reaches '));
}

function focusedText(page: Page) {
  return page.evaluate(() => document.activeElement?.textContent ?? '');
}

/** The organizer's width, the list's, how far it scrolls sideways, and each header's width beside its label's. */
function columnsGeometry(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.org-list-scroll')!;
    return {
      organizer: document.querySelector('[data-testid="organizer"]')!.getBoundingClientRect().width,
      list: scroller.clientWidth,
      sideways: scroller.scrollWidth - scroller.clientWidth,
      heads: [...document.querySelectorAll<HTMLElement>('.org-head-cell:not([hidden])')].map((cell) => {
        const label = cell.querySelector<HTMLElement>('.org-head-label')!;
        // The label's whole text, laid out on its own in the same font.
        const copy = document.createElement('span');
        copy.textContent = label.textContent;
        copy.style.cssText = `position: absolute; white-space: nowrap; font: ${getComputedStyle(label).font}`;
        document.body.append(copy);
        const whole = copy.getBoundingClientRect().width;
        copy.remove();
        return { text: label.textContent, width: cell.getBoundingClientRect().width, label: whole, labelShown: label.getBoundingClientRect().width };
      }),
    };
  });
}

describe('organizer layout', () => {
  it('at 1280 px the demo’s names under 60 characters are whole, Name is at least a third of the list, no column narrower than its header', async () => {
    const harness = await seedDemo();
    const folders = await foldersWithRows(harness);
    const page = await expandAll(
      await openOrganizer(1280, 800),
      folders.map((f) => f.id),
    );
    const geometry = await columnsGeometry(page);
    // The window's width, less the page's margins (it was 1200 px at most, whatever the window).
    expect(geometry.organizer).toBeGreaterThanOrEqual(1280 - 24);
    // All seven columns of a folder fit without scrolling sideways.
    expect(geometry.heads.map((h) => h.text)).toEqual(['Name', 'Address', 'Tags', 'Added', 'Last visit', 'Visits', 'Copies']);
    expect(geometry.sideways).toBeLessThanOrEqual(0);
    expect(geometry.heads[0]!.width).toBeGreaterThanOrEqual(geometry.list / 3);
    for (const head of geometry.heads) {
      expect(head.width, head.text!).toBeGreaterThanOrEqual(head.label);
      expect(head.labelShown, head.text!).toBeGreaterThanOrEqual(head.label - 0.01);
    }
    const cut: string[] = [];
    let checked = 0;
    for (const folder of folders) {
      await page.click(`#org-tree-${folder.id}`);
      await page.waitForSelector(`#org-tree-${folder.id}[aria-selected="true"]`);
      const count = folder.names.length;
      for (let pos = 1; pos <= count;) {
        await page.evaluate((top) => void (document.querySelector('.org-list-scroll')!.scrollTop = top), (pos - 1) * 28);
        await page.waitForSelector(`[role="option"][aria-posinset="${pos}"][aria-setsize="${count}"]`);
        const rows = (await rowsInView(page)).filter((r) => r.pos >= pos);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          expect(row.name).toBe(folder.names[row.pos - 1]);
          checked++;
          if (row.name.length < 60 && !row.whole) cut.push(row.name);
        }
        pos = Math.max(...rows.map((r) => r.pos)) + 1;
      }
    }
    expect(checked).toBe(folders.reduce((n, f) => n + f.names.length, 0));
    // The headers stay whole whatever the folders shown.
    for (const head of (await columnsGeometry(page)).heads) expect(head.labelShown, head.text!).toBeGreaterThanOrEqual(head.label - 0.01);
    expect(cut).toEqual([]);
    await page.screenshot({ path: screenshotPath('organizer-1280') });
  });

  it('a column resized with the keyboard and one dragged by its edge with the mouse keep their widths after a reload', async () => {
    const harness = await ff.harness();
    await seed(harness);
    let page = await openOrganizer();
    const width = (p: Page, column: string) => p.$eval(`.org-head-cell.org-col-${column}`, (el) => Math.round(el.getBoundingClientRect().width));
    const tags = await width(page, 'tags');
    // Three presses of → on the Tags column's separator: 10 px each.
    await page.focus('[data-testid="organizer-resize-tags"]');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`[data-testid="organizer-resize-tags"][aria-valuenow="${tags + 30}"]`);
    expect(await width(page, 'tags')).toBe(tags + 30);
    // The Address column's edge dragged 80 px to the right with the mouse.
    const address = await width(page, 'address');
    const edge = (await (await page.$('[data-testid="organizer-resize-address"]'))!.boundingBox())!;
    const y = edge.y + edge.height / 2;
    await page.mouse.move(edge.x + edge.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(edge.x + edge.width / 2 + 40, y, { steps: 4 });
    await page.mouse.move(edge.x + edge.width / 2 + 80, y, { steps: 4 });
    await page.mouse.up();
    await page.waitForSelector(`[data-testid="organizer-resize-address"][aria-valuenow="${address + 80}"]`);
    expect(await width(page, 'address')).toBe(address + 80);
    // Kept by the extension (its settings in storage.local), not by the page.
    await expect
      .poll(() => harness.evaluate(async () => (await window.tm.client.call('settings.get', {})).organizer.columnWidths))
      .toEqual({ tags: tags + 30, address: address + 80 });
    page = await reopen(page);
    await page.waitForSelector(`[data-testid="organizer-resize-address"][aria-valuenow="${address + 80}"]`);
    expect(await width(page, 'tags')).toBe(tags + 30);
    expect(await width(page, 'address')).toBe(address + 80);
    // Home takes a column down to its header's width, never below it.
    await page.focus('[data-testid="organizer-resize-tags"]');
    await page.keyboard.press('Home');
    const least = await page.$eval('[data-testid="organizer-resize-tags"]', (el) => Number(el.getAttribute('aria-valuemin')));
    await page.waitForSelector(`[data-testid="organizer-resize-tags"][aria-valuenow="${least}"]`);
    const head = (await columnsGeometry(page)).heads.find((h) => h.text === 'Tags')!;
    expect(head.width).toBeGreaterThanOrEqual(head.label);
    expect(head.labelShown).toBeGreaterThanOrEqual(head.label - 0.01);
  });

  it('a folder opened from the list with Enter or a double-click shows in the breadcrumb and is the tree’s selection', async () => {
    const harness = await ff.harness();
    const ids = await seed(harness);
    const page = await openOrganizer();
    await page.click('#org-tree-toolbar_____');
    await page.waitForSelector('#org-tree-toolbar_____[aria-selected="true"]');
    // Archive is collapsed in the tree: Old years has no row there yet.
    await page.waitForSelector(`#org-tree-${ids.archive}[aria-expanded="false"]`);
    expect(await page.$(`#org-tree-${ids.oldYears}`)).toBeNull();
    // Enter on Archive, the list's first row.
    await page.focus(LIST);
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector(`#org-row-${ids.archive}[aria-selected="true"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`#org-tree-${ids.archive}[aria-selected="true"]`);
    expect(await crumbs(page)).toEqual([
      { text: 'Bookmarks Toolbar', link: true },
      { text: 'Archive', link: false },
    ]);
    // A double-click on Old years: the tree opens down to it.
    await page.click(`#org-row-${ids.oldYears}`, { count: 2 });
    await page.waitForSelector(`#org-tree-${ids.oldYears}[aria-selected="true"]`);
    await page.waitForSelector(`#org-tree-${ids.archive}[aria-expanded="true"]`);
    expect(await crumbs(page)).toEqual([
      { text: 'Bookmarks Toolbar', link: true },
      { text: 'Archive', link: true },
      { text: 'Old years', link: false },
    ]);
    expect(await page.$eval('[role="tree"]', (el) => el.getAttribute('aria-activedescendant'))).toBe(`org-tree-${ids.oldYears}`);
    // An ancestor in the breadcrumb opens it.
    await page.click('[data-testid="organizer-breadcrumb"] button::-p-text(Bookmarks Toolbar)');
    await page.waitForSelector('#org-tree-toolbar_____[aria-selected="true"]');
    await waitForShown(page, `#org-row-${ids.archive}`);
    expect(await crumbs(page)).toEqual([{ text: 'Bookmarks Toolbar', link: false }]);
  });

  it('a list opens at its top with its first row whole, and the page itself never scrolls', async () => {
    const harness = await seedDemo();
    const folders = await foldersWithRows(harness);
    const unfiled = folders.find((f) => f.id === 'unfiled_____')!;
    const long = [...folders].sort((a, b) => b.names.length - a.names.length)[0]!;
    let page = await expandAll(
      await openOrganizer(1280, 700),
      folders.map((f) => f.id),
    );
    await page.click(`#org-tree-${long.id}`);
    await page.waitForSelector(`[role="option"][aria-setsize="${long.names.length}"]`);
    // Scrolled into the middle of a row, then another folder opened.
    await page.evaluate(() => void (document.querySelector('.org-list-scroll')!.scrollTop = 200));
    await page.waitForSelector('[role="option"][aria-posinset="9"]');
    await page.click('#org-tree-unfiled_____');
    await page.waitForSelector(`[role="option"][aria-posinset="1"][aria-setsize="${unfiled.names.length}"]`);
    expect(await firstRowGap(page)).toEqual({ scrollTop: 0, gap: 0, pageScroll: 0, pageOverflow: false });
    // And as the page opens again, where it was left.
    page = await reopen(page);
    await page.waitForSelector(`[role="option"][aria-posinset="1"][aria-setsize="${unfiled.names.length}"]`);
    expect(await firstRowGap(page)).toEqual({ scrollTop: 0, gap: 0, pageScroll: 0, pageOverflow: false });
  });

  it('a title and a tag holding U+202E are shown isolated: the text after them keeps its order', async () => {
    const harness = await ff.harness();
    const { plain } = await harness.evaluate(async () => {
      const b = window.tm.browser.bookmarks;
      const evil = await b.create({ parentId: 'toolbar_____', title: 'evil\u202Efolder' });
      const plainFolder = await b.create({ parentId: evil.id, title: 'Plain' });
      await b.create({ parentId: plainFolder.id, title: 'abc\u202Edef', url: 'https://bidi.example/' });
      await window.tm.client.call('tags.add', { urls: ['https://bidi.example/'], tags: ['x\u202Ey', 'after'] });
      return { plain: plainFolder.id };
    });
    const page = await openOrganizer();
    await page.type('[data-testid="organizer-search"]', 'abc');
    await waitForShown(page, '[role="option"] .org-col-tags ::-p-text(after)');
    // The Folder column wide enough for the whole path (cut in the middle, the path's text would lie under the cut).
    await page.focus('[data-testid="organizer-resize-folder"]');
    const folderWidth = await page.$eval('[data-testid="organizer-resize-folder"]', (el) => Number(el.getAttribute('aria-valuenow')));
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageUp');
    await page.waitForSelector(`[data-testid="organizer-resize-folder"][aria-valuenow="${folderWidth + 200}"]`);
    const shown = await page.evaluate(() => {
      const row = document.querySelector('[role="option"]')!;
      const title = row.querySelector<HTMLElement>('.org-col-name .org-title')!;
      const tags = [...row.querySelectorAll<HTMLElement>('.org-col-tags .org-tag')];
      const folder = row.querySelector<HTMLElement>('.org-col-folder')!;
      const isolates = [...folder.querySelectorAll('bdi')];
      /** The left edge of each character of `text` in `el` (its first text node holding it). */
      const xOf = (el: Element, text: string) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(text);
          if (at < 0) continue;
          return [...text].map((_, i) => {
            const range = document.createRange();
            range.setStart(node, at + i);
            range.setEnd(node, at + i + 1);
            return range.getBoundingClientRect().left;
          });
        }
        return [];
      };
      const isolated = (el: Element) => el.tagName === 'BDI' && getComputedStyle(el).unicodeBidi === 'isolate';
      return {
        title: { isolated: isolated(title), text: title.textContent },
        tags: tags.map((t) => ({ isolated: isolated(t), text: t.textContent })),
        // "after" comes after the first tag, left to right, its letters in order.
        afterTag: { firstTagEnd: tags[0]!.getBoundingClientRect().right, after: xOf(tags[1]!, 'after') },
        folders: isolates.map((el) => ({ isolated: isolated(el), text: el.textContent })),
        // The folder after "evil‮folder" in the path: to its right, "Plain" in its order.
        evilEnd: isolates[1]!.getBoundingClientRect().right,
        plain: xOf(folder, 'Plain'),
        // The left edge of each "›" between the folders (text outside the isolates).
        separators: [...folder.querySelectorAll('.org-cut-head')].flatMap((head) =>
          [...head.childNodes]
            .filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('›'))
            .map((n) => {
              const range = document.createRange();
              range.selectNodeContents(n);
              return range.getBoundingClientRect().left;
            }),
        ),
      };
    });
    expect(shown.title).toEqual({ isolated: true, text: 'abc\u202Edef' });
    expect(shown.tags).toEqual([
      { isolated: true, text: 'x[U+202E]y' },
      { isolated: true, text: 'after' },
    ]);
    const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!);
    expect(shown.afterTag.after[0]).toBeGreaterThanOrEqual(shown.afterTag.firstTagEnd);
    expect(ascending(shown.afterTag.after)).toBe(true);
    expect(shown.folders).toEqual([
      { isolated: true, text: 'Bookmarks Toolbar' },
      { isolated: true, text: 'evil\u202Efolder' },
      { isolated: true, text: 'Plain' },
    ]);
    // The "›" after "evil‮folder" right of it (an override not isolated would carry it to its left), then "Plain".
    expect(shown.separators).toHaveLength(2);
    expect(shown.separators[1]).toBeGreaterThanOrEqual(shown.evilEnd - 0.5);
    expect(shown.plain[0]).toBeGreaterThanOrEqual(shown.evilEnd);
    expect(ascending(shown.plain)).toBe(true);
    // In the tree and the breadcrumb too: the folder's name in an isolate of its own.
    await page.click('[data-testid="organizer-search"]', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.click(`#org-tree-toolbar_____`);
    const evilRow = await page.waitForSelector('[role="treeitem"] ::-p-text(evil)');
    expect(await evilRow!.evaluate((el) => el.closest('bdi')?.textContent)).toBe('evil\u202Efolder');
    await page.evaluate((id) => localStorage.setItem('tidymarks-organizer-folder', id), plain);
    const reopened = await reopen(page);
    // The reopened view shows the remembered folder once its path is read: wait for that, not for the first render.
    const crumbsShown = () => reopened.$$eval('[data-testid="organizer-breadcrumb"] bdi', (els) => els.map((el) => [el.textContent, getComputedStyle(el).unicodeBidi]));
    await expect.poll(crumbsShown).toEqual([
      ['Bookmarks Toolbar', 'isolate'],
      ['evil\u202Efolder', 'isolate'],
      ['Plain', 'isolate'],
    ]);
  });
});

describe('organizer in the sidebar', () => {
  it('fits 300 px: nothing past the right edge, the tree a third of the height at least, the actions in a menu run from the keyboard', async () => {
    const harness = await seedDemo();
    const page = await ff.open('sidebar/index.html');
    await page.setViewport({ width: 300, height: 700 });
    await page.waitForSelector(LIST);
    const sizes = await page.evaluate(() => ({
      window: innerHeight,
      tree: document.querySelector('[data-testid="organizer-tree"]')!.getBoundingClientRect().height,
      list: document.querySelector('.org-list-scroll')!.getBoundingClientRect().height,
      /** The toolbar's controls that are not beside the search field (on a line of their own). */
      toolbarBelow: (() => {
        const search = document.querySelector('[data-testid="organizer-search"]')!.getBoundingClientRect();
        return [...document.querySelectorAll('.org-toolbar button, .org-toolbar input')].filter((el) => el.getBoundingClientRect().top >= search.bottom).length;
      })(),
    }));
    expect(sizes.tree).toBeGreaterThanOrEqual(sizes.window / 3);
    expect(sizes.list).toBeGreaterThanOrEqual(sizes.window / 4);
    // The search field and the menu button, on one line.
    expect(sizes.toolbarBelow).toBe(0);
    expect(await pastTheEdge(page)).toEqual([]);
    // The menu, from the keyboard: Enter opens it on its first item, ↓ moves, Esc closes it back to its button.
    await page.focus('[data-testid="organizer-actions"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="menu"]');
    expect(await page.$eval('[data-testid="organizer-actions"]', (el) => el.getAttribute('aria-expanded'))).toBe('true');
    expect(await focusedText(page)).toContain('New bookmark');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toContain('New folder');
    expect(await pastTheEdge(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('organizer-sidebar-menu') });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="menu"]', { hidden: true });
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid)).toBe('organizer-actions');
    // ↑ opens it on its last item; End, Home; Enter on "New folder" makes one in the folder shown.
    await page.keyboard.press('ArrowUp');
    await page.waitForSelector('[role="menu"]');
    expect(await focusedText(page)).toContain('Folders first');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="menu"]', { hidden: true });
    const shownFolder = await page.$eval('[role="tree"]', (el) => el.getAttribute('aria-activedescendant')!.replace('org-tree-', ''));
    await expect
      .poll(() => harness.evaluate(async (id) => (await window.tm.browser.bookmarks.getChildren(id)).some((c) => c.title === 'New folder' && !c.url), shownFolder))
      .toBe(true);
    // Search results: the name on a line of its own, whole width, the folder below it.
    await page.type('[data-testid="organizer-search"]', 'github');
    await page.waitForSelector('[role="option"] .org-col-folder:not([hidden])');
    const results = await page.evaluate(() =>
      [...document.querySelectorAll('[role="option"]')].slice(0, 5).map((o) => {
        const name = o.querySelector('.org-col-name')!.getBoundingClientRect();
        const folder = o.querySelector('.org-col-folder')!.getBoundingClientRect();
        return { nameWidth: name.width, folderBelow: folder.top >= name.bottom - 1, folderWidth: folder.width };
      }),
    );
    expect(results.length).toBeGreaterThan(1);
    for (const r of results) {
      expect(r.nameWidth).toBeGreaterThanOrEqual(240);
      expect(r.folderBelow).toBe(true);
    }
    expect(await pastTheEdge(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('organizer-sidebar-300') });
  });
});

describe('organizer in the sidebar, dark', () => {
  // The file's Firefox, switched to dark mode for this block.
  const dark = ff;
  usePrefs(dark, DARK_PREFS);

  it('the actions menu is drawn in the dark palette, its focused item marked', async () => {
    const page = await dark.open('sidebar/index.html');
    await page.setViewport({ width: 300, height: 700 });
    await page.waitForSelector(LIST);
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    await page.focus('[data-testid="organizer-actions"]');
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('[role="menu"]');
    const looks = await page.evaluate(() => {
      const menu = document.querySelector('[role="menu"]')!;
      const items = [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')];
      const focused = document.activeElement as HTMLElement;
      const plain = items.find((i) => i !== focused)!;
      return {
        page: getComputedStyle(document.body).backgroundColor,
        menu: getComputedStyle(menu).backgroundColor,
        text: getComputedStyle(plain).color,
        focused: getComputedStyle(focused).backgroundColor,
        plain: getComputedStyle(plain).backgroundColor,
      };
    });
    expect(looks.page).toBe('rgb(28, 27, 34)');
    expect(looks.menu).toBe(looks.page);
    expect(looks.text).toBe('rgb(251, 251, 254)');
    expect(looks.focused).not.toBe(looks.plain);
    expect(looks.focused).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: screenshotPath('organizer-sidebar-menu-dark') });
  });
});
