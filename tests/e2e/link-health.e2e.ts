/**
 * Link health in real Firefox against a named web (tests/e2e/link-server.ts, hosts under tidymarks.test resolved to
 * loopback by the profile's prefs; tests/e2e/link-names.e2e.ts covers each server kind on its own):
 * the check is started from the Link health view by a real click, which asks Firefox for the sites' host access
 * (the test profile sets extensions.webextOptionalPermissionPrompts=false, so Firefox grants what the click asks
 * without showing its prompt, which headless Firefox cannot click); every class comes out exactly right, flaky and
 * rate-limited hosts give no false alarm, no host ever has more than 2 requests in flight; a check paused before an
 * extension reload continues where it stopped (the check running in the background: link-health-background.e2e.ts); moved bookmarks updated from the view (selection, preview, confirm) and
 * then undone with its Undo get back their URLs and tags exactly; the Duplicates page and the popup mark the copies
 * the check found gone or moved.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkItem } from '../../src/link-health/protocol';
import type { LinkClass } from '../../src/link-health/types';
import { SET_PREFS, startLinkServer, testHost, type LinkServer } from './link-server';
import { useFirefox } from './use-firefox';
import { reloadExtension, waitForShown } from './page-waits';
import { overflowing } from './layout';
import { openTab } from './local-site';

const PREFS = { 'extensions.webextOptionalPermissionPrompts': false };
/** Short limits so the run takes seconds: the politeness rules are the same, only the waits are shorter (the timeout
 * leaves a busy machine room: a loopback answer that should pass must not read as unreachable). */
const TUNE = { timeoutMs: 2500, hostGapMs: 20, confirmDelayMs: 300, defaultRetryAfterMs: 300, global: 12 };

async function addBookmarks(harness: Page, urls: { url: string; title: string }[]): Promise<void> {
  await harness.evaluate(async (list) => {
    const b = window.tm.browser.bookmarks;
    const folder = await b.create({ parentId: 'unfiled_____', title: 'Links to check' });
    for (const { url, title } of list) await b.create({ parentId: folder.id, url, title });
  }, urls);
}

async function openLinkHealth(ff: ReturnType<typeof useFirefox>): Promise<Page> {
  const page = await ff.open('options/index.html#link-health');
  await page.waitForSelector('[data-testid="links-summary"] button');
  return page;
}

async function results(harness: Page): Promise<Map<string, LinkItem>> {
  const { items } = await harness.evaluate(() => window.tm.client.call('links.results', {}));
  return new Map(items.map((i) => [i.url, i]));
}

