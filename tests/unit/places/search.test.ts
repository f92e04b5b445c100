import { beforeEach, describe, expect, it } from 'vitest';
import { Bookmark, Group, MENU, Separator, UNSORTED, type Item } from '@tidymarks/places';
import { boot, type Booted } from '../../kit/boot';
import { record } from './record';

let env: Booted;
/** Firefox's clock: `step` ms pass with every call that reads it (1: each save gets its own dateAdded). */
let clock: number;
let step: number;
beforeEach(async () => {
  clock = 1_700_000_000_000;
  step = 1;
  env = await boot({ seed: 7, now: () => (clock += step) });
});

const titles = (items: Item[]) => items.map((i) => ('title' in i ? i.title : i.type));

async function seed() {
  const group = new Group({ title: 'g' });
  const nested = new Group({ title: 'nested', group });
  const items = [
    new Bookmark({ title: 'Mozilla', url: 'http://mozilla.org/', tags: ['moz', 'web'] }),
    new Bookmark({ title: 'Dev docs', url: 'https://developer.mozilla.org/en-US/', tags: ['web', 'docs'], group }),
    new Separator({ group }),
    new Bookmark({ title: 'Deep', url: 'https://example.com/deep', tags: ['docs'], group: nested }),
    new Bookmark({ title: 'Menu item', url: 'http://www.mozilla.org/about', group: MENU }),
  ];
  // One save each, so creation order (dateAdded, in ms) is unambiguous.
  for (const item of items) await env.places.save(item);
  const [g] = (await env.places.search({ query: 'Dev docs' })).map((b) => b.group as Group);
  return { group: g };
}

