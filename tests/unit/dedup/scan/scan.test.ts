import { describe, expect, it } from 'vitest';
import { scanBookmarks, type ScanInput } from '../../../../src/dedup/scan/scan';
import { removedHistoryFrom } from '../../../../src/operation-history/removed-history';
import { DEFAULT_SETTINGS, type Settings } from '../../../../src/settings/settings';
import { bm, buildTree, folder, sep, type Roots } from '../tree-builder';

function scan(roots: Roots, extra: Omit<Partial<ScanInput>, 'tree' | 'settings'> & { settings?: Partial<Settings> } = {}) {
  const settings: Settings = { ...structuredClone(DEFAULT_SETTINGS), ...extra.settings };
  return scanBookmarks({ ...extra, tree: buildTree(roots), settings, now: 5 });
}

describe('duplicate bookmark groups', () => {
  it('finds one URL saved 154 times across folders, with every copy and its path', () => {
    const menu = Array.from({ length: 50 }, (_, i) => bm('https://mdn.example/', `MDN ${i}`));
    const dev = Array.from({ length: 100 }, () => bm('https://mdn.example/', 'MDN'));
    const result = scan({
      menu: [...menu, folder('Dev', [folder('JS', dev)])],
      toolbar: [bm('https://mdn.example/', 'MDN Web Docs'), bm('https://other.example/', 'Other')],
      mobile: [bm('https://mdn.example/'), bm('https://mdn.example/'), bm('https://mdn.example/')],
    });
    expect(result.groups).toHaveLength(1);
    const [group] = result.groups;
    expect(group.copies).toHaveLength(154);
    expect(group.rules).toEqual(['exact']);
    expect(new Set(group.copies.map((c) => c.id)).size).toBe(154);
    expect(group.copies.filter((c) => c.path === 'Bookmarks Menu › Dev › JS')).toHaveLength(100);
    expect(group.copies.filter((c) => c.path === 'Bookmarks Menu')).toHaveLength(50);
    expect(group.copies.filter((c) => c.path === 'Mobile Bookmarks')).toHaveLength(3);
    // The default keep rules rank the toolbar first.
    const keeper = group.copies.find((c) => c.id === group.suggestedKeeperId)!;
    expect(keeper.path).toBe('Bookmarks Toolbar');
    expect(keeper.rules).toEqual([]);
    expect(result.totals).toMatchObject({ bookmarks: 155, duplicateGroups: 1, redundantCopies: 153 });
  });

  it('gives each copy its position in its folder and each group the rules that chose its keeper', () => {
    const result = scan({
      menu: [bm('https://x.example/', 'https://x.example/', { id: 'bare' }), bm('https://y.example/'), bm('https://x.example/?utm_source=a', 'X', { id: 'utm' })],
      unfiled: [bm('https://x.example/', 'X', { id: 'clean' })],
    });
    const [group] = result.groups;
    expect(group.copies.map((c) => [c.id, c.index, c.siblings])).toEqual([
      ['bare', 0, 3],
      ['utm', 2, 3],
      ['clean', 0, 1],
    ]);
    expect(group.suggestedKeeperId).toBe('clean');
    // The bare-URL title lost on the title, the utm variant on the address.
    expect(group.keptBecause).toEqual([{ rule: 'bestTitle' }, { rule: 'cleanUrl' }]);
    expect(result.preferredFolderPaths).toEqual(['Bookmarks Toolbar', 'Bookmarks Menu', 'Other Bookmarks', 'Mobile Bookmarks']);
  });

  it('joins trailing-slash and utm variants and records the rules; http/https only when opted in', () => {
    const roots: Roots = {
      menu: [bm('https://site.example/page', 'Page')],
      unfiled: [bm('https://site.example/page/', 'Page'), bm('https://site.example/page?utm_source=news', 'Page'), bm('http://site.example/page', 'Page')],
    };
    const safe = scan(roots);
    expect(safe.groups).toHaveLength(1);
    expect(safe.groups[0].copies.map((c) => c.url)).toEqual(['https://site.example/page', 'https://site.example/page/', 'https://site.example/page?utm_source=news']);
    expect(safe.groups[0].rules).toEqual(['trailing-slash', 'tracking-params']);

    const optIn = scan(roots, { settings: { matching: { ...DEFAULT_SETTINGS.matching, httpEqualsHttps: true } } });
    expect(optIn.groups).toHaveLength(1);
    expect(optIn.groups[0].copies).toHaveLength(4);
    expect(optIn.groups[0].rules).toEqual(['trailing-slash', 'tracking-params', 'http-https']);
    const httpCopy = optIn.groups[0].copies.find((c) => c.url.startsWith('http:'))!;
    expect(httpCopy.rules).toEqual(['http-https']);
  });

  it('javascript:, place:, data:, about: and file: URLs match only exactly', () => {
    const result = scan({
      menu: [bm('javascript:void(0)'), bm('javascript:void(0)'), bm('file:///a/'), bm('file:///a'), bm('place:sort=8'), bm('PLACE:sort=8')],
    });
    expect(result.groups.map((g) => g.key)).toEqual(['javascript:void(0)']);
  });

  it('separators (url "data:") are never duplicates', () => {
    const result = scan({ menu: [sep(), sep(), bm('https://a.example/')] });
    expect(result.groups).toEqual([]);
    expect(result.totals.separators).toBe(2);
  });

  it('attaches tags and visit counts per exact URL', () => {
    const result = scan(
      { menu: [bm('https://a.example/', 'A')], toolbar: [bm('https://a.example', 'A')] },
      {
        tagsByUrl: new Map([['https://a.example/', ['docs', 'web']]]),
        visitsByUrl: new Map([['https://a.example', 7]]),
      },
    );
    const [first, second] = result.groups[0].copies;
    expect(first).toMatchObject({ tags: ['docs', 'web'], visits: 0 });
    expect(second).toMatchObject({ tags: [], visits: 7 });
  });

  it('gives each copy the tags and visits of its own URL when variants alternate within a group (regression: per-group lookup reuse)', () => {
    const result = scan(
      {
        menu: [bm('https://a.example/x'), bm('https://a.example/x/'), bm('https://a.example/x'), bm('https://a.example/x/'), bm('https://a.example/x/')],
        toolbar: [bm('https://b.example/y'), bm('https://b.example/y/')],
      },
      {
        tagsByUrl: new Map([
          ['https://a.example/x/', ['slash']],
          ['https://b.example/y', ['b']],
        ]),
        visitsByUrl: new Map([
          ['https://a.example/x', 3],
          ['https://b.example/y/', 9],
        ]),
      },
    );
    const [b, a] = [...result.groups].sort((g, h) => h.key.localeCompare(g.key));
    expect(a.copies.map((c) => [c.url.endsWith('/'), c.tags, c.visits])).toEqual([
      [false, [], 3],
      [true, ['slash'], 0],
      [false, [], 3],
      [true, ['slash'], 0],
      [true, ['slash'], 0],
    ]);
    expect(b.copies.map((c) => [c.tags, c.visits])).toEqual([
      [['b'], 0],
      [[], 9],
    ]);
    // Both groups joined copies by the same rule; each copy's explanation names it.
    expect(a.rules).toEqual(['exact', 'trailing-slash']);
    expect(b.rules).toEqual(['trailing-slash']);
    expect(b.copies.find((c) => c.id !== b.suggestedKeeperId)!.rules).toEqual(['trailing-slash']);
  });

  it('applies the keep rules in the user order', () => {
    const roots: Roots = { unfiled: [bm('https://a.example/', '', { id: 'old', dateAdded: 10 }), bm('https://a.example/', 'Nice title', { id: 'new', dateAdded: 20 })] };
    // By default a real title comes before the date.
    expect(scan(roots).groups[0].suggestedKeeperId).toBe('new');
    const datesFirst = { ...DEFAULT_SETTINGS.keep, rules: ['oldest', 'bestTitle'] as Settings['keep']['rules'] };
    expect(scan(roots, { settings: { keep: datesFirst } }).groups[0].suggestedKeeperId).toBe('old');
  });

  it('flags copies that came back after a cleanup removed them', () => {
    const history = removedHistoryFrom([
      { keys: ['back', 'https://a.example/'], removedAt: 500, sessionId: 's1' },
      { keys: ['https://b.example/'], removedAt: 500, sessionId: 's1' },
    ]);
    const result = scan(
      {
        menu: [bm('https://a.example/', 'kept', { id: 'kept', dateAdded: 100 }), bm('https://a.example/', 'back', { id: 'back', dateAdded: 100 })],
        toolbar: [bm('https://b.example/', 'kept', { id: 'kb', dateAdded: 100 }), bm('https://b.example/', 'new', { id: 'nb', dateAdded: 900 })],
        unfiled: [bm('https://c.example/'), bm('https://c.example/')],
      },
      { removedHistory: history },
    );
    const [a, b, c] = result.groups;
    expect(a.copies.map((x) => x.cameBack?.sessionId)).toEqual([undefined, 's1']);
    expect(b.copies.map((x) => x.cameBack?.sessionId)).toEqual([undefined, 's1']);
    expect(a.cameBack).toEqual({ removedAt: 500, sessionId: 's1' });
    expect(c.cameBack).toBeUndefined();
    expect(result.totals.cameBack).toBe(2);
  });
});