describe('link health in real Firefox', () => {
  const ff = useFirefox({ prefs: PREFS, acceptInsecureCerts: true });
  let web: LinkServer;
  const GENERAL = Array.from({ length: 15 }, (_, i) => testHost(`h${10 + i}`));
  const [RATE, BUSY, SLOW, DOWN, REFUSED] = ['rate', 'busy', 'slow', 'down', 'refused'].map(testHost) as [string, string, string, string, string];
  beforeAll(async () => {
    web = await startLinkServer({ hosts: [...GENERAL, RATE, BUSY, SLOW, DOWN, REFUSED], slowMs: 8000 });
    await ff.chrome(SET_PREFS, web.prefs());
  });
  afterAll(async () => {
    await web?.close();
  });

  it('classifies a few hundred bookmarks exactly, with no false alarm and at most 2 requests per host in flight', async () => {
    const expected = new Map<string, { cls: LinkClass; finalUrl?: string; checks?: number }>();
    const add = (url: string, cls: LinkClass, finalUrl?: string, checks?: number) => expected.set(url, { cls, finalUrl, checks });
    for (const h of GENERAL) {
      for (let i = 0; i < 6; i++) add(web.url(h, `/ok/${i}`), 'ok');
      for (let i = 0; i < 2; i++) add(web.url(h, `/moved/${i}`), 'moved', web.url(h, `/ok/${i}`));
      add(web.url(h, '/chain/c'), 'moved', web.url(h, '/ok/c'));
      add(web.url(h, '/temp/t'), 'redirected', web.url(h, '/ok/t'));
      add(web.url(h, '/see-other/s'), 'redirected', web.url(h, '/ok/s'));
      add(web.url(h, '/temp307/t'), 'redirected', web.url(h, '/ok/t'));
      add(web.url(h, '/gone/g'), 'gone', undefined, 2);
      add(web.url(h, '/gone410/g'), 'gone', undefined, 2);
      add(web.url(h, '/broken/b'), 'server-error', undefined, 2);
      add(web.url(h, '/upgrade/u'), 'moved', web.secureUrl(h, '/upgrade/u'));
      for (let i = 0; i < 2; i++) add(web.url(h, `/no-head/${i}`), 'ok');
      for (let i = 0; i < 2; i++) add(web.url(h, `/flaky/${i}`), 'ok', undefined, 2);
    }
    for (let i = 0; i < 4; i++) add(web.url(RATE, `/rate/${i}`), 'ok', undefined, 1);
    for (let i = 0; i < 4; i++) add(web.url(BUSY, `/busy/${i}`), 'ok', undefined, 1);
    for (let i = 0; i < 2; i++) add(web.url(SLOW, `/slow/${i}`), 'unreachable', undefined, 2);
    add(web.url(DOWN, '/down/d'), 'server-error', undefined, 2);
    for (let i = 0; i < 3; i++) add(web.refused(REFUSED, `/refused/${i}`), 'unreachable', undefined, 2);
    const neverFetched = ['javascript:void(document.title)', 'place:sort=8&maxResults=10', 'file:///etc/hosts', 'http://192.168.1.1/admin'];
    expect(expected.size).toBeGreaterThanOrEqual(300);

    const harness = await ff.harness();
    await addBookmarks(harness, [...[...expected.keys()].map((url, i) => ({ url, title: `Link ${i}` })), ...neverFetched.map((url) => ({ url, title: url }))]);
    await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
    expect((await harness.evaluate(() => window.tm.browser.permissions.getAll())).origins).toEqual([]);

    const page = await openLinkHealth(ff);
    expect(web.requests).toHaveLength(0); // nothing is fetched before the person starts
    await page.click('button::-p-text(Check links)');
    await waitForShown(page, '[data-testid="links-notice"]::-p-text(Check finished)', 120_000);

    // The click asked for exactly the bookmarked loopback hosts (both schemes), nothing broader.
    const origins = (await harness.evaluate(() => window.tm.browser.permissions.getAll())).origins ?? [];
    expect(origins).toContain(`http://${GENERAL[0]}/*`);
    expect(origins).toContain(`https://${GENERAL[0]}/*`);
    expect(origins.some((o) => o.includes('192.168') || o.includes('*://*') || o === '<all_urls>')).toBe(false);

    const got = await results(harness);
    const wrong: string[] = [];
    for (const [url, want] of expected) {
      const item = got.get(url);
      const cls = item ? item.class : 'ok'; // ok bookmarks are not listed
      if (cls !== want.cls) wrong.push(`${url}: ${cls} (${item?.status ?? item?.failure}) instead of ${want.cls}`);
      if (want.finalUrl && item?.finalUrl !== want.finalUrl) wrong.push(`${url}: leads to ${item?.finalUrl} instead of ${want.finalUrl}`);
      if (want.cls !== 'ok' && want.checks && item?.checks !== want.checks) wrong.push(`${url}: ${item?.checks} checks`);
    }
    expect(wrong).toEqual([]);
    expect(got.get(web.url(SLOW, '/slow/0'))?.failure).toBe('timeout');
    expect(got.get(web.refused(REFUSED, '/refused/0'))?.failure).toBe('refused');
    for (const url of neverFetched) expect(got.get(url)?.skip, url).toBe(url.includes('192.168') ? 'private-host' : 'not-web');

    // 0 false alarms on the flaky and rate-limited hosts; the rate-limited ones were asked again only after Retry-After.
    const alarms = [...got.values()].filter((i) => /\/(flaky|rate|busy|no-head)\//.test(i.url) && i.class !== null);
    expect(alarms).toEqual([]);
    for (const [host, max] of web.maxInFlight) expect(max, host).toBeLessThanOrEqual(2);
    expect(Math.max(...web.maxInFlight.values())).toBe(2);
    expect(web.requests.some((r) => r.path.includes('192.168') || r.host === '192.168.1.1')).toBe(false);

    // The page shows the classes with their counts and the bookmarks of each.
    const counts = await page.$$eval('[data-testid="links-counts"] li', (els) => els.map((e) => e.textContent));
    expect(counts).toContain(`Gone: ${30} bookmarks`);
    expect(counts).toContain(`Moved for good: ${15 * 4} bookmarks`);
    const goneShown = await page.$$eval('[data-testid="links-section-gone"] [data-testid="links-item"]', (els) => els.map((e) => e.getAttribute('data-url')));
    expect(goneShown.sort()).toEqual(
      [...expected]
        .filter(([, w]) => w.cls === 'gone')
        .map(([u]) => u)
        .sort(),
    );
    await page.close();
  }, 180_000);

  it('update moved then undo restores URLs and tags exactly, through the view (preview, apply, Undo); the Duplicates page and the popup show the markers', async () => {
    const [A, B] = [GENERAL[2]!, GENERAL[3]!];
    const moved = [web.url(A, '/moved/fix-a'), web.url(A, '/moved/fix-b'), web.url(B, '/chain/fix-c'), web.url(B, '/upgrade/fix-d')];
    const finals = [web.url(A, '/ok/fix-a'), web.url(A, '/ok/fix-b'), web.url(B, '/ok/fix-c'), web.secureUrl(B, '/upgrade/fix-d')];
    const gone = web.url(A, '/gone/fix-e');
    const fine = web.url(B, '/ok/fix-f');
    const harness = await ff.harness();
    await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
    // Two folders; the first moved address and the gone one are bookmarked in both (duplicates); the second moved
    // address leads to one that is bookmarked already, with its own tag.
    await harness.evaluate(
      async (m, f, goneUrl, fineUrl) => {
        const b = window.tm.browser.bookmarks;
        const work = await b.create({ parentId: 'toolbar_____', title: 'Work' });
        const read = await b.create({ parentId: 'unfiled_____', title: 'Read' });
        const put = (parentId: string, title: string, url: string) => b.create({ parentId, title, url });
        await put(work.id, 'Fine page', fineUrl);
        await put(work.id, 'Moved A', m[0]!);
        await put(work.id, 'Gone page', goneUrl);
        await put(work.id, 'Moved B', m[1]!);
        await put(read.id, 'Moved C', m[2]!);
        await put(read.id, 'Gone page again', goneUrl);
        await put(read.id, 'Moved D', m[3]!);
        await put(read.id, 'Moved A again', m[0]!);
        await put(read.id, 'Already there', f[1]!);
        const tag = (url: string, tags: string[]) => window.tm.client.call('tags.add', { urls: [url], tags });
        await tag(m[0]!, ['work', 'docs']);
        await tag(m[1]!, ['news']);
        await tag(m[2]!, ['later']);
        await tag(f[1]!, ['kept']);
        await tag(goneUrl, ['old']);
      },
      moved,
      finals,
      gone,
      fine,
    );
    const everyUrl = [...moved, ...finals, gone, fine];
    /** Every bookmark as a person sees it (folder, place, id, title, address) and every address's tags, in order. */
    const state = () =>
      harness.evaluate(async (urls) => {
        const [root] = await window.tm.browser.bookmarks.getTree();
        const rows: string[] = [];
        const visit = (node: typeof root, path: string) => {
          if (node.url !== undefined) rows.push(`${path} #${node.index} ${node.id} ${node.title} <${node.url}>`);
          for (const child of node.children ?? []) visit(child, node.url === undefined ? `${path}/${node.title}` : path);
        };
        visit(root, '');
        const tags = await window.tm.client.call('tags.forUrls', { urls });
        return { rows, tags: tags.map((t) => `${t.url}: ${t.tags.join(',')}`).sort() };
      }, everyUrl);
    const before = await state();

    const page = await openLinkHealth(ff);
    await page.click('button::-p-text(Check links)');
    await waitForShown(page, '[data-testid="links-notice"]::-p-text(Check finished)', 60_000);

    // The Duplicates page marks the copies whose address the check found gone or moved for good.
    const dups = await ff.open('options/index.html#duplicates');
    await dups.waitForSelector('.copy-row [data-testid="link-marker"][data-class="moved"]', { timeout: 60_000 });
    await dups.waitForSelector('.copy-row [data-testid="link-marker"][data-class="gone"]');
    const marked = await dups.$$eval('.copy-row', (rows) =>
      rows.map((r) => {
        const m = r.querySelector('[data-testid="link-marker"]');
        return { title: r.querySelector('.title')?.textContent, cls: m?.getAttribute('data-class') ?? null, says: m?.getAttribute('title') ?? null };
      }),
    );
    const byTitle = new Map(marked.map((m) => [m.title, m]));
    for (const title of ['Gone page', 'Gone page again'])
      expect(byTitle.get(title)).toMatchObject({ cls: 'gone', says: expect.stringMatching(/^Gone \(404\), checked twice on /) });
    for (const title of ['Moved A', 'Moved A again'])
      expect(byTitle.get(title)).toMatchObject({
        cls: 'moved',
        says: expect.stringMatching(new RegExp(`^Moved for good to ${finals[0]!.replace(/[.]/g, '\\.')}, checked on `)),
      });
    await dups.close();

    // The popup, for a tab on the gone page: both its bookmarks carry the marker.
    const tabId = await openTab(harness, gone, '404', false);
    const popup = await ff.open(`popup/index.html?tabId=${tabId}`);
    await popup.waitForSelector('li.copy [data-testid="link-marker"][data-class="gone"]');
    await expect.poll(() => popup.$$eval('li.copy [data-testid="link-marker"]', (els) => els.map((e) => e.getAttribute('data-class')))).toEqual(['gone', 'gone']);
    expect(await popup.$eval('li.copy [data-testid="link-marker"]', (e) => e.getAttribute('title'))).toMatch(/^Gone \(404\), checked twice on /);
    await popup.close();

    // With the pseudo-locale's long strings in a narrow window, the markers, the fix bar and the preview neither clip nor
    // overflow.
    const narrow = async (path: string, width: number, ready: string, act?: (p: Page) => Promise<void>) => {
      const [file = '', hash = ''] = path.split('#');
      const p = await ff.open(`${file}${file.includes('?') ? '&' : '?'}pseudo-locale${hash ? `#${hash}` : ''}`);
      await p.setViewport({ width, height: 900 });
      await p.waitForSelector(ready, { timeout: 60_000 });
      await act?.(p);
      expect(await overflowing(p), path).toEqual([]);
      await p.close();
    };
    await narrow('options/index.html#duplicates', 400, '.copy-row [data-testid="link-marker"]');
    await narrow(`popup/index.html?tabId=${tabId}`, 320, 'li.copy [data-testid="link-marker"]');
    await narrow('options/index.html#link-health', 400, '[data-testid="fix-bar"]', async (p) => {
      for (const box of await p.$$('.select-all input')) await box.click();
      await p.waitForSelector('[data-testid="fix-bar"] button.link');
      await p.click('[data-testid="fix-bar"] button'); // the update's preview, in its dialog
      await p.waitForSelector('[role="alertdialog"] [data-testid="fix-preview"]');
    });

    // Select the whole class and ask for the update: the preview lists each bookmark with its new address and tags.
    await page.bringToFront();
    await page.click('label::-p-text(Select all: Moved for good (5))');
    await page.click('button::-p-text(Update 5 to their new addresses…)');
    await page.waitForSelector('[role="alertdialog"] [data-testid="fix-preview"]');
    expect(await page.$eval('#confirm-title', (e) => e.textContent)).toBe('Update 5 bookmarks to their new addresses?');
    const listed = await page.$$eval('[data-testid="fix-change"]', (els) => els.map((e) => e.textContent ?? ''));
    expect(listed).toHaveLength(5);
    for (const [i, from] of moved.entries())
      expect(
        listed.some((text) => text.includes(`${from} → ${finals[i]}`)),
        from,
      ).toBe(true);
    expect(listed.find((text) => text.startsWith('Moved A'))).toContain('tags that go to the new address: work, docs');
    expect(await state()).toEqual(before); // a preview changes nothing

    await page.click('[role="alertdialog"] [data-testid="confirm"]');
    await waitForShown(page, '[data-testid="fix-result"] ::-p-text(Updated 5 bookmarks to their new addresses.)', 30_000);
    const after = await state();
    // Each moved bookmark has its new address, with its id, title, folder and place; the rest is untouched.
    const swap = (row: string) => moved.reduce((r, from, i) => r.replace(`<${from}>`, `<${finals[i]}>`), row);
    expect(after.rows).toEqual(before.rows.map(swap));
    // The tags went with the addresses (merged where the new one had its own); the old addresses have none.
    const tagsAfter = new Map(after.tags.map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]));
    expect(moved.map((u) => tagsAfter.get(u) ?? '')).toEqual(['', '', '', '']);
    expect(finals.map((u) => tagsAfter.get(u))).toEqual(['work,docs', 'kept,news', 'later', '']);
    expect(tagsAfter.get(gone)).toBe('old');

    // The page's Undo puts every address and every tag back exactly.
    await page.click('[data-testid="fix-result"] button::-p-text(Undo)');
    await page.waitForSelector('[data-testid="fix-undone"]', { timeout: 30_000 });
    expect(await state()).toEqual(before);
    await page.close();
  }, 180_000);
});

