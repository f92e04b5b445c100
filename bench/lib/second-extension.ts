/**
 * A second, small extension for footprint benchmarks: what another extension (or Sync, or the user) pays for
 * bookmark changes while Tidymarks is installed. It is written into a temporary folder and installed like ours
 * (puppeteer's browser.installExtension); its page `loop.html` has the bookmarks API and nothing else, so the
 * bench times plain bookmarks.remove and bookmarks.create loops made by it.
 *
 * `listeners` adds no-op bookmark listeners to its own background (diagnostics: what each registered listener
 * costs Firefox, without any work in it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import type { Browser } from '../../src/platform/browser';
import { navigate, type Firefox } from '../../tests/e2e/firefox';

export interface SecondExtension {
  dir: string;
  geckoId: string;
  uuid: string;
  /** Removes the temporary folder. */
  remove(): void;
}

export interface ListenerCounts {
  onCreated?: number;
  onRemoved?: number;
  onChanged?: number;
  onMoved?: number;
}

/** Writes the extension; `name` keeps several of them apart (their ids and moz-extension UUIDs differ). */
export function writeSecondExtension(name = 'footprint', uuid = '0f0f0f0f-1e1e-4d4d-8c8c-000000000001', listeners: ListenerCounts = {}): SecondExtension {
  const dir = mkdtempSync(join(tmpdir(), `tidymarks-${name}-ext-`));
  const geckoId = `${name}@bench.tidymarks.invalid`;
  const manifest = {
    manifest_version: 2,
    name: `Bench ${name}`,
    version: '1.0',
    permissions: ['bookmarks'],
    background: { scripts: ['background.js'], persistent: false },
    browser_specific_settings: { gecko: { id: geckoId } },
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const lines = ['// No-op listeners: what Firefox pays per registered listener.'];
  for (const [event, count] of Object.entries(listeners)) {
    for (let i = 0; i < (count ?? 0); i++) lines.push(`browser.bookmarks.${event}.addListener(() => {});`);
  }
  writeFileSync(join(dir, 'background.js'), lines.join('\n') + '\n');
  writeFileSync(join(dir, 'loop.html'), '<!DOCTYPE html><meta charset="utf-8"><title>loop</title><p id="status">ready</p>\n');
  return { dir, geckoId, uuid, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The prefs that give these extensions fixed moz-extension UUIDs (added to Tidymarks' own). */
export function uuidPrefs(ownId: string, ownUuid: string, extensions: readonly SecondExtension[]): Record<string, string> {
  const uuids: Record<string, string> = { [ownId]: ownUuid };
  for (const e of extensions) uuids[e.geckoId] = e.uuid;
  return { 'extensions.webextensions.uuids': JSON.stringify(uuids) };
}

/** Opens the extension's loop page in a new tab. */
export async function openLoopPage(ff: Firefox, ext: SecondExtension): Promise<Page> {
  const page = await ff.browser.newPage();
  await navigate(page, `moz-extension://${ext.uuid}/loop.html`);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
  return page;
}

/** The bookmarks under the Bookmarks Menu folder with this title (subfolders included), in tree order. */
export function bookmarkIdsUnder(page: Page, title: string): Promise<string[]> {
  return page.evaluate(async (title: string) => {
    const b = (globalThis as unknown as { browser: Browser }).browser.bookmarks;
    const folder = (await b.getChildren('menu________')).find((c) => c.title === title);
    if (!folder) throw new Error(`no folder ${title}`);
    const [tree] = await b.getSubTree(folder.id);
    const ids: string[] = [];
    // No named inner functions: tsx would wrap them in a helper the page does not have.
    const stack = [...(tree!.children ?? [])].reverse();
    while (stack.length) {
      const c = stack.pop()!;
      if (c.url) ids.push(c.id);
      else stack.push(...[...(c.children ?? [])].reverse());
    }
    return ids;
  }, title);
}

/** A sequential bookmarks.remove loop over `ids` from the page; its time in ms (in slices, for the protocol timeout). */
export async function removeLoop(page: Page, ids: readonly string[]): Promise<number> {
  let ms = 0;
  for (let i = 0; i < ids.length; i += 500) {
    ms += await page.evaluate(
      async (slice: string[]) => {
        const b = (globalThis as unknown as { browser: Browser }).browser.bookmarks;
        const t = performance.now();
        for (const id of slice) await b.remove(id);
        return performance.now() - t;
      },
      ids.slice(i, i + 500),
    );
  }
  return ms;
}

/**
 * A sequential bookmarks.create loop of `n` bookmarks into a new folder of Other Bookmarks, in folders of 50 (a
 * burst like an import or a sync); its time in ms (the folders' own creates included).
 */
export async function createLoop(page: Page, n: number, prefix: string): Promise<number> {
  let ms = 0;
  const root = await page.evaluate(async (prefix: string) => {
    const b = (globalThis as unknown as { browser: Browser }).browser.bookmarks;
    return (await b.create({ parentId: 'unfiled_____', title: `Created ${prefix}` })).id;
  }, prefix);
  for (let i = 0; i < n; i += 500) {
    ms += await page.evaluate(
      async (root: string, from: number, to: number, prefix: string) => {
        const b = (globalThis as unknown as { browser: Browser }).browser.bookmarks;
        const t = performance.now();
        let folder = '';
        for (let k = from; k < to; k++) {
          if (k % 50 === 0) folder = (await b.create({ parentId: root, title: `${prefix} ${k / 50}` })).id;
          await b.create({ parentId: folder, title: `${prefix} page ${k}`, url: `https://created.example/${prefix}/${k}` });
        }
        return performance.now() - t;
      },
      root,
      i,
      Math.min(n, i + 500),
      prefix,
    );
  }
  return ms;
}

/**
 * A sequential bookmarks.create loop of `n` copies of the bookmarks under the Bookmarks Menu folder `title` (its
 * addresses and titles, in tree order, from the start again when they run out) into a new folder of Other Bookmarks,
 * in folders of 50: another extension (or a sync tool) bringing back bookmarks that exist. Its time in ms, as
 * createLoop's.
 */
export async function copyLoop(page: Page, title: string, n: number, prefix: string): Promise<number> {
  const originals = await page.evaluate(async (title: string) => {
    const b = (globalThis as unknown as { browser: Browser }).browser.bookmarks;
    const folder = (await b.getChildren('menu________')).find((c) => c.title === title);
    if (!folder) throw new Error(`no folder ${title}`);
    const [tree] = await b.getSubTree(folder.id);
    const found: { title: string; url: string }[] = [];
    const stack = [...(tree!.children ?? [])].reverse();
    while (stack.length) {
      const c = stack.pop()!;
      if (c.url) found.push({ title: c.title, url: c.url });
      else stack.push(...[...(c.children ?? [])].reverse());
    }
    return found;
  }, title);
  if (!originals.length) throw new Error(`no bookmarks under ${title}`);
  const root = await page.evaluate(async (prefix: string) => {
    const b = (globalThis as unknown as { browser: Browser }).browser.bookmarks;
    return (await b.create({ parentId: 'unfiled_____', title: `Copied ${prefix}` })).id;
  }, prefix);
  let ms = 0;
  for (let i = 0; i < n; i += 500) {
    const slice = Array.from({ length: Math.min(n, i + 500) - i }, (_, k) => originals[(i + k) % originals.length]!);
    ms += await page.evaluate(
      async (root: string, from: number, slice: { title: string; url: string }[], prefix: string) => {
        const b = (globalThis as unknown as { browser: Browser }).browser.bookmarks;
        const t = performance.now();
        let folder = '';
        for (let k = 0; k < slice.length; k++) {
          if ((from + k) % 50 === 0) folder = (await b.create({ parentId: root, title: `${prefix} ${(from + k) / 50}` })).id;
          await b.create({ parentId: folder, title: slice[k]!.title, url: slice[k]!.url });
        }
        return performance.now() - t;
      },
      root,
      i,
      slice,
      prefix,
    );
  }
  return ms;
}