describe('exclusions', () => {
  it('skips excluded folders and everything inside them', () => {
    const result = scan(
      {
        menu: [folder('Intentional', [bm('https://a.example/'), bm('https://a.example/'), folder('Empty', [])], { id: 'ex' }), bm('https://a.example/')],
        toolbar: [bm('https://b.example/'), bm('https://b.example/')],
      },
      { settings: { exclusions: { folderIds: ['ex'] } } },
    );
    expect(result.groups.map((g) => g.key)).toEqual(['https://b.example']);
    expect(result.emptyFolders).toEqual([]);
    expect(result.totals.excludedFolders).toBe(2);
    expect(result.folderParents.ex).toBeUndefined();
  });
});

describe('empty folders', () => {
  it('reports the outermost empty folder of a nest; separators and empty folders count as empty; roots never', () => {
    const result = scan({
      menu: [
        folder('Old', [sep(), folder('Older', [folder('Oldest', [])])], { id: 'old' }),
        folder('Kept', [bm('https://a.example/'), folder('Hollow', [], { id: 'hollow' })]),
      ],
      toolbar: [],
    });
    expect(result.emptyFolders).toEqual([
      { id: 'old', parentId: 'menu________', title: 'Old', path: 'Bookmarks Menu › Old', nestedFolders: 2, separators: 1 },
      { id: 'hollow', parentId: expect.any(String), title: 'Hollow', path: 'Bookmarks Menu › Kept › Hollow', nestedFolders: 0, separators: 0 },
    ]);
    expect(result.emptyFolders.map((e) => e.id)).not.toContain('toolbar_____');
  });
});