describe('link health: a stopped check and a paused one, across an extension reload', () => {
  const ff = useFirefox({ prefs: PREFS });
  const HOSTS = [40, 41, 42, 43].map((n) => testHost(`r${n}`));
  const REFUSED = testHost('refused');
  let web: LinkServer;
  beforeAll(async () => {
    web = await startLinkServer({ hosts: [...HOSTS, REFUSED], delayMs: 250 });
    await ff.chrome(SET_PREFS, web.prefs());
  });
  afterAll(async () => {
    await web?.close();
  });

  it('the figures agree, each with its unit: before a check, once the sites are allowed, after a stopped check, after the rest', async () => {
    // Enough addresses that the check is still running when Cancel is clicked (8 in flight, 250 ms each).
    const urls = Array.from({ length: 400 }, (_, i) => web.url(HOSTS[i % 4]!, `/delay/figures-${i}`));
    const refused = web.refused(REFUSED, '/refused/figures');
    const harness = await ff.harness();
    await addBookmarks(harness, [
      ...urls.map((url, i) => ({ url, title: `Figure ${i}` })),
      // One unreachable address bookmarked twice: 2 bookmarks at 1 address.
      { url: refused, title: 'Down 1' },
      { url: refused, title: 'Down 2' },
      { url: 'javascript:void(0)', title: 'Bookmarklet' },
      { url: 'place:sort=8', title: 'Recent' },
    ]);
    await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
    const page = await openLinkHealth(ff);
    const text = (testId: string) => page.$eval(`[data-testid="${testId}"]`, (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
    const summaryOf = (testId: string) => page.$eval(`[data-testid="${testId}"] summary`, (el) => el.textContent);

    // Before a check: what can be checked and what is not checked yet are the same 402 bookmarks, described alike.
    expect(await text('links-checkable')).toBe('402 bookmarks can be checked.');
    expect(await text('links-not-checked')).toBe('402 of these bookmarks are not checked yet.');
    expect(await summaryOf('links-not-checked-list')).toBe('402 bookmarks are not checked yet');
    expect(await text('links-never-checked')).toBe('2 bookmarks are never checked: a check does not fetch them.');
    expect(await summaryOf('links-skipped')).toBe('2 bookmarks are never checked');
    expect(await text('links-access-needed')).toBe('5 sites need your permission: Firefox asks when you start the check.');

    // The click allows the sites (Firefox grants without a prompt in this profile): the notice goes while the check
    // still runs, not when it ends.
    await page.click('button::-p-text(Check links)');
    await page.waitForFunction(
      () => {
        const progress = document.querySelector('[data-testid="links-progress"] .progress span')?.textContent ?? '';
        const done = Number(/: (\d+) of/.exec(progress)?.[1] ?? 0);
        return !document.querySelector('[data-testid="links-access-needed"]') && done >= 10;
      },
      { polling: 50, timeout: 60_000 },
    );
    // A running check counts addresses, and says so.
    expect(await page.$$eval('[data-testid="links-progress"] [data-class]', (els) => els.map((e) => e.textContent))).toContain('Gone: 0 addresses');
    await page.click('[data-testid="links-progress"] button::-p-text(Cancel)');
    await page.waitForSelector('[data-testid="links-interrupted"]', { timeout: 30_000 });

    // After the stopped check: the not-checked figure is every checkable bookmark without a result.
    const overview = await harness.evaluate(() => window.tm.client.call('links.overview', {}));
    const checked = Object.values(overview.counts).reduce((a, b) => a + b, 0);
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(overview.notChecked).toBe(402 - checked);
    expect(overview.notChecked).toBeGreaterThan(2);
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="links-not-checked"]')?.textContent === `${n} of these bookmarks are not checked yet.`,
      { timeout: 10_000 },
      overview.notChecked,
    );
    expect(await summaryOf('links-not-checked-list')).toBe(`${overview.notChecked} bookmarks are not checked yet`);
    expect(await text('links-checkable')).toBe('402 bookmarks can be checked.');
    expect(await summaryOf('links-skipped')).toBe('2 bookmarks are never checked');
    expect(await page.$('[data-testid="links-access-needed"]')).toBeNull();

    // The rest: every figure in its unit; the address bookmarked twice is 2 bookmarks at 1 address.
    await page.click('button::-p-text(Resume the check)');
    await waitForShown(page, '[data-testid="links-notice"]::-p-text(Check finished)', 120_000);
    await page.waitForFunction(() => !document.querySelector('[data-testid="links-not-checked"]'), { timeout: 10_000 });
    const counts = await page.$$eval('[data-testid="links-counts"] li', (els) => els.map((e) => e.textContent));
    expect(counts).toEqual([
      'Working: 400 bookmarks',
      'Moved for good: 0 bookmarks',
      'Moved temporarily: 0 bookmarks',
      'Gone: 0 bookmarks',
      'Server trouble: 0 bookmarks',
      'Unreachable: 2 bookmarks (1 address)',
    ]);
    expect(await page.$eval('#links-unreachable', (el) => el.textContent)).toBe('Unreachable (2 bookmarks)');
    expect(await page.$('[data-testid="links-not-checked-list"]')).toBeNull();
    await page.close();
  }, 180_000);

  it('a paused check stays paused across an extension reload and continues where it stopped: what was checked is not fetched again', async () => {
    const urls = Array.from({ length: 120 }, (_, i) => web.url(HOSTS[i % 4]!, `/delay/${i}`));
    let harness = await ff.harness();
    await addBookmarks(
      harness,
      urls.map((url, i) => ({ url, title: `Slow ${i}` })),
    );
    await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
    let page = await openLinkHealth(ff);
    await page.click('button::-p-text(Check links)');
    // Wait until a good part is checked, pause (what was checked is written), then reload the extension.
    await harness.waitForFunction(async () => ((await window.tm.client.call('links.overview', {})).run?.done ?? 0) >= 30, { polling: 100, timeout: 60_000 });
    await page.click('[data-testid="links-progress"] button::-p-text(Pause)');
    await waitForShown(page, '[data-testid="links-progress"] ::-p-text(Paused.)', 10_000);
    await reloadExtension(ff, harness);
    harness = await ff.open('tests/harness/index.html');
    await harness.waitForFunction(() => document.getElementById('status')?.textContent === 'ready', { timeout: 30_000 });
    await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);

    const overview = await harness.evaluate(() => window.tm.client.call('links.overview', {}));
    expect(overview.run).toMatchObject({ total: 120, finishedAt: null });
    const stored = overview.run!.done;
    expect(stored).toBeGreaterThanOrEqual(30);
    expect(stored).toBeLessThan(120);

    // Still paused after the reload: the view says so with the figures, and Continue takes it up.
    page = await ff.open('options/index.html#link-health');
    await waitForShown(page, '[data-testid="links-progress"] ::-p-text(Paused.)', 10_000);
    expect(await page.$eval('[data-testid="links-progress"] .progress span', (e) => e.textContent)).toMatch(new RegExp(`^Checking links: ${stored} of 120 addresses`));
    const before = web.requests.length;
    await page.click('[data-testid="links-progress"] button::-p-text(Continue)');
    await waitForShown(page, '[data-testid="links-notice"]::-p-text(Check finished)', 120_000);
    const after = web.requests.slice(before).map((r) => r.path);
    expect(after).toHaveLength(120 - stored);
    expect(new Set(after).size).toBe(120 - stored);
    const done = await harness.evaluate(() => window.tm.client.call('links.overview', {}));
    expect(done.run).toMatchObject({ total: 120, done: 120 });
    expect(done.run!.finishedAt).not.toBeNull();
    expect(done.counts.ok).toBe(120);
    for (const [host, max] of web.maxInFlight) expect(max, host).toBeLessThanOrEqual(2);
    await page.close();
  }, 180_000);
});
