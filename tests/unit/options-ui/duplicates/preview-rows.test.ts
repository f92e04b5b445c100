import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../../../src/dedup/scan/plan';
import { scanBookmarks } from '../../../../src/dedup/scan/scan';
import { previewRows } from '../../../../src/options-ui/duplicates/preview-rows';
import { foldersFoundAndGoing } from '../../../../src/options-ui/duplicates/folder-figures';
import { useCatalog } from '../../../../src/i18n';
import english from '../../../../_locales/en/messages.json';
import { DEFAULT_SETTINGS } from '../../../../src/settings/settings';
import { bm, buildTree, folder } from '../../dedup/tree-builder';

useCatalog(english);

const dev = (suffix: string, id: string) =>
  folder(`Dev${suffix}`, [bm('https://a.example/', 'A'), folder('JS', [bm('https://b.example/', 'B'), bm('https://c.example/', 'C')]), bm('https://d.example/', 'D')], {
    id,
  });
const scan = scanBookmarks({
  tree: buildTree({
    toolbar: [dev('', 'dev'), bm('https://x.example/', 'X', { id: 'x1' })],
    unfiled: [dev(' (1)', 'dev1'), dev(' (2)', 'dev2'), bm('https://x.example/?utm_source=a', 'X', { id: 'x2' }), folder('Old', [], { id: 'old' })],
  }),
  settings: structuredClone(DEFAULT_SETTINGS),
  now: 5,
});

describe('the cleanup preview', () => {
  it('lists every item the plan removes, by reason: its item rows are the plan’s items, section by section', () => {
    const plan = buildPlan(scan, {}, { now: 0, newId: () => 'p' });
    const rows = previewRows(plan, scan);
    const items = rows.filter((r) => r.kind === 'item');
    const n = plan.numbers;
    expect(items).toHaveLength(n.loose + n.copiedFolders + n.insideFolders + n.emptyFolders);
    expect(rows.filter((r) => r.kind === 'section').map((r) => [r.section, r.kind === 'section' && r.count])).toEqual([
      ['loose', 1],
      ['folders', 2],
      ['inside', 8],
      ['empty', 1],
    ]);
    expect(items.filter((r) => r.section === 'loose').map((r) => r.kind === 'item' && [r.title, r.path, r.url])).toEqual([
      ['X', 'Other Bookmarks', 'https://x.example/?utm_source=a'],
    ]);
    expect(items.filter((r) => r.section === 'folders').map((r) => r.kind === 'item' && [r.title, r.path, r.holds])).toEqual([
      ['Dev (1)', 'Other Bookmarks', 'holds 4 bookmarks'],
      ['Dev (2)', 'Other Bookmarks', 'holds 4 bookmarks'],
    ]);
    expect(items.filter((r) => r.section === 'inside').every((r) => r.kind === 'item' && /^Other Bookmarks › Dev \([12]\)/.test(r.path))).toBe(true);
    expect(items.filter((r) => r.section === 'empty').map((r) => r.kind === 'item' && [r.title, r.path])).toEqual([['Old', 'Other Bookmarks']]);
    expect(foldersFoundAndGoing(scan.folderSets, n)).toBe('1 folder found 3 times: 2 copies (8 bookmarks inside) go');
  });

  it('a copied folder left as it is: nothing inside it is listed, and the figures say every copy stays', () => {
    const plan = buildPlan(scan, { folderSets: [{ setId: 'dev', keepId: 'dev', merge: false }], includeEmptyFolders: false }, { now: 0, newId: () => 'p' });
    const rows = previewRows(plan, scan);
    expect(rows.filter((r) => r.kind === 'item')).toHaveLength(plan.numbers.loose);
    expect(rows.filter((r) => r.kind === 'section').map((r) => r.section)).toEqual(['loose']);
    expect(foldersFoundAndGoing(scan.folderSets, plan.numbers)).toBe('1 folder found 3 times: every copy stays');
  });

  it('a folder the cleanup empties is listed with the empty folders, by its own name and place', () => {
    const emptied = scanBookmarks({
      tree: buildTree({
        toolbar: [bm('https://e.example/', 'E', { id: 'e1' })],
        unfiled: [folder('Laptop', [folder('Inner', [bm('https://e.example/?utm_source=z', 'E', { id: 'e2' })], { id: 'inner' })], { id: 'laptop' })],
      }),
      settings: structuredClone(DEFAULT_SETTINGS),
      now: 5,
    });
    const plan = buildPlan(emptied, {}, { now: 0, newId: () => 'p' });
    expect(plan.removals.filter((r) => r.reason === 'emptied-folder').map((r) => r.id)).toEqual(['inner', 'laptop']);
    const items = previewRows(plan, emptied).filter((r) => r.kind === 'item');
    expect(items).toHaveLength(plan.numbers.loose + plan.numbers.copiedFolders + plan.numbers.insideFolders + plan.numbers.emptyFolders);
    expect(items.filter((r) => r.section === 'empty').map((r) => r.kind === 'item' && [r.title, r.path, r.holds])).toEqual([
      ['Inner', 'Other Bookmarks › Laptop', 'empty once its copies go'],
      ['Laptop', 'Other Bookmarks', 'empty once its copies go'],
    ]);
  });
});
