/**
 * A round trip is a no-op: export, then import the same file with "skip what is already bookmarked", creates nothing,
 * changes no tag and leaves the history as it was (src/bookmarks-html/import.ts, "Which address a skipped entry's
 * tags go to"). Regression of issue 29: the demo's 298 bookmarks (several variants of one page, each with tags of its
 * own) came back with longform 15→20, tech 12→15, to-read 20→24, "Tags given to 38 addresses" and a history entry
 * worded as a cleanup.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateCollection, tagsOf, toBookmarksHtml } from '../../../scripts/seed.mjs';
import { boot, type Booted } from '../../kit/boot';
import type { BookmarkNode } from '../../../src/platform/browser';
import { MENU_ID, MOBILE_ID, TOOLBAR_ID, UNFILED_ID } from '../../../src/platform/browser';
import { TAG_BATCH } from '../../../src/bookmarks-html/import-journal';

const ROOTS = [MENU_ID, TOOLBAR_ID, UNFILED_ID, MOBILE_ID];

const file = (rows: string[]) => `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${rows.join('\n')}\n</DL>\n`;

/** What a person sees of the collection: every root's tree (titles, addresses, kinds; no ids or dates). */
async function tree({ browser }: Booted): Promise<unknown[]> {
  const walk = (n: BookmarkNode): unknown =>
    n.type === 'separator' ? '---' : n.url !== undefined && n.type !== 'folder' ? `${n.title} <${n.url}>` : { [n.title]: (n.children ?? []).map(walk) };
  return Promise.all(ROOTS.map(async (id) => ((await browser.bookmarks.getSubTree(id))[0]!.children ?? []).map(walk)));
}

/** Everything that must not change: the tree, each address's tags, the Tags view's counts, and the history. */
async function state(booted: Booted) {
  const { client } = booted;
  const backup = await client.call('backup.export', {});
  return {
    tree: await tree(booted),
    tags: [...backup.tags].sort((a, b) => (a.url < b.url ? -1 : 1)),
    counts: await client.call('tags.list', {}),
    history: (await client.call('history.list', {})).map((s) => s.id),
  };
}

async function exportAndImportWithSkip(booted: Booted) {
  const { html } = await booted.client.call('bookmarksHtml.export', {});
  return booted.client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' }, skipExisting: true }).result;
}