describe('duplicated folders', () => {
  const dev = (suffix: string, id: string) =>
    folder(`Dev${suffix}`, [bm('https://a.example/', 'A'), folder('JS', [bm('https://b.example/', 'B'), bm('https://c.example/', 'C')]), bm('https://d.example/', 'D')], {
      id,
    });

  it('three copies of a folder are one set of three, not two pairs, each member told apart', () => {
    const result = scan({ toolbar: [dev('', 'dev')], unfiled: [bm('https://z.example/'), dev(' (1)', 'dev1'), dev(' (2)', 'dev2')] });
    expect(result.folderSets).toHaveLength(1);
    const [set] = result.folderSets;
    expect(set).toMatchObject({ id: 'dev', title: 'Dev', suggestedKeepId: 'dev', pages: 4 });
    // The title without a copy suffix is the reason the original stays.
    expect(set.keptBecause).toEqual([{ rule: 'bestTitle', only: true }]);
    expect(set.members.map((m) => [m.id, m.path, m.parentTitle, m.index, m.siblings, m.bookmarkCount, m.kind, m.unique, m.movesIfKept])).toEqual([
      ['dev', 'Bookmarks Toolbar › Dev', 'Bookmarks Toolbar', 0, 1, 4, 'identical', 0, []],
      ['dev1', 'Other Bookmarks › Dev (1)', 'Other Bookmarks', 1, 3, 4, 'identical', 0, []],
      ['dev2', 'Other Bookmarks › Dev (2)', 'Other Bookmarks', 2, 3, 4, 'identical', 0, []],
    ]);
    expect(result.totals.folderSets).toBe(1);
    // Every group keeps its copy in the folder that stays; the others are marked as going with their folder.
    for (const group of result.groups) {
      const keeper = group.copies.find((c) => c.id === group.suggestedKeeperId)!;
      expect(keeper.path.startsWith('Bookmarks Toolbar › Dev')).toBe(true);
      expect(
        group.copies
          .filter((c) => c.inRedundantFolderId)
          .map((c) => c.inRedundantFolderId)
          .sort(),
      ).toEqual(['dev1', 'dev2']);
    }
  });

  it('content order does not matter, but titles must match up to a copy suffix', () => {
    const a = folder('News', [bm('https://a.example/'), bm('https://b.example/')], { id: 'n1' });
    const b = folder('News', [bm('https://b.example/'), bm('https://a.example/')], { id: 'n2' });
    const c = folder('Other news', [bm('https://a.example/'), bm('https://b.example/')], { id: 'n3' });
    const result = scan({ menu: [a], unfiled: [b, c] });
    expect(result.folderSets.map((s) => s.members.map((m) => [m.id, m.kind]))).toEqual([
      [
        ['n1', 'identical'],
        ['n2', 'identical'],
      ],
    ]);
  });

  it('a near-identical folder joins the set of the fuller one, with what is unique to each and what keeping it would move', () => {
    const small = folder('JS', [bm('https://a.example/'), bm('https://b.example/')], { id: 'small' });
    const big = folder(
      'JS',
      [bm('https://a.example/'), bm('https://b.example/'), bm('https://c.example/', 'C', { id: 'c' }), folder('Tools', [bm('https://t.example/')], { id: 'tools' })],
      { id: 'big' },
    );
    const result = scan({ menu: [small], unfiled: [big] });
    expect(result.folderSets).toHaveLength(1);
    const [set] = result.folderSets;
    expect(set.suggestedKeepId).toBe('big');
    expect(set.keptBecause[0]).toEqual({ rule: 'holdsMost' });
    const byId = new Map(set.members.map((m) => [m.id, m]));
    expect(byId.get('big')).toMatchObject({ kind: 'identical', unique: 2, bookmarkCount: 4, movesIfKept: [] });
    expect(byId.get('small')).toMatchObject({ kind: 'contained', unique: 0, bookmarkCount: 2 });
    expect(byId.get('small')!.movesIfKept).toEqual([
      { id: 'c', expectedParentId: 'big', toParentId: 'small', bookmarks: 1 },
      { id: 'tools', expectedParentId: 'big', toParentId: 'small', bookmarks: 1 },
    ]);
  });

  it('keeping the smaller copy moves unique items into its same-titled subfolder', () => {
    const big = folder(
      'Dev',
      [
        bm('https://a.example/'),
        bm('https://x.example/', 'X', { id: 'x' }),
        folder('JS', [bm('https://b.example/'), bm('https://new.example/', 'New', { id: 'new' })], { id: 'js-big' }),
      ],
      { id: 'big' },
    );
    const small = folder('Dev', [bm('https://a.example/'), folder('JS', [bm('https://b.example/')], { id: 'js-small' })], { id: 'small' });
    const result = scan({ toolbar: [small], unfiled: [big] });
    const set = result.folderSets.find((s) => s.members.some((m) => m.id === 'small'))!;
    expect(set.suggestedKeepId).toBe('big');
    expect(set.members.find((m) => m.id === 'small')!.movesIfKept).toEqual([
      { id: 'x', expectedParentId: 'big', toParentId: 'small', bookmarks: 1 },
      { id: 'new', expectedParentId: 'js-big', toParentId: 'js-small', bookmarks: 1 },
    ]);
    // The JS subfolders are not a set of their own: js-small goes with its parent.
    expect(result.folderSets).toHaveLength(1);
  });

  it('a folder holding an excluded folder is never in a set (it would go with it)', () => {
    const withTemplates = folder('Dev', [bm('https://a.example/'), folder('Templates', [bm('https://t.example/')], { id: 'templates' })], { id: 'dev-t' });
    const plain = folder('Dev', [bm('https://a.example/')], { id: 'dev' });
    const roots = { toolbar: [plain], unfiled: [withTemplates] };
    expect(scan(roots).folderSets).toHaveLength(1);
    const excluded = scan(roots, { settings: { exclusions: { folderIds: ['templates'] } } });
    expect(excluded.folderSets).toEqual([]);
    expect(excluded.groups.map((g) => g.copies.length)).toEqual([2]);
  });

  it('regression: two folder merges that each rely on a copy inside the other are not both suggested', () => {
    // Found by the plan property test: "Dev" merges away the copy of b under JS › Old, "Old" merges away the one
    // under Dev › Dev; together they removed the last copy of b.
    const result = scan({
      toolbar: [
        folder('JS', [folder('Old', [folder('Dev', [bm('https://b.example/x')])])]),
        folder('Dev', [folder('Dev', [folder('Old', [folder('Dev', [bm('https://b.example/x')])])]), bm('https://a.example/')]),
      ],
    });
    const removed = new Set(result.folderSets.flatMap((set) => set.members.filter((m) => m.id !== set.suggestedKeepId).map((m) => m.id)));
    const bCopies = result.groups.find((g) => g.key === 'https://b.example/x')!.copies;
    expect(bCopies.some((c) => !c.inRedundantFolderId)).toBe(true);
    expect(removed.size).toBe(1);
  });

  it('never pairs a folder with its own same-titled subfolder', () => {
    const result = scan({ menu: [folder('Docs', [bm('https://a.example/'), folder('Docs', [bm('https://a.example/')])])] });
    expect(result.folderSets).toEqual([]);
    expect(result.groups).toHaveLength(1);
  });

  it('a folder without bookmarks is an empty folder, not a duplicate folder', () => {
    const result = scan({ menu: [folder('X', [], { id: 'x1' })], unfiled: [folder('X', [], { id: 'x2' })] });
    expect(result.folderSets).toEqual([]);
    expect(result.emptyFolders.map((e) => e.id)).toEqual(['x1', 'x2']);
  });
});

describe('result shape', () => {
  it('is plain JSON and records the folder parents and the options used', () => {
    const result = scan({ menu: [folder('A', [bm('https://a.example/'), bm('https://a.example/')], { id: 'a' })] });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(result.folderParents).toMatchObject({ a: 'menu________', menu________: '' });
    expect(result.options.keep.rules).toEqual(DEFAULT_SETTINGS.keep.rules);
  });
});
