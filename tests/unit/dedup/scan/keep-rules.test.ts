import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseFolderTitle,
  chooseFolderKeeper,
  chooseKeeper,
  explainFolderKeeper,
  explainKeeper,
  keeperOfTwo,
  preferredRankOf,
  titleQuality,
  urlQuality,
  type KeepCandidate,
} from '../../../../src/dedup/scan/keep-rules';
import { DEFAULT_SETTINGS, KEEP_RULES, parseStoredSettings } from '../../../../src/settings/settings';

const copy = (over: Partial<KeepCandidate> & { id: string }): KeepCandidate => ({
  title: 'Title',
  url: 'https://a.example/',
  dateAdded: 100,
  tagCount: 0,
  visits: 0,
  preferredRank: Infinity,
  order: 0,
  ...over,
});

describe('keep rules', () => {
  it('preferredFolder: the better-ranked folder wins; no preferred folder ranks last', () => {
    const a = copy({ id: 'a', preferredRank: Infinity, order: 0 });
    const b = copy({ id: 'b', preferredRank: 2, order: 1 });
    const c = copy({ id: 'c', preferredRank: 0, order: 2 });
    expect(chooseKeeper([a, b, c], ['preferredFolder'])).toBe('c');
    expect(chooseKeeper([a, b], ['preferredFolder'])).toBe('b');
  });
  it('oldest and newest compare dateAdded', () => {
    const a = copy({ id: 'a', dateAdded: 300 });
    const b = copy({ id: 'b', dateAdded: 100, order: 1 });
    expect(chooseKeeper([a, b], ['oldest'])).toBe('b');
    expect(chooseKeeper([a, b], ['newest'])).toBe('a');
  });
  it('bestTitle: a real title beats an empty one or the URL itself', () => {
    const url = 'https://www.a.example/page/';
    expect(titleQuality('', url)).toBe(0);
    expect(titleQuality('   ', url)).toBe(0);
    expect(titleQuality(url, url)).toBe(0);
    expect(titleQuality('a.example/page', url)).toBe(0);
    expect(titleQuality('A page', url)).toBe(1);
    const empty = copy({ id: 'empty', title: '', url, order: 0 });
    const asUrl = copy({ id: 'url', title: url, url, order: 1 });
    const real = copy({ id: 'real', title: 'A page', url, order: 2 });
    expect(chooseKeeper([empty, asUrl, real], ['bestTitle'])).toBe('real');
  });
  it('mostTags and mostVisits: more wins', () => {
    const a = copy({ id: 'a', tagCount: 1, visits: 9 });
    const b = copy({ id: 'b', tagCount: 3, visits: 2, order: 1 });
    expect(chooseKeeper([a, b], ['mostTags'])).toBe('b');
    expect(chooseKeeper([a, b], ['mostVisits'])).toBe('a');
  });
  it('rules apply in order: the first that tells copies apart decides', () => {
    const a = copy({ id: 'a', dateAdded: 100, tagCount: 0, order: 0 });
    const b = copy({ id: 'b', dateAdded: 200, tagCount: 5, order: 1 });
    expect(chooseKeeper([a, b], ['oldest', 'mostTags'])).toBe('a');
    expect(chooseKeeper([a, b], ['mostTags', 'oldest'])).toBe('b');
  });
  it('a full tie keeps the first copy in tree order, whatever the input order', () => {
    const a = copy({ id: 'a', order: 5 });
    const b = copy({ id: 'b', order: 2 });
    expect(chooseKeeper([a, b], DEFAULT_SETTINGS.keep.rules)).toBe('b');
    expect(chooseKeeper([b, a], DEFAULT_SETTINGS.keep.rules)).toBe('b');
  });
  it('cleanUrl: the address without tracking parameters or a fragment beats its variants', () => {
    expect(urlQuality('https://a.example/page')).toBe(1);
    expect(urlQuality('https://a.example/page?id=3')).toBe(1);
    expect(urlQuality('https://a.example/page?utm_source=x')).toBe(0);
    expect(urlQuality('https://a.example/page?id=3&fbclid=abc')).toBe(0);
    expect(urlQuality('https://a.example/page#')).toBe(0);
    expect(urlQuality('https://a.example/page#top')).toBe(0);
    expect(urlQuality('javascript:void(0)')).toBe(1);
    const utm = copy({ id: 'utm', url: 'https://a.example/page?utm_source=x', order: 0 });
    const hash = copy({ id: 'hash', url: 'https://a.example/page#', order: 1 });
    const clean = copy({ id: 'clean', url: 'https://a.example/page/', order: 2 });
    expect(chooseKeeper([utm, hash, clean], ['cleanUrl'])).toBe('clean');
  });
  it('the documented default: a real title, then the clean address, then the toolbar, then the oldest', () => {
    expect(DEFAULT_SETTINGS.keep.rules).toEqual(['bestTitle', 'cleanUrl', 'preferredFolder', 'oldest', 'mostTags', 'mostVisits']);
    const menuOld = copy({ id: 'menu', preferredRank: 1, dateAdded: 1 });
    const toolbarNew = copy({ id: 'toolbar', preferredRank: 0, dateAdded: 999, order: 1 });
    expect(chooseKeeper([menuOld, toolbarNew], DEFAULT_SETTINGS.keep.rules)).toBe('toolbar');
    // regression: the copy titled with its bare URL was kept over the one with a real title (5 of 16 groups)
    const bare = copy({ id: 'bare', title: 'https://a.example/', preferredRank: 0, dateAdded: 1 });
    const titled = copy({ id: 'titled', title: 'A page', preferredRank: 3, dateAdded: 999, order: 1 });
    expect(chooseKeeper([bare, titled], DEFAULT_SETTINGS.keep.rules)).toBe('titled');
    // regression: the utm_ variant was kept over the clean URL (4 of 5 groups)
    const tracked = copy({ id: 'tracked', url: 'https://a.example/?utm_source=feed', preferredRank: 0, dateAdded: 1 });
    const plain = copy({ id: 'plain', preferredRank: 3, dateAdded: 999, order: 1 });
    expect(chooseKeeper([tracked, plain], DEFAULT_SETTINGS.keep.rules)).toBe('plain');
  });
  it('stored settings with the previous default order read as the new default; any other order is kept', () => {
    const stored = (rules: string[]) => ({ ...DEFAULT_SETTINGS, keep: { ...DEFAULT_SETTINGS.keep, rules } });
    expect(parseStoredSettings(stored(['preferredFolder', 'oldest', 'bestTitle', 'mostTags', 'mostVisits'])).keep.rules).toEqual(DEFAULT_SETTINGS.keep.rules);
    expect(parseStoredSettings(stored(['oldest', 'preferredFolder'])).keep.rules).toEqual(['oldest', 'preferredFolder']);
    expect(parseStoredSettings(stored(['preferredFolder', 'oldest', 'bestTitle', 'mostTags', 'mostVisits', 'cleanUrl'])).keep.rules).toEqual([
      'preferredFolder',
      'oldest',
      'bestTitle',
      'mostTags',
      'mostVisits',
      'cleanUrl',
    ]);
  });
  it('refuses an empty candidate list', () => {
    expect(() => chooseKeeper([], ['oldest'])).toThrow();
  });
});

