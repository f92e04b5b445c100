/** A Wayback Machine snapshot is a moment of a page: duplicate matching keys it only exactly, never with its original. */
import { describe, expect, it } from 'vitest';
import { createMatchKeyer, createSafeMatchKeyer, matchKey, parseSnapshotAddress, snapshotAddress } from '../../../src/url-matching';

const ALL_ON = { httpEqualsHttps: true, ignoreWww: true, ignoreFragment: true, ignoreQuery: true, sortQueryParams: true };
const OFF = { httpEqualsHttps: false, ignoreWww: false, ignoreFragment: false, ignoreQuery: false, sortQueryParams: false };

describe('snapshot addresses', () => {
  it('are read and written', () => {
    expect(parseSnapshotAddress('https://web.archive.org/web/20190503120000/https://example.org/a?b=1')).toEqual({
      timestamp: '20190503120000',
      original: 'https://example.org/a?b=1',
    });
    expect(parseSnapshotAddress('http://web.archive.org/web/2019id_/http://example.org/')).toEqual({ timestamp: '2019', original: 'http://example.org/' });
    expect(parseSnapshotAddress('https://example.org/web/2019/https://x.org/')).toBeNull();
    expect(snapshotAddress('20190503120000', 'https://example.org/')).toBe('https://web.archive.org/web/20190503120000/https://example.org/');
  });

  it('never share a key with their original address or with a snapshot of another moment, whatever rules are on', () => {
    const original = 'https://www.example.org/a/?utm_source=x#top';
    const snap = snapshotAddress('20190503120000', original);
    const other = snapshotAddress('20200101000000', original);
    const slashless = snapshotAddress('20190503120000', 'http://example.org/a');
    for (const options of [ALL_ON, OFF]) {
      const key = createMatchKeyer(options);
      expect(key(snap)).toBe(snap);
      expect(key(snap)).not.toBe(key(original));
      expect(key(snap)).not.toBe(key(other));
      expect(key(snap)).not.toBe(key(slashless));
      expect(matchKey(`${snap}/`, options)).toBe(`${snap}/`);
    }
    const safe = createSafeMatchKeyer();
    expect(safe(snap)).not.toBe(safe(original));
  });
});
