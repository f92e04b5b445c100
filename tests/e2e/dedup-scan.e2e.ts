/**
 * The duplicate scan in real Firefox: a sync-like collection seeded through the harness page, the 'dedup.scan' job
 * run from the page, then the groups, paths, rules, folder pairs, empty folders and a plan checked.
 */
import { describe, expect, it } from 'vitest';
import { watchEventPage } from './event-page';
import { useFirefox } from './use-firefox';

interface Seeded {
  mdnIds: string[];
  siteIds: Record<string, string>;
  dev: string;
  devCopies: string[];
  jsSmall: string;
  jsBig: string;
  emptyOuter: string;
  excluded: string;
}

describe('dedup scan in real Firefox', () => {
  const ff = useFirefox();

  async function seed(): Promise<Seeded> {
    const page = await ff.harness();
    return page.evaluate(async () => {
      const b = window.tm.browser.bookmarks;
      const mk = (parentId: string, title: string, url?: string) => b.create({ parentId, title, url }).then((n) => n.id);
      // One URL saved 154 times across folders, as sync multiplies it.
      const mdnIds: string[] = [];
      const dev = await mk('menu________', 'Dev');
      const js = await mk(dev, 'JS');
      const places = ['toolbar_____', 'unfiled_____', 'mobile______', js];
      for (let i = 0; i < 154; i++) mdnIds.push(await mk(places[i % places.length], `MDN ${i}`, 'https://developer.mozilla.org/en-US/'));
      // Variants of one page.
      const siteIds: Record<string, string> = {};
      for (const url of [
        'https://site.example/page',
        'https://site.example/page/',
        'https://site.example/page?utm_source=newsletter&utm_medium=email',
        'http://site.example/page',
      ]) {
        siteIds[url] = await mk('unfiled_____', 'Site page', url);
      }
      // A folder of 30 items copied twice.
      const makeTopics = async (title: string) => {
        const id = await mk('unfiled_____', title);
        for (let i = 0; i < 30; i++) await mk(id, `Topic ${i}`, `https://topics.example/${i}`);
        return id;
      };
      const topics = await makeTopics('Topics');
      const devCopies = [await makeTopics('Topics (1)'), await makeTopics('Topics (2)')];
      // A near-identical pair: "Reading" in the toolbar holds 3 of the 5 bookmarks of "Reading" in Other Bookmarks.
      const jsSmall = await mk('toolbar_____', 'Reading');
      const jsBig = await mk('unfiled_____', 'Reading');
      for (let i = 0; i < 5; i++) {
        if (i < 3) await mk(jsSmall, `Read ${i}`, `https://read.example/${i}`);
        await mk(jsBig, `Read ${i}`, `https://read.example/${i}`);
      }
      // Nested empty folders (only a separator and an empty folder inside).
      const emptyOuter = await mk('menu________', 'Old stuff');
      await b.create({ parentId: emptyOuter, type: 'separator' });
      await mk(await mk(emptyOuter, 'Older'), 'Oldest');
      // An excluded folder with intentional duplicates.
      const excluded = await mk('menu________', 'Templates');
      await mk(excluded, 'Template', 'https://template.example/');
      await mk(excluded, 'Template', 'https://template.example/');
      return { mdnIds, siteIds, dev: topics, devCopies, jsSmall, jsBig, emptyOuter, excluded };
    });
  }

  it('finds every copy with its path, the rules that joined it, copied folder sets and empty folders', async () => {
    const seeded = await seed();
    const page = await ff.harness();
    await page.evaluate(async (excluded: string) => {
      const { client } = window.tm;
      await client.call('settings.set', { patch: { exclusions: { folderIds: [excluded] } } });
      await client.call('tags.add', { urls: ['https://site.example/page/'], tags: ['reference'] });
      await window.tm.browser.history.addUrl({ url: 'https://site.example/page' });
    }, seeded.excluded);

    const { result, phases } = await page.evaluate(async () => {
      const seen: string[] = [];
      const job = window.tm.client.startJob('dedup.scan', {}, (p) => seen.push(p.phase));
      return { result: await job.result, phases: seen };
    });
    expect(phases).toEqual(['reading-tree', 'reading-history', 'reading-tags', 'matching']);

    // The URL saved 154 times: one group, every copy, its path; the toolbar copy is suggested (default rules).
    const mdn = result.groups.find((g) => g.key === 'https://developer.mozilla.org/en-US')!;
    expect(mdn.copies.map((c) => c.id).sort()).toEqual([...seeded.mdnIds].sort());
    expect(mdn.rules).toEqual(['exact']);
    expect(new Set(mdn.copies.map((c) => c.path))).toEqual(new Set(['Bookmarks Toolbar', 'Other Bookmarks', 'Mobile Bookmarks', 'Bookmarks Menu › Dev › JS']));
    expect(mdn.copies.find((c) => c.id === mdn.suggestedKeeperId)!.path).toBe('Bookmarks Toolbar');

    // Variants: trailing slash and utm join under the safe rules; http stays apart (opt-in).
    const site = result.groups.find((g) => g.key === 'https://site.example/page')!;
    expect(site.copies.map((c) => c.url).sort()).toEqual([
      'https://site.example/page',
      'https://site.example/page/',
      'https://site.example/page?utm_source=newsletter&utm_medium=email',
    ]);
    expect(site.rules).toEqual(['trailing-slash', 'tracking-params']);
    expect(site.copies.find((c) => c.url === 'https://site.example/page/')!.tags).toEqual(['reference']);
    expect(site.copies.find((c) => c.url === 'https://site.example/page')!.visits).toBe(1);

    // The folder copied twice: one set of three identical copies, the original suggested; the near-identical pair
    // is a set of two, the fuller copy suggested, with what keeping the smaller one would move into it.
    const topics = result.folderSets.find((s) => s.title === 'Topics')!;
    expect(topics.suggestedKeepId).toBe(seeded.dev);
    expect(topics.members.map((m) => [m.id, m.kind, m.bookmarkCount, m.unique])).toEqual([seeded.dev, ...seeded.devCopies].map((id) => [id, 'identical', 30, 0]));
    expect(topics.members.map((m) => m.path)).toEqual(['Other Bookmarks › Topics', 'Other Bookmarks › Topics (1)', 'Other Bookmarks › Topics (2)']);
    // Their positions in Other Bookmarks tell them apart (after the 154 copies' share and the 4 variants).
    expect(new Set(topics.members.map((m) => m.index)).size).toBe(3);
    const reading = result.folderSets.find((s) => s.title === 'Reading')!;
    expect(reading.suggestedKeepId).toBe(seeded.jsBig);
    expect(reading.members.find((m) => m.id === seeded.jsSmall)).toMatchObject({ kind: 'contained', unique: 0, bookmarkCount: 3 });
    expect(reading.members.find((m) => m.id === seeded.jsBig)).toMatchObject({ kind: 'identical', unique: 2, bookmarkCount: 5 });
    expect(reading.members.find((m) => m.id === seeded.jsSmall)!.movesIfKept).toHaveLength(2);

    // Nested empty folders: only the outer one; the excluded folder's duplicates are not reported.
    expect(result.emptyFolders).toEqual([expect.objectContaining({ id: seeded.emptyOuter, path: 'Bookmarks Menu › Old stuff', nestedFolders: 2, separators: 1 })]);
    expect(result.groups.some((g) => g.key.startsWith('https://template.example'))).toBe(false);
    expect(result.totals.excludedFolders).toBe(1);
  });

  it('plans from the scan: one copy per group stays, copied folders go whole, tags merge onto the survivor', async () => {
    const seeded = await seed();
    const page = await ff.harness();
    const { result, plan } = await page.evaluate(async () => {
      const { client } = window.tm;
      await client.call('tags.add', { urls: ['https://site.example/page/'], tags: ['reference'] });
      const scan = await client.startJob('dedup.scan', {}).result;
      return { result: scan, plan: await client.call('dedup.plan', { scanId: scan.scanId }) };
    });
    const folderRemovals = plan.removals.filter((r) => r.reason === 'duplicate-folder').map((r) => r.id);
    expect(folderRemovals.sort()).toEqual([...seeded.devCopies, seeded.jsSmall].sort());
    // Bookmarks inside the removed folders are not listed again.
    const insideRemoved = new Set(result.groups.flatMap((g) => g.copies.filter((c) => c.inRedundantFolderId).map((c) => c.id)));
    expect(plan.removals.some((r) => insideRemoved.has(r.id))).toBe(false);
    expect(plan.numbers).toMatchObject({
      loose: 153 + 2 + 1 /* template copies are in an unexcluded folder now */,
      copiedFolders: 3,
      insideFolders: 30 + 30 + 3,
      copies: 156 + 63,
      // The empty "Old stuff", and Dev › JS and Dev, which the copies leave empty (issue 29).
      emptyFolders: 3,
    });
    expect(plan.removals.filter((r) => r.reason === 'empty-folder').map((r) => r.id)).toEqual([seeded.emptyOuter]);
    expect(plan.removals.filter((r) => r.reason === 'emptied-folder')).toHaveLength(2);
    const siteKeeper = result.groups.find((g) => g.key === 'https://site.example/page')!.suggestedKeeperId;
    const keeperUrl = result.groups.find((g) => g.key === 'https://site.example/page')!.copies.find((c) => c.id === siteKeeper)!.url;
    // The oldest variant stays; the tag of the trailing-slash copy moves onto its URL.
    expect(keeperUrl).toBe('https://site.example/page');
    expect(plan.tagMerges).toContainEqual({ url: 'https://site.example/page', tags: ['reference'] });
    expect(plan.removals.some((r) => ['menu________', 'toolbar_____', 'unfiled_____', 'mobile______'].includes(r.id))).toBe(false);
  });

  it('round trip with the apply job: scan, plan, apply, no duplicates left, undo restores the same tree', async () => {
    const seeded = await seed();
    const page = await ff.harness();
    const outcome = await page.evaluate(async () => {
      const { browser, client } = window.tm;
      type Node = { title: string; url?: string; children?: Node[] };
      const snapshot = async () => {
        const strip = (n: Node): unknown => ({ title: n.title, url: n.url, children: n.children?.map(strip) });
        const [root] = (await browser.bookmarks.getTree()) as Node[];
        return JSON.stringify(strip(root));
      };
      const before = await snapshot();
      await client.call('tags.add', { urls: ['https://site.example/page/'], tags: ['reference'] });
      const { scanId } = await client.startJob('dedup.scan', {}).result;
      const plan = await client.call('dedup.plan', { scanId });
      const applied = await client.startJob('dedup.cleanup', plan).result;
      const again = await client.startJob('dedup.scan', {}).result;
      const tagsAfter = await client.call('tags.forUrls', { urls: ['https://site.example/page'] });
      const undone = await client.startJob('history.undo', { sessionId: applied.sessionId }).result;
      const after = await snapshot();
      return { before, after, plan, applied, again, tagsAfter, undone };
    });
    expect(outcome.applied.problems).toEqual([]);
    // After the cleanup the scan finds nothing left to clean: one copy of each of the 39 distinct pages.
    expect(outcome.again.groups).toEqual([]);
    expect(outcome.again.folderSets).toEqual([]);
    // Dev › JS held only copies of the MDN page and Dev only JS: the cleanup empties both and removes them in the same
    // run (issue 29), so the next scan offers no empty folder.
    expect(outcome.plan.removals.filter((r) => r.reason === 'emptied-folder')).toHaveLength(2);
    expect(outcome.again.emptyFolders).toEqual([]);
    expect(outcome.again.totals.bookmarks).toBe(39);
    expect(outcome.plan.numbers).toMatchObject({ loose: 156, copiedFolders: 3, emptyFolders: 3 });
    // The apply reports exactly what the plan said it would do.
    expect(outcome.applied.counts).toEqual({ ...outcome.plan.numbers, skipped: 0 });
    expect(outcome.tagsAfter).toEqual([{ url: 'https://site.example/page', tags: ['reference'] }]);
    // Undo brings back every bookmark and folder in place.
    expect(outcome.after).toBe(outcome.before);
    expect(seeded.mdnIds).toHaveLength(154);
  });
});

