/**
 * Imports are all or nothing (src/bookmarks-html/import-journal.ts): a cancelled import, a closed tab and a crash
 * take back every bookmark, folder, separator and tag it added; what someone changed meanwhile stays; a finished
 * import can be undone from the same history as a cleanup.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Browser, BookmarkNode } from '../../../src/platform/browser';
import { boot } from '../../kit/boot';

/** `folders` folders of `per` bookmarks, every bookmark tagged, a separator in each folder. */
function bigFile(folders: number, per: number): string {
  const rows: string[] = [];
  for (let f = 0; f < folders; f++) {
    rows.push(`<DT><H3>Folder ${f}</H3>\n<DL><p>`);
    for (let i = 0; i < per; i++) {
      if (i === per / 2) rows.push('<HR>');
      rows.push(`<DT><A HREF="https://big.example/${f}/${i}" ADD_DATE="1700000000" TAGS="big,f${f}">Item ${f}-${i}</A>`);
    }
    rows.push('</DL><p>');
  }
  // One entry the user already has: skipped, but its tags come to the existing bookmark.
  rows.push('<DT><A HREF="https://mine.example/" TAGS="from-file">Mine</A>');
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<H1>Bookmarks</H1>\n<DL><p>\n${rows.join('\n')}\n</DL>\n`;
}

async function everything(browser: Browser) {
  const [root] = await browser.bookmarks.getTree();
  const out: string[] = [];
  const walk = (n: BookmarkNode, path: string) => {
    out.push(`${path}/${n.title}|${n.type}|${n.url ?? ''}`);
    n.children?.forEach((c) => walk(c, `${path}/${n.title}`));
  };
  walk(root, '');
  return out;
}

const setup = () => boot({ seed: 3 });

async function seedMine(browser: Browser) {
  await browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Mine', url: 'https://mine.example/' });
  await browser.bookmarks.create({ parentId: 'menu________', title: 'Other', url: 'https://other.example/' });
}

describe('an import is all or nothing', () => {
  it('regression: cancelling a 3,000-bookmark import at about 500 leaves nothing behind, tags included', async () => {
    const { fake, client } = await setup();
    await seedMine(fake.browser);
    await client.call('tags.add', { urls: ['https://mine.example/'], tags: ['own'] });
    const treeBefore = await everything(fake.browser);
    const tagsBefore = await client.call('tags.list', {});
    let cancelledAt = 0;
    const job = client.startJob('bookmarksHtml.import', { html: bigFile(30, 100), target: { into: 'roots' } }, (p) => {
      if (!cancelledAt && p.done >= 500) {
        cancelledAt = p.done;
        job.cancel();
      }
    });
    await expect(job.result).rejects.toMatchObject({
      code: 'cancelled',
      message: expect.stringMatching(/^Import cancelled: the [\d,]+ entries it had added were taken back, tags included/),
    });
    expect(cancelledAt).toBeGreaterThanOrEqual(500);
    expect(await everything(fake.browser)).toEqual(treeBefore);
    await vi.waitFor(async () => expect(await client.call('tags.list', {})).toEqual(tagsBefore));
    const [session] = await client.call('history.list', {});
    expect(session).toMatchObject({ kind: 'import', status: 'rolled-back', canUndo: false, note: expect.stringContaining('Cancelled') });
  });

  it('closing the tab mid-import (the port disconnects) takes everything back too', async () => {
    const { fake, client } = await setup();
    await seedMine(fake.browser);
    const treeBefore = await everything(fake.browser);
    const port = fake.control.connect('tidymarks-job');
    let closed = false;
    port.onMessage.addListener((m) => {
      const message = m as { op: string; value?: { done: number } };
      if (!closed && message.op === 'progress' && message.value!.done >= 300) {
        closed = true;
        port.disconnect();
      }
    });
    port.postMessage({ op: 'start', kind: 'bookmarksHtml.import', input: { html: bigFile(10, 100), target: { into: 'roots' } } });
    await vi.waitFor(async () => expect((await client.call('history.list', {}))[0]).toMatchObject({ kind: 'import', status: 'rolled-back' }), { timeout: 20_000 });
    expect(await everything(fake.browser)).toEqual(treeBefore);
  });

  it('regression: a crash mid-import is rolled back at the next start: nothing is left', async () => {
    // The event page dies once 400 items are created: from then on its calls never answer.
    let creates = 0;
    let dead = false;
    const never = () => new Promise<never>(() => undefined);
    const dying = (browser: Browser) =>
      ({
        ...browser,
        bookmarks: {
          ...browser.bookmarks,
          create: (details: Parameters<Browser['bookmarks']['create']>[0]) => {
            if (dead) return never();
            if (++creates === 400) dead = true;
            return browser.bookmarks.create(details);
          },
        },
      }) as unknown as Browser;
    const first = await boot({ seed: 4, browser: dying });
    const { fake } = first;
    await seedMine(fake.browser);
    const treeBefore = await everything(fake.browser);
    void first.client.startJob('bookmarksHtml.import', { html: bigFile(10, 100), target: { into: 'roots' } }).result.catch(() => undefined);
    await vi.waitFor(() => expect(dead).toBe(true), { timeout: 20_000 });
    first.unload();
    expect((await everything(fake.browser)).length).toBeGreaterThan(treeBefore.length);

    // The event page starts again on the same Firefox and IndexedDB, its recovery done.
    const second = await boot({ fake });
    expect(await everything(fake.browser)).toEqual(treeBefore);
    expect((await second.client.call('history.list', {}))[0]).toMatchObject({ kind: 'import', status: 'rolled-back', note: expect.stringContaining('taken back') });
  });

  it('a finished import can be undone from the history; what someone changed since stays, with its tags', async () => {
    const { fake, client } = await setup();
    await seedMine(fake.browser);
    const treeBefore = await everything(fake.browser);
    const report = await client.startJob('bookmarksHtml.import', { html: bigFile(3, 10), target: { into: 'roots' } }).result;
    expect(report.imported).toEqual({ bookmarks: 30, folders: 3, separators: 3 });
    expect(report.sessionId).toEqual(expect.any(String));
    // Tags were written with the bookmarks, including onto the bookmark the user already had.
    expect(await client.call('tags.forUrls', { urls: ['https://mine.example/', 'https://big.example/0/0'] })).toEqual([
      { url: 'https://mine.example/', tags: ['from-file'] },
      { url: 'https://big.example/0/0', tags: ['big', 'f0'] },
    ]);
    // Someone renames one imported bookmark and moves another out of its folder.
    const [renamed] = await fake.browser.bookmarks.search({ url: 'https://big.example/1/3' });
    await fake.browser.bookmarks.update(renamed.id, { title: 'Keep me' });
    const [moved] = await fake.browser.bookmarks.search({ url: 'https://big.example/2/4' });
    await fake.browser.bookmarks.move(moved.id, { parentId: 'unfiled_____' });
    const sessions = await client.call('history.list', {});
    expect(sessions[0]).toMatchObject({ id: report.sessionId, kind: 'import', canUndo: true, imported: { bookmarks: 30, folders: 3, separators: 3 } });

    const undone = await client.startJob('history.undo', { sessionId: report.sessionId! }).result;
    expect(undone.leftAlone).toEqual([
      { reason: 'changed-since', count: 2, titles: expect.arrayContaining(['Keep me', 'Item 2-4']) },
      { reason: 'not-empty', count: 1, titles: ['Folder 1'] },
    ]);
    const after = await everything(fake.browser);
    expect(after.filter((line) => !treeBefore.includes(line)).sort()).toEqual([
      '//Bookmarks Menu/Folder 1/Keep me|bookmark|https://big.example/1/3',
      '//Bookmarks Menu/Folder 1|folder|',
      '//Other Bookmarks/Item 2-4|bookmark|https://big.example/2/4',
    ]);
    const tags = await client.call('tags.forUrls', { urls: ['https://mine.example/', 'https://big.example/1/3', 'https://big.example/2/4'] });
    expect(tags).toEqual([
      // The tag the file brought to the user's own bookmark is taken off again.
      { url: 'https://mine.example/', tags: [] },
      { url: 'https://big.example/1/3', tags: ['big', 'f1'] },
      { url: 'https://big.example/2/4', tags: ['big', 'f2'] },
    ]);
  });
});
