import { describe, expect, it } from 'vitest';
import {
  copyFolders,
  DEFAULT_EXPANSION,
  filterGroups,
  folderBreakdown,
  folderRowId,
  NO_FILTERS,
  orderGroups,
  rowOfUrl,
  rulesPresent,
  toRows,
  urlDifference,
  type Row,
} from '../../../../src/options-ui/duplicates/rows';
import { decisionsFromScan, emptyDecisions, goesWithFolders, removedFolders, toPlanInput } from '../../../../src/options-ui/duplicates/decisions';
import { markUntrusted, unmarked } from '../../../../src/options-ui/duplicates/Marked';
import { DEFAULT_SETTINGS } from '../../../../src/settings/settings';
import type { FolderSet } from '../../../../src/dedup/scan/scan-types';
import { bigGroup, makeGroups } from './fixtures';

const label = (r: Row) => (r.kind === 'group' ? `G${r.groupIndex}` : r.kind === 'folder' ? `F:${r.path}` : `${r.pinned ? '*' : ''}${r.copy.id}`);
const suggested = (g: { suggestedKeeperId: string }) => g.suggestedKeeperId;

describe('rows of the group tree', () => {
  const groups = makeGroups(3, 2);
  it('a header, then the kept copy pinned first, then the others', () => {
    expect(toRows(groups, DEFAULT_EXPANSION, suggested).map(label)).toEqual(['G0', '*g0c0', 'g0c1', 'G1', '*g1c0', 'g1c1', 'G2', '*g2c0', 'g2c1']);
    // Another copy kept: it moves to the top of its group.
    expect(
      toRows(groups, DEFAULT_EXPANSION, (g) => (g === groups[1] ? 'g1c1' : g.suggestedKeeperId))
        .map(label)
        .slice(3, 6),
    ).toEqual(['G1', '*g1c1', 'g1c0']);
    // A group left alone pins nothing.
    expect(
      toRows(groups, DEFAULT_EXPANSION, () => null)
        .map(label)
        .slice(0, 3),
    ).toEqual(['G0', 'g0c0', 'g0c1']);
  });
  it('rows carry their tree level and place among their siblings', () => {
    const rows = toRows(groups, DEFAULT_EXPANSION, suggested);
    expect(rows.map((r) => [r.level, r.pos, r.size]).slice(0, 4)).toEqual([
      [1, 1, 3],
      [2, 1, 2],
      [2, 2, 2],
      [1, 2, 3],
    ]);
  });
  it('a big group opens collapsed; open, it lists one row per folder, each opened on its own', () => {
    const big = bigGroup(154, 13);
    expect(toRows([big], DEFAULT_EXPANSION, suggested).map(label)).toEqual(['G0']);
    const open = { ...DEFAULT_EXPANSION, groups: new Map([[big.key, true]]) };
    const rows = toRows([big], open, suggested);
    expect(rows.map(label).slice(0, 4)).toEqual(['G0', '*big0', 'F:Other Bookmarks › Synced › Folder 0', 'F:Other Bookmarks › Synced › Folder 1']);
    expect(rows).toHaveLength(2 + 12);
    const folder0 = rows[2] as Extract<Row, { kind: 'folder' }>;
    expect(folder0.copies).toHaveLength(12); // the kept copy is pinned, not listed again
    const withFolder = { ...open, folders: new Map([[folderRowId(big, 'folder0'), true]]) };
    const expanded = toRows([big], withFolder, suggested);
    expect(expanded.map(label).slice(2, 5)).toEqual(['F:Other Bookmarks › Synced › Folder 0', 'big1', 'big2']);
    expect(expanded[3]!.level).toBe(3);
    // Expand all opens every group and folder; collapse all closes every group.
    expect(toRows([big], { all: true, groups: new Map(), folders: new Map() }, suggested)).toHaveLength(2 + 12 + 153);
    expect(toRows(groups, { all: false, groups: new Map(), folders: new Map() }, suggested).map(label)).toEqual(['G0', 'G1', 'G2']);
  });
  it('groups the copied folders settle open collapsed', () => {
    expect(
      toRows(groups, DEFAULT_EXPANSION, suggested, (g) => g === groups[0])
        .map(label)
        .slice(0, 3),
    ).toEqual(['G0', 'G1', '*g1c0']);
  });
  it('summarises a big group by folder: "Folder 0 ×13, …"', () => {
    const big = bigGroup(154, 13);
    expect(folderBreakdown(big, 3)).toBe('Folder 0 ×13, Folder 1 ×13, Folder 2 ×13, …');
    expect(folderBreakdown(makeGroups(1, 3)[0]!)).toBe('Bookmarks Toolbar, Sync copy ×2');
  });
  it('orders: copied-folder groups last, or large groups first (by copies or by folders), stable otherwise', () => {
    const small = makeGroups(2, 2);
    const big = bigGroup(30, 3);
    const wide = bigGroup(12, 1);
    const all = [small[0]!, big, small[1]!, wide];
    expect(orderGroups(all, 'tree')).toBe(all);
    expect(orderGroups(all, 'copies').map((g) => g.copies.length)).toEqual([30, 12, 2, 2]);
    expect(orderGroups(all, 'folders')).toEqual([wide, big, small[0], small[1]]);
    expect(orderGroups(all, 'review', (g) => g === small[0])).toEqual([big, small[1], wide, small[0]]);
  });
  it('filters by text, folder and rule', () => {
    expect(filterGroups(groups, { ...NO_FILTERS, text: 'site.example/2' }).map((g) => g.key)).toEqual(['https://site.example/2']);
    expect(filterGroups(groups, { ...NO_FILTERS, folder: 'sync copy' })).toHaveLength(3);
    expect(filterGroups(groups, { ...NO_FILTERS, folder: 'nowhere' })).toHaveLength(0);
    expect(filterGroups(groups, { ...NO_FILTERS, rule: 'trailing-slash' }).map((g) => g.key)).toEqual(['https://site.example/1']);
    expect(filterGroups(groups, NO_FILTERS)).toBe(groups);
  });
  it('finds the group of a URL by the scan’s matching rules (?url=)', () => {
    const rows = toRows(groups, DEFAULT_EXPANSION, suggested);
    expect(rowOfUrl(rows, 'https://site.example/1/', DEFAULT_SETTINGS.matching)).toBe(3);
    expect(rowOfUrl(rows, 'https://elsewhere.example/', DEFAULT_SETTINGS.matching)).toBe(-1);
  });
  it('lists folders by how many copies they hold, and the rules present', () => {
    expect(copyFolders(groups)).toEqual(['Bookmarks Toolbar', 'Other Bookmarks › Sync copy']);
    expect(rulesPresent(groups).sort()).toEqual(['exact', 'trailing-slash']);
  });
});

