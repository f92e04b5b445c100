/**
 * Link health in real Firefox ESR against the named web of tests/e2e/link-server.ts: 2,000 bookmarks over 50 hosts
 * (names under tidymarks.test, resolved to loopback by the profile's network.dns.localDomains, ports 80/443 sent to
 * the servers by network.socket.forcePort), a third of them http only (no https at all), each answering after 50 ms,
 * checked with the production politeness limits
 * (DEFAULT_LIMITS: 2 per host in flight, 500 ms between starts on a host, 12 overall) and timeout.
 *
 *  - links.check.firefox.2k.ratioToIdeal: the 'links.check' job's time (from the job's start to its result, in the
 *    options page's realm through the harness client) over the ideal schedule under the same limits, computed by
 *    idealDurationMs() from the limits in this run (40 requests per host, 50 ms each). Bar: at most 1.5.
 *  - links.check.firefox.2k.falseAlarms: a second run over the same bookmarks with the first request of 10% of the
 *    URLs (chosen by a seeded random) failing (its connection cut): bookmarks not shown as ok afterwards. Bar: 0.
 *  - links.wayback.firefox.500.ratioToIdeal: the Wayback lookup (the 'links.wayback.lookup' job, from its start to
 *    its result, in the harness page through its client) of 500 dead bookmarks (25 named hosts answering 404, found
 *    dead by a link check before the clock starts) against the local fake of the availability API
 *    (tests/e2e/wayback-server.ts, served as https://archive.org itself on the same named web, each answer after
 *    15 ms), over the polite schedule: idealLookupMs() of 500 questions one at a time, starts at least the gap
 *    apart, with the gap this run sets through test.links.wayback (25 ms instead of production's 1 s, so the run
 *    takes about 12 s; the answer is shorter than the gap, so the gap sets the pace). Bar (issue 31): at most 1.5.
 * Host access is granted by a click in the harness page (extensions.webextOptionalPermissionPrompts=false). Parts
 * (`npm run bench -- --only links --part <part>`): `check` (the first two rows), `wayback` (the third).
 */
import type { Page } from 'puppeteer-core';
import { createRng } from '../scripts/prng.mjs';
import { idealDurationMs } from '../src/link-health/ideal';
import { DEFAULT_LIMITS } from '../src/link-health/scheduler';
import { idealLookupMs } from '../src/link-health/wayback/lookup';
import { startLinkServer, testHost } from '../tests/e2e/link-server';
import { startWaybackServer } from '../tests/e2e/wayback-server';
import { median, p95, round } from './lib/stats';
import { defineSuite, type BenchContext, type BenchRow } from './lib/types';

const HOSTS = Array.from({ length: 50 }, (_, i) => testHost(`b${100 + i}`));
/** Every third host serves http only: its https handshake fails. */
const HTTP_ONLY = HOSTS.filter((_, i) => i % 3 === 0);
const PER_HOST = 40;
const RESPONSE_MS = 50;

/** The Wayback lookup's run: 500 dead bookmarks, 20 on each of 25 hosts. */
const WB_HOSTS = Array.from({ length: 25 }, (_, i) => testHost(`w${100 + i}`));
const WB_PER_HOST = 20;
const WB_RESPONSE_MS = 15;
const WB_GAP_MS = 25;
/** The check that finds them dead is set-up, not measured: tuned short (as in tests/e2e/wayback.e2e.ts). */
const WB_TUNE = { timeoutMs: 5000, hostGapMs: 20, confirmDelayMs: 100, defaultRetryAfterMs: 300, global: 12 };

/** Creates the bookmarks in a new folder of Other Bookmarks. */
async function seed(harness: Page, title: string, urls: string[]): Promise<void> {
  await harness.evaluate(
    async (t, list) => {
      const b = window.tm.browser.bookmarks;
      const folder = await b.create({ parentId: 'unfiled_____', title: t });
      for (const url of list) await b.create({ parentId: folder.id, url, title: url });
    },
    title,
    urls,
  );
}

