import { describe, expect, it } from 'vitest';
import type { CheckProgress } from '../../../src/link-health/protocol';
import { jobContext as anyJobContext, linkHealthSetup } from './setup';

/** The feature over the fake browser with an injected fetch: `answer(url, method)` is each request's status. */
const setup = (answer: (url: string, method: string) => number | 'refused', options: { granted?: string[]; testBuild?: boolean } = {}) =>
  linkHealthSetup(answer, options);
const jobContext = (onProgress?: (p: CheckProgress, abort: () => void) => void) => anyJobContext<CheckProgress>(onProgress);

const ctx = { senderUrl: undefined };

describe('link health feature', () => {
  it('checks each URL once, classifies it, and keeps bookmarklets, place:, file: and private hosts unfetched', async () => {
    const { feature, fetched, add } = await setup((url) => (url.includes('/gone') ? 404 : 200));
    await add('https://a.example.org/ok');
    await add('https://a.example.org/ok', 'second copy');
    await add('https://b.example.org/gone');
    await add('javascript:void(0)');
    await add('place:sort=8');
    await add('file:///etc/hosts');
    await add('http://192.168.1.1/');
    const result = await feature.jobs['links.check']({ mode: 'stale' }, jobContext());
    expect(result.counts).toMatchObject({ ok: 1, gone: 1 });
    expect(fetched.filter((f) => f.url === 'https://a.example.org/ok')).toHaveLength(1);
    expect(fetched.some((f) => /192\.168|etc\/hosts|javascript|place:/.test(f.url))).toBe(false);
    const { items } = await feature.handlers['links.results'](undefined, ctx);
    const byUrl = new Map(items.map((i) => [i.url, i]));
    expect(byUrl.get('https://b.example.org/gone')).toMatchObject({ class: 'gone', status: 404, checks: 2 });
    expect(byUrl.get('javascript:void(0)')?.skip).toBe('not-web');
    expect(byUrl.get('place:sort=8')?.skip).toBe('not-web');
    expect(byUrl.get('file:///etc/hosts')?.skip).toBe('not-web');
    expect(byUrl.get('http://192.168.1.1/')?.skip).toBe('private-host');
    expect(byUrl.has('https://a.example.org/ok')).toBe(false);
    const overview = await feature.handlers['links.overview'](undefined, ctx);
    expect(overview.counts).toMatchObject({ ok: 2, gone: 1 }); // per bookmark
    expect(overview.skipped).toEqual({ 'not-web': 3, 'private-host': 1, 'invalid-url': 0 });
  });

  it('fetches only granted hosts and lists the others as without access', async () => {
    const { feature, fetched, add } = await setup(() => 200, { granted: ['http://a.example.org/*', 'https://a.example.org/*'] });
    await add('https://a.example.org/1');
    await add('https://b.example.org/1');
    const overview = await feature.handlers['links.overview'](undefined, ctx);
    expect(overview.hostsWithoutAccess).toEqual(['b.example.org']);
    const result = await feature.jobs['links.check']({ mode: 'stale' }, jobContext());
    expect(result).toMatchObject({ checked: 1, withoutAccess: 1 });
    expect(fetched.map((f) => new URL(f.url).hostname)).toEqual(['a.example.org']);
    const { items } = await feature.handlers['links.results'](undefined, ctx);
    expect(items.find((i) => i.url === 'https://b.example.org/1')?.skip).toBe('no-access');
  });

  it('refuses to start when no site was granted', async () => {
    const { feature, add } = await setup(() => 200, { granted: [] });
    await add('https://a.example.org/1');
    await expect(feature.jobs['links.check']({ mode: 'stale' }, jobContext())).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('resumes an interrupted run: only what it had not checked is fetched', async () => {
    const { feature, fetched, add } = await setup(() => 200);
    for (let i = 0; i < 30; i++) await add(`https://h${i % 3}.example.org/${i}`);
    await feature.testHandlers!['test.links.tune']({ global: 1 }, ctx);
    await expect(
      feature.jobs['links.check'](
        { mode: 'stale' },
        // Cancelled from the page by its request (the job only follows the check: its port going away stops nothing).
        jobContext((p) => p.done >= 10 && void feature.handlers['links.cancel'](undefined, ctx)),
      ),
    ).rejects.toMatchObject({ code: 'cancelled' });
    const overview = await feature.handlers['links.overview'](undefined, ctx);
    expect(overview.run).toMatchObject({ total: 30, finishedAt: null });
    const doneBefore = overview.run!.done;
    expect(doneBefore).toBeGreaterThanOrEqual(10);
    const fetchedBefore = new Set(fetched.map((f) => f.url));
    fetched.length = 0;
    const result = await feature.jobs['links.check']({ mode: 'resume' }, jobContext());
    expect(result.checked).toBe(30);
    expect(fetched).toHaveLength(30 - doneBefore);
    // What the first part checked and stored is not fetched again (one in flight at the abort may be).
    expect(fetched.filter((f) => fetchedBefore.has(f.url)).length).toBeLessThanOrEqual(1);
    expect((await feature.handlers['links.overview'](undefined, ctx)).run?.finishedAt).not.toBeNull();
  });

  it('a stale check re-checks only what failed (or is old); "all" re-checks everything', async () => {
    let down = true;
    const { feature, fetched, add } = await setup((url) => (url.includes('down') && down ? 'refused' : 200));
    await add('https://a.example.org/fine');
    await add('https://b.example.org/down');
    const first = await feature.jobs['links.check']({ mode: 'stale' }, jobContext());
    expect(first.counts).toMatchObject({ ok: 1, unreachable: 1 });
    down = false;
    fetched.length = 0;
    const second = await feature.jobs['links.check']({ mode: 'stale' }, jobContext());
    expect(fetched.map((f) => f.url)).toEqual(['https://b.example.org/down']);
    expect(second.counts).toMatchObject({ ok: 1, unreachable: 0 });
    fetched.length = 0;
    await feature.jobs['links.check']({ mode: 'all' }, jobContext());
    expect(new Set(fetched.map((f) => f.url)).size).toBe(2);
  });

  it('test.links.tune does not exist outside the test build, and loopback is never fetched there', async () => {
    const { feature, fetched, add } = await setup(() => 200, { testBuild: false });
    expect(feature.testHandlers).toBeUndefined();
    await add('http://127.0.0.5:8080/');
    await add('https://a.example.org/');
    await feature.jobs['links.check']({ mode: 'stale' }, jobContext());
    expect(fetched.map((f) => f.url)).toEqual(['https://a.example.org/']);
  });
});
