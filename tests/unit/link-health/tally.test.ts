/**
 * Link health's figures, counted from one state per bookmark (src/link-health/tally.ts): every bookmark is checked,
 * not checked yet or never checked, and the figures the view shows add up (issue 29).
 */
import { describe, expect, it } from 'vitest';
import type { BookmarkRef } from '../../../src/link-health/bookmarks';
import { isPublicHost } from '../../../src/link-health/eligibility';
import { linkStates, tally } from '../../../src/link-health/tally';
import type { StoredVerdict } from '../../../src/link-health/store';
import type { LinkClass } from '../../../src/link-health/types';
import { grantedMatcher } from '../../../src/link-health/host-access';
import { jobContext, linkHealthSetup } from './setup';
import type { CheckProgress } from '../../../src/link-health/protocol';

let seq = 0;
const ref = (url: string): BookmarkRef => ({ id: `b${seq++}`, title: url, url, parentId: 'unfiled_____', path: [] });
const verdict = (url: string, cls: LinkClass, checkedAt = 10): StoredVerdict => ({
  url,
  class: cls,
  status: null,
  finalUrl: null,
  hops: [],
  failure: cls === 'unreachable' ? 'dns' : null,
  checks: 1,
  checkedAt,
  runId: 'r',
});

describe('tally', () => {
  it('before any check: what can be checked and what is not checked yet are the same bookmarks; the never-checked ones apart', () => {
    const bookmarks = [
      ref('https://a.example.org/1'),
      ref('https://a.example.org/2'),
      ref('https://b.example.org/'),
      ref('javascript:void(0)'),
      ref('http://192.168.1.1/'),
    ];
    const granted = grantedMatcher([]);
    const figures = tally(linkStates(bookmarks, new Map(), granted, isPublicHost), granted);
    expect(figures).toMatchObject({
      checkable: 3,
      notChecked: 3,
      skipped: { 'not-web': 1, 'private-host': 1, 'invalid-url': 0 },
      hostsWithoutAccess: ['a.example.org', 'b.example.org'],
      checkedBetween: null,
    });
  });

  it('results in bookmarks and in addresses: two bookmarks of one unreachable address are 2 bookmarks at 1 address', () => {
    const bookmarks = [
      ref('https://a.example.org/x'),
      ref('https://a.example.org/x'),
      ref('https://b.example.org/y'),
      ref('https://c.example.org/ok'),
      ref('https://d.example.org/new'),
    ];
    const verdicts = new Map(
      [verdict('https://a.example.org/x', 'unreachable', 5), verdict('https://b.example.org/y', 'unreachable', 7), verdict('https://c.example.org/ok', 'ok', 9)].map(
        (v) => [v.url, v],
      ),
    );
    const granted = grantedMatcher(['<all_urls>']);
    const figures = tally(linkStates(bookmarks, verdicts, granted, isPublicHost), granted);
    expect(figures.counts).toMatchObject({ unreachable: 3, ok: 1 });
    expect(figures.addressCounts).toMatchObject({ unreachable: 2, ok: 1 });
    expect(figures).toMatchObject({ checkable: 5, notChecked: 1, hostsWithoutAccess: [], checkedBetween: { from: 5, to: 9 } });
    // checkable = checked + not checked yet, in bookmarks.
    const checked = Object.values(figures.counts).reduce((a, b) => a + b, 0);
    expect(checked + figures.notChecked).toBe(figures.checkable);
  });
});

describe('link health figures after a stopped check', () => {
  it('the not-checked figure is every checkable bookmark without a result, and the results list exactly those as not checked yet', async () => {
    const { feature, add } = await linkHealthSetup(() => 200);
    for (let i = 0; i < 30; i++) await add(`https://h${i % 3}.example.org/${i}`);
    await add('javascript:void(0)');
    await add('place:sort=8');
    await feature.testHandlers!['test.links.tune']({ global: 1 }, { senderUrl: undefined });
    await expect(
      feature.jobs['links.check'](
        { mode: 'stale' },
        jobContext<CheckProgress>((p) => p.done >= 10 && void feature.handlers['links.cancel'](undefined, { senderUrl: undefined })),
      ),
    ).rejects.toMatchObject({
      code: 'cancelled',
    });
    const overview = await feature.handlers['links.overview'](undefined, { senderUrl: undefined });
    const checked = Object.values(overview.counts).reduce((a, b) => a + b, 0);
    expect(checked).toBe(overview.run!.done);
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(overview.checkable).toBe(30);
    expect(overview.notChecked).toBe(30 - checked);
    expect(overview.skipped['not-web']).toBe(2);
    const { items } = await feature.handlers['links.results'](undefined, { senderUrl: undefined });
    expect(items.filter((i) => i.skip === 'not-checked' || i.skip === 'no-access')).toHaveLength(overview.notChecked);
    expect(items.filter((i) => i.skip === 'not-checked')).toHaveLength(overview.notChecked); // every site was allowed
    expect(items.filter((i) => i.skip === 'not-web')).toHaveLength(2);
  });
});
