import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { msg, say } from '../../../src/i18n';
import { boot } from '../../kit/boot';
import type { Browser, BookmarkNode } from '../../../src/platform/browser';

const firefoxExport = readFileSync(resolve(import.meta.dirname, 'fixtures/firefox-export.html'), 'utf8');

const setup = () => boot();

/** The user's tree as plain data (titles, urls, kinds), ids and dates left out. */
async function shape(browser: Browser, id: string): Promise<unknown[]> {
  const [node] = await browser.bookmarks.getSubTree(id);
  const walk = (n: BookmarkNode): unknown =>
    n.type === 'separator' ? '---' : n.url !== undefined && n.type !== 'folder' ? `${n.title} <${n.url}>` : { [n.title]: (n.children ?? []).map(walk) };
  return (node!.children ?? []).map(walk);
}

describe('bookmarksHtml.import', () => {
  it('imports Firefox’s export into the real roots with folders, separators and tags', async () => {
    const { browser, client } = await setup();
    const progress: number[] = [];
    const job = client.startJob('bookmarksHtml.import', { html: firefoxExport, target: { into: 'roots' } }, (p) => progress.push(p.done));
    const report = await job.result;
    expect(report.imported).toEqual({ bookmarks: 8, folders: 3, separators: 2 });
    expect(report.skippedCount).toBe(0);
    expect(report.notImported).toEqual({ keywords: 1, descriptions: 2, icons: 1 });
    expect(progress.at(-1)).toBe(15);
    expect(await shape(browser, 'menu________')).toEqual([
      'MDN Web Docs <https://developer.mozilla.org/en-US/docs/Web>',
      {
        'Mozilla Firefox': [
          'Get Help <https://support.mozilla.org/products/firefox>',
          'Customize Firefox <https://www.mozilla.org/firefox/customize/>',
          '---',
          'About Us <https://www.mozilla.org/about/>',
        ],
      },
      '---',
    ]);
    expect(await shape(browser, 'toolbar_____')).toEqual([
      'Search <"quotes"> & more <https://example.com/search?q=a&b=%22c%22>',
      { Dev: ['GitHub <https://github.com/>', { Empty: [] }] },
    ]);
    expect(await shape(browser, 'unfiled_____')).toHaveLength(2);
    const tags = await client.call('tags.forUrls', { urls: ['https://developer.mozilla.org/en-US/docs/Web', 'https://github.com/', 'https://news.ycombinator.com/'] });
    expect(Object.fromEntries(tags.map((t) => [t.url, t.tags]))).toMatchObject({
      'https://developer.mozilla.org/en-US/docs/Web': ['docs', 'web'],
      'https://github.com/': ['code'],
    });
    expect(report.taggedUrls).toBe(5);
  });

  it('imports into a chosen folder, the special folders becoming ordinary subfolders', async () => {
    const { browser, client } = await setup();
    const target = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Imported' });
    const report = await client.startJob('bookmarksHtml.import', { html: firefoxExport, target: { into: 'folder', folderId: target.id } }).result;
    expect(report.imported).toEqual({ bookmarks: 8, folders: 5, separators: 2 });
    const top = await shape(browser, target.id);
    expect(top.map((n) => (typeof n === 'string' ? n : Object.keys(n as object)[0]))).toEqual([
      'MDN Web Docs <https://developer.mozilla.org/en-US/docs/Web>',
      'Mozilla Firefox',
      '---',
      'Bookmarks Toolbar',
      'Other Bookmarks',
    ]);
    expect(await shape(browser, 'menu________')).toEqual([]);
  });

  it('skips entries that already exist by the safe rules but still gives their tags to the existing URL', async () => {
    const { browser, client } = await setup();
    await browser.bookmarks.create({ parentId: 'menu________', title: 'mine', url: 'https://github.com/?utm_source=feed' }); // same key by the safe rules
    const report = await client.startJob('bookmarksHtml.import', { html: firefoxExport, target: { into: 'roots' } }).result;
    expect(report.skipped.map((s) => s.url)).toEqual(['https://github.com/']);
    expect(report.imported.bookmarks).toBe(7);
    const tags = await client.call('tags.forUrls', { urls: ['https://github.com/?utm_source=feed'] });
    expect(tags).toEqual([{ url: 'https://github.com/?utm_source=feed', tags: ['code'] }]);
  });

  it('regression: the opt-in matching rules never make an import skip a page that really differs', async () => {
    const { browser, client } = await setup();
    await client.call('settings.set', { patch: { matching: { ignoreWww: true, ignoreQuery: true } } });
    await browser.bookmarks.create({ parentId: 'menu________', title: 'about', url: 'https://mozilla.org/about/' }); // same as www.mozilla.org only with ignoreWww
    const report = await client.startJob('bookmarksHtml.import', { html: firefoxExport, target: { into: 'roots' } }).result;
    expect(report.skippedCount).toBe(0);
    expect(report.imported.bookmarks).toBe(8);
    const tags = await client.call('tags.forUrls', { urls: ['https://mozilla.org/about/', 'https://www.mozilla.org/about/'] });
    expect(Object.fromEntries(tags.map((t) => [t.url, t.tags]))).toEqual({ 'https://mozilla.org/about/': [], 'https://www.mozilla.org/about/': ['mozilla'] });
    expect((await client.call('core.countBookmarks', {})).bookmarks).toBe(9);
  });

  it('importing the same file twice adds nothing the second time (not even empty folders)', async () => {
    const { client } = await setup();
    await client.startJob('bookmarksHtml.import', { html: firefoxExport, target: { into: 'roots' } }).result;
    const before = await client.call('core.countBookmarks', {});
    const again = await client.startJob('bookmarksHtml.import', { html: firefoxExport, target: { into: 'roots' } }).result;
    expect(again.imported).toEqual({ bookmarks: 0, folders: 0, separators: 0 });
    expect(again.skippedCount).toBe(8);
    expect(await client.call('core.countBookmarks', {})).toEqual(before);
  });

  it('a truncated file imports nothing and says why', async () => {
    const { client } = await setup();
    const truncated = firefoxExport.slice(0, firefoxExport.indexOf('Hacker News'));
    await expect(client.startJob('bookmarksHtml.import', { html: truncated, target: { into: 'roots' } }).result).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/truncated.*Nothing was imported/),
    });
    expect(await client.call('core.countBookmarks', {})).toEqual({ bookmarks: 0, folders: 4, separators: 0 });
    expect(await client.call('tags.list', {})).toEqual([]);
  });

  it('a missing target folder imports nothing', async () => {
    const { client } = await setup();
    await expect(client.startJob('bookmarksHtml.import', { html: firefoxExport, target: { into: 'folder', folderId: 'nope' } }).result).rejects.toMatchObject({
      code: 'not-found',
    });
    expect((await client.call('core.countBookmarks', {})).bookmarks).toBe(0);
  });

  it('inspect tells the counts of a file without importing', async () => {
    const { client } = await setup();
    expect(await client.call('bookmarksHtml.inspect', { html: firefoxExport })).toEqual({
      counts: { bookmarks: 8, folders: 5, separators: 2, taggedBookmarks: 5 },
      problems: 0,
      notices: [],
      truncated: null,
      title: 'Bookmarks Menu',
    });
  });

  it('skips what is already bookmarked by default, second copies inside the file too, and counts them', async () => {
    const { browser, client } = await setup();
    await browser.bookmarks.create({ parentId: 'menu________', title: 'mine', url: 'https://a.example/' });
    const rows = ['a', 'b', 'b', 'c', 'a', 'b/'].map((p, i) => `<DT><A HREF="https://${p.replace('/', '')}.example/${p.endsWith('/') ? '' : ''}" TAGS="t${i}">${p}</A>`);
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${rows.join('\n')}\n</DL>`;
    const report = await client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' } }).result;
    expect(report.imported.bookmarks).toBe(2); // b and c
    expect(report.skippedCount).toBe(4);
    expect(report.skipped.map((s) => s.url)).toEqual(['https://a.example/', 'https://b.example/', 'https://a.example/', 'https://b.example/']);
    expect((await client.call('core.countBookmarks', {})).bookmarks).toBe(3);
    // The skipped copies' tags still go to the bookmark they matched.
    const tags = await client.call('tags.forUrls', { urls: ['https://a.example/', 'https://b.example/'] });
    expect(Object.fromEntries(tags.map((t) => [t.url, t.tags]))).toEqual({ 'https://a.example/': ['t0', 't4'], 'https://b.example/': ['t1', 't2', 't5'] });
  });

  it('an address Firefox refuses is reported with its second copy in the file; neither is counted skipped nor given tags, the rest imports', async () => {
    const refusing = (browser: Browser): Browser => ({
      ...browser,
      bookmarks: {
        ...browser.bookmarks,
        create: async (details) => {
          if (details.url === 'https://refused.example/') throw new Error('Refused.');
          return browser.bookmarks.create(details);
        },
      },
    });
    const { client } = await boot({ browser: refusing });
    const rows = ['refused', 'a', 'refused', 'b', 'a'].map((p, i) => `<DT><A HREF="https://${p}.example/" TAGS="t${i}">${p} ${i}</A>`);
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${rows.join('\n')}\n</DL>`;
    const report = await client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' } }).result;
    expect(report.imported.bookmarks).toBe(2);
    expect(report.problems.map((p) => p.message)).toEqual([
      msg('importProblemNotCreated', 'refused 0', 'Refused.'),
      msg('importProblemNotCreated', 'refused 2', 'Refused.'),
    ]);
    expect(report.skipped.map((s) => s.title)).toEqual(['a 4']);
    const tags = await client.call('tags.forUrls', { urls: ['https://a.example/', 'https://refused.example/'] });
    expect(Object.fromEntries(tags.map((t) => [t.url, t.tags]))).toEqual({ 'https://a.example/': ['t1', 't4'], 'https://refused.example/': [] });
  });

  it('skipExisting: false imports every entry, copies included (a restore)', async () => {
    const { browser, client } = await setup();
    await browser.bookmarks.create({ parentId: 'menu________', title: 'mine', url: 'https://a.example/' });
    const html =
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="https://a.example/">a</A>\n<DT><A HREF="https://b.example/">b</A>\n<DT><A HREF="https://b.example/">b</A>\n</DL>';
    const report = await client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' }, skipExisting: false }).result;
    expect(report.imported.bookmarks).toBe(3);
    expect(report.skippedCount).toBe(0);
    expect((await client.call('core.countBookmarks', {})).bookmarks).toBe(4);
  });

  it('a truncated file: inspect says so; the import refuses it unless asked to import what was read', async () => {
    const { client } = await setup();
    const truncated = firefoxExport.slice(0, firefoxExport.indexOf('<DT><A HREF="https://github.com/"'));
    const info = await client.call('bookmarksHtml.inspect', { html: truncated });
    expect(info.truncated).toEqual({ line: 28, message: { id: 'importTruncatedFolderOpen', args: ['Dev'] } });
    expect(say(info.truncated!.message)).toBe('The file ends while the folder "Dev" is still open: it looks truncated');
    expect(info.counts.bookmarks).toBe(5);
    await expect(client.startJob('bookmarksHtml.import', { html: truncated, target: { into: 'roots' } }).result).rejects.toMatchObject({ code: 'invalid-input' });
    expect((await client.call('core.countBookmarks', {})).bookmarks).toBe(0);
    const report = await client.startJob('bookmarksHtml.import', { html: truncated, target: { into: 'roots' }, acceptTruncated: true }).result;
    expect(report.imported.bookmarks).toBe(5);
    expect(report.truncated).toEqual(info.truncated);
    expect((await client.call('core.countBookmarks', {})).bookmarks).toBe(5);
  });

  it('an extra closing </DL> and a Pocket export import (Firefox reads both)', async () => {
    const { client } = await setup();
    const extra = await client.startJob('bookmarksHtml.import', { html: `${firefoxExport}</DL>\n`, target: { into: 'roots' } }).result;
    expect(extra.imported.bookmarks).toBe(8);
    const pocket =
      '<!DOCTYPE html><html><body><h1>Unread</h1><ul><li><a href="https://getpocket.example/a" time_added="1600000000" tags="read,later">A</a></li></ul></body></html>';
    const report = await client.startJob('bookmarksHtml.import', { html: pocket, target: { into: 'roots' } }).result;
    expect(report.imported.bookmarks).toBe(1);
    expect(await client.call('tags.forUrls', { urls: ['https://getpocket.example/a'] })).toEqual([{ url: 'https://getpocket.example/a', tags: ['read', 'later'] }]);
  });
});

