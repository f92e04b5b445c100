/**
 * The Wayback rescue over the fake browser: the availability API's answers read (only a capture with status 200
 * counts), questions asked one at a time with the gap and Retry-After obeyed, each dead bookmark asked about its
 * original date added (an imported file's where it gave one), nothing asked without the archive's permission or
 * twice, and the rescue's changes (replace, add beside) as one operation of the history, undone and redone exactly.
 */
import { describe, expect, it } from 'vitest';
import { AVAILABILITY_ENDPOINT, readAnswer, timestampMs, waybackTimestamp, type Answer } from '../../../src/link-health/wayback/availability';
import { DEFAULT_LOOKUP_LIMITS, idealLookupMs, runLookups } from '../../../src/link-health/wayback/lookup';
import { snapshotVerdict } from '../../../src/link-health/wayback/snapshot-verdict';
import type { UndoProgress } from '../../../src/operation-history';
import { TOOLBAR_ID } from '../../../src/platform/browser';
import type { LinkVerdict } from '../../../src/link-health/types';
import { jobContext, linkHealthSetup } from './setup';
import { virtualTime } from './virtual-time';

const ctx = { senderUrl: undefined };
const closest = (timestamp: string, url: string, status = '200') => ({
  url,
  archived_snapshots: { closest: { status, available: true, url: `http://web.archive.org/web/${timestamp}/${url}`, timestamp } },
});

describe('the availability answer', () => {
  it('counts only an available capture with status 200, kept as its https address', () => {
    expect(readAnswer(closest('20190503120000', 'https://old.example.org/a'))).toEqual({
      kind: 'found',
      snapshot: { url: 'https://web.archive.org/web/20190503120000/https://old.example.org/a', timestamp: '20190503120000' },
    });
    expect(readAnswer(closest('20190503120000', 'https://old.example.org/a', '302'))).toEqual({ kind: 'none' });
    expect(readAnswer(closest('20190503120000', 'https://old.example.org/a', '404'))).toEqual({ kind: 'none' });
    expect(readAnswer({ url: 'x', archived_snapshots: {} })).toEqual({ kind: 'none' });
    expect(readAnswer(null)).toEqual({ kind: 'none' });
    expect(readAnswer({ archived_snapshots: { closest: { status: '200', available: true, url: 'https://evil.example/x', timestamp: '2019' } } })).toEqual({
      kind: 'none',
    });
  });

  it('writes and reads the archive timestamps in UTC', () => {
    const ms = Date.UTC(2019, 4, 3, 12, 30, 5);
    expect(waybackTimestamp(ms)).toBe('20190503123005');
    expect(timestampMs('20190503123005')).toBe(ms);
    expect(timestampMs('2019')).toBe(Date.UTC(2019, 0, 1));
    expect(timestampMs('nope')).toBeNull();
  });
});

describe('the lookup schedule', () => {
  it('asks one question at a time, starts at least the gap apart, and waits what a 429 asks', async () => {
    const clock = virtualTime();
    const starts: number[] = [];
    let inFlight = 0;
    let most = 0;
    const answers: Answer[] = [{ kind: 'none' }, { kind: 'wait', retryAfterMs: 5_000 }, { kind: 'none' }, { kind: 'none' }];
    const seen: string[] = [];
    await clock.run(
      runLookups({
        questions: ['a', 'b', 'c'],
        limits: { ...DEFAULT_LOOKUP_LIMITS, gapMs: 1_000 },
        timers: clock,
        signal: new AbortController().signal,
        ask: async () => {
          starts.push(clock.now());
          most = Math.max(most, ++inFlight);
          await clock.sleep(200);
          inFlight--;
          return answers.shift()!;
        },
        onAnswer: (q, a) => void seen.push(`${q}:${a.kind}`),
      }),
    );
    expect(most).toBe(1);
    // b's first answer asks for 5 s from its end (1200): asked again at 6200, c a gap after.
    expect(starts).toEqual([0, 1_000, 6_200, 7_200]);
    expect(seen).toEqual(['a:none', 'b:none', 'c:none']);
    expect(idealLookupMs(3, 200, { gapMs: 1_000 })).toBe(2_200);
  });

  it('gives up on a question after too many waits (it is asked again by a later lookup)', async () => {
    const clock = virtualTime();
    const seen: string[] = [];
    await clock.run(
      runLookups({
        questions: ['a'],
        limits: { ...DEFAULT_LOOKUP_LIMITS, maxWaits: 2 },
        timers: clock,
        signal: new AbortController().signal,
        ask: async () => ({ kind: 'wait', retryAfterMs: null }),
        onAnswer: (q, a) => void seen.push(`${q}:${a.kind}`),
      }),
    );
    expect(seen).toEqual(['a:failed']);
    expect(clock.now()).toBe(2 * DEFAULT_LOOKUP_LIMITS.defaultRetryAfterMs);
  });
});

