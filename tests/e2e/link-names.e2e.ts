/**
 * Link health on named hosts in real Firefox (tests/e2e/link-server.ts): the addresses carry names, as real bookmarks
 * do, not loopback IPs (which Firefox never upgrades to https, so a loopback test cannot see an upgrade of http).
 * One kind of server per host: http only, https only (self-signed, accepted by this profile), both with an http→https
 * redirect, redirect chains and loops, a server refusing HEAD, a slow one, one answering 429 with Retry-After, a TLS
 * failure (plain http on the https address's port), a refused port, an IDN host. Each test asserts what the Link
 * health view shows for each bookmark, and what the servers saw.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SET_PREFS, startLinkServer, testHost, type LinkServer } from './link-server';
import { useFirefox } from './use-firefox';
import { waitForShown } from './page-waits';

const TUNE = { timeoutMs: 2500, hostGapMs: 20, confirmDelayMs: 300, defaultRetryAfterMs: 300, global: 12 };
const PLAIN = testHost('plain'); // http only
const SECURE = testHost('secure'); // https only
const BOTH = testHost('both'); // both, http redirects to https where asked
const MISC = testHost('misc');
const SLOW = testHost('slow');
const RATE = testHost('rate');
const IDN = testHost('bücher'); // xn--bcher-kva.tidymarks.test

async function addBookmarks(harness: Page, list: { url: string; title: string }[]): Promise<void> {
  await harness.evaluate(async (items) => {
    const b = window.tm.browser.bookmarks;
    const folder = await b.create({ parentId: 'unfiled_____', title: 'Named links' });
    for (const { url, title } of items) await b.create({ parentId: folder.id, url, title });
  }, list);
}

/** Each listed bookmark's line as the view shows it, by title (its first part), and the section it is in. */
async function shown(page: Page): Promise<Map<string, { section: string; text: string }>> {
  const rows = await page.$$eval('[data-testid^="links-section-"] [data-testid="links-item"]', (els) =>
    els.map((e) => ({
      title: e.querySelector('.tagged-what > span')?.textContent ?? '',
      section: e.closest('section')?.getAttribute('data-testid')?.replace('links-section-', '') ?? '',
      text: (e.textContent ?? '').replace(/\s+/g, ' ').trim(),
    })),
  );
  return new Map(rows.map(({ title, ...r }) => [title, r]));
}

async function check(ff: ReturnType<typeof useFirefox>, harness: Page): Promise<Page> {
  await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
  const page = await ff.open('options/index.html#link-health');
  await page.waitForSelector('[data-testid="links-summary"] button');
  await page.click('button::-p-text(Check links)');
  await waitForShown(page, '[data-testid="links-notice"]::-p-text(Check finished)', 120_000);
  return page;
}

