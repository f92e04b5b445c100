import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBackup, type BackupSource } from '../../../src/firefox-backups/open-backup';
import { MAX_BACKUP_BYTES } from '../../../src/firefox-backups/problems';
import { mozLz4 } from './lz4-kit';

const FIREFOX_NAME = 'bookmarks-2026-12-07_16_lCRAO9yqF8D3goELNbxSwJSdIeV5OrGEBfeBTs4Oq7c=.jsonlz4';
const fixture = (name: string) => new Uint8Array(readFileSync(resolve(import.meta.dirname, 'fixtures', name)));
const source = (name: string, bytes: Uint8Array): BackupSource => ({ name, size: bytes.length, bytes: () => Promise.resolve(bytes) });

describe('openBackup', () => {
  it('opens the daily backup Firefox wrote: date and count from its name, the count checked against the tree', async () => {
    const opened = await openBackup(source(FIREFOX_NAME, fixture(FIREFOX_NAME)));
    expect(opened).toEqual({
      ok: true,
      summary: {
        fileName: FIREFOX_NAME,
        format: 'jsonlz4',
        date: '2026-12-07',
        dateFrom: 'name',
        counts: { items: 16, bookmarks: 7, folders: 8, separators: 1 },
        nameCount: 16,
        skipped: 0,
        annotated: 1,
      },
    });
  });

  it('dates a backup without Firefox’s name by its latest item, and gives the whole tree when asked', async () => {
    const opened = await openBackup(source('firefox-backup.json', fixture('firefox-backup.json')), true);
    if (!opened.ok) throw new Error(opened.problem.code);
    expect(opened.summary).toMatchObject({ format: 'json', dateFrom: 'content', nameCount: null });
    const latest = new Date(1796647800094);
    expect(opened.summary.date).toBe(`${latest.getFullYear()}-${String(latest.getMonth() + 1).padStart(2, '0')}-${String(latest.getDate()).padStart(2, '0')}`);
    expect(opened.tree?.items).toHaveLength(16);
  });

  it('a .json file holding compressed bytes, or a .jsonlz4 holding plain JSON, is refused by what it is', async () => {
    expect(await openBackup(source('x.jsonlz4', fixture('firefox-backup.json')))).toEqual({ ok: false, fileName: 'x.jsonlz4', problem: { code: 'not-mozlz4' } });
    expect(await openBackup(source('x.json', fixture(FIREFOX_NAME)))).toEqual({ ok: false, fileName: 'x.json', problem: { code: 'not-utf8' } });
  });

  it('refuses other files by their name, and a file over the limit before reading it', async () => {
    expect(await openBackup(source('bookmarks.html', new Uint8Array(1)))).toMatchObject({ ok: false, problem: { code: 'unsupported-name' } });
    let read = false;
    const huge: BackupSource = {
      name: 'huge.jsonlz4',
      size: MAX_BACKUP_BYTES + 1,
      bytes: () => {
        read = true;
        return Promise.resolve(new Uint8Array(0));
      },
    };
    expect(await openBackup(huge)).toMatchObject({ ok: false, problem: { code: 'too-large', bytes: MAX_BACKUP_BYTES + 1 } });
    expect(read).toBe(false);
  });

  it('a file that cannot be read, or a failure nobody foresaw, is "unreadable", not a thrown error', async () => {
    const gone: BackupSource = { name: 'gone.json', size: 10, bytes: () => Promise.reject(new DOMException('NotReadableError')) };
    expect(await openBackup(gone)).toEqual({ ok: false, fileName: 'gone.json', problem: { code: 'unreadable' } });
    // Bytes that are no bytes make the decoder throw a TypeError of its own.
    const weird: BackupSource = { name: 'weird.jsonlz4', size: 10, bytes: () => Promise.resolve(null as unknown as Uint8Array) };
    expect(await openBackup(weird)).toEqual({ ok: false, fileName: 'weird.jsonlz4', problem: { code: 'unreadable' } });
  });

  it('a compressed file whose JSON is not a backup says so', async () => {
    expect(await openBackup(source('b.jsonlz4', mozLz4('{"version": 1, "windows": []}')))).toMatchObject({ ok: false, problem: { code: 'not-firefox' } });
    expect(await openBackup(source('c.jsonlz4', mozLz4('not json at all')))).toMatchObject({ ok: false, problem: { code: 'not-json' } });
  });
});