describe('export, then import with skip, changes nothing', () => {
  it('the demo collection (npm start): no bookmark, no tag, no count and no history entry changes', async () => {
    const booted = await boot();
    const { client } = booted;
    const seed = generateCollection();
    // The file as it is (as Firefox imports it for `npm start`), every address with its copies' tags (as the demo
    // then gives Tidymarks the seed's tags: tagsOf).
    await client.startJob('bookmarksHtml.import', { html: toBookmarksHtml(seed), target: { into: 'roots' }, skipExisting: false }).result;
    const before = await state(booted);
    expect(before.counts).toEqual(tagsOf(seed).map(({ tag, urls }) => ({ tag, count: urls.length })));
    expect(before.counts).toContainEqual({ tag: 'longform', count: 15 });

    const report = await exportAndImportWithSkip(booted);

    expect(await state(booted)).toEqual(before);
    expect(report.imported).toEqual({ bookmarks: 0, folders: 0, separators: 0 });
    expect(report.skippedCount).toBe(296);
    expect(report.taggedUrls).toBe(0);
    expect(report.sessionId).toBeNull();
  });

  it('variants of one page keep their own tags: a variant’s tags are not given to another', async () => {
    const booted = await boot();
    const { browser, client } = booted;
    await browser.bookmarks.create({ parentId: MENU_ID, title: 'https', url: 'https://page.example/a' });
    await browser.bookmarks.create({ parentId: MENU_ID, title: 'tracked', url: 'https://page.example/a?utm_source=feed' });
    await browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'http', url: 'http://page.example/a' });
    await browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'copy', url: 'http://page.example/a' });
    await client.call('tags.add', { urls: ['https://page.example/a'], tags: ['one'] });
    await client.call('tags.add', { urls: ['https://page.example/a?utm_source=feed'], tags: ['two'] });
    await client.call('tags.add', { urls: ['http://page.example/a'], tags: ['three'] });
    const before = await state(booted);
    const report = await exportAndImportWithSkip(booted);
    expect(await state(booted)).toEqual(before);
    expect(report).toMatchObject({ skippedCount: 4, taggedUrls: 0, sessionId: null });
  });

  it('property: for random collections with tags, export then import with skip changes nothing', async () => {
    // Few addresses, several safe-matching variants of each, folder titles that repeat, empty folders, separators.
    const URLS = [
      'https://a.example/',
      'http://a.example/',
      'https://a.example/?utm_source=x',
      'https://a.example/#',
      'https://b.example/doc',
      'https://b.example/doc/',
      'https://b.example/doc/index.html',
      'https://c.example/q?x=1&fbclid=2',
      'https://c.example/q?x=1',
      'https://xn--r8jz45g.jp/%E3%83%91',
    ];
    const TAGS = ['red', 'Red', 'blue', 'to-read', 'longform', 'ünï'];
    type Node = { kind: 'bookmark'; title: string; url: string } | { kind: 'folder'; title: string; children: Node[] } | { kind: 'separator' };
    const { node } = fc.letrec<{ node: Node }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.record({ kind: fc.constant('bookmark' as const), title: fc.constantFrom('', 'Page', 'Page', 'a <b> & c'), url: fc.constantFrom(...URLS) }),
        fc.constant({ kind: 'separator' as const }),
        fc.record({ kind: fc.constant('folder' as const), title: fc.constantFrom('Dev', 'Dev', 'Read', ''), children: fc.array(tie('node'), { maxLength: 4 }) }),
      ),
    }));
    const collection = fc.record({
      roots: fc.tuple(...ROOTS.map(() => fc.array(node, { maxLength: 5 }))),
      tags: fc.array(fc.tuple(fc.constantFrom(...URLS), fc.subarray(TAGS, { minLength: 1 })), { maxLength: 8 }),
    });

    await fc.assert(
      fc.asyncProperty(collection, async ({ roots, tags }) => {
        const booted = await boot();
        const { browser, client } = booted;
        const make = async (parentId: string, nodes: Node[]) => {
          for (const n of nodes) {
            if (n.kind === 'separator') await browser.bookmarks.create({ parentId, type: 'separator' });
            else if (n.kind === 'bookmark') await browser.bookmarks.create({ parentId, title: n.title, url: n.url });
            else await make((await browser.bookmarks.create({ parentId, title: n.title })).id, n.children);
          }
        };
        for (const [i, id] of ROOTS.entries()) await make(id, roots[i]!);
        const bookmarked = new Set((await browser.bookmarks.search({})).flatMap((b) => (b.url ? [b.url] : [])));
        for (const [url, list] of tags) if (bookmarked.has(url)) await client.call('tags.add', { urls: [url], tags: list });
        const before = await state(booted);

        const report = await exportAndImportWithSkip(booted);

        expect(await state(booted)).toEqual(before);
        expect(report.imported).toEqual({ bookmarks: 0, folders: 0, separators: 0 });
        expect(report.taggedUrls).toBe(0);
        expect(report.sessionId).toBeNull();
        await booted.close();
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('what skip does with a file’s tags', () => {
  it('new tags for an address already bookmarked go to that address only; tags it has change nothing; undo takes the new ones back', async () => {
    const booted = await boot();
    const { browser, client } = booted;
    await browser.bookmarks.create({ parentId: MENU_ID, title: 'https', url: 'https://page.example/a' });
    await browser.bookmarks.create({ parentId: MENU_ID, title: 'http', url: 'http://page.example/a' });
    await client.call('tags.add', { urls: ['https://page.example/a'], tags: ['one'] });
    await client.call('tags.add', { urls: ['http://page.example/a'], tags: ['two'] });
    const historyBefore = await client.call('history.list', {});
    const html = file(['<DT><A HREF="http://page.example/a" TAGS="two,new">http</A>', '<DT><A HREF="https://page.example/a" TAGS="ONE">https</A>']);

    const report = await client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' } }).result;

    expect(report).toMatchObject({ imported: { bookmarks: 0, folders: 0, separators: 0 }, skippedCount: 2, taggedUrls: 1 });
    const tagsNow = async () =>
      Object.fromEntries((await client.call('tags.forUrls', { urls: ['https://page.example/a', 'http://page.example/a'] })).map((t) => [t.url, t.tags]));
    expect(await tagsNow()).toEqual({ 'https://page.example/a': ['one'], 'http://page.example/a': ['two', 'new'] });
    const history = await client.call('history.list', {});
    expect(history).toHaveLength(historyBefore.length + 1);
    expect(history[0]).toMatchObject({ kind: 'import', imported: { bookmarks: 0, folders: 0, separators: 0, skipped: 2, taggedUrls: 1 }, canUndo: true });

    await client.startJob('history.undo', { sessionId: history[0]!.id }).result;
    expect(await tagsNow()).toEqual({ 'https://page.example/a': ['one'], 'http://page.example/a': ['two'] });
  });

  it('an entry whose own address is not bookmarked gives its tags to the bookmarked address it matches by the safe rules', async () => {
    const { browser, client } = await boot();
    await browser.bookmarks.create({ parentId: MENU_ID, title: 'mine', url: 'https://page.example/a?utm_source=feed' });
    const report = await client.startJob('bookmarksHtml.import', { html: file(['<DT><A HREF="https://page.example/a" TAGS="x">a</A>']), target: { into: 'roots' } })
      .result;
    expect(report).toMatchObject({ skippedCount: 1, taggedUrls: 1 });
    expect(await client.call('tags.forUrls', { urls: ['https://page.example/a?utm_source=feed', 'https://page.example/a'] })).toEqual([
      { url: 'https://page.example/a?utm_source=feed', tags: ['x'] },
      { url: 'https://page.example/a', tags: [] },
    ]);
  });

  it(`an address is counted once however many entries give it tags, also ${TAG_BATCH}+ bookmarks apart (two tag batches)`, async () => {
    const { client } = await boot();
    const filler = Array.from({ length: TAG_BATCH + 20 }, (_, i) => `<DT><A HREF="https://filler.example/${i}">f${i}</A>`);
    const html = file(['<DT><A HREF="https://page.example/" TAGS="a">first</A>', ...filler, '<DT><A HREF="https://page.example/" TAGS="b">second</A>']);
    const first = await client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' }, skipExisting: false }).result;
    expect(first.taggedUrls).toBe(1);
    expect((await client.call('history.list', {}))[0]).toMatchObject({ imported: { bookmarks: TAG_BATCH + 22, taggedUrls: 1 } });
    expect(await client.call('tags.forUrls', { urls: ['https://page.example/'] })).toEqual([{ url: 'https://page.example/', tags: ['a', 'b'] }]);
  });
});

describe('tags only (bookmarksHtml.importTags) of an exported file', () => {
  it('changes nothing, counts no address as tagged and makes no history entry; variants keep their own tags', async () => {
    const booted = await boot();
    const { browser, client } = booted;
    await browser.bookmarks.create({ parentId: MENU_ID, title: 'https', url: 'https://page.example/a' });
    await browser.bookmarks.create({ parentId: MENU_ID, title: 'copy', url: 'https://page.example/a' });
    await browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'http', url: 'http://page.example/a' });
    await client.call('tags.add', { urls: ['https://page.example/a'], tags: ['one'] });
    await client.call('tags.add', { urls: ['http://page.example/a'], tags: ['two'] });
    const before = await state(booted);
    const { html } = await client.call('bookmarksHtml.export', {});
    const report = await client.startJob('bookmarksHtml.importTags', { html }).result;
    expect(await state(booted)).toEqual(before);
    expect(report).toMatchObject({ inFile: { bookmarks: 3, tagged: 3 }, matched: 3, taggedUrls: 0, unmatchedCount: 0 });
  });

  it('counts the addresses whose tags changed, each once', async () => {
    const { browser, client } = await boot();
    await browser.bookmarks.create({ parentId: MENU_ID, title: 'a', url: 'https://a.example/' });
    await browser.bookmarks.create({ parentId: MENU_ID, title: 'b', url: 'https://b.example/' });
    await client.call('tags.add', { urls: ['https://b.example/'], tags: ['kept'] });
    const html = file([
      '<DT><A HREF="https://a.example/" TAGS="x">a</A>',
      '<DT><A HREF="https://a.example/" TAGS="y">a again</A>',
      '<DT><A HREF="https://b.example/" TAGS="kept">b</A>',
    ]);
    const report = await client.startJob('bookmarksHtml.importTags', { html }).result;
    expect(report).toMatchObject({ matched: 3, taggedUrls: 1 });
    expect((await client.call('history.list', {}))[0]).toMatchObject({ kind: 'edit', edit: { action: 'tags-import', items: 1 } });
  });
});
