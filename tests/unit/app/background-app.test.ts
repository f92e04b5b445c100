import { describe, expect, it } from 'vitest';
import type { BookmarkEvent } from '../../../src/platform/bookmark-events';
import type { AnyListener, FakeEvent } from '../../fakes/events';
import { boot } from '../../kit/boot';
import { MANIFEST_VERSION } from '../../kit/version';

const listenerCount = (event: unknown) => (event as FakeEvent<AnyListener>).listenerCount;

describe('background app', () => {
  it('answers ping with the manifest version', async () => {
    const { client } = await boot({ seed: 1, testBuild: false });
    expect(await client.call('core.ping', {})).toEqual({ pong: true, version: MANIFEST_VERSION });
  });

  it('counts bookmarks, folders and separators across all roots', async () => {
    const { fake, client } = await boot({ seed: 1, testBuild: false });
    const b = fake.browser.bookmarks;
    const folder = await b.create({ parentId: 'menu________', title: 'Dev' });
    await b.create({ parentId: folder.id, title: 'MDN', url: 'https://developer.mozilla.org/' });
    await b.create({ parentId: 'toolbar_____', title: 'Home', url: 'https://example.org/' });
    await b.create({ parentId: 'toolbar_____', type: 'separator' });
    // The four user roots are folders too.
    expect(await client.call('core.countBookmarks', {})).toEqual({ bookmarks: 2, folders: 5, separators: 1 });
  });

  it('a background not started as a test build knows no test.* request or job, and keeps the data', async () => {
    const { fake, client } = await boot({ seed: 1, testBuild: false });
    await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Keep', url: 'https://keep.example/' });
    await expect(client.call('test.reset', {})).rejects.toMatchObject({ code: 'unknown-type' });
    await expect(client.call('test.places.settle', {})).rejects.toMatchObject({ code: 'unknown-type' });
    await expect(client.startJob('test.countTo', { n: 1 }, () => {}).result).rejects.toMatchObject({ code: 'unknown-type' });
    expect((await client.call('core.countBookmarks', {})).bookmarks).toBe(1);
  });

  it('test.reset in a test build wipes bookmarks, history and storage', async () => {
    const { fake, client } = await boot({ seed: 1 });
    await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Gone', url: 'https://gone.example/' });
    await fake.browser.history.addUrl({ url: 'https://visited.example/' });
    await fake.browser.storage.local.set({ something: 1 });
    await client.call('test.reset', {});
    expect((await client.call('core.countBookmarks', {})).bookmarks).toBe(0);
    expect(await fake.browser.history.search({ text: '', startTime: 0 })).toEqual([]);
    expect(await fake.browser.storage.local.get(null)).toEqual({});
  });

  it('listens to each bookmarks event once: every feature is fed from that one listener', async () => {
    const { fake } = await boot({ seed: 1 });
    const b = fake.browser.bookmarks;
    // Firefox sends every registered listener its own message per change, whoever makes it (docs/ARCHITECTURE.md).
    expect([b.onCreated, b.onRemoved, b.onChanged, b.onMoved].map(listenerCount)).toEqual([1, 1, 1, 1]);
  });

  it('a bulk organizer delete reaches the batched features as one batch, before its reply', async () => {
    // Outside a hold, a batch would be delivered every 5 events.
    const { fake, app, client } = await boot({ seed: 1, bookmarkEventTiming: { maxEvents: 5 } });
    const b = fake.browser.bookmarks;
    const folder = await b.create({ parentId: 'unfiled_____', title: 'Many' });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await b.create({ parentId: folder.id, title: `n${i}`, url: `https://n${i}.example/` })).id);
    app.bookmarkEvents.flush();
    const batches: BookmarkEvent[][] = [];
    app.bookmarkEvents.batched((batch) => batches.push([...batch]));
    await client.call('organizer.remove', { ids });
    expect(batches.map((batch) => batch.filter((e) => e.kind === 'removed').length)).toEqual([40]);
    // The index heard them: a search right away finds none of them.
    expect((await client.call('search.query', { text: 'n1' })).items).toEqual([]);
  });

  it("an import's bookmark events reach the batched features as one batch, before its result", async () => {
    const { app, client } = await boot({ seed: 1, bookmarkEventTiming: { maxEvents: 5 } });
    const html = [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<DL><p>',
      ...Array.from({ length: 30 }, (_, i) => `<DT><A HREF="https://imp${i}.example/">imp ${i}</A>`),
      '</DL>',
    ].join('\n');
    const batches: BookmarkEvent[][] = [];
    app.bookmarkEvents.batched((batch) => batches.push([...batch]));
    const report = await client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' } }).result;
    expect(report.imported.bookmarks).toBe(30);
    expect(batches.map((batch) => batch.filter((e) => e.kind === 'created').length)).toEqual([30]);
  });
});