describe('a copy’s own address against the group’s', () => {
  it('marks what differs; where the copy only lacks something, the word or segment around the gap', () => {
    expect(urlDifference('https://a.example/p', 'https://a.example/p')).toBeNull();
    expect(urlDifference('https://a.example/p?utm_source=x', 'https://a.example/p')).toEqual({ before: 'https://a.example/p', changed: '?utm_source=x', after: '' });
    expect(urlDifference('https://a.example/p/', 'https://a.example/p')).toEqual({ before: 'https://a.example/p', changed: '/', after: '' });
    expect(urlDifference('https://a.example/p#', 'https://a.example/p')?.changed).toBe('#');
    expect(urlDifference('http://a.example/p', 'https://a.example/p')).toEqual({ before: '', changed: 'http', after: '://a.example/p' });
    expect(urlDifference('https://a.example/page', 'https://a.example/page/')).toEqual({ before: 'https://a.example/', changed: 'page', after: '' });
    expect(urlDifference('https://www.a.example/', 'https://a.example/')?.changed).toBe('www.');
  });
});

describe('decisions', () => {
  const groups = makeGroups(3, 2);
  const set: FolderSet = {
    id: 'A',
    title: 'Dev',
    suggestedKeepId: 'A',
    keptBecause: [],
    pages: 2,
    members: ['A', 'B'].map((id, i) => ({
      id,
      parentId: 'menu________',
      title: 'Dev',
      path: 'Bookmarks Menu › Dev',
      parentTitle: 'Bookmarks Menu',
      dateAdded: 1,
      index: i,
      siblings: 2,
      bookmarkCount: 2,
      kind: 'identical' as const,
      unique: 0,
      movesIfKept: [],
    })),
  };
  const folderParents = { sync: 'unfiled_____', toolbar_____: '', unfiled_____: '', A: 'menu________', B: 'menu________', menu________: '' };

  it('-> plan input: the reviewed scan id, keepers, left groups, folder set choices', () => {
    const d = {
      ...emptyDecisions(),
      keepers: new Map([
        [groups[0]!.key, 'g0c1'],
        [groups[1]!.key, 'g1c1'],
      ]),
      left: new Set([groups[1]!.key]),
      sets: new Map([['A', { keepId: 'B', merge: true }]]),
    };
    expect(toPlanInput(d, { scanId: 'scan-1', groups, folderSets: [set], folderParents })).toEqual({
      scanId: 'scan-1',
      keepers: ['g0c1'],
      leaveGroups: [groups[1]!.key],
      folderSets: [{ setId: 'A', keepId: 'B', merge: true }],
      includeEmptyFolders: true,
    });
  });
  it('the folders a set choice removes, and which copies go with them', () => {
    // The folder's path and its parent's title are untrusted: marked for isolation where the sentence is shown (Marked.tsx).
    expect([...removedFolders(emptyDecisions(), { folderSets: [set] })]).toEqual([
      ['B', `${markUntrusted('Bookmarks Menu › Dev')}, 2nd of 2 in ${markUntrusted('Bookmarks Menu')}`],
    ]);
    const keepB = { ...emptyDecisions(), sets: new Map([['A', { keepId: 'B', merge: true }]]) };
    expect([...removedFolders(keepB, { folderSets: [set] }).keys()]).toEqual(['A']);
    expect(removedFolders({ ...emptyDecisions(), sets: new Map([['A', { keepId: 'A', merge: false }]]) }, { folderSets: [set] }).size).toBe(0);
    const removed = removedFolders(emptyDecisions(), { folderSets: [set] });
    expect(unmarked(goesWithFolders(removed, folderParents)({ id: 'x', parentId: 'B' })!)).toBe('Bookmarks Menu › Dev, 2nd of 2 in Bookmarks Menu');
    expect(goesWithFolders(removed, folderParents)({ id: 'y', parentId: 'A' })).toBeNull();
  });
  it('start from what was remembered, saying when a group changed or a chosen copy is gone', () => {
    const { decisions, notes } = decisionsFromScan({
      groups,
      remembered: [
        { key: groups[0]!.key, leave: true, keeperId: null, keeperGone: false, changed: { then: 3, now: 2 }, decidedAt: 1 },
        { key: groups[1]!.key, leave: false, keeperId: 'g1c1', keeperGone: false, changed: null, decidedAt: 1 },
        { key: groups[2]!.key, leave: false, keeperId: null, keeperGone: true, changed: null, decidedAt: 1 },
        { key: 'https://not-in-this-scan.example/', leave: true, keeperId: null, keeperGone: false, changed: null, decidedAt: 1 },
      ],
    });
    expect([...decisions.left]).toEqual([groups[0]!.key]);
    expect([...decisions.keepers]).toEqual([[groups[1]!.key, 'g1c1']]);
    expect(notes.get(groups[0]!.key)).toBe('changed since you decided: 3 copies then, 2 now');
    expect(notes.get(groups[2]!.key)).toContain('the copy you chose to keep is gone');
    expect(notes.has(groups[1]!.key)).toBe(false);
  });

  it('start from the remembered copied-folder choices: the copy that stays, leave them all, and a note when the set changed', () => {
    const other: FolderSet = { ...set, id: 'C', members: set.members.map((m) => ({ ...m, id: m.id === 'A' ? 'C' : 'D' })), suggestedKeepId: 'C' };
    const third: FolderSet = { ...set, id: 'E', members: set.members.map((m) => ({ ...m, id: m.id === 'A' ? 'E' : 'F' })), suggestedKeepId: 'E' };
    const { decisions, setNotes } = decisionsFromScan({
      groups,
      remembered: [],
      folderSets: [set, other, third],
      rememberedSets: [
        { setId: 'A', key: 'folders:A', leave: false, keeperId: 'B', keeperGone: false, changed: null, decidedAt: 1 },
        { setId: 'C', key: 'folders:C', leave: true, keeperId: null, keeperGone: false, changed: { then: 3, now: 2 }, decidedAt: 1 },
        { setId: 'E', key: 'folders:E', leave: false, keeperId: null, keeperGone: true, changed: null, decidedAt: 1 },
        { setId: 'gone', key: 'folders:gone', leave: true, keeperId: null, keeperGone: false, changed: null, decidedAt: 1 },
      ],
    });
    expect([...decisions.sets]).toEqual([
      ['A', { keepId: 'B', merge: true }],
      ['C', { keepId: 'C', merge: false }],
    ]);
    expect(setNotes.get('C')).toBe('changed since you decided: 3 copies then, 2 now');
    expect(setNotes.get('E')).toBe('the copy you chose to keep is gone, so the keep rules choose');
    expect(setNotes.has('A')).toBe(false);
    // The plan follows them.
    expect([...removedFolders(decisions, { folderSets: [set, other, third] }).keys()]).toEqual(['A', 'F']);
  });
});
