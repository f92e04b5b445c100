import { describe, expect, it } from 'vitest';
import { copyFolders, filterGroups, NO_FILTERS, rowOfUrl, rulesPresent, toRows } from '../../../../src/options-ui/duplicates/rows';
import { emptyDecisions, keeperOf, toPlanInput } from '../../../../src/options-ui/duplicates/decisions';
import { DEFAULT_SETTINGS } from '../../../../src/settings/settings';
import type { FolderPair } from '../../../../src/dedup/scan-types';
import { makeGroups } from './fixtures';

describe('rows of the group list', () => {
  const groups = makeGroups(3, 2);
  it('a header row then one row per copy', () => {
    expect(toRows(groups).map((r) => (r.kind === 'group' ? `G${r.groupIndex}` : r.copy.id))).toEqual(['G0', 'g0c0', 'g0c1', 'G1', 'g1c0', 'g1c1', 'G2', 'g2c0', 'g2c1']);
  });
  it('filters by text, folder and rule', () => {
    expect(filterGroups(groups, { ...NO_FILTERS, text: 'site.example/2' }).map((g) => g.key)).toEqual(['https://site.example/2']);
    expect(filterGroups(groups, { ...NO_FILTERS, folder: 'sync copy' })).toHaveLength(3);
    expect(filterGroups(groups, { ...NO_FILTERS, folder: 'nowhere' })).toHaveLength(0);
    expect(filterGroups(groups, { ...NO_FILTERS, rule: 'trailing-slash' }).map((g) => g.key)).toEqual(['https://site.example/1']);
    expect(filterGroups(groups, NO_FILTERS)).toBe(groups);
  });
  it('finds the group of a URL by the scan’s matching rules (?url=)', () => {
    const rows = toRows(groups);
    expect(rowOfUrl(rows, 'https://site.example/1/', DEFAULT_SETTINGS.matching)).toBe(3);
    expect(rowOfUrl(rows, 'https://elsewhere.example/', DEFAULT_SETTINGS.matching)).toBe(-1);
  });
  it('lists folders by how many copies they hold, and the rules present', () => {
    expect(copyFolders(groups)).toEqual(['Bookmarks Toolbar', 'Other Bookmarks › Sync copy']);
    expect(rulesPresent(groups).sort()).toEqual(['exact', 'trailing-slash']);
  });
});

describe('decisions -> plan input', () => {
  const groups = makeGroups(3, 2);
  const pair = { keep: { id: 'A' }, other: { id: 'B' } } as FolderPair;
  it('sends the reviewed scan id, only keepers that differ from the suggestion, left groups, pair choices', () => {
    const d = emptyDecisions();
    d.keepers.set(groups[0]!.key, 'g0c1');
    d.keepers.set(groups[1]!.key, 'g1c1');
    d.left.add(groups[1]!.key);
    d.pairs.set('A|B', 'other');
    expect(keeperOf(d, groups[0]!)).toBe('g0c1');
    expect(keeperOf(d, groups[2]!)).toBe('g2c0');
    expect(toPlanInput(d, { scanId: 'scan-1', groups, folderPairs: [pair] })).toEqual({
      scanId: 'scan-1',
      keepers: ['g0c1'],
      leaveGroups: [groups[1]!.key],
      folderPairs: [{ keepId: 'B', otherId: 'A', merge: true }],
      includeEmptyFolders: true,
    });
    d.pairs.set('A|B', 'leave');
    expect(toPlanInput(d, { scanId: 'scan-1', groups, folderPairs: [pair] }).folderPairs).toEqual([{ keepId: 'A', otherId: 'B', merge: false }]);
  });
});