describe('kept because', () => {
  it('names the rules in which the kept copy won, in rule order, and says when it was the only one', () => {
    const rules = DEFAULT_SETTINGS.keep.rules;
    const bare = copy({ id: 'bare', title: '', dateAdded: 1, order: 0 });
    const tracked = copy({ id: 'tracked', url: 'https://a.example/?utm_source=x', dateAdded: 2, order: 1 });
    const older = copy({ id: 'older', dateAdded: 3, preferredRank: 1, order: 2 });
    const keeper = copy({ id: 'keeper', dateAdded: 9, preferredRank: 0, order: 3 });
    expect(chooseKeeper([bare, tracked, older, keeper], rules)).toBe('keeper');
    expect(explainKeeper([bare, tracked, older, keeper], 'keeper', rules)).toEqual([{ rule: 'bestTitle' }, { rule: 'cleanUrl' }, { rule: 'preferredFolder', rank: 0 }]);
    expect(explainKeeper([bare, keeper], 'keeper', rules)).toEqual([{ rule: 'bestTitle', only: true }]);
    const tagged = copy({ id: 'tagged', tagCount: 2 });
    expect(explainKeeper([copy({ id: 'x' }), tagged], 'tagged', ['mostTags'])).toEqual([{ rule: 'mostTags', only: true }]);
  });
  it('keeperOfTwo gives what chooseKeeper and explainKeeper give for two copies', () => {
    const candidate = (id: string, order: number) =>
      fc
        .record({
          title: fc.constantFrom('', 'Title', 'https://a.example/x', 'Other title'),
          url: fc.constantFrom('https://a.example/x', 'https://a.example/x?utm_source=1', 'https://a.example/x#top'),
          dateAdded: fc.integer({ min: 0, max: 3 }),
          tagCount: fc.integer({ min: 0, max: 2 }),
          visits: fc.integer({ min: 0, max: 2 }),
          preferredRank: fc.constantFrom(0, 1, Infinity),
        })
        .map((c): KeepCandidate => ({ ...c, id, order }));
    fc.assert(
      fc.property(candidate('first', 0), candidate('second', 1), fc.shuffledSubarray([...KEEP_RULES]), (first, second, rules) => {
        const expected = chooseKeeper([{ ...first }, { ...second }], rules);
        const { keeper, reasons } = keeperOfTwo(first, second, rules);
        expect(keeper.id).toBe(expected);
        expect(reasons).toEqual(explainKeeper([{ ...first }, { ...second }], expected, rules));
      }),
      { numRuns: 1000 },
    );
  });
  it('a full tie says the first in bookmark order stays; one candidate needs no reason', () => {
    const a = copy({ id: 'a', order: 0 });
    const b = copy({ id: 'b', order: 1 });
    expect(explainKeeper([a, b], 'a', ['oldest'])).toEqual([{ rule: 'treeOrder' }]);
    expect(explainKeeper([a], 'a', ['oldest'])).toEqual([]);
  });
  it('explains folder keepers the same way (the title without a copy suffix)', () => {
    const f = (id: string, title: string, order: number) => ({ id, title, dateAdded: 1, preferredRank: 1, order });
    expect(explainFolderKeeper([f('copy', 'Dev (1)', 0), f('orig', 'Dev', 1)], 'orig', DEFAULT_SETTINGS.keep.rules)).toEqual([{ rule: 'bestTitle', only: true }]);
  });
});

