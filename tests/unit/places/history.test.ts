import { beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@tidymarks/places';
import { boot, type Booted } from '../../kit/boot';
import { record } from './record';

let env: Booted;
const T0 = Date.UTC(2026, 0, 1);
beforeEach(async () => {
  env = await boot({ seed: 7 });
});

async function visit(url: string, title: string, minutes: number) {
  await env.browser.history.addUrl({ url, title, visitTime: T0 + minutes * 60_000 });
}

async function seed() {
  await visit('http://mozilla.org/', 'Mozilla', 1);
  await visit('https://developer.mozilla.org/docs', 'MDN docs', 2);
  await visit('http://mozilla.org/', 'Mozilla', 3);
  await visit('https://example.com/a', 'Example A', 4);
  await visit('https://www.mozilla.org/firefox', 'Firefox', 5);
}
const urls = (entries: HistoryEntry[]) => entries.map((e) => e.url);

describe('history.search', () => {
  it('#37 each page once, as {url, title, visitCount, time} only; default oldest first', async () => {
    await seed();
    const all = await env.places.history.search();
    expect(all).toHaveLength(4);
    expect(all[0]).toEqual({ url: 'https://developer.mozilla.org/docs', title: 'MDN docs', visitCount: 1, time: T0 + 2 * 60_000 });
    expect(Object.keys(all[1]).sort()).toEqual(['time', 'title', 'url', 'visitCount']);
    expect(urls(all)).toEqual(['https://developer.mozilla.org/docs', 'http://mozilla.org/', 'https://example.com/a', 'https://www.mozilla.org/firefox']);
  });

  it('#38 four visits to one url: visitCount 4', async () => {
    for (let i = 0; i < 4; i++) await visit('https://four.example/', 'Four', i);
    const [entry] = await env.places.history.search({ url: 'https://four.example/' });
    expect(entry.visitCount).toBe(4);
  });

  it('#39 the url forms', async () => {
    await seed();
    expect(urls(await env.places.history.search({ url: 'mozilla.org' }))).toEqual(['http://mozilla.org/']);
    expect(await env.places.history.search({ url: '*.mozilla.org' })).toHaveLength(3);
    expect(urls(await env.places.history.search({ url: 'http://mozilla.org' }))).toEqual(['http://mozilla.org/']);
    expect(urls(await env.places.history.search({ url: 'https://example.com/*' }))).toEqual(['https://example.com/a']);
  });

  it('from/to bound the last visit (ms or Date)', async () => {
    await seed();
    expect(urls(await env.places.history.search({ from: T0 + 3.5 * 60_000, to: new Date(T0 + 4.5 * 60_000) }))).toEqual(['https://example.com/a']);
  });

  it('#40 query words in url or title, and an OR of queries', async () => {
    await seed();
    expect(urls(await env.places.history.search({ query: 'docs mdn' }))).toEqual(['https://developer.mozilla.org/docs']);
    expect(urls(await env.places.history.search({ query: 'FIREFOX' }))).toEqual(['https://www.mozilla.org/firefox']);
    expect(urls(await env.places.history.search([{ query: 'example' }, { url: 'mozilla.org' }]))).toEqual(['http://mozilla.org/', 'https://example.com/a']);
  });

  it('#41 count', async () => {
    await seed();
    expect(await env.places.history.search({}, { count: 2 })).toHaveLength(2);
    expect(await env.places.history.search({}, { count: 10 })).toHaveLength(4);
  });

  it('#42 sorts by title, url, visitCount, date, both ways', async () => {
    await seed();
    expect((await env.places.history.search({}, { sort: 'title' })).map((e) => e.title)).toEqual(['Example A', 'Firefox', 'MDN docs', 'Mozilla']);
    expect((await env.places.history.search({}, { sort: 'title', descending: true })).map((e) => e.title)).toEqual(['Mozilla', 'MDN docs', 'Firefox', 'Example A']);
    expect(urls(await env.places.history.search({}, { sort: 'url' }))[0]).toBe('http://mozilla.org/');
    expect(urls(await env.places.history.search({}, { sort: 'visitCount', descending: true }))[0]).toBe('http://mozilla.org/');
    expect(urls(await env.places.history.search({}, { sort: 'date', descending: true }))[0]).toBe('https://www.mozilla.org/firefox');
    expect(urls(await env.places.history.search({}, { sort: 'date' }))[0]).toBe('https://developer.mozilla.org/docs');
  });

  it('#43 one data per result, then end', async () => {
    await seed();
    const r = record(env.places.history.search({ url: '*.mozilla.org' }));
    const results = await r.ended;
    expect(r.events.map((e) => e.event)).toEqual(['data', 'data', 'data', 'end']);
    expect(r.of('data').map((e) => e.args[0])).toEqual(results);
  });

  it('on failure: error(reason), then end([])', async () => {
    const r = record(env.places.history.search({ url: '' }));
    expect(await r.ended).toEqual([]);
    expect(r.events.map((e) => e.event)).toEqual(['error', 'end']);
  });
});