describe('snapshot addresses in the link check', () => {
  const verdict = (url: string, cls: LinkVerdict['class'], finalUrl: string | null): LinkVerdict => ({
    url,
    class: cls,
    status: 200,
    finalUrl,
    hops: [],
    failure: null,
    checks: 1,
    checkedAt: 0,
  });
  it('the archive finding its capture is no move; a move elsewhere still is', () => {
    const snap = 'https://web.archive.org/web/2019/https://old.example.org/a';
    expect(snapshotVerdict(verdict(snap, 'redirected', 'https://web.archive.org/web/20190503120000/https://old.example.org/a')).class).toBe('ok');
    expect(snapshotVerdict(verdict(snap, 'moved', 'http://web.archive.org/web/20190503120000/http://old.example.org/a/')).class).toBe('ok');
    expect(snapshotVerdict(verdict(snap, 'moved', 'https://elsewhere.example/')).class).toBe('moved');
    expect(snapshotVerdict(verdict('https://old.example.org/a', 'moved', 'https://web.archive.org/web/2019/https://old.example.org/a')).class).toBe('moved');
  });
});

/** A web where /gone/ is 404 and an archive that has a capture of every address at 2019-05-03 but of /none/. */
async function setup(options: { granted?: string[]; archiveStatus?: number; retryAfter?: string } = {}) {
  const questions: URL[] = [];
  let throttle = options.archiveStatus === 429 ? 1 : 0;
  const env = await linkHealthSetup((url) => (new URL(url).pathname.startsWith('/gone/') || new URL(url).pathname.startsWith('/none/') ? 404 : 200), {
    granted: options.granted ?? ['<all_urls>'],
    archive: (url) => {
      questions.push(url);
      if (throttle-- > 0) return new Response(null, { status: 429, headers: { 'retry-after': options.retryAfter ?? '0' } });
      const asked = url.searchParams.get('url')!;
      const body = new URL(asked).pathname.startsWith('/none/') ? { url: asked, archived_snapshots: {} } : closest('20190503120000', asked);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  await env.feature.testHandlers!['test.links.wayback']({ gapMs: 0, defaultRetryAfterMs: 0 }, ctx);
  const b = env.fake.browser.bookmarks;
  const work = await b.create({ parentId: TOOLBAR_ID, title: 'Work' });
  const check = () => env.feature.jobs['links.check']({ mode: 'all' }, jobContext());
  const overview = () => env.feature.handlers['links.wayback.overview']({}, ctx);
  const lookup = (ids?: string[]) => env.feature.jobs['links.wayback.lookup'](ids ? { ids } : {}, jobContext());
  const rescue = (action: 'replace' | 'beside', items: { id: string; url: string; snapshot: string }[]) =>
    env.feature.writeJobs['links.wayback.rescue']({ action, items }, jobContext());
  const undo = (sessionId: string) => env.history.undo({ sessionId }, jobContext<UndoProgress>());
  const redo = (sessionId: string) => env.history.redo({ sessionId }, jobContext<UndoProgress>());
  const children = async () => (await b.getChildren(work.id)).map((n) => [n.title, n.url]);
  return { ...env, b, work, check, overview, lookup, rescue, undo, redo, children, questions };
}

describe('the lookup', () => {
  it('asks nothing before a person starts it, then about each dead bookmark at its original date, once', async () => {
    const t = await setup();
    const dead = await t.add('https://old.example.org/gone/a', 'A', t.work.id);
    await t.add('https://old.example.org/fine', 'Fine', t.work.id);
    const imported = await t.add('https://old.example.org/gone/b', 'B', t.work.id);
    await t.check();
    expect(t.questions).toEqual([]);
    const before = await t.overview();
    expect(before.origin).toBe('https://archive.org/*');
    expect(before.items.map((i) => [i.id, i.snapshot])).toEqual([
      [dead, undefined],
      [imported, undefined],
    ]);
    expect((await t.lookup()).found).toBe(2);
    expect(t.questions.map((q) => q.searchParams.get('url'))).toEqual(['https://old.example.org/gone/a', 'https://old.example.org/gone/b']);
    expect(t.questions.every((q) => /^\d{14}$/.test(q.searchParams.get('timestamp')!))).toBe(true);
    const after = await t.overview();
    expect(after.items.map((i) => i.snapshot?.url)).toEqual([
      'https://web.archive.org/web/20190503120000/https://old.example.org/gone/a',
      'https://web.archive.org/web/20190503120000/https://old.example.org/gone/b',
    ]);
    expect(after.items[0]!.snapshot!.at).toBe(Date.UTC(2019, 4, 3, 12, 0, 0));
    // Started again: what is known is not asked again.
    expect(await t.lookup()).toEqual({ asked: 0, found: 0, none: 0, failed: 0 });
    expect(t.questions).toHaveLength(2);
  });

  it("asks about an imported file's date added where it gave one", async () => {
    const t = await setup();
    const id = await t.add('https://old.example.org/gone/a', 'A', t.work.id);
    await t.check();
    await t.dates.putMany([{ id, dateAdded: Date.UTC(2015, 1, 2, 3, 4, 5) }]);
    await t.lookup();
    expect(t.questions.map((q) => q.searchParams.get('timestamp'))).toEqual(['20150202030405']);
    expect((await t.overview()).items[0]!.askedAt).toBe(Date.UTC(2015, 1, 2, 3, 4, 5));
  });

  it('records "no copy" and obeys a 429 before asking again', async () => {
    const t = await setup({ archiveStatus: 429 });
    await t.add('https://old.example.org/none/a', 'A', t.work.id);
    await t.check();
    expect(await t.lookup()).toEqual({ asked: 1, found: 0, none: 1, failed: 0 });
    expect(t.questions).toHaveLength(2);
    expect((await t.overview()).items[0]!.snapshot).toBeNull();
  });

  it('is refused, asking nothing, while the archive is not allowed', async () => {
    const t = await setup({ granted: ['https://old.example.org/*'] });
    await t.add('https://old.example.org/gone/a', 'A', t.work.id);
    await t.check();
    await expect(t.lookup()).rejects.toMatchObject({ code: 'forbidden' });
    expect(t.questions).toEqual([]);
  });
});

describe('the rescue', () => {
  const snap = 'https://web.archive.org/web/20190503120000/https://old.example.org/gone/a';

  it('replaces the address in place, as one operation undone and redone exactly', async () => {
    const t = await setup();
    await t.add('https://old.example.org/x', 'X', t.work.id);
    const id = await t.add('https://old.example.org/gone/a', 'A', t.work.id);
    const result = await t.rescue('replace', [{ id, url: 'https://old.example.org/gone/a', snapshot: snap }]);
    expect(result).toMatchObject({ action: 'replace', done: 1, leftAlone: [] });
    expect(await t.children()).toEqual([
      ['X', 'https://old.example.org/x'],
      ['A', snap],
    ]);
    await t.undo(result.operationId!);
    expect(await t.children()).toEqual([
      ['X', 'https://old.example.org/x'],
      ['A', 'https://old.example.org/gone/a'],
    ]);
    await t.redo(result.operationId!);
    expect((await t.children())[1]).toEqual(['A', snap]);
  });

  it('adds the snapshot right after its bookmark, titled with its date; undo takes it away, redo brings it back', async () => {
    const t = await setup();
    const id = await t.add('https://old.example.org/gone/a', 'A', t.work.id);
    await t.add('https://old.example.org/x', 'X', t.work.id);
    const result = await t.rescue('beside', [{ id, url: 'https://old.example.org/gone/a', snapshot: snap }]);
    expect(result.done).toBe(1);
    expect(await t.children()).toEqual([
      ['A', 'https://old.example.org/gone/a'],
      ['A (archived May 3, 2019)', snap],
      ['X', 'https://old.example.org/x'],
    ]);
    await t.undo(result.operationId!);
    expect(await t.children()).toEqual([
      ['A', 'https://old.example.org/gone/a'],
      ['X', 'https://old.example.org/x'],
    ]);
    await t.redo(result.operationId!);
    expect((await t.children()).map((c) => c[1])).toContain(snap);
  });

  it("takes the address's tags along on replace, gives them to the copy beside; undo puts every tag back", async () => {
    const t = await setup();
    const gone = 'https://old.example.org/gone/a';
    const other = 'https://old.example.org/gone/b';
    const snapB = 'https://web.archive.org/web/20190503120000/https://old.example.org/gone/b';
    const a = await t.add(gone, 'A', t.work.id);
    const b = await t.add(other, 'B', t.work.id);
    await t.tags.setTags(gone, ['research', 'old']);
    await t.tags.setTags(other, ['keep']);
    const tagsNow = async () => Object.fromEntries((await t.tags.all()).map((e) => [e.url, [...e.tags].sort()]));
    const before = await tagsNow();

    const replaced = await t.rescue('replace', [{ id: a, url: gone, snapshot: snap }]);
    // The address no bookmark has any more lost its tags; the snapshot has them.
    expect(await tagsNow()).toEqual({ [snap]: ['old', 'research'], [other]: ['keep'] });
    const beside = await t.rescue('beside', [{ id: b, url: other, snapshot: snapB }]);
    // The original keeps its tags (its bookmark is still there); the copy has them too.
    expect(await tagsNow()).toEqual({ [snap]: ['old', 'research'], [other]: ['keep'], [snapB]: ['keep'] });

    await t.undo(beside.operationId!);
    await t.undo(replaced.operationId!);
    expect(await tagsNow()).toEqual(before);
    await t.redo(replaced.operationId!);
    expect(await tagsNow()).toEqual({ [snap]: ['old', 'research'], [other]: ['keep'] });
  });

  it('leaves alone a bookmark someone changed since the view showed it, and refuses what is not a snapshot', async () => {
    const t = await setup();
    const id = await t.add('https://old.example.org/gone/a', 'A', t.work.id);
    await t.b.update(id, { url: 'https://mine.example.org/' });
    const result = await t.rescue('replace', [{ id, url: 'https://old.example.org/gone/a', snapshot: snap }]);
    expect(result).toMatchObject({ done: 0, operationId: null, leftAlone: [{ id, reason: 'url-changed' }] });
    expect((await t.b.get(id))[0]!.url).toBe('https://mine.example.org/');
    await expect(t.rescue('replace', [{ id, url: 'https://mine.example.org/', snapshot: 'https://evil.example/' }])).rejects.toMatchObject({ code: 'invalid-input' });
  });
});

it('the default endpoint is the real availability API', () => {
  expect(AVAILABILITY_ENDPOINT).toBe('https://archive.org/wayback/available');
});
