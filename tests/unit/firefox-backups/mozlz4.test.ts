import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBlock, decodeMozLz4 } from '../../../src/firefox-backups/mozlz4';
import { BackupFileError, MAX_BACKUP_BYTES, type BackupProblem } from '../../../src/firefox-backups/problems';
import { mozLz4 } from './lz4-kit';

const FIXTURE = resolve(import.meta.dirname, 'fixtures/bookmarks-2026-12-07_16_lCRAO9yqF8D3goELNbxSwJSdIeV5OrGEBfeBTs4Oq7c=.jsonlz4');
const firefoxFile = () => new Uint8Array(readFileSync(FIXTURE));
const firefoxJson = () => readFileSync(resolve(import.meta.dirname, 'fixtures/firefox-backup.json'), 'utf8');
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function problemOf(bytes: Uint8Array): BackupProblem {
  try {
    decodeMozLz4(bytes);
  } catch (error) {
    if (error instanceof BackupFileError) return error.problem;
    throw error;
  }
  throw new Error('decoded without a problem');
}

describe('decodeMozLz4', () => {
  it('decodes the file Firefox wrote to the same JSON it writes uncompressed', () => {
    expect(text(decodeMozLz4(firefoxFile()))).toBe(firefoxJson());
  });

  it('round-trips what lz4js compresses, with matches and literals longer than 15 and 255 bytes', () => {
    const data = `${'x'.repeat(1000)}${Array.from({ length: 300 }, (_, i) => String.fromCharCode(33 + ((i * 7) % 90))).join('')}${'{"a":1},'.repeat(500)}`;
    expect(text(decodeMozLz4(mozLz4(data)))).toBe(data);
  });

  it('refuses a file without Firefox’s header', () => {
    const bytes = firefoxFile();
    bytes[3] = 0x00;
    expect(problemOf(bytes)).toEqual({ code: 'not-mozlz4' });
    expect(problemOf(new TextEncoder().encode('{"guid":"root________"}'))).toEqual({ code: 'not-mozlz4' });
    expect(problemOf(new Uint8Array(0))).toEqual({ code: 'not-mozlz4' });
  });

  it('refuses a declared size over the limit before allocating it', () => {
    const bytes = mozLz4('{}', MAX_BACKUP_BYTES + 1);
    expect(problemOf(bytes)).toEqual({ code: 'too-large', bytes: MAX_BACKUP_BYTES + 1 });
    expect(problemOf(mozLz4('{}', 0xffffffff))).toEqual({ code: 'too-large', bytes: 0xffffffff });
  });

  it('refuses a declared size no block of this length can hold, before allocating it', () => {
    expect(problemOf(mozLz4('{}', 400 * 1024 * 1024))).toEqual({ code: 'truncated', declared: 400 * 1024 * 1024 });
  });

  it('refuses a file cut short at any byte, and a header alone', () => {
    const whole = firefoxFile();
    for (let end = 12; end < whole.length; end++) {
      const problem = problemOf(whole.slice(0, end));
      expect(problem.code, `cut at ${end}`).toBe('truncated');
    }
    expect(problemOf(whole.slice(0, 8))).toEqual({ code: 'truncated', declared: 0 });
    expect(problemOf(whole.slice(0, 11))).toEqual({ code: 'truncated', declared: 0 });
    expect(problemOf(whole.slice(0, 12))).toEqual({ code: 'truncated', declared: new TextEncoder().encode(firefoxJson()).length });
  });

  it('refuses a header that declares more or less than the block holds', () => {
    const json = new TextEncoder().encode(firefoxJson());
    expect(problemOf(mozLz4(json, json.length + 1))).toEqual({ code: 'truncated', declared: json.length + 1 });
    expect(problemOf(mozLz4(json, json.length - 1))).toEqual({ code: 'size-mismatch', declared: json.length - 1 });
    expect(text(decodeMozLz4(mozLz4(json, json.length)))).toBe(firefoxJson());
  });

  it('refuses a match that points before the start of the output (a damaged block)', () => {
    // One literal "a", then a match at offset 2 (only 1 byte exists), then the last literals.
    const block = [0x10, 0x61, 0x02, 0x00, 0x50, 0x62, 0x63, 0x64, 0x65, 0x66];
    const bytes = Uint8Array.from([...new TextEncoder().encode('mozLz40\0'), 10, 0, 0, 0, ...block]);
    expect(problemOf(bytes)).toEqual({ code: 'corrupt' });
    block[2] = 0; // offset 0 is never valid
    expect(problemOf(Uint8Array.from([...new TextEncoder().encode('mozLz40\0'), 10, 0, 0, 0, ...block]))).toEqual({ code: 'corrupt' });
  });

  it('stops a hostile run of length bytes at the declared size instead of looping over it', () => {
    // A literal length made of 1 MB of 0xff bytes (255 MB of literals) in a file that declares 100 bytes.
    const block = new Uint8Array(1 + 1024 * 1024).fill(0xff);
    block[0] = 0xf0;
    expect(checkBlock(block, 0, block.length, 100)).toBe('too-long');
    // And a match length that would run far past it.
    const match = Uint8Array.from([0x1f, 0x61, 0x01, 0x00, ...new Uint8Array(4096).fill(0xff), 0x00, 0x50, 0x62, 0x63, 0x64, 0x65, 0x66]);
    expect(checkBlock(match, 0, match.length, 50)).toBe('too-long');
  });

  it('every random damage is refused or decoded, never thrown as anything but a backup problem', () => {
    const whole = firefoxFile();
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0);
    for (let i = 0; i < 2000; i++) {
      const bytes = whole.slice();
      for (let k = 0; k < 3; k++) bytes[12 + (next() % (bytes.length - 12))] = next() & 0xff;
      try {
        const out = decodeMozLz4(bytes);
        expect(out.length).toBe(new DataView(bytes.buffer).getUint32(8, true));
      } catch (error) {
        expect(error).toBeInstanceOf(BackupFileError);
      }
    }
  });
});