describe('bookmarksHtml.importTags (bring in Firefox’s tags)', () => {
  it('adds the file’s tags to the bookmarks that exist (exact URL, else safe matching) and creates no bookmark', async () => {
    const { browser, client } = await setup();
    await browser.bookmarks.create({ parentId: 'menu________', title: 'MDN', url: 'https://developer.mozilla.org/en-US/docs/Web' });
    await browser.bookmarks.create({ parentId: 'toolbar_____', title: 'GH', url: 'https://github.com/?utm_source=x' });
    const before = await client.call('core.countBookmarks', {});
    const progress: number[] = [];
    const report = await client.startJob('bookmarksHtml.importTags', { html: firefoxExport }, (p) => progress.push(p.done)).result;
    expect(await client.call('core.countBookmarks', {})).toEqual(before);
    expect(report).toMatchObject({ inFile: { bookmarks: 8, tagged: 5 }, matched: 2, taggedUrls: 2, unmatchedCount: 3 });
    expect(report.unmatched.map((u) => u.url).sort()).toEqual([
      'https://example.com/search?q=a&b=%22c%22',
      'https://www.mozilla.org/about/',
      'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9',
    ]);
    const tags = await client.call('tags.forUrls', { urls: ['https://developer.mozilla.org/en-US/docs/Web', 'https://github.com/?utm_source=x'] });
    expect(Object.fromEntries(tags.map((t) => [t.url, t.tags]))).toEqual({
      'https://developer.mozilla.org/en-US/docs/Web': ['docs', 'web'],
      'https://github.com/?utm_source=x': ['code'],
    });
    expect(progress.at(-1)).toBe(2);
  });

  it('a file that is not a bookmark file changes nothing', async () => {
    const { client } = await setup();
    await expect(client.startJob('bookmarksHtml.importTags', { html: 'hello' }).result).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await client.call('tags.list', {})).toEqual([]);
  });
});

