import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { ENTRY_CHUNK, JOURNAL_DB_VERSION, KEPT_SESSIONS, loadRemovedHistory, openJournal } from '../../../src/operation-history/journal';
import type { NewJournalEntry } from '../../../src/operation-history/journal-entries';
import type { NewProgress, SessionRecord } from '../../../src/operation-history/journal-records';
import { MAX_CALLS_IN_FLIGHT, ProgressLog, UNWRITTEN_AT_MOST } from '../../../src/operation-history/progress-log';
import { carriedOut } from '../../../src/operation-history/undo-scope';

let n = 0;
const fresh = () => {
  const name = `journal-test-${++n}`;
  return { name, journal: openJournal(name) };
};

function session(id: string, createdAt: number, status: SessionRecord['status'] = 'applied'): SessionRecord {
  return {
    id,
    planId: `plan-${id}`,
    createdAt,
    status,
    cancelled: false,
    holdingFolderId: null,
    holdingTitle: 'Tidymarks cleanup',
    counts: { removed: 0, removedTopLevel: 0, moved: 0, tagMerges: 0, skipped: 0 },
    finishedAt: null,
    undoneAt: null,
    undoStartedAt: null,
    note: null,
  };
}

const removed = (id: string, url: string | null = `https://x.example/${id}`): NewJournalEntry => ({
  role: 'removed',
  id,
  parentId: 'menu________',
  index: 0,
  title: id,
  url,
  dateAdded: 1,
  type: url ? 'bookmark' : 'folder',
  tags: ['t'],
  path: ['Bookmarks Menu'],
  ancestorIds: ['menu________'],
  topLevel: true,
  reason: 'duplicate-bookmark',
});

