/**
 * Issue #11 in real Firefox: an import is all or nothing. A 3,000-bookmark import cancelled from the options page at
 * about 500 leaves nothing (bookmarks, folders, separators, tags); a tab closed mid-import does the same; Firefox
 * killed mid-import (SIGKILL of the process this test launched) and started again on the same profile rolls it back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { killFirefox, launchFirefox, type Firefox } from './firefox';
import { useFirefox } from './use-firefox';
import { waitForShown } from './page-waits';

/** 30 folders of 100 tagged bookmarks with a separator each: 3,000 bookmarks. */
function bigFile(): string {
  const rows: string[] = [];
  for (let f = 0; f < 30; f++) {
    rows.push(`<DT><H3>Folder ${f}</H3>\n<DL><p>`);
    for (let i = 0; i < 100; i++) {
      if (i === 50) rows.push('<HR>');
      rows.push(`<DT><A HREF="https://big.example/${f}/${i}" ADD_DATE="1700000000" TAGS="big,f${f}">Item ${f}-${i}</A>`);
    }
    rows.push('</DL><p>');
  }
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<H1>Bookmarks</H1>\n<DL><p>\n${rows.join('\n')}\n</DL>\n`;
}

/** Everything under the roots (titles, types, URLs) and every tag. */
async function state(page: Page) {
  return page.evaluate(async () => {
    type N = { title: string; url?: string; type?: string; children?: N[] };
    const [root] = (await window.tm.browser.bookmarks.getTree()) as N[];
    const out: string[] = [];
    const walk = (n: N, path: string) => {
      out.push(`${path}/${n.title}|${n.type}|${n.url ?? ''}`);
      n.children?.forEach((c) => walk(c, `${path}/${n.title}`));
    };
    walk(root, '');
    return { tree: out, tags: await window.tm.client.call('tags.list', {}) };
  });
}

async function seedMine(page: Page) {
  await page.evaluate(async () => {
    await window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Mine', url: 'https://mine.example/' });
    await window.tm.client.call('tags.add', { urls: ['https://mine.example/'], tags: ['own'] });
  });
}

const bigCount = (page: Page) => page.evaluate(async () => (await window.tm.browser.bookmarks.search({ query: 'big.example' })).length);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('an import is all or nothing (real Firefox)', () => {
  const ff = useFirefox();

  it('regression: cancelling a 3,000-bookmark import at about 500 from the options page leaves nothing behind, tags included', async () => {
    const harness = await ff.harness();
    await seedMine(harness);
    const before = await state(harness);
    const dir = mkdtempSync(join(tmpdir(), 'tm-import-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'big.html'), bigFile());
    const page = await ff.open('options/index.html#import-export');
    const input = await page.waitForSelector('#import-file');
    await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(join(dir, 'big.html'));
    const importButton = await waitForShown(page, '::-p-text(Import 3,000 bookmarks)');
    await importButton!.click();
    await expect.poll(() => bigCount(harness), { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(500);
    const cancel = await waitForShown(page, '::-p-text(Cancel import)');
    await cancel!.click();
    const error = await page.waitForSelector('[data-testid="import-error"]', { timeout: 60_000 });
    expect(await error!.evaluate((e) => e.textContent)).toMatch(
      /^Import cancelled: the [\d,]+ entries it had added were taken back, tags included, so nothing of the file stays/,
    );
    expect(await state(harness)).toEqual(before);
    const [session] = await harness.evaluate(() => window.tm.client.call('history.list', {}));
    expect(session).toMatchObject({ kind: 'import', status: 'rolled-back', canUndo: false });
    await page.close();
  }, 180_000);

  it('closing the tab mid-import takes back everything it had added', async () => {
    const harness = await ff.harness();
    await seedMine(harness);
    const before = await state(harness);
    const other = await ff.open('tests/harness/index.html');
    await other.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
    await other.evaluate((html) => void window.tm.client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' } }).result.catch(() => undefined), bigFile());
    await expect.poll(() => bigCount(harness), { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(500);
    await other.close();
    await expect
      .poll(async () => (await harness.evaluate(() => window.tm.client.call('history.list', {})))[0]?.status, { timeout: 60_000, interval: 200 })
      .toBe('rolled-back');
    expect(await state(harness)).toEqual(before);
  }, 180_000);
});

describe('an import interrupted by a crash is rolled back at the next start (real Firefox)', () => {
  it('regression: Firefox killed mid-import, started again on the same profile: nothing of the file is left', async () => {
    const prefs = { 'extensions.webextensions.keepStorageOnUninstall': true, 'extensions.webextensions.keepUuidOnUninstall': true };
    const profile = mkdtempSync(join(tmpdir(), 'tidymarks-import-kill-'));
    dirs.push(profile);
    let ff: Firefox | null = await launchFirefox({ userDataDir: profile, prefs });
    try {
      let harness = await ff.harness();
      await seedMine(harness);
      const before = await state(harness);
      await harness.evaluate(
        (html) => void window.tm.client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' } }).result.catch(() => undefined),
        bigFile(),
      );
      await expect.poll(() => bigCount(harness), { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(500);
      await killFirefox(ff);

      ff = await launchFirefox({ userDataDir: profile, prefs });
      harness = await ff.harness();
      await expect
        .poll(async () => (await harness.evaluate(() => window.tm.client.call('history.list', {})))[0]?.status, { timeout: 120_000, interval: 250 })
        .toBe('rolled-back');
      expect(await state(harness)).toEqual(before);
    } finally {
      await ff?.close();
    }
  }, 300_000);
});
