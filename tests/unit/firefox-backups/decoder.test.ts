import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackupDecoder, type WorkerLike } from '../../../src/firefox-backups/decoder';
import { compareBackup } from '../../../src/firefox-backups/compare-backup';
import { openAnnotations, openBackup, type BackupSource } from '../../../src/firefox-backups/open-backup';
import type { DecodeReply, DecodeRequest } from '../../../src/firefox-backups/worker-protocol';

const FIREFOX_NAME = 'bookmarks-2026-12-07_16_lCRAO9yqF8D3goELNbxSwJSdIeV5OrGEBfeBTs4Oq7c=.jsonlz4';
const fixtureFile = (name: string, as = name) => new File([readFileSync(resolve(import.meta.dirname, 'fixtures', name))], as);

/** A stand-in worker running decode-worker.ts's work in this thread, recording what it was sent; `crashOn` fails a file. */
function standInWorker(log: string[], crashOn?: string): WorkerLike {
  const worker: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(request: DecodeRequest) {
      log.push(`start ${request.file.name}`);
      if (request.file.name === crashOn) {
        queueMicrotask(() => worker.onerror?.(new Event('error')));
        return;
      }
      const file = request.file;
      const source: BackupSource = { name: file.name, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) };
      const answer = (data: DecodeReply) => {
        log.push(`done ${file.name}`);
        worker.onmessage?.(new MessageEvent<DecodeReply>('message', { data }));
      };
      if ('compareWith' in request) void compareBackup(source, request.compareWith).then((compared) => answer({ id: request.id, compared }));
      else if ('annotations' in request) void openAnnotations(source).then((annotations) => answer({ id: request.id, annotations }));
      else void openBackup(source, request.keepTree).then((opened) => answer({ id: request.id, opened }));
    },
    terminate() {
      log.push('terminate');
    },
  };
  return worker;
}

describe('startBackupDecoder', () => {
  it('opens files one after another, in the order asked', async () => {
    const log: string[] = [];
    let made = 0;
    const decoder = startBackupDecoder(() => (made++, standInWorker(log)));
    const [a, b] = await Promise.all([decoder.open(fixtureFile(FIREFOX_NAME)), decoder.open(fixtureFile('firefox-backup.json'), true)]);
    expect(a).toMatchObject({ ok: true, summary: { nameCount: 16, counts: { items: 16 } } });
    expect(b.ok && b.tree?.items.length).toBe(16);
    expect(log).toEqual([`start ${FIREFOX_NAME}`, `done ${FIREFOX_NAME}`, 'start firefox-backup.json', 'done firefox-backup.json']);
    expect(made).toBe(1);
    decoder.close();
  });

  it('compares a file with the live tree in its turn; only the difference comes back', async () => {
    const log: string[] = [];
    const decoder = startBackupDecoder(() => standInWorker(log));
    const opened = decoder.open(fixtureFile(FIREFOX_NAME));
    // Now: an empty tree, the root and its four folders only: every bookmark and folder of the backup is removed since.
    const live = JSON.stringify({
      rows: [
        ['root________', -1, 0, 'f', '', '', 0],
        ['menu________', 0, 0, 'f', 'Bookmarks Menu', '', 0],
        ['toolbar_____', 0, 1, 'f', 'Bookmarks Toolbar', '', 0],
        ['unfiled_____', 0, 2, 'f', 'Other Bookmarks', '', 0],
        ['mobile______', 0, 3, 'f', 'Mobile Bookmarks', '', 0],
      ],
      tags: [],
      visits: [],
    });
    const compared = await decoder.compare(fixtureFile(FIREFOX_NAME), live);
    await opened;
    expect(log).toEqual([`start ${FIREFOX_NAME}`, `done ${FIREFOX_NAME}`, `start ${FIREFOX_NAME}`, `done ${FIREFOX_NAME}`]);
    if (!compared.ok) throw new Error(compared.problem.code);
    expect(compared.summary.counts.bookmarks).toBe(7);
    // 7 bookmarks and 3 folders below the roots (the separator takes no part).
    expect(compared.diff.removed.filter((r) => r.kind === 'bookmark')).toHaveLength(7);
    expect(compared.diff.removed.filter((r) => r.kind === 'folder')).toHaveLength(3);
    expect(compared.diff.added).toEqual([]);
    expect(await decoder.compare(fixtureFile(FIREFOX_NAME), '"not a tree"')).toEqual({ ok: false, fileName: FIREFOX_NAME, problem: { code: 'live-unreadable' } });
    expect(await decoder.compare(fixtureFile(FIREFOX_NAME, 'x.txt'), live)).toEqual({ ok: false, fileName: 'x.txt', problem: { code: 'unsupported-name' } });
    decoder.close();
  });

  it('a worker that fails fails its file as unreadable; the next file gets a new worker', async () => {
    const log: string[] = [];
    let made = 0;
    const decoder = startBackupDecoder(() => (made++, standInWorker(log, 'crash.jsonlz4')));
    const crashed = decoder.open(fixtureFile(FIREFOX_NAME, 'crash.jsonlz4'));
    const after = decoder.open(fixtureFile(FIREFOX_NAME));
    expect(await crashed).toEqual({ ok: false, fileName: 'crash.jsonlz4', problem: { code: 'unreadable' } });
    expect(await after).toMatchObject({ ok: true });
    expect(made).toBe(2);
    expect(log).toContain('terminate');
  });

  it('a worker that cannot be started, and files still waiting at close, come back unreadable', async () => {
    const refusing = startBackupDecoder(() => {
      throw new Error('SecurityError');
    });
    expect(await refusing.open(fixtureFile(FIREFOX_NAME))).toMatchObject({ ok: false, problem: { code: 'unreadable' } });

    const silent: WorkerLike = { onmessage: null, onerror: null, postMessage() {}, terminate() {} };
    const decoder = startBackupDecoder(() => silent);
    const waiting = decoder.open(fixtureFile(FIREFOX_NAME));
    const queued = decoder.open(fixtureFile('firefox-backup.json'));
    await Promise.resolve();
    decoder.close();
    expect(await waiting).toMatchObject({ ok: false, problem: { code: 'unreadable' } });
    expect(await queued).toMatchObject({ ok: false, fileName: 'firefox-backup.json', problem: { code: 'unreadable' } });
  });
});
