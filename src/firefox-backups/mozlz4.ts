/**
 * Firefox's compressed JSON files (`.jsonlz4`: bookmark backups, session store): the 8 bytes `mozLz40\0`, the
 * decompressed size as a little-endian uint32, then one LZ4 block (the framing of IOUtils' `compress: true`,
 * xpcom/io's lz4 helpers). The block is decoded by lz4js (README.md says why that library); before it runs, the block
 * is walked sequence by sequence (checkBlock) because lz4js does no bounds checks: a damaged file must be refused,
 * not read as zeros, and a hostile one must not make it loop far past the size the header declares.
 */
import { decompressBlock } from 'lz4js';
import { BackupFileError, MAX_BACKUP_BYTES } from './problems';

export const MOZLZ4_MAGIC = [0x6d, 0x6f, 0x7a, 0x4c, 0x7a, 0x34, 0x30, 0x00]; // "mozLz40\0"
export const MOZLZ4_HEADER_BYTES = 12;
/** LZ4's best ratio: a byte of match length stands for 255 bytes at most. */
const MAX_RATIO = 255;
const MIN_MATCH = 4;

export function hasMozLz4Magic(bytes: Uint8Array): boolean {
  return bytes.length >= MOZLZ4_MAGIC.length && MOZLZ4_MAGIC.every((b, i) => bytes[i] === b);
}

export type BlockCheck = 'ok' | 'truncated' | 'corrupt' | 'too-long';

/**
 * Walks the LZ4 block `src[start, end)` without writing anything: every length is read within the block, every match
 * refers back into what was already produced, the block ends right after a sequence's literals, and what it produces
 * is exactly `size` bytes. Stops as soon as the output would pass `size`, so a file of n bytes costs O(n).
 */
export function checkBlock(src: Uint8Array, start: number, end: number, size: number): BlockCheck {
  let s = start;
  let out = 0;
  for (;;) {
    if (s >= end) return 'truncated'; // a block ends after literals, never where a token is due
    const token = src[s++]!;
    let literals = token >> 4;
    if (literals === 15) {
      let b: number;
      do {
        if (s >= end) return 'truncated';
        b = src[s++]!;
        literals += b;
      } while (b === 255 && literals <= size);
    }
    if (out + literals > size) return 'too-long';
    if (s + literals > end) return 'truncated';
    s += literals;
    out += literals;
    if (s === end) return out === size ? 'ok' : 'truncated';
    if (s + 2 > end) return 'truncated';
    const offset = src[s]! | (src[s + 1]! << 8);
    s += 2;
    if (offset === 0 || offset > out) return 'corrupt';
    let match = token & 15;
    if (match === 15) {
      let b: number;
      do {
        if (s >= end) return 'truncated';
        b = src[s++]!;
        match += b;
      } while (b === 255 && match <= size);
    }
    out += match + MIN_MATCH;
    if (out > size) return 'too-long';
  }
}

/** The decompressed bytes of a `.jsonlz4` file, or a BackupFileError saying what is wrong with it. */
export function decodeMozLz4(bytes: Uint8Array): Uint8Array {
  if (!hasMozLz4Magic(bytes)) throw new BackupFileError({ code: 'not-mozlz4' });
  // Cut inside the header: no size to name (declared 0 words it so).
  if (bytes.length < MOZLZ4_HEADER_BYTES) throw new BackupFileError({ code: 'truncated', declared: 0 });
  const size = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(MOZLZ4_MAGIC.length, true);
  // Refused before anything is allocated: a size no backup has, or more than the block could hold.
  if (size > MAX_BACKUP_BYTES) throw new BackupFileError({ code: 'too-large', bytes: size });
  const blockLength = bytes.length - MOZLZ4_HEADER_BYTES;
  if (size > blockLength * MAX_RATIO) throw new BackupFileError({ code: 'truncated', declared: size });
  const check = checkBlock(bytes, MOZLZ4_HEADER_BYTES, bytes.length, size);
  if (check === 'truncated') throw new BackupFileError({ code: 'truncated', declared: size });
  if (check === 'corrupt') throw new BackupFileError({ code: 'corrupt' });
  if (check === 'too-long') throw new BackupFileError({ code: 'size-mismatch', declared: size });
  const out = new Uint8Array(size);
  const written = decompressBlock(bytes, out, MOZLZ4_HEADER_BYTES, blockLength, 0);
  // checkBlock has vouched for the block; a difference here would be lz4js reading it otherwise.
  if (written !== size) throw new BackupFileError({ code: 'size-mismatch', declared: size });
  return out;
}