describe('dedup plan after the event page unloaded (idle timeout 1 s)', () => {
  const ff = useFirefox({ prefs: { 'extensions.background.idle.timeout': 1000 } });
  /** Firefox has unloaded the event page (idle timeout 1 s, nothing sent to it). */
  const unloaded = async () => {
    const eventPage = await watchEventPage(ff);
    await expect.poll(() => eventPage.state(), { timeout: 20_000, interval: 100 }).toBe('stopped');
  };
  const bootId = (page: Awaited<ReturnType<typeof ff.harness>>) => page.evaluate(async () => (await window.tm.client.call('test.places.bootId', {})).bootId);
  /** Two copies of a page: the toolbar copy is the suggested keeper; the menu copy has more visits. */
  const seedPair = (page: Awaited<ReturnType<typeof ff.harness>>) =>
    page.evaluate(async () => {
      const b = window.tm.browser.bookmarks;
      const menu = await b.create({ parentId: 'menu________', title: 'Docs', url: 'https://unload.example/docs' });
      const toolbar = await b.create({ parentId: 'toolbar_____', title: 'Docs', url: 'https://unload.example/docs/' });
      const scan = await window.tm.client.startJob('dedup.scan', {}).result;
      return { menu: menu.id, toolbar: toolbar.id, scanId: scan.scanId, keeper: scan.groups[0]!.suggestedKeeperId };
    });

  it('the plan is built from the scan the user reviewed, which survived the unload', async () => {
    const page = await ff.harness();
    const seeded = await seedPair(page);
    expect(seeded.keeper).toBe(seeded.toolbar);
    const before = await bootId(page);
    await unloaded();
    const plan = await page.evaluate((scanId: string) => window.tm.client.call('dedup.plan', { scanId }), seeded.scanId);
    expect(await bootId(page)).not.toBe(before); // the event page really restarted in between
    expect(plan.removals.map((r) => r.id)).toEqual([seeded.menu]);
  }, 60_000);

  it('a page opening after the unload takes the kept scan while nothing changed, and scans again once a bookmark did', async () => {
    const page = await ff.harness();
    const seeded = await seedPair(page);
    const before = await bootId(page);
    await unloaded();
    const opening = () => page.evaluate(async () => (await window.tm.client.startJob('dedup.scan', { reuseCurrent: true }).result).scanId);
    expect(await opening()).toBe(seeded.scanId);
    expect(await bootId(page)).not.toBe(before); // the event page really restarted in between
    await unloaded();
    // A change while it sleeps wakes it (bookmarks.onCreated): the kept scan is no longer current.
    await page.evaluate(() => window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Docs', url: 'https://unload.example/docs?utm_source=mail' }));
    await expect.poll(async () => (await watchEventPage(ff)).state(), { timeout: 20_000, interval: 100 }).not.toBe('stopped');
    await unloaded();
    expect(await opening()).not.toBe(seeded.scanId);
  }, 60_000);

  it('regression: a plan is never built from a scan the user did not review (bookmark changed while unloaded)', async () => {
    const page = await ff.harness();
    const seeded = await seedPair(page);
    const before = await bootId(page);
    await unloaded();
    // The change wakes the event page (bookmarks.onCreated); let it settle and unload again, so only what it stored
    // can answer.
    await page.evaluate(() => window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Docs', url: 'https://unload.example/docs?utm_source=mail' }));
    await expect.poll(async () => (await watchEventPage(ff)).state(), { timeout: 20_000, interval: 100 }).not.toBe('stopped');
    await unloaded();
    const outcome = await page.evaluate(async (scanId: string) => {
      const { browser, client } = window.tm;
      const tree = JSON.stringify(await browser.bookmarks.getTree());
      const refused = await client.call('dedup.plan', { scanId }).then(
        () => null,
        (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
      );
      return { refused, same: tree === JSON.stringify(await browser.bookmarks.getTree()) };
    }, seeded.scanId);
    expect(await bootId(page)).not.toBe(before);
    expect(outcome.refused).toEqual({
      code: 'conflict',
      message: 'Your bookmarks changed since the scan (or Tidymarks was restarted). Scan again to review the new state.',
    });
    expect(outcome.same).toBe(true);
  }, 60_000);
});