describe('preferred folder ranking', () => {
  const parents: Record<string, string | undefined> = { js: 'dev', dev: 'menu________', menu________: undefined, x: 'toolbar_____' };
  const parentOf = (id: string) => parents[id];
  it('a copy anywhere inside a preferred folder counts, the best rank wins', () => {
    expect(preferredRankOf('js', parentOf, ['toolbar_____', 'menu________'])).toBe(1);
    expect(preferredRankOf('js', parentOf, ['toolbar_____', 'menu________', 'dev'])).toBe(1);
    expect(preferredRankOf('js', parentOf, ['dev', 'menu________'])).toBe(0);
    expect(preferredRankOf('js', parentOf, ['toolbar_____'])).toBe(Infinity);
  });
});

describe('folder keepers', () => {
  it('copy suffixes are stripped from titles', () => {
    expect(baseFolderTitle('Dev (1)')).toBe('Dev');
    expect(baseFolderTitle(' Dev (12) ')).toBe('Dev');
    expect(baseFolderTitle('Dev(1)')).toBe('Dev(1)');
    expect(baseFolderTitle('Top (1) list')).toBe('Top (1) list');
  });
  it('follows the rule order: the preferred folder or the title without a copy suffix, whichever comes first', () => {
    const f = (id: string, title: string, preferredRank: number, order: number) => ({ id, title, dateAdded: 1, preferredRank, order });
    expect(chooseFolderKeeper([f('copy', 'Dev (1)', 0, 0), f('orig', 'Dev', 2, 1)], ['preferredFolder', 'oldest'])).toBe('copy');
    expect(chooseFolderKeeper([f('copy', 'Dev (1)', 0, 0), f('orig', 'Dev', 2, 1)], DEFAULT_SETTINGS.keep.rules)).toBe('orig');
    expect(chooseFolderKeeper([f('copy', 'Dev (1)', 2, 0), f('orig', 'Dev', 2, 1)], ['preferredFolder', 'bestTitle'])).toBe('orig');
    expect(chooseFolderKeeper([f('copy', 'Dev (1)', 2, 0), f('orig', 'Dev', 2, 1)], ['preferredFolder'])).toBe('orig');
  });
});
