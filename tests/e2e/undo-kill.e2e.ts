/**
 * An undo killed with Firefox (SIGKILL of the Firefox this test launched, no other) in the middle of re-creating what
 * an organizer delete removed: the items it re-creates are journaled ahead, several folders in one write
 * (src/operation-history/undo-placements.ts), so the kill falls inside such a write with the ids of the last ones
 * made not stored. Started again on the same profile, the undo is rolled back: nothing it re-created is left, the
 * delete stands and can be undone whole, and the bookmark the person made in one of the folders meanwhile stays.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { killFirefox, launchFirefox, type Firefox } from './firefox';
import { seedTree } from './places-seed';

/** 40 a folder: one write journals three folders ahead (AHEAD is 128 entries). */
const FOLDERS = 30;
const PER_FOLDER = 40;
/** The person's own bookmark, in the last folder, alike one the undo re-creates there. */
const MINE = { title: 'uk 29-3', url: 'https://uk.example/29/3' };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Each "Uk n" folder's children, "title <url>", in order. */
async function folders(harness: Page): Promise<string[][]> {
  return harness.evaluate(async () => {
    const menu = await window.tm.browser.bookmarks.getChildren('menu________');
    const out: string[][] = [];
    for (const folder of menu.filter((c) => c.title.startsWith('Uk '))) {
      out.push((await window.tm.browser.bookmarks.getChildren(folder.id)).map((c) => `${c.title} <${c.url}>`));
    }
    return out;
  });
}

describe('an undo interrupted by a crash is rolled back at the next start (real Firefox)', () => {
  it('Firefox killed mid-undo of a delete, started again: the delete stands, the bookmark made meanwhile stays; undo then works', async () => {
    const prefs = { 'extensions.webextensions.keepStorageOnUninstall': true, 'extensions.webextensions.keepUuidOnUninstall': true };
    const profile = mkdtempSync(join(tmpdir(), 'tm-undo-kill-'));
    dirs.push(profile);
    let ff: Firefox | null = await launchFirefox({ userDataDir: profile, prefs });
    try {
      await seedTree(ff, {
        menu________: Array.from({ length: FOLDERS }, (_, f) => ({
          title: `Uk ${f}`,
          children: Array.from({ length: PER_FOLDER }, (_, i) => ({ title: `uk ${f}-${i}`, url: `https://uk.example/${f}/${i}` })),
        })),
      });
      let harness = await ff.harness();
      const all = await folders(harness);
      await harness.evaluate(async (mine: typeof MINE) => {
        const menu = await window.tm.browser.bookmarks.getChildren('menu________');
        const ids: string[] = [];
        for (const folder of menu.filter((c) => c.title.startsWith('Uk '))) ids.push(...(await window.tm.browser.bookmarks.getChildren(folder.id)).map((c) => c.id));
        await window.tm.client.call('organizer.remove', { ids });
        const last = menu.filter((c) => c.title.startsWith('Uk ')).at(-1)!;
        await window.tm.browser.bookmarks.create({ parentId: last.id, ...mine });
      }, MINE);
      const deleted = await folders(harness);
      expect(deleted.flat()).toEqual([`${MINE.title} <${MINE.url}>`]);
      await harness.waitForFunction(async () => (await window.tm.client.call('history.list', {}))[0]?.kind === 'edit');
      await harness.evaluate(() => void window.tm.client.startJob('history.undo', {}).result.catch(() => undefined));
      const made = () => harness.evaluate(async () => (await window.tm.browser.bookmarks.search({ query: 'uk.example' })).length);
      await expect.poll(made, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(300);
      await killFirefox(ff);

      ff = await launchFirefox({ userDataDir: profile, prefs });
      harness = await ff.harness();
      await expect
        .poll(async () => (await harness.evaluate(() => window.tm.client.call('history.list', {})))[0], { timeout: 120_000, interval: 250 })
        .toMatchObject({ kind: 'edit', state: 'done', canUndo: true });
      expect(await folders(harness)).toEqual(deleted);
      // The delete is undone whole now; the person's bookmark stays beside the one re-created.
      await harness.evaluate(() => window.tm.client.startJob('history.undo', {}).result);
      const back = await folders(harness);
      expect(back.slice(0, -1)).toEqual(all.slice(0, -1));
      expect([...back.at(-1)!].sort()).toEqual([...all.at(-1)!, `${MINE.title} <${MINE.url}>`].sort());
    } finally {
      await ff?.close();
    }
  }, 300_000);
});