describe('search', () => {
  it('#26 {group: UNSORTED} returns all descendants incl. sub-groups in tree order; {group: g} includes nested items', async () => {
    const { group } = await seed();
    const all = await env.places.search({ group: UNSORTED });
    expect(titles(all)).toEqual(['Mozilla', 'g', 'Dev docs', 'separator', 'nested', 'Deep']);
    expect(titles(await env.places.search({ group }))).toEqual(['Dev docs', 'separator', 'nested', 'Deep']);
  });

  it('#27 {group, query} and {group, url} stay inside the group', async () => {
    const { group } = await seed();
    expect(titles(await env.places.search({ group, query: 'mozilla' }))).toEqual(['Dev docs']);
    expect(titles(await env.places.search({ group, url: '*.mozilla.org' }))).toEqual(['Dev docs']);
    expect(titles(await env.places.search({ group: MENU, url: '*.mozilla.org' }))).toEqual(['Menu item']);
  });

  it('#28 {tags: [x, y]} requires both', async () => {
    await seed();
    expect(titles(await env.places.search({ tags: ['web', 'docs'] }))).toEqual(['Dev docs']);
    expect(titles(await env.places.search({ tags: ['WEB'] }))).toEqual(['Mozilla', 'Dev docs']);
  });

  it('#29 two queries with different tags are ORed, each item once', async () => {
    await seed();
    expect(titles(await env.places.search([{ tags: ['moz'] }, { tags: ['docs'] }, { tags: ['web'] }]))).toEqual(['Mozilla', 'Dev docs', 'Deep']);
  });

  it('#30 the four url forms, and an OR of url queries', async () => {
    await seed();
    expect(titles(await env.places.search({ url: 'mozilla.org' }))).toEqual(['Mozilla']);
    expect(titles(await env.places.search({ url: '*.mozilla.org' }))).toEqual(['Mozilla', 'Dev docs', 'Menu item']);
    expect(titles(await env.places.search({ url: 'http://mozilla.org' }))).toEqual(['Mozilla']);
    expect(titles(await env.places.search({ url: 'http://www.mozilla.org/*' }))).toEqual(['Menu item']);
    expect(titles(await env.places.search([{ url: 'mozilla.org' }, { url: 'example.com' }]))).toEqual(['Mozilla', 'Deep']);
  });

  it('a bad url query is an error, then end([])', async () => {
    const r = record(env.places.search({ url: 'not a host' }));
    expect(await r.ended).toEqual([]);
    expect((r.of('error')[0].args[0] as Error).message).toMatch(/not a host/);
  });

  it('#31 a word matches a tag, the url or the title; query AND tags combine', async () => {
    await seed();
    expect(titles(await env.places.search({ query: 'moz' }))).toEqual(['Mozilla', 'Dev docs', 'Menu item']);
    expect(titles(await env.places.search({ query: 'deep' }))).toEqual(['Deep']);
    expect(titles(await env.places.search({ query: 'example.com' }))).toEqual(['Deep']);
    expect(titles(await env.places.search({ query: 'docs' }))).toEqual(['Dev docs', 'Deep']);
    expect(titles(await env.places.search({ query: 'mozilla', tags: ['docs'] }))).toEqual(['Dev docs']);
    expect(titles(await env.places.search({ query: 'mozilla about' }))).toEqual(['Menu item']);
  });

  it('words split between title/url and tags still match (Firefox word search only narrows the candidates)', async () => {
    await seed();
    expect(titles(await env.places.search({ query: 'deep docs' }))).toEqual(['Deep']);
    expect(titles(await env.places.search({ query: 'developer web' }))).toEqual(['Dev docs']);
    expect(titles(await env.places.search({ query: 'about', url: '*.mozilla.org' }))).toEqual(['Menu item']);
    expect(titles(await env.places.search([{ query: 'deep' }, { query: 'menu' }]))).toEqual(['Deep', 'Menu item']);
    const [deep] = (await env.places.search({ query: 'deep' })) as Bookmark[];
    expect(deep.tags).toEqual(new Set(['docs']));
    expect((deep.group as Group).title).toBe('nested');
    expect(((deep.group as Group).group as Group).title).toBe('g');
  });

  it('#33 count n returns min(n, all)', async () => {
    await seed();
    expect(await env.places.search({}, { count: 2 })).toHaveLength(2);
    expect(await env.places.search({}, { count: 50 })).toHaveLength(4);
    expect(await env.places.search({}, { count: 0 })).toHaveLength(4);
  });

  it('#34 sort by title and url both ways; by visitCount, date, dateAdded, lastModified', async () => {
    let t = 1_000;
    const saved = (await env.places.save(['b', 'c', 'a'].map((x) => new Bookmark({ title: x.toUpperCase(), url: `https://${x}.example/` })))) as Bookmark[];
    expect(titles(await env.places.search({}, { sort: 'title' }))).toEqual(['A', 'B', 'C']);
    expect(titles(await env.places.search({}, { sort: 'title', descending: true }))).toEqual(['C', 'B', 'A']);
    expect(titles(await env.places.search({}, { sort: 'url' }))).toEqual(['A', 'B', 'C']);
    expect(titles(await env.places.search({}, { sort: 'url', descending: true }))).toEqual(['C', 'B', 'A']);
    expect(titles(await env.places.search({}, { sort: 'dateAdded' }))).toEqual(['B', 'C', 'A']);
    // visits: c three times, a once, b twice; last visits: b latest, then a, then c.
    const visit = (u: string) => env.browser.history.addUrl({ url: u, visitTime: (t += 1000) });
    for (const u of ['https://c.example/', 'https://c.example/', 'https://c.example/', 'https://b.example/', 'https://a.example/', 'https://b.example/']) await visit(u);
    expect(titles(await env.places.search({}, { sort: 'visitCount' }))).toEqual(['A', 'B', 'C']);
    expect(titles(await env.places.search({}, { sort: 'visitCount', descending: true }))).toEqual(['C', 'B', 'A']);
    expect(titles(await env.places.search({}, { sort: 'date' }))).toEqual(['C', 'A', 'B']);
    expect(titles(await env.places.search({}, { sort: 'date', descending: true }))).toEqual(['B', 'A', 'C']);
    // lastModified: retitle B last.
    const b = saved[0];
    b.title = 'B2';
    await env.places.save(b);
    expect(titles(await env.places.search({}, { sort: 'lastModified' })).at(-1)).toBe('B2');
    expect(titles(await env.places.search({}, { sort: 'lastModified', descending: true }))[0]).toBe('B2');
    // Unknown sort: unsorted (creation order), no error.
    expect(titles(await env.places.search({}, { sort: 'nonsense' }))).toEqual(['B2', 'C', 'A']);
  });

  it('#35 two queries with one sort', async () => {
    await seed();
    expect(titles(await env.places.search([{ url: 'example.com' }, { tags: ['moz'] }], { sort: 'title' }))).toEqual(['Deep', 'Mozilla']);
  });

  it('default order is creation order; results are snapshots with tags and root groups', async () => {
    await seed();
    for (const title of ['later 1', 'later 2']) await env.places.save(new Bookmark({ title, url: 'https://mozilla.org/' + title.replace(' ', ''), group: MENU }));
    const r = record(env.places.search({ query: 'mozilla' }));
    const results = ((await r.ended) as Bookmark[]).sort((a, b) => (a.title < b.title ? -1 : 1));
    expect(r.of('data')).toHaveLength(5);
    expect(titles((await r.ended) as Item[]).slice(3)).toEqual(['later 1', 'later 2']);
    expect(titles(results)).toEqual(['Dev docs', 'Menu item', 'Mozilla', 'later 1', 'later 2']);
    expect(results[2].group).toBe(UNSORTED);
    expect(results[2].tags).toEqual(new Set(['moz', 'web']));
    expect(results[1].group).toBe(MENU);
    expect(results[0].group).toBeInstanceOf(Group);
    expect((results[0].group as Group).group).toBe(UNSORTED);
  });
});
