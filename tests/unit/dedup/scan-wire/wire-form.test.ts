import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanBookmarks } from '../../../../src/dedup/scan/scan';
import { decodeScan, encodeScan, fromScanWire, isScanWire } from '../../../../src/dedup/scan-wire';
import type { ScanResult } from '../../../../src/dedup/scan/scan-types';
import { DEFAULT_SETTINGS } from '../../../../src/settings/settings';
import { bm, buildTree, folder, sep, type Spec, rootsWithCopiedFolders } from '../tree-builder';

const URLS = ['https://developer.mozilla.org/en-US/', 'https://example.org/a', 'http://news.example.com/item?id=1', 'https://github.com/trending'];
const variant = (url: string, v: number) =>
  [url, url + '/', url + '?utm_source=x', url.replace('https://', 'http://'), url.toUpperCase().replace(/^HTTPS?/, (s) => s.toLowerCase())][v % 5]!;
const TITLES = ['Dev', 'Dev (1)', 'News', 'Old › JS', 'Ünïcode "quoted"\n'];

const specArb: fc.Arbitrary<Spec> = fc.letrec<{ node: Spec }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .record({ u: fc.nat(URLS.length - 1), v: fc.nat(4), d: fc.nat(50), t: fc.constantFrom(...TITLES, '') })
      .map(({ u, v, d, t }) => bm(variant(URLS[u]!, v), t, { dateAdded: d })),
    fc.constant(sep()),
    fc.record({ t: fc.constantFrom(...TITLES), c: fc.array(tie('node'), { maxLength: 5 }) }).map(({ t, c }) => folder(t, c)),
  ),
})).node;

/** Random roots where some folders appear twice (copied), as sync does. */
const rootsArb = rootsWithCopiedFolders(specArb);

const tagsArb = fc.dictionary(
  fc.constantFrom(...URLS.flatMap((u) => [0, 1, 2, 3, 4].map((v) => variant(u, v)))),
  fc.uniqueArray(fc.constantFrom('web', 'news', 'js', 'a,b'), { maxLength: 3 }),
);
const visitsArb = fc.dictionary(fc.constantFrom(...URLS.flatMap((u) => [0, 1, 2].map((v) => variant(u, v)))), fc.nat(40));
/** Comeback flags and odd keepers put on some copies and groups (by position), so the sparse fields are covered. */
const marksArb = fc.array(fc.record({ at: fc.nat(), removedAt: fc.nat(), sessionId: fc.string(), group: fc.boolean(), strayKeeper: fc.boolean() }), { maxLength: 4 });

/** The scan as the page got it before the wire form: its plain JSON. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the scan wire form', () => {
  it('gives back exactly the scan it encoded, over scans of random trees with tags, visits and comebacks', () => {
    fc.assert(
      fc.property(rootsArb, tagsArb, visitsArb, marksArb, (roots, tags, visits, marks) => {
        const scan = scanBookmarks({
          tree: buildTree(roots),
          settings: DEFAULT_SETTINGS,
          tagsByUrl: new Map(Object.entries(tags)),
          visitsByUrl: new Map(Object.entries(visits)),
          now: 1_000,
        });
        const copies = scan.groups.flatMap((g) => g.copies);
        for (const m of marks) {
          if (m.group && scan.groups.length) {
            const group = scan.groups[m.at % scan.groups.length]!;
            group.cameBack = { removedAt: m.removedAt, sessionId: m.sessionId };
            if (m.strayKeeper) group.suggestedKeeperId = 'not-a-copy';
          } else if (copies.length) copies[m.at % copies.length]!.cameBack = { removedAt: m.removedAt, sessionId: m.sessionId };
        }
        const withExtras = { ...scan, scanId: 'id@1', remembered: [] };
        const text = encodeScan(withExtras);
        expect(isScanWire(text)).toBe(true);
        expect(decodeScan(text)).toStrictEqual(plain(withExtras));
        expect(fromScanWire(JSON.parse(text))).toStrictEqual(plain(withExtras));
      }),
      { seed: 17, numRuns: 300 },
    );
  });

  it('covers copies inside a copied folder and gives each decoded copy arrays of its own', () => {
    const copied = folder('Dev', [bm('https://a.example/', 'A'), bm('https://b.example/', 'B')]);
    const scan = scanBookmarks({
      tree: buildTree({ menu: [copied], toolbar: [copied] }),
      settings: DEFAULT_SETTINGS,
      tagsByUrl: new Map(),
      visitsByUrl: new Map(),
      now: 1,
    });
    expect(scan.groups.flatMap((g) => g.copies).some((c) => c.inRedundantFolderId !== undefined)).toBe(true);
    const decoded = decodeScan(encodeScan(scan))!;
    expect(decoded).toStrictEqual(plain(scan));
    const [first, second] = decoded.groups[0]!.copies;
    first!.tags.push('changed');
    first!.rules.push('exact');
    expect(second!.tags).toEqual([]);
    expect(decoded.groups[1]!.copies[0]!.tags).toEqual([]);
  });

  it('is far smaller than the plain JSON of a scan with many copies', () => {
    const pages = Array.from({ length: 200 }, (_, i) => `https://example.org/page/${i}`);
    const menu = Array.from({ length: 20 }, (_, f) =>
      folder(
        `Folder ${f}`,
        pages.slice(f * 10, f * 10 + 30).map((u, i) => bm(u, `Page ${i}`, { dateAdded: i })),
      ),
    );
    const scan: ScanResult = scanBookmarks({
      tree: buildTree({ menu, toolbar: menu.slice(0, 5) }),
      settings: DEFAULT_SETTINGS,
      tagsByUrl: new Map(),
      visitsByUrl: new Map(),
      now: 1,
    });
    expect(scan.groups.length).toBeGreaterThan(100);
    expect(encodeScan(scan).length).toBeLessThan(JSON.stringify(scan).length * 0.6);
  });

  it('reads no other form: the plain JSON of an older version is none', () => {
    const scan = scanBookmarks({
      tree: buildTree({ menu: [bm('https://a.example/'), bm('https://a.example/')] }),
      settings: DEFAULT_SETTINGS,
      tagsByUrl: new Map(),
      visitsByUrl: new Map(),
      now: 1,
    });
    expect(isScanWire(JSON.stringify(scan))).toBe(false);
    expect(decodeScan(JSON.stringify(scan))).toBeNull();
    expect(fromScanWire(scan)).toBeNull();
    expect(fromScanWire({ ...JSON.parse(encodeScan(scan)), wire: 1 })).toBeNull();
    expect(fromScanWire(null)).toBeNull();
  });
});
