import { describe, expect, it } from 'vitest';
import {
  baseFolderTitle,
  chooseFolderKeeper,
  chooseKeeper,
  preferredRankOf,
  titleQuality,
  type KeepCandidate,
} from '../../../src/dedup/keep-rules';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';

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
  it('the documented default: toolbar first, then the oldest', () => {
    expect(DEFAULT_SETTINGS.keep.rules).toEqual(['preferredFolder', 'oldest', 'bestTitle', 'mostTags', 'mostVisits']);
    const menuOld = copy({ id: 'menu', preferredRank: 1, dateAdded: 1 });
    const toolbarNew = copy({ id: 'toolbar', preferredRank: 0, dateAdded: 999, order: 1 });
    expect(chooseKeeper([menuOld, toolbarNew], DEFAULT_SETTINGS.keep.rules)).toBe('toolbar');
  });
  it('refuses an empty candidate list', () => {
    expect(() => chooseKeeper([], ['oldest'])).toThrow();
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
  it('prefers the preferred folder, then the title without a copy suffix', () => {
    const f = (id: string, title: string, preferredRank: number, order: number) => ({ id, title, dateAdded: 1, preferredRank, order });
    expect(chooseFolderKeeper([f('copy', 'Dev (1)', 0, 0), f('orig', 'Dev', 2, 1)], DEFAULT_SETTINGS.keep.rules)).toBe('copy');
    expect(chooseFolderKeeper([f('copy', 'Dev (1)', 2, 0), f('orig', 'Dev', 2, 1)], ['preferredFolder', 'bestTitle'])).toBe('orig');
    expect(chooseFolderKeeper([f('copy', 'Dev (1)', 2, 0), f('orig', 'Dev', 2, 1)], ['preferredFolder'])).toBe('orig');
  });
});