/** Grants host access by a click in the harness page (a permission request needs a user action). */
async function grant(harness: Page, origins: string[]): Promise<void> {
  await harness.evaluate((o) => {
    document.querySelector('#grant')?.remove();
    const button = document.createElement('button');
    button.id = 'grant';
    button.textContent = 'Grant';
    button.onclick = () => void window.tm.browser.permissions.request({ origins: o }).then((g) => (button.dataset.granted = String(g)));
    document.body.append(button);
  }, origins);
  await harness.click('#grant');
  await harness.waitForSelector('#grant[data-granted="true"]');
}

async function timedCheck(harness: Page): Promise<{ ms: number; counts: Record<string, number> }> {
  return harness.evaluate(async () => {
    const started = performance.now();
    const result = await window.tm.client.startJob('links.check', { mode: 'all' }).result;
    return { ms: performance.now() - started, counts: result.counts };
  });
}

async function checkRows(ctx: BenchContext): Promise<BenchRow[]> {
  const failing = new Set<string>();
  let failuresOn = false;
  const web = await startLinkServer({ hosts: HOSTS, httpOnly: HTTP_ONLY, delayMs: RESPONSE_MS, randomFailure: (key) => failuresOn && failing.has(key) });
  try {
    const urls = HOSTS.flatMap((h) => Array.from({ length: PER_HOST }, (_, i) => web.url(h, `/fail-once-random/${i}`)));
    // Seeded, so the failing 10% are the same in every run.
    const random = createRng(18).next;
    for (const url of urls) if (random() < 0.1) failing.add(url);
    const ff = await ctx.firefox({ prefs: { 'extensions.webextOptionalPermissionPrompts': false, ...web.prefs() } });
    const harness = await ff.harness();
    await seed(harness, 'Links', urls);
    await grant(
      harness,
      HOSTS.flatMap((h) => [`http://${h}/*`, `https://${h}/*`]),
    );
    ctx.log('links: 2,000 bookmarks, access granted; run 1 (no failures)');

    const clean = await timedCheck(harness);
    const ideal = idealDurationMs(Array(HOSTS.length).fill(PER_HOST), RESPONSE_MS, DEFAULT_LIMITS);
    const maxClean = Math.max(...web.maxInFlight.values());
    ctx.log(`links: ${round(clean.ms)} ms, ideal ${ideal} ms; run 2 (10% fail once)`);

    web.reset();
    failuresOn = true;
    const flaky = await timedCheck(harness);
    // The profile also holds Firefox's default bookmarks (mozilla.org, no access granted, never fetched): only the
    // 2,000 loopback bookmarks count. Every one of them listed by links.results is not ok (ok ones are not listed).
    const ours = new Set(urls);
    const { items } = await harness.evaluate(() => window.tm.client.call('links.results', {}));
    const alarms = items.filter((i) => ours.has(i.url));
    for (const i of alarms.slice(0, 10)) ctx.log(`links: not ok: ${i.url} ${i.class ?? i.skip} ${i.status ?? i.failure} after ${i.checks} checks`);
    const falseAlarms = alarms.length;
    const okCount = flaky.counts.ok ?? 0;
    const cut = web.requests.length - urls.length;
    return [
      {
        id: 'links.check.firefox.2k.ratioToIdeal',
        value: round(clean.ms / ideal, 2),
        unit: 'x',
        better: 'lower',
        note: `2,000 bookmarks, 50 named hosts (${HTTP_ONLY.length} http only) answering after 50 ms, production limits (2 per host, ${DEFAULT_LIMITS.hostGapMs} ms gap per host, ${DEFAULT_LIMITS.global} overall): ${round(clean.ms)} ms vs ideal ${ideal} ms; most in flight on one host: ${maxClean}; shared 2-core machine`,
        bar: { max: 1.5 },
      },
      {
        id: 'links.check.firefox.2k.falseAlarms',
        value: falseAlarms,
        unit: 'bookmarks',
        better: 'lower',
        note: `same 2,000 with the first request of ${failing.size} URLs (10%, seeded) cut: ${okCount} ok, ${cut} extra requests (second checks); run took ${round(flaky.ms)} ms`,
        bar: { max: 0 },
      },
    ];
  } finally {
    await web.close();
  }
}