describe('link health on named hosts', () => {
  const ff = useFirefox({ prefs: { 'extensions.webextOptionalPermissionPrompts': false }, acceptInsecureCerts: true });
  let web: LinkServer;
  beforeAll(async () => {
    web = await startLinkServer({ hosts: [PLAIN, SECURE, BOTH, MISC, SLOW, RATE, IDN], httpOnly: [PLAIN], httpsOnly: [SECURE], slowMs: 8000 });
  });
  afterAll(async () => {
    await web?.close();
  });

  it('checks http as http, reports each server kind as the person should read it, and updates "https only" ones', async () => {
    await ff.chrome(SET_PREFS, { ...web.prefs(), 'dom.security.https_only_mode': false });
    const marks = {
      HttpOnly: web.url(PLAIN, '/ok/1'),
      HttpOnlyGone: web.url(PLAIN, '/gone/1'),
      HttpsOnly: web.url(SECURE, '/ok/1'),
      HttpsDirect: web.secureUrl(SECURE, '/ok/2'),
      Upgrade301: web.url(BOTH, '/upgrade/1'),
      Upgrade302: web.url(BOTH, '/upgrade302/2'),
      BothOverHttps: web.secureUrl(BOTH, '/ok/3'),
      Chain: web.url(MISC, '/chain/1'),
      Loop: web.url(MISC, '/loop/1'),
      NoHead: web.url(MISC, '/no-head/1'),
      Slow: web.url(SLOW, '/slow/1'),
      Rate: web.url(RATE, '/rate/1'),
      TlsBroken: web.tlsBroken(MISC, '/ok/tls'),
      Refused: web.refused(MISC, '/refused/1'),
      Idn: `http://bücher.tidymarks.test/moved/1`,
      IdnOk: `http://bücher.tidymarks.test/ok/2`,
    };
    const harness = await ff.harness();
    await addBookmarks(
      harness,
      Object.entries(marks).map(([title, url]) => ({ title, url })),
    );
    const page = await check(ff, harness);
    await page.waitForSelector('[data-testid="links-section-unreachable"] [data-testid="links-item"]');
    const rows = await shown(page);
    const row = (title: string) => rows.get(title) ?? { section: 'ok (not listed)', text: '' };

    // Working, so not listed: http-only over http (never over https), https-only and both over https, HEAD refused,
    // 429 answered after its Retry-After, the IDN host's page.
    for (const title of ['HttpOnly', 'HttpsDirect', 'BothOverHttps', 'NoHead', 'Rate', 'IdnOk']) expect(row(title).section, title).toBe('ok (not listed)');
    const plainRequests = web.requests.filter((r) => r.host === PLAIN);
    expect(plainRequests.filter((r) => r.path === '/ok/1').map((r) => `${r.secure ? 'https' : 'http'} ${r.method}`)).toEqual(['http HEAD']);
    expect(web.requests.filter((r) => r.host === MISC && r.path === '/no-head/1').map((r) => r.method)).toEqual(['HEAD', 'GET']);
    const rate = web.requests.filter((r) => r.host === RATE && r.path === '/rate/1');
    expect(rate).toHaveLength(2);
    expect(rate[1]!.at - rate[0]!.at).toBeGreaterThanOrEqual(1000);

    // An http address whose server sends it to https (301 or 302) is moved there.
    expect(row('Upgrade301').section).toBe('moved');
    expect(row('Upgrade301').text).toContain(`now at ${web.secureUrl(BOTH, '/upgrade/1')}`);
    expect(row('Upgrade301').text).toContain('HTTP 200 · checked ');
    expect(row('Upgrade302').text).toContain(`now at ${web.secureUrl(BOTH, '/upgrade302/2')}`);
    expect(row('Upgrade302').section).toBe('moved');
    // No answer over http, an answer over https: "works over https only", offered as a move, never dead.
    expect(row('HttpsOnly').section).toBe('moved');
    expect(row('HttpsOnly').text).toContain(`works over https only: ${web.secureUrl(SECURE, '/ok/1')}`);
    expect(row('HttpsOnly').text).toContain('HTTP 200 · checked twice');
    // The popup's result for it says the same (not "Moved for good": nothing redirected it).
    const popup = await ff.open('popup/index.html');
    await popup.type('input.search', 'HttpsOnly');
    await popup.waitForFunction(() => document.querySelector('.results-section')?.getAttribute('data-answered') === 'HttpsOnly', { timeout: 10_000 });
    const marker = await popup.waitForSelector('.results-section [data-testid="link-marker"][data-class="moved"]', { timeout: 10_000 });
    expect(await marker!.evaluate((m) => [m.textContent, m.getAttribute('title')])).toEqual([
      expect.stringContaining('Works over https only'),
      expect.stringMatching(new RegExp(`^Works over https only, at ${web.secureUrl(SECURE, '/ok/1').replace(/[.]/g, '\\.')}; checked on `)),
    ]);
    await popup.close();
    // A 404 over http stays gone (an answer: no https probe).
    expect(row('HttpOnlyGone')).toMatchObject({ section: 'gone' });
    expect(row('HttpOnlyGone').text).toContain('HTTP 404 · checked twice');
    expect(web.requests.some((r) => r.host === PLAIN && r.secure)).toBe(false);
    // Chains end where the permanent hops end; the IDN host is listed in punycode and moves like any other.
    expect(row('Chain').text).toContain(`now at ${web.url(MISC, '/ok/1')}`);
    expect(row('Idn').section).toBe('moved');
    expect(row('Idn').text).toContain(`now at http://${IDN}/ok/1`);
    expect(web.requests.some((r) => r.host === IDN && r.path === '/moved/1')).toBe(true);
    // Dead: the loop, the slow server, plain http on the https address, the refused port.
    for (const title of ['Loop', 'Slow', 'TlsBroken', 'Refused']) expect(row(title).section, title).toBe('unreachable');
    expect(row('Slow').text).toContain('no answer in time · checked twice');
    expect(row('TlsBroken').text).toContain('checked twice');
    expect(row('Refused').text).toContain('the connection was refused · checked twice');
    expect(row('Loop').text).toContain('checked twice');

    // The "https only" bookmark is updated with the other moved ones through the one fix path.
    await page.click('label::-p-text(Select all: Moved for good (5))');
    await page.click('button::-p-text(Update 5 to their new addresses…)');
    await page.waitForSelector('[role="alertdialog"] [data-testid="fix-preview"]');
    const listed = await page.$$eval('[data-testid="fix-change"]', (els) => els.map((e) => e.textContent ?? ''));
    expect(listed.some((text) => text.includes(`${marks.HttpsOnly} → ${web.secureUrl(SECURE, '/ok/1')}`))).toBe(true);
    await page.click('[role="alertdialog"] [data-testid="confirm"]');
    await waitForShown(page, '[data-testid="fix-result"] ::-p-text(Updated 5 bookmarks to their new addresses.)', 30_000);
    const urls = await harness.evaluate(async () => (await window.tm.browser.bookmarks.search({ title: 'HttpsOnly' })).map((b) => b.url));
    expect(urls).toEqual([web.secureUrl(SECURE, '/ok/1')]);
    await page.close();
  }, 180_000);

  it('with HTTPS-Only Mode on, Firefox upgrades the check of http too: what it reports', async () => {
    await ff.chrome(SET_PREFS, { ...web.prefs(), 'dom.security.https_only_mode': true });
    try {
      const marks = { HttpOnly: web.url(PLAIN, '/ok/5'), Both: web.url(BOTH, '/ok/6'), HttpsOnly: web.url(SECURE, '/ok/7') };
      const harness = await ff.harness();
      await addBookmarks(
        harness,
        Object.entries(marks).map(([title, url]) => ({ title, url })),
      );
      web.reset();
      const page = await check(ff, harness);
      await page.waitForSelector('[data-testid="links-section-unreachable"] [data-testid="links-item"]');
      const rows = await shown(page);
      // Firefox rewrote every http request to https before it left: no http request reached a server. A site serving
      // https reads as moved to its https address (Firefox's own upgrade is a hop); an http-only site as unreachable.
      expect(web.requests.filter((r) => !r.secure)).toEqual([]);
      expect(rows.get('Both')?.section).toBe('moved');
      expect(rows.get('Both')?.text).toContain(`now at ${web.secureUrl(BOTH, '/ok/6')}`);
      expect(rows.get('HttpsOnly')?.text).toContain(`now at ${web.secureUrl(SECURE, '/ok/7')}`);
      expect(rows.get('HttpOnly')?.section).toBe('unreachable');
      expect(rows.get('HttpOnly')?.text).toContain('checked twice');
      // The view says so, for a person who wonders why a working http site is listed.
      expect(await page.$eval('[data-testid="links-https-only-note"]', (e) => e.textContent)).toBe(
        "With Firefox's HTTPS-Only Mode on, Firefox checks http addresses over https too: a site that serves only http is listed as unreachable, and one that serves both as moved to https.",
      );
      await page.close();
    } finally {
      await ff.chrome(SET_PREFS, { 'dom.security.https_only_mode': false });
    }
  }, 120_000);
});
