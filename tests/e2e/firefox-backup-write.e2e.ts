/**
 * Issue 33, "Write a Firefox backup", in real Firefox: the Import / Export view's button saves the tree as Firefox's
 * backup JSON, and Firefox's own restore (BookmarkJSONUtils.importFromFile in replace mode, what the Library's
 * Import and Backup › Restore › Choose File… runs) gives back the identical tree: types, titles, addresses, folder
 * paths, order and GUIDs, with Tidymarks' tags and keywords as Firefox's own tags and keywords.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect, it, vi } from 'vitest';
import { useFirefox } from './use-firefox';
import { waitForShown } from './page-waits';

const ROOTS = ['menu________', 'toolbar_____', 'unfiled_____', 'mobile______'];

/** Every item under Firefox's four folders: id, kind, title, address and path of titles, in Firefox's order. */
async function items(harness: Page): Promise<string[]> {
  return harness.evaluate(async (roots: string[]) => {
    type N = { id: string; title: string; url?: string; type?: string; children?: N[] };
    const out: string[] = [];
    const walk = (n: N, path: string) => {
      out.push(`${n.id} ${n.type} ${path} | ${n.title} | ${n.url ?? ''}`);
      for (const c of n.children ?? []) walk(c, `${path}/${n.title}`);
    };
    for (const id of roots) {
      const [root] = (await window.tm.browser.bookmarks.getSubTree(id)) as N[];
      for (const c of root!.children ?? []) walk(c, id);
    }
    return out;
  }, ROOTS);
}

describe('a Firefox backup written by Tidymarks (real Firefox)', () => {
  const ff = useFirefox();

  it('the button saves it; Firefox’s own restore gives the identical tree, and Tidymarks’ tags and keywords become Firefox’s', async () => {
    const harness = await ff.harness();
    await harness.evaluate(async () => {
      const b = window.tm.browser.bookmarks;
      const dev = await b.create({ parentId: 'toolbar_____', title: 'Dev ‮ <b>bold</b>' });
      await b.create({ parentId: dev.id, title: 'MDN "docs"', url: 'https://developer.mozilla.org/' });
      await b.create({ parentId: dev.id, type: 'separator' });
      const inner = await b.create({ parentId: dev.id, title: 'Inner' });
      await b.create({ parentId: inner.id, title: 'Deep page', url: 'https://deep.example/a?b=1#c' });
      await b.create({ parentId: dev.id, title: 'Empty' });
      await b.create({ parentId: 'menu________', title: 'Menu page', url: 'https://menu.example/' });
      await b.create({ parentId: 'unfiled_____', title: 'Other page', url: 'https://other.example/' });
      await b.create({ parentId: 'unfiled_____', title: 'Other page, again', url: 'https://other.example/' });
      await b.create({ parentId: 'mobile______', title: 'Phone', url: 'https://m.example/' });
      await window.tm.client.call('tags.add', { urls: ['https://developer.mozilla.org/', 'https://m.example/'], tags: ['docs', 'web'] });
      await window.tm.client.call('tags.add', { urls: ['https://other.example/'], tags: ['später'] });
      // Keywords, which Tidymarks keeps as a backup brings them in.
      await window.tm.client.startJob('backups.bringIn', {
        items: [
          { guid: null, url: 'https://developer.mozilla.org/', tags: [], keyword: 'mdn' },
          { guid: null, url: 'https://other.example/', tags: [], keyword: 'other' },
        ],
      }).result;
    });
    const before = await items(harness);
    const tagsBefore = await harness.evaluate(() => window.tm.client.call('tags.list', {}));

    const page = await ff.open('options/index.html#import-export');
    await waitForShown(page, 'button::-p-text(Save a Firefox backup)');
    await page.click('button::-p-text(Save a Firefox backup)');
    await waitForShown(page, '[data-testid="export-status"]::-p-text(Firefox backup saved: 6 bookmarks (4 tagged, 3 with a keyword) in 3 folders.)');
    expect(await page.$eval('[data-testid="export-status"]', (e) => e.textContent)).toContain('Import and Backup › Restore › Choose File…');
    await page.close();
    const saved = await vi.waitFor(
      () => {
        const name = readdirSync(ff.downloadDir).find((f) => /^bookmarks-\d{4}-\d\d-\d\d\.json$/.test(f));
        if (!name) throw new Error('no backup downloaded yet');
        JSON.parse(readFileSync(join(ff.downloadDir, name), 'utf8')); // throws until the whole file is there
        return join(ff.downloadDir, name);
      },
      { timeout: 30_000, interval: 100 },
    );

    // Everything wiped, as on another computer, then Firefox's own restore of the file.
    await ff.reset();
    expect(await items(harness)).toEqual([]);
    await ff.chrome(
      `async (path) => {
        const { BookmarkJSONUtils } = ChromeUtils.importESModule('resource://gre/modules/BookmarkJSONUtils.sys.mjs');
        await BookmarkJSONUtils.importFromFile(path, { replace: true });
      }`,
      saved,
    );
    expect(await items(harness)).toEqual(before);
    // Tidymarks' tags are now Firefox's own, on the same addresses.
    const firefoxTags = await ff.chrome<Record<string, string[]>>(
      `async (urls) => {
        const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs');
        const out = {};
        for (const url of urls) out[url] = PlacesUtils.tagging.getTagsForURI(Services.io.newURI(url)).sort();
        return out;
      }`,
      ['https://developer.mozilla.org/', 'https://m.example/', 'https://other.example/', 'https://deep.example/a?b=1#c'],
    );
    expect(firefoxTags).toEqual({
      'https://developer.mozilla.org/': ['docs', 'web'],
      'https://m.example/': ['docs', 'web'],
      'https://other.example/': ['später'],
      'https://deep.example/a?b=1#c': [],
    });
    expect(tagsBefore.map((t) => t.tag).sort()).toEqual(['docs', 'später', 'web']);
    // And Tidymarks' keywords are Firefox's own: its address bar knows them now.
    const firefoxKeywords = await ff.chrome<Record<string, string | null>>(
      `async (urls) => {
        const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs');
        const out = {};
        for (const url of urls) out[url] = (await PlacesUtils.keywords.fetch({ url }))?.keyword ?? null;
        return out;
      }`,
      ['https://developer.mozilla.org/', 'https://other.example/', 'https://m.example/'],
    );
    expect(firefoxKeywords).toEqual({ 'https://developer.mozilla.org/': 'mdn', 'https://other.example/': 'other', 'https://m.example/': null });
  });
});