async function waybackRows(ctx: BenchContext): Promise<BenchRow[]> {
  const web = await startLinkServer({ hosts: WB_HOSTS });
  // archive.org on the same named web: one mapping of ports 80/443 for both (tests/e2e/wayback-server.ts).
  const archive = await startWaybackServer({ web, delayMs: WB_RESPONSE_MS });
  try {
    const urls = WB_HOSTS.flatMap((h) => Array.from({ length: WB_PER_HOST }, (_, i) => web.url(h, `/gone/${i}`)));
    const ff = await ctx.firefox({ prefs: { 'extensions.webextOptionalPermissionPrompts': false, ...web.prefs() }, acceptInsecureCerts: true });
    const harness = await ff.harness();
    await seed(harness, 'Dead links', urls);
    await grant(harness, [...WB_HOSTS.flatMap((h) => [`http://${h}/*`, `https://${h}/*`]), archive.origin]);
    await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), WB_TUNE);
    await harness.evaluate(() => window.tm.client.startJob('links.check', { mode: 'all' }).result);
    // The production endpoint stays; only the gap between two questions is this run's.
    await harness.evaluate((gapMs) => window.tm.client.call('test.links.wayback', { gapMs }), WB_GAP_MS);
    const ours = new Set(urls);
    const dead = (await harness.evaluate(() => window.tm.client.call('links.wayback.overview', {}))).items.filter((i) => ours.has(i.url));
    if (dead.length !== urls.length) throw new Error(`the check found ${dead.length} of the ${urls.length} bookmarks dead`);
    ctx.log(`links: ${urls.length} dead bookmarks, access granted; the lookup (gap ${WB_GAP_MS} ms, answers after ${WB_RESPONSE_MS} ms)`);

    const run = await harness.evaluate(async () => {
      const started = performance.now();
      const result = await window.tm.client.startJob('links.wayback.lookup', {}).result;
      return { ms: performance.now() - started, result };
    });
    // A run that did not ask each question once, one at a time, measures something else.
    if (run.result.found !== urls.length || archive.requests.length !== urls.length || archive.maxInFlight !== 1)
      throw new Error(`lookup: ${JSON.stringify(run.result)}, ${archive.requests.length} requests, ${archive.maxInFlight} in flight at most`);
    const ideal = idealLookupMs(urls.length, WB_RESPONSE_MS, { gapMs: WB_GAP_MS });
    // Where the time went: the time between two questions reaching the fake (the gap, when nothing is late).
    const between = archive.requests.slice(1).map((r, i) => r.at - archive.requests[i]!.at);
    const spacing = `${median(between)} ms between two questions (median; p95 ${p95(between)}, most ${Math.max(...between)})`;
    ctx.log(`links: lookup ${round(run.ms)} ms, ideal ${ideal} ms; ${spacing}`);
    return [
      {
        id: 'links.wayback.firefox.500.ratioToIdeal',
        value: round(run.ms / ideal, 2),
        unit: 'x',
        better: 'lower',
        note: `Wayback lookup of 500 dead bookmarks against the local fake of https://archive.org/wayback/available (named, on loopback) answering after ${WB_RESPONSE_MS} ms, ${WB_GAP_MS} ms between starts (test.links.wayback): ${round(run.ms)} ms vs the polite schedule's ${ideal} ms (idealLookupMs: one at a time, starts ${WB_GAP_MS} ms apart); ${spacing}; shared 2-core machine`,
        bar: { max: 1.5 },
      },
    ];
  } finally {
    await archive.close();
    await web.close();
  }
}

export default defineSuite({
  name: 'links',
  async run(ctx) {
    const rows: BenchRow[] = [];
    if (ctx.runs('check')) rows.push(...(await checkRows(ctx)));
    if (ctx.runs('wayback')) rows.push(...(await waybackRows(ctx)));
    return rows;
  },
});