describe('bookmarksHtml.export', () => {
  it('export then import into a fresh profile gives the same tree and tags', async () => {
    const first = await setup();
    await first.client.startJob('bookmarksHtml.import', { html: firefoxExport, target: { into: 'roots' } }).result;
    await first.browser.bookmarks.create({ parentId: 'mobile______', title: 'On the phone', url: 'https://m.example/' });
    await first.client.call('tags.add', { urls: ['https://m.example/'], tags: ['phone'] });
    const { html, counts } = await first.client.call('bookmarksHtml.export', {});
    expect(counts).toEqual({ bookmarks: 9, folders: 3, separators: 2, taggedBookmarks: 6 });
    expect(html).toContain('PERSONAL_TOOLBAR_FOLDER="true"');
    expect(html).toContain('TAGS="docs,web"');
    const shapes = async (b: Browser) => Promise.all(['menu________', 'toolbar_____', 'unfiled_____', 'mobile______'].map((id) => shape(b, id)));
    const before = await shapes(first.browser);
    const allTags = await first.client.call('tags.list', {});

    const second = await setup(); // a fresh profile (the fake's state; the tag DB is wiped by test.reset)
    const report = await second.client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' } }).result;
    expect(report.skippedCount).toBe(0);
    expect(await shapes(second.browser)).toEqual(before);
    expect(await second.client.call('tags.list', {})).toEqual(allTags);
  });
});