describe('journal', () => {
  it('writes a session with all its entries, numbered, and reads them back after reopening', async () => {
    const { name, journal } = fresh();
    const stored = await journal.beginSession(session('s1', 10, 'applying'), [
      removed('a'),
      removed('b'),
      { role: 'tag-merge', url: 'https://k.example/', tagsBefore: [], tagsAdded: ['x'] },
    ]);
    expect(stored.map((e) => e.seq)).toEqual([0, 1, 2]);
    journal.close();
    const again = openJournal(name);
    expect(await again.getSession('s1')).toMatchObject({ status: 'applying', planId: 'plan-s1' });
    expect((await again.entries('s1')).map((e) => (e.role === 'tag-merge' ? e.url : e.role === 'removed' && e.id))).toEqual(['a', 'b', 'https://k.example/']);
    expect(await again.unfinishedSessions()).toHaveLength(1);
  });

  it('a session id used twice is refused and the first one stays intact', async () => {
    const { journal } = fresh();
    await journal.beginSession(session('s1', 10), [removed('a')]);
    await expect(journal.beginSession(session('s1', 11), [removed('z'), removed('y')])).rejects.toThrow(
      new Error('A cleanup session with id s1 is already in the journal.'),
    );
    expect((await journal.entries('s1')).map((e) => e.role === 'removed' && e.id)).toEqual(['a']);
  });

  it(`keeps the newest ${KEPT_SESSIONS} sessions, never prunes an unfinished one, and lists newest first`, async () => {
    const { journal } = fresh();
    await journal.beginSession(session('stuck', 0, 'applying'), [removed('s')]);
    const n = KEPT_SESSIONS + 5;
    for (let i = 1; i <= n; i++) await journal.beginSession(session(`s${i}`, i), [removed(`e${i}`)]);
    const list = await journal.listSessions();
    expect(list.map((s) => s.id)).toEqual([...Array.from({ length: KEPT_SESSIONS }, (_, i) => `s${n - i}`), 'stuck']);
    expect(await journal.entries('s1')).toEqual([]);
    expect(await journal.entries('stuck')).toHaveLength(1);
  });

  it('marks entries skipped and updates a session', async () => {
    const { journal } = fresh();
    await journal.beginSession(session('s1', 1, 'applying'), [removed('a'), removed('b')]);
    await journal.markSkipped('s1', [1]);
    expect((await journal.entries('s1')).map((e) => !!e.skipped)).toEqual([false, true]);
    const updated = await journal.updateSession('s1', { status: 'applied', finishedAt: 5 });
    expect(updated).toMatchObject({ id: 's1', status: 'applied', finishedAt: 5 });
    await expect(journal.updateSession('nope', { status: 'applied' })).rejects.toThrow(/No cleanup session/);
  });

  it('remembers what was removed by id and by URL, latest removal wins, and forgets an undone session', async () => {
    const { journal } = fresh();
    await journal.rememberRemoved('s1', ['id1', 'https://a.example/'], 100);
    await journal.rememberRemoved('s2', ['id2', 'https://a.example/'], 200);
    const history = await loadRemovedHistory(journal);
    expect(history.wasRemoved('https://a.example/')).toEqual({ removedAt: 200, sessionId: 's2' });
    expect(history.wasRemoved('id1')).toEqual({ removedAt: 100, sessionId: 's1' });
    expect(history.wasRemoved('https://never.example/')).toBeUndefined();
    await journal.forgetRemoved('s2');
    // s1 removed a copy of it too, and s1 was not undone.
    expect(await journal.removedKey('https://a.example/')).toMatchObject({ sessionId: 's1', removedAt: 100 });
    expect(await journal.removedKey('id2')).toBeUndefined();
    expect(await journal.removedKey('id1')).toMatchObject({ sessionId: 's1' });
  });

  it('follows id remaps through chains of re-creations', async () => {
    const { journal } = fresh();
    await journal.recordIdMap([
      { oldId: 'a', newId: 'b', sessionId: 's1' },
      { oldId: 'b', newId: 'c', sessionId: 's2' },
    ]);
    const resolved = await journal.resolveIds(['a', 'b', 'x']);
    expect(Object.fromEntries(resolved)).toEqual({ a: 'c', b: 'c', x: 'x' });
  });

  it('clear forgets everything', async () => {
    const { journal } = fresh();
    await journal.beginSession(session('s1', 1), [removed('a')]);
    await journal.rememberRemoved('s1', ['a'], 1);
    await journal.clear();
    expect(await journal.listSessions()).toEqual([]);
    expect(await journal.allRemoved()).toEqual([]);
  });

  it('stores big sessions in chunks and marks skipped entries across chunks', async () => {
    const { journal } = fresh();
    const many = Array.from({ length: ENTRY_CHUNK * 2 + 7 }, (_, i) => removed(`i${i}`));
    await journal.beginSession(session('big', 1, 'applying'), many);
    await journal.markSkipped('big', [0, ENTRY_CHUNK + 1, ENTRY_CHUNK * 2 + 6]);
    const back = await journal.entries('big');
    expect(back).toHaveLength(many.length);
    expect(back.map((e) => e.seq)).toEqual(many.map((_, i) => i));
    expect(back.filter((e) => e.skipped).map((e) => e.seq)).toEqual([0, ENTRY_CHUNK + 1, ENTRY_CHUNK * 2 + 6]);
  });

  it('opens a new database at JOURNAL_DB_VERSION with every store', async () => {
    const { name, journal } = fresh();
    await journal.beginSession(session('s', 1), [removed('a')]);
    const raw = await openDB(name);
    expect(raw.version).toBe(JOURNAL_DB_VERSION);
    expect([...raw.objectStoreNames].sort()).toEqual(['entryChunks', 'idMap', 'progress', 'removedBatches', 'sessions']);
    raw.close();
  });

  it('makes a database left by an unreleased schema version afresh (nothing was released to migrate)', async () => {
    const name = `journal-test-prerelease-${++n}`;
    const old = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('sessions', { keyPath: 'id' }).createIndex('byCreatedAt', 'createdAt');
        db.createObjectStore('entries', { keyPath: ['sessionId', 'seq'] });
      },
    });
    await old.put('sessions', session('old', 1));
    old.close();
    const journal = openJournal(name);
    expect(await journal.listSessions()).toEqual([]);
    await journal.beginSession(session('new', 2), [removed('a')]);
    expect(await journal.entries('new')).toHaveLength(1);
    journal.close();
  });

  it('appends entries numbered on from the last, in small records, without rewriting what is stored', async () => {
    const { name, journal } = fresh();
    await journal.beginSession(session('imp', 1, 'applying'), []);
    for (let i = 0; i < 3; i++)
      await journal.append('imp', [{ role: 'created', parentId: 'unfiled_____', parentSeq: null, type: 'bookmark', title: `t${i}`, url: `https://t${i}.example/` }]);
    const more = await journal.append('imp', [removed('x'), removed('y')]);
    expect(more.map((e) => e.seq)).toEqual([3, 4]);
    const raw = await openDB(name);
    expect(await raw.count('entryChunks')).toBe(4);
    raw.close();
    expect((await journal.entries('imp')).map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    await expect(journal.append('nope', [removed('z')])).rejects.toThrow(/No session nope/);
  });

  it('an append with a progress record stores both together, numbered on, also after writes of another journal on the same database', async () => {
    const { name, journal } = fresh();
    const created = (i: number): NewJournalEntry => ({ role: 'created', parentId: 'unfiled_____', parentSeq: null, type: 'bookmark', title: `t${i}`, url: null });
    await journal.beginSession(session('imp', 1, 'applying'), []);
    const log = new ProgressLog(journal, 'imp');
    const appendAhead = (i: number) => log.writeWith((progress) => journal.append('imp', [created(i)], { ...(progress && { progress }), durability: 'relaxed' }));
    expect((await appendAhead(0))[0]!.seq).toBe(0);
    log.note({ ids: [{ seq: 0, id: 'id0' }], done: [0] });
    expect((await appendAhead(1))[0]!.seq).toBe(1);
    log.note({ ids: [{ seq: 1, id: 'id1' }], done: [1] });
    expect((await appendAhead(2))[0]!.seq).toBe(2);
    log.note({ skipped: [2] });
    // Another writer takes the next numbers (an entry and a record): this journal's next append reads them again.
    const other = openJournal(name);
    await other.append('imp', [removed('x')], { progress: { done: [3] } });
    expect((await appendAhead(4))[0]!.seq).toBe(4);
    expect((await journal.entries('imp')).map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    const raw = await openDB(name);
    expect((await raw.getAll('progress')).map((r: { n: number }) => r.n)).toEqual([0, 1, 2, 3]);
    raw.close();
    const progress = await journal.progress('imp');
    expect([...progress.ids]).toEqual([
      [0, 'id0'],
      [1, 'id1'],
    ]);
    expect([...progress.done]).toEqual([0, 1, 3]);
    expect([...progress.skipped]).toEqual([2]);
    // A session that is gone: nothing is stored.
    await expect(journal.append('nope', [removed('z')], { progress: { done: [0] } })).rejects.toThrow(/No session nope/);
    expect(await journal.entries('nope')).toEqual([]);
    other.close();
    journal.close();
  });

  it('progress records add up: skipped and put back beat done, done beats attempting; a session without records says so', async () => {
    const { journal } = fresh();
    await journal.beginSession(session('s', 1, 'applying'), [removed('a'), removed('b'), removed('c'), removed('d')]);
    expect((await journal.progress('s')).recorded).toBe(false);
    const log = new ProgressLog(journal, 's');
    await log.write({ attempting: [0, 1, 2, 3] });
    log.note({ done: [0, 1] });
    log.note({ skipped: [2] });
    await Promise.all([log.write({ putBack: [{ seq: 1, newId: 'new1' }] }), log.write({ ids: [{ seq: 3, id: 'id3' }] })]);
    const p = await journal.progress('s');
    expect(p).toMatchObject({ recorded: true, ids: new Map([[3, 'id3']]), putBack: new Map([[1, 'new1']]) });
    const entries = await journal.entries('s');
    expect(entries.map((e) => carriedOut(e, p))).toEqual([true, false, false, true]);
    // Pruning a session takes its progress with it.
    for (let i = 2; i < KEPT_SESSIONS + 3; i++) await journal.beginSession(session(`later${i}`, i + 10), [removed(`z${i}`)]);
    await journal.updateSession('s', { status: 'applied' });
    await journal.beginSession(session('last', 1000), [removed('q')]);
    expect(await journal.getSession('s')).toBeUndefined();
    expect((await journal.progress('s')).recorded).toBe(false);
  });

  it('progress records of one session written through two journals are all kept: a record never overwrites another', async () => {
    const { name, journal } = fresh();
    await journal.beginSession(session('s', 1, 'applying'), [removed('a'), removed('b'), removed('c'), removed('d'), removed('e')]);
    const other = openJournal(name);
    // Each journal numbers its next record after the last one it wrote; the other one's records come in between.
    await journal.recordProgress('s', { attempting: [0, 1, 2, 3, 4] });
    await journal.recordProgress('s', { done: [0] });
    await other.recordProgress('s', { done: [1] });
    await journal.recordProgress('s', { done: [2] });
    await other.recordProgress('s', { skipped: [3] });
    await journal.recordProgress('s', { done: [4] });
    const raw = await openDB(name);
    expect(await raw.count('progress')).toBe(6);
    raw.close();
    const p = await journal.progress('s');
    expect([...p.done].sort()).toEqual([0, 1, 2, 4]);
    expect([...p.skipped]).toEqual([3]);
    other.close();
  });

  it('keepUp lets the calls go on while a record is written, and waits once UNWRITTEN_AT_MOST calls are not stored', async () => {
    const records: NewProgress[] = [];
    const held: { release: () => void; fail: (e: Error) => void }[] = [];
    const log = new ProgressLog(
      {
        recordProgress: (_id, record) =>
          new Promise<void>((resolve, reject) => {
            records.push(record);
            held.push({ release: resolve, fail: reject });
          }),
      },
      's',
    );
    let seq = 0;
    // One call done: noted, nothing written, no wait.
    const call = () => {
      log.note({ done: [seq++] });
      let settled = false;
      const p = log.keepUp().then(() => (settled = true));
      return { p, settled: () => settled };
    };
    const early = UNWRITTEN_AT_MOST - MAX_CALLS_IN_FLIGHT;
    for (let i = 0; i < early - 1; i++) await call().p;
    expect(records).toHaveLength(0);
    // A round of calls short of the bound: a record starts and the calls go on while it is written.
    await call().p;
    expect(records).toEqual([{ done: Array.from({ length: early }, (_, i) => i) }]);
    for (let i = 0; i < MAX_CALLS_IN_FLIGHT - 1; i++) await call().p;
    // The next one makes UNWRITTEN_AT_MOST not stored: it waits for the record being written and its own.
    const waiting = call();
    await Promise.resolve();
    await Promise.resolve();
    expect(waiting.settled()).toBe(false);
    held[0]!.release();
    await vi.waitFor(() => expect(records).toHaveLength(2));
    expect(records[1]).toEqual({ done: Array.from({ length: MAX_CALLS_IN_FLIGHT }, (_, i) => early + i) });
    expect(waiting.settled()).toBe(false);
    held[1]!.release();
    await waiting.p;
    // A write that fails is never counted as stored: the wait that comes with the calls after it rejects.
    for (let i = 0; i < early; i++) await call().p;
    expect(records).toHaveLength(3);
    held[2]!.fail(new Error('disk full'));
    const after: Promise<unknown>[] = [];
    for (let i = 0; i < UNWRITTEN_AT_MOST; i++) {
      const c = call();
      after.push(
        c.p.then(
          () => 'stored',
          (e: Error) => e.message,
        ),
      );
    }
    expect(await Promise.all(after)).toContain('disk full');
  });
});
