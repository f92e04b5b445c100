import { describe, expect, it } from 'vitest';
import { describeCollection, generateCollection, tagsOf, toBookmarksHtml, VARIANTS, type SeedFolder, type SeedNode } from '../../../scripts/seed.mjs';
import { parseBookmarksHtml } from '../../../src/bookmarks-html/parse';
import { matchKey } from '../../../src/url-matching/url-key';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';

const bookmarksOf = (nodes: SeedNode[]): { url: string; tags?: string[] }[] =>
  nodes.flatMap((n) => (n.kind === 'bookmark' ? [n] : n.kind === 'folder' ? bookmarksOf(n.children) : []));

const shape = (node: SeedNode): unknown =>
  node.kind === 'folder' ? { t: node.title, c: node.children.map(shape) } : node.kind === 'bookmark' ? [node.url, node.title, node.tags ?? []] : '-';

describe('demo seed (scripts/seed.mjs)', () => {
  it('is deterministic for a seed and differs for another seed', () => {
    expect(toBookmarksHtml(generateCollection(7))).toBe(toBookmarksHtml(generateCollection(7)));
    expect(toBookmarksHtml(generateCollection(7))).not.toBe(toBookmarksHtml(generateCollection(8)));
  });

  const collection = generateCollection();
  const stats = describeCollection(collection);
  const all = bookmarksOf([...collection.menu, ...collection.toolbar, ...collection.unfiled]);

  it('holds a few hundred items with many duplicates, tags, empty folders and a separator', () => {
    expect(stats.bookmarks + stats.folders + stats.separators).toBeGreaterThanOrEqual(250);
    expect(stats.bookmarks + stats.folders + stats.separators).toBeLessThanOrEqual(600);
    expect(stats.exactDuplicates).toBeGreaterThan(50);
    expect(stats.mostCopies).toBeGreaterThanOrEqual(10);
    expect(stats.tagged).toBeGreaterThan(20);
    expect(stats.emptyFolders).toBeGreaterThanOrEqual(2);
    expect(stats.separators).toBeGreaterThanOrEqual(1);
  });

  it('has near-identical variants of every kind that the safe matching rules fold together', () => {
    const safe = DEFAULT_SETTINGS.matching;
    const byKey = new Map<string, Set<string>>();
    for (const b of all) {
      const key = matchKey(b.url, safe);
      byKey.set(key, (byKey.get(key) ?? new Set()).add(b.url));
    }
    const variantGroups = [...byKey.values()].filter((urls) => urls.size > 1);
    expect(variantGroups.length).toBeGreaterThan(20);
    // Each variant maker is used; all but http, www and namedFragment (opt-in rules) are folded by the safe key.
    for (const [name, make] of Object.entries(VARIANTS)) {
      const used = all.some((b) => all.some((o) => o !== b && make(o.url) === b.url));
      expect(used, `variant ${name} is in the seed`).toBe(true);
      const sample = 'https://docs.example/guide';
      if (['http', 'www', 'namedFragment'].includes(name)) expect(matchKey(make(sample), safe)).not.toBe(matchKey(sample, safe));
      else expect(matchKey(make(sample), safe), `variant ${name} is folded by the safe rules`).toBe(matchKey(sample, safe));
    }
  });

  it('writes every URL the way Firefox stores it, so no variant collapses into an exact copy on import', () => {
    for (const b of all) expect(new URL(b.url).href).toBe(b.url);
  });

  it('lists its tags per URL, the union over the URL’s copies', () => {
    const tags = tagsOf(collection);
    expect(tags.length).toBeGreaterThanOrEqual(8);
    for (const { tag, urls } of tags) {
      for (const url of urls) expect(all.some((b) => b.url === url && b.tags?.includes(tag))).toBe(true);
    }
    const tagged = all.filter((b) => b.tags?.length);
    for (const b of tagged) for (const tag of b.tags!) expect(tags.find((t) => t.tag === tag)?.urls).toContain(b.url);
  });

  it('copies the Dev folder twice, identically', () => {
    const findAll = (nodes: SeedNode[], title: string): SeedFolder[] =>
      nodes.flatMap((n) => (n.kind === 'folder' ? [...(n.title === title ? [n] : []), ...findAll(n.children, title)] : []));
    const devs = findAll([...collection.menu, ...collection.unfiled], 'Dev');
    expect(devs).toHaveLength(3);
    expect(shape(devs[1])).toEqual(shape(devs[0]));
    expect(shape(devs[2])).toEqual(shape(devs[0]));
  });

  it('is a bookmarks.html that Tidymarks’ own parser reads completely, tags included, with Firefox’s root markers', () => {
    const { document, problems } = parseBookmarksHtml(toBookmarksHtml(collection));
    expect(problems).toEqual([]);
    const folders = document.children.filter((n) => n.kind === 'folder');
    expect(folders.find((f) => f.kind === 'folder' && f.root === 'toolbar')).toBeDefined();
    expect(folders.find((f) => f.kind === 'folder' && f.root === 'unfiled')).toBeDefined();
    const parsed = bookmarksOf(document.children as never);
    expect(parsed.map((b) => b.url)).toEqual(all.map((b) => b.url));
    expect(parsed.map((b) => b.tags ?? [])).toEqual(all.map((b) => b.tags ?? []));
  });
});