describe('backup', () => {
  it('exports tags and settings and restores them', async () => {
    const { client } = await setup();
    await client.call('settings.set', { patch: { notifications: { enabled: false } } });
    await client.call('tags.add', { urls: ['https://a.example/'], tags: ['x', 'y'] });
    const backup = await client.call('backup.export', {});
    expect(backup).toMatchObject({ format: 'tidymarks-backup', version: 1, tags: [{ url: 'https://a.example/', tags: ['x', 'y'] }], cleanupHistory: [] });
    await client.call('test.reset', {});
    const report = await client.call('backup.restore', { text: JSON.stringify(backup) });
    expect(report).toEqual({ taggedUrls: 1, settingsRestored: true, cleanupSessionsInFile: 0 });
    expect((await client.call('settings.get', {})).notifications.enabled).toBe(false);
    expect(await client.call('tags.forUrls', { urls: ['https://a.example/'] })).toEqual([{ url: 'https://a.example/', tags: ['x', 'y'] }]);
  });

  it('refuses a damaged or foreign backup and changes nothing', async () => {
    const { client } = await setup();
    const backup = await client.call('backup.export', {});
    await expect(client.call('backup.restore', { text: JSON.stringify(backup).slice(0, 40) })).rejects.toThrow(/not valid JSON/);
    await expect(client.call('backup.restore', { text: '{"format":"other"}' })).rejects.toThrow(/not a Tidymarks backup/);
    const badTag = { ...backup, settings: { ...backup.settings, notifications: { enabled: false } }, tags: [{ url: 'https://a.example/', tags: ['a,b'] }] };
    await expect(client.call('backup.restore', { text: JSON.stringify(badTag) })).rejects.toThrow(/comma/);
    expect((await client.call('settings.get', {})).notifications.enabled).toBe(true);
    expect(await client.call('tags.list', {})).toEqual([]);
  });
});
