/**
 * The Places API as a package another extension installs: `npm pack` of packages/places, the tarball unpacked as
 * an installed dependency of the example extension (examples/places-demo), the example type-checked against the
 * tarball's declarations and built by vite resolving `@tidymarks/places` through the tarball's package.json
 * (`exports`, `files`), then loaded in real Firefox: save with resolve, search with tags, events, history. A file
 * missing from `files` or an entry point missing from `exports` fails here. Everything is built in a temporary
 * folder: the tree stays as it was (packages/places/dist is git-ignored).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSearchReply, type EncodedSearchReply, type PlacesEvent, type WireQuery } from '@tidymarks/places';
import { launchFirefox, navigate, type Firefox } from './firefox';
import { buildDemo, DEMO_ORIGIN, DEMO_PREFS, type DemoWindow } from './places-demo';

describe('@tidymarks/places, packed and installed by the example extension, in real Firefox', () => {
  let work: string;
  let ff: Firefox;
  let page: Page;
  let tarball: string;
  const run = <T>(fn: () => Promise<T>): Promise<T> => page.evaluate(fn);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'places-demo-'));
    let dist: string;
    ({ dist, tarball } = buildDemo(work));
    ff = await launchFirefox({ extensionDir: dist, prefs: DEMO_PREFS });
    page = await ff.browser.newPage();
    await navigate(page, `${DEMO_ORIGIN}page.html`);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
  });
  afterAll(async () => {
    await ff?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('the tarball carries the built entry points and their declarations, not the sources', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const file of [
      'package/dist/index.js',
      'package/dist/page.js',
      'package/dist/background.js',
      'package/dist/support.js',
      'package/dist/tree-index.js',
      'package/dist/types/index.d.ts',
      'package/dist/types/tree-index/index.d.ts',
      'package/dist/types/page.d.ts',
      'package/LICENSE',
      'package/README.md',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((f) => f.startsWith('package/src/'))).toEqual([]);
    expect(JSON.parse(readFileSync(join(work, 'app/node_modules/@tidymarks/places/package.json'), 'utf8')).license).toBe('MPL-2.0');
  });

  it('save with resolve: a change made meanwhile comes to the resolver, and what it returns is saved', async () => {
    const out = await run(async () => {
      const { places, Bookmark, UNSORTED, browser } = window as unknown as DemoWindow;
      const [saved] = (await places.save(Bookmark({ title: 'Draft', url: 'https://resolve.example/', group: UNSORTED, tags: ['demo'] }))) as InstanceType<
        typeof Bookmark
      >[];
      // Someone else renames it (another extension, the user in the Library) after the snapshot was taken.
      await browser.bookmarks.update(saved!.id!, { title: 'Renamed by someone else' });
      const seen: string[] = [];
      const mine = Bookmark({ ...saved!, title: 'Mine' });
      const [result] = (await places.save(mine, {
        resolve: (_mine, theirs) => {
          seen.push(theirs.title ?? '');
          return { ...theirs, title: `${theirs.title} + mine` };
        },
      })) as InstanceType<typeof Bookmark>[];
      const [stored] = await browser.bookmarks.get(saved!.id!);
      return { seen, result: result!.title, stored: stored!.title };
    });
    expect(out).toEqual({ seen: ['Renamed by someone else'], result: 'Renamed by someone else + mine', stored: 'Renamed by someone else + mine' });
  });

  it('search with tags finds exactly the tagged bookmarks, with their tags', async () => {
    const out = await run(async () => {
      const { places, Bookmark, UNSORTED } = window as unknown as DemoWindow;
      await places.save([
        Bookmark({ title: 'Tagged A', url: 'https://a.search.example/', group: UNSORTED, tags: ['pkg-search', 'x'] }),
        Bookmark({ title: 'Tagged B', url: 'https://b.search.example/', group: UNSORTED, tags: ['PKG-search'] }),
        Bookmark({ title: 'Untagged', url: 'https://c.search.example/', group: UNSORTED }),
      ]);
      const found = (await places.search({ tags: ['pkg-search'] }, { sort: 'title' })) as InstanceType<typeof Bookmark>[];
      return found.map((b) => ({ title: b.title, tags: [...b.tags].sort() }));
    });
    expect(out).toEqual([
      { title: 'Tagged A', tags: ['pkg-search', 'x'] },
      { title: 'Tagged B', tags: ['pkg-search'] },
    ]);
  });

  it('search with tags answers from the package’s own index by default, and follows changes at once', async () => {
    // The package's channel as it travels (what the page client sends): the reply says which path answered.
    const rawSearch = (queries: WireQuery[]) =>
      page
        .evaluate(async (queries: WireQuery[]) => {
          const { browser } = window as unknown as DemoWindow;
          const message = { channel: '@tidymarks/places', type: 'places.search', input: { queries, options: { sort: 'title' } } };
          return (await browser.runtime.sendMessage(message)) as { ok: boolean; value: EncodedSearchReply };
        }, queries)
        .then((reply) => decodeSearchReply(reply.value));
    const queries = [{ tags: ['idx-tag'] }];
    await run(async () => {
      const { places, Bookmark, UNSORTED } = window as unknown as DemoWindow;
      await places.save([
        Bookmark({ title: 'Index A', url: 'https://a.index.example/', group: UNSORTED, tags: ['idx-tag'] }),
        Bookmark({ title: 'Index B', url: 'https://b.index.example/', group: UNSORTED }),
      ]);
    });
    // The first search starts the index's load (and is answered by Firefox); once loaded, the index answers.
    await expect
      .poll(async () => {
        const reply = await rawSearch(queries);
        return { source: reply.source, titles: reply.items.map((i) => i.title) };
      })
      .toEqual({ source: 'index', titles: ['Index A'] });
    // A tag given through save() and a rename by someone else: the very next search sees both, from the index.
    await run(async () => {
      const { places, Bookmark, browser } = window as unknown as DemoWindow;
      const [b] = (await places.search({ url: 'https://b.index.example/' })) as InstanceType<typeof Bookmark>[];
      await places.save(Bookmark({ ...b!, tags: ['idx-tag'] }));
      await browser.bookmarks.update(b!.id!, { title: 'Index B renamed' });
    });
    const after = await rawSearch(queries);
    expect(after.source).toBe('index');
    expect(after.items.map((i) => [i.title, [...(i as { tags?: Set<string> }).tags!].sort()])).toEqual([
      ['Index A', ['idx-tag']],
      ['Index B renamed', ['idx-tag']],
    ]);
  });

  it('events: a page hears a bookmark added, changed and removed, with the SDK’s payloads', async () => {
    await run(async () => {
      const { places } = window as unknown as DemoWindow;
      const w = window as unknown as { got: { type: string; title?: string; property?: string; value?: string }[] };
      w.got = [];
      places.events.on('data', (e: PlacesEvent) => {
        const data = e.data as { title?: string; property?: string; value?: string };
        w.got.push({ type: e.type, title: data.title, property: data.property, value: data.value });
      });
      await places.events.ready();
    });
    await run(async () => {
      const { browser } = window as unknown as DemoWindow;
      const made = await browser.bookmarks.create({ title: 'Heard', url: 'https://events.example/' });
      await browser.bookmarks.update(made.id, { title: 'Heard again' });
      await browser.bookmarks.remove(made.id);
    });
    await expect
      .poll(() => run(async () => (window as unknown as { got: { type: string }[] }).got.map((e) => e.type)))
      .toEqual(['bookmark-item-added', 'bookmark-item-changed', 'bookmark-item-removed']);
    const got = await run(async () => (window as unknown as { got: unknown[] }).got);
    expect(got[0]).toMatchObject({ type: 'bookmark-item-added', title: 'Heard' });
    expect(got[1]).toMatchObject({ type: 'bookmark-item-changed', property: 'title', value: 'Heard again' });
  });

  it('history.search finds a visited page by its URL, and not in a time range that ends before the visit', async () => {
    const out = await run(async () => {
      const { places, browser } = window as unknown as DemoWindow;
      const url = 'https://history.example/visited';
      await browser.history.addUrl({ url, title: 'Visited', visitTime: Date.now() - 60_000 });
      const found = (await places.history.search({ url })) as { url: string; title: string }[];
      const none = (await places.history.search({ url, to: Date.now() - 120_000 })) as unknown[];
      return { found: found.map((h) => h.url), none: none.length };
    });
    expect(out).toEqual({ found: ['https://history.example/visited'], none: 0 });
  });
});
