/** History cases: visits, search and removal. */
import { assert } from '../assert';
import { withEvents } from '../events';
import { type ContractCase, DAY, GUID } from './kit';

export const historyCases: ContractCase[] = [
  {
    name: 'history.addUrl then search gives id, url, title, lastVisitTime and visitCount (no typedCount)',
    async run(b) {
      const before = Date.now();
      await b.history.addUrl({ url: 'https://h1.example/page', title: 'History One' });
      const [item] = await b.history.search({ text: '', startTime: 0 });
      assert.keys(item, ['id', 'url', 'title', 'lastVisitTime', 'visitCount'], 'keys');
      assert.ok(GUID.test(item.id), 'GUID-like page id');
      assert.equal({ url: item.url, title: item.title, visitCount: item.visitCount }, { url: 'https://h1.example/page', title: 'History One', visitCount: 1 }, 'item');
      assert.ok(item.lastVisitTime! >= before - 1000 && item.lastVisitTime! <= Date.now() + 1000, 'lastVisitTime is now');
    },
  },
  {
    name: 'history.search without startTime only looks back 24 hours',
    async run(b) {
      const now = Date.now();
      await b.history.addUrl({ url: 'https://old.example/', title: 'Old', visitTime: now - 3 * DAY });
      await b.history.addUrl({ url: 'https://new.example/', title: 'New' });
      assert.equal(
        (await b.history.search({ text: '' })).map((i) => i.url),
        ['https://new.example/'],
        'default window',
      );
      assert.equal(
        (await b.history.search({ text: '', startTime: 0 })).map((i) => i.url),
        ['https://new.example/', 'https://old.example/'],
        'from 0',
      );
    },
  },
  {
    name: 'history.search matches words in title or URL, newest visit first, up to maxResults',
    async run(b) {
      const now = Date.now();
      await b.history.addUrl({ url: 'https://a.example/rust', title: 'Rust Book', visitTime: now - 3000 });
      await b.history.addUrl({ url: 'https://b.example/', title: 'The RUST language', visitTime: now - 1000 });
      await b.history.addUrl({ url: 'https://c.example/', title: 'Other', visitTime: now - 2000 });
      const s = async (text: string, maxResults?: number) => (await b.history.search({ text, startTime: 0, maxResults })).map((i) => i.url);
      assert.equal(await s('rust'), ['https://b.example/', 'https://a.example/rust'], 'word, newest first');
      assert.equal(await s('book rust'), ['https://a.example/rust'], 'all words');
      assert.equal(await s('c.example'), ['https://c.example/'], 'url');
      assert.equal(await s('', 2), ['https://b.example/', 'https://c.example/'], 'maxResults');
    },
  },
  {
    name: 'history.search honours endTime and refuses a start after the end',
    async run(b) {
      const now = Date.now();
      await b.history.addUrl({ url: 'https://old.example/', visitTime: now - 2 * DAY });
      await b.history.addUrl({ url: 'https://new.example/' });
      assert.equal(
        (await b.history.search({ text: '', startTime: 0, endTime: now - DAY })).map((i) => i.url),
        ['https://old.example/'],
        'endTime',
      );
      await assert.rejects(() => b.history.search({ text: '', startTime: now, endTime: now - 1000 }), 'The startTime cannot be after the endTime');
      assert.throwsSync(
        () => b.history.search({ text: '', startTime: 0, maxResults: 0 }),
        'Type error for parameter query (Error processing maxResults: Integer 0 is too small (must be at least 1)) for history.search.',
      );
    },
  },
  {
    name: 'history visitCount counts visits but not reloads; a page without title has title null',
    async run(b) {
      await b.history.addUrl({ url: 'https://twice.example/' });
      await b.history.addUrl({ url: 'https://twice.example/' });
      await b.history.addUrl({ url: 'https://reload.example/', title: 'R', transition: 'reload' });
      const items = await b.history.search({ text: '', startTime: 0 });
      const byUrl = Object.fromEntries(items.map((i) => [i.url, i]));
      assert.equal(byUrl['https://twice.example/'].visitCount, 2, 'two visits');
      assert.equal(byUrl['https://twice.example/'].title, null, 'no title is null');
      assert.equal(byUrl['https://reload.example/'].visitCount, 0, 'reload not counted');
    },
  },
  {
    name: 'history.getVisits lists visits newest first with Firefox fields',
    async run(b) {
      const now = Date.now();
      await b.history.addUrl({ url: 'https://v.example/', visitTime: now - 5000 });
      await b.history.addUrl({ url: 'https://v.example/', visitTime: now - 1000, transition: 'typed' });
      const visits = await b.history.getVisits({ url: 'https://v.example/' });
      assert.equal(visits.length, 2, 'two visits');
      assert.keys(visits[0], ['id', 'visitId', 'visitTime', 'referringVisitId', 'transition'], 'keys');
      assert.equal(
        visits.map((v) => [v.visitTime, v.transition, v.referringVisitId]),
        [
          [now - 1000, 'typed', '0'],
          [now - 5000, 'link', '0'],
        ],
        'visits',
      );
      assert.ok(typeof visits[0].visitId === 'string' && visits[0].visitId !== visits[1].visitId, 'string visit ids');
      const [page] = await b.history.search({ text: '', startTime: 0 });
      assert.equal(visits[0].id, page.id, 'visit id is the page id');
      assert.equal(await b.history.getVisits({ url: 'https://none.example/' }), [], 'unknown url');
    },
  },
  {
    name: 'history onVisited carries the page with typedCount; onTitleChanged only for a known page',
    async run(b) {
      await withEvents(b, async (events) => {
        await b.history.addUrl({ url: 'https://t.example/', title: 'First', transition: 'typed' });
        await b.history.addUrl({ url: 'https://t.example/', title: 'Second' });
        const got = await events.waitFor(3);
        assert.equal(
          got.map((e) => e.name),
          ['history.onVisited', 'history.onVisited', 'history.onTitleChanged'],
          'events',
        );
        const first = got[0].args[0] as Record<string, unknown>;
        assert.keys(first, ['id', 'url', 'title', 'lastVisitTime', 'visitCount', 'typedCount'], 'onVisited keys');
        assert.equal({ title: first.title, visitCount: first.visitCount, typedCount: first.typedCount }, { title: 'First', visitCount: 1, typedCount: 1 }, 'first visit');
        const second = got[1].args[0] as Record<string, unknown>;
        assert.equal({ title: second.title, visitCount: second.visitCount }, { title: 'Second', visitCount: 2 }, 'second visit');
        assert.equal(got[2].args[0], { id: first.id, url: 'https://t.example/', title: 'Second' }, 'title change');
      });
    },
  },
  {
    name: 'history.deleteUrl removes a page and fires onVisitRemoved; an unknown url fires nothing',
    async run(b) {
      await b.history.addUrl({ url: 'https://keep.example/' });
      await b.history.addUrl({ url: 'https://drop.example/' });
      await withEvents(b, async (events) => {
        await b.history.deleteUrl({ url: 'https://drop.example/' });
        await b.history.deleteUrl({ url: 'https://never.example/' });
        assert.equal(await events.waitFor(1), [{ name: 'history.onVisitRemoved', args: [{ allHistory: false, urls: ['https://drop.example/'] }] }], 'events');
      });
      assert.equal(
        (await b.history.search({ text: '', startTime: 0 })).map((i) => i.url),
        ['https://keep.example/'],
        'left',
      );
      assert.equal(await b.history.getVisits({ url: 'https://drop.example/' }), [], 'no visits left');
    },
  },
  {
    name: 'history.deleteRange removes visits in the range and reports pages left without visits',
    async run(b) {
      const now = Date.now();
      await b.history.addUrl({ url: 'https://inside.example/', visitTime: now - 60_000 });
      await b.history.addUrl({ url: 'https://both.example/', visitTime: now - 60_000 });
      await b.history.addUrl({ url: 'https://both.example/', visitTime: now - 1000 });
      await withEvents(b, async (events) => {
        await b.history.deleteRange({ startTime: now - 120_000, endTime: now - 30_000 });
        assert.equal(await events.waitFor(1), [{ name: 'history.onVisitRemoved', args: [{ allHistory: false, urls: ['https://inside.example/'] }] }], 'events');
      });
      assert.equal(
        (await b.history.search({ text: '', startTime: 0 })).map((i) => i.url),
        ['https://both.example/'],
        'left',
      );
      assert.equal((await b.history.getVisits({ url: 'https://both.example/' })).length, 1, 'one visit left');
    },
  },
  {
    name: 'history.deleteAll empties history and fires onVisitRemoved with allHistory',
    async run(b) {
      await b.history.addUrl({ url: 'https://a.example/' });
      await withEvents(b, async (events) => {
        await b.history.deleteAll();
        assert.equal(await events.waitFor(1), [{ name: 'history.onVisitRemoved', args: [{ allHistory: true, urls: [] }] }], 'event');
      });
      assert.equal(await b.history.search({ text: '', startTime: 0 }), [], 'empty');
    },
  },
  {
    name: 'history refuses invalid URLs, unstorable schemes and unknown transitions with Firefox messages',
    async run(b) {
      await assert.rejects(() => b.history.addUrl({ url: 'not a url' }), `PageInfo: Invalid value for property 'url': "not a url"`, 'addUrl invalid');
      await assert.rejects(() => b.history.addUrl({ url: 'about:blank' }), 'An unexpected error occurred', 'about:');
      await assert.rejects(() => b.history.addUrl({ url: 'javascript:void(0)' }), 'An unexpected error occurred', 'javascript:');
      assert.throwsSync(
        () => b.history.addUrl({ url: 'https://x.example/', transition: 'bogus' as 'link' }),
        'Type error for parameter details (Error processing transition: Invalid enumeration value "bogus") for history.addUrl.',
      );
      await assert.rejects(() => b.history.getVisits({ url: 'not a url' }), 'An unexpected error occurred', 'getVisits invalid');
      await assert.rejects(() => b.history.deleteUrl({ url: 'not a url' }), 'An unexpected error occurred', 'deleteUrl invalid');
      assert.throwsSync(
        () => b.history.search({ startTime: 0 } as unknown as { text: string }),
        'Type error for parameter query (Property "text" is required) for history.search.',
      );
      assert.equal(await b.history.search({ text: '', startTime: 0 }), [], 'nothing stored');
    },
  },
  {
    name: 'history keeps the title when a visit brings none; an empty title reads as null but fires onTitleChanged',
    async run(b) {
      await withEvents(b, async (events) => {
        await b.history.addUrl({ url: 'https://t.example/', title: 'Kept' });
        await b.history.addUrl({ url: 'https://t.example/' });
        const [kept] = await b.history.search({ text: 't.example', startTime: 0 });
        assert.equal({ title: kept.title, visitCount: kept.visitCount }, { title: 'Kept', visitCount: 2 }, 'title kept');
        await b.history.addUrl({ url: 'https://t.example/', title: '' });
        const [emptied] = await b.history.search({ text: 't.example', startTime: 0 });
        assert.equal(emptied.title, null, 'empty title reads as null');
        const got = await events.waitFor(4);
        assert.equal(
          got.map((e) => e.name),
          ['history.onVisited', 'history.onVisited', 'history.onVisited', 'history.onTitleChanged'],
          'events',
        );
        assert.equal((got[1].args[0] as { title: string }).title, 'Kept', 'onVisited reports the kept title');
        assert.equal(got[3].args[0], { id: kept.id, url: 'https://t.example/', title: '' }, 'title change to empty');
      });
    },
  },
  {
    name: 'history counts link, typed and bookmark visits; frames and reloads are kept uncounted; embedded visits are dropped',
    async run(b) {
      const kinds = ['link', 'typed', 'auto_bookmark', 'manual_subframe', 'reload', 'auto_subframe'] as const;
      for (const kind of kinds) await b.history.addUrl({ url: `https://${kind.replace('_', '-')}.example/`, transition: kind });
      const items = await b.history.search({ text: '', startTime: 0 });
      const counts = Object.fromEntries(items.map((i) => [new URL(i.url!).hostname.split('.')[0], i.visitCount]));
      assert.equal(counts, { link: 1, typed: 1, 'auto-bookmark': 1, 'manual-subframe': 0, reload: 0 }, 'visit counts');
      assert.equal(await b.history.getVisits({ url: 'https://auto-subframe.example/' }), [], 'embedded visit not kept');
      assert.equal(
        (await b.history.getVisits({ url: 'https://manual-subframe.example/' })).map((v) => v.transition),
        ['manual_subframe'],
        'frame visit kept',
      );
    },
  },
  {
    name: 'history refuses unsupported transitions and visits in the future',
    async run(b) {
      for (const kind of ['generated', 'auto_toplevel', 'form_submit', 'keyword', 'keyword_generated'] as const) {
        await assert.rejects(() => b.history.addUrl({ url: 'https://x.example/', transition: kind }), `|${kind}| is not a supported transition for history`, kind);
      }
      const future = Date.now() + 60_000;
      await assert.rejects(
        () => b.history.addUrl({ url: 'https://future.example/', visitTime: future }),
        `PageInfo: Invalid value for property 'visits': [{"transition":1,"date":"${new Date(future).toISOString()}"}]`,
        'future visit',
      );
      assert.equal(await b.history.search({ text: '', startTime: 0 }), [], 'nothing stored');
    },
  },
  {
    name: 'history times may be Date objects or date strings; the search range includes both ends; lastVisitTime is the last visit overall',
    async run(b) {
      const now = Date.now();
      await b.history.addUrl({ url: 'https://d.example/', visitTime: new Date(now - 50_000) });
      await b.history.addUrl({ url: 'https://d.example/', visitTime: new Date(now - 1000).toISOString() });
      const exact = await b.history.search({ text: '', startTime: now - 50_000, endTime: new Date(now - 50_000) });
      assert.equal(
        exact.map((i) => [i.url, i.lastVisitTime, i.visitCount]),
        [['https://d.example/', now - 1000, 2]],
        'inclusive range, overall last visit',
      );
      assert.equal(await b.history.search({ text: '', startTime: now - 49_999, endTime: now - 2000 }), [], 'outside the range');
      assert.throwsSync(
        () => b.history.addUrl({ url: 'https://d.example/', visitTime: String(now) }),
        `Type error for parameter details (Error processing visitTime: Value "${now}" must either: match the format "date", be an integer value, or be an object value) for history.addUrl.`,
      );
    },
  },
];
