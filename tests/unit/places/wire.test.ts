import { describe, expect, it } from 'vitest';
import { decodeSearchReply, encodeSearchReply, type SearchReply, type WireNode } from '@tidymarks/places';

describe('search replies on the wire', () => {
  it('decode(encode(reply)) gives every field snapshots use back (dateAdded stays behind)', () => {
    const items: WireNode[] = [
      {
        type: 'bookmark',
        id: 'b1__________',
        parentId: 'g1__________',
        index: 0,
        updated: 1_700_000_000_001,
        title: 'One, "quoted"',
        url: 'https://a.example/?q=1&b=2',
        tags: ['x', 'y'],
        dateAdded: 5,
      },
      { type: 'bookmark', id: 'b2__________', parentId: 'unfiled_____', index: 3, updated: 2, title: '', url: 'https://b.example/', tags: [] },
      { type: 'bookmark', id: 'b3__________', parentId: 'g1__________', index: 1, updated: 3, title: 'Café ☕', url: 'https://c.example/', tags: ['x', 'y'] },
      { type: 'separator', id: 's1__________', parentId: 'g1__________', index: 2, updated: 4 },
      { type: 'group', id: 'g2__________', parentId: 'menu________', index: 7, updated: 6, title: 'G2' },
    ];
    const groups: WireNode[] = [{ type: 'group', id: 'g1__________', parentId: 'toolbar_____', index: 0, updated: 9, title: 'G1' }];
    const reply: SearchReply = { items, groups, source: 'index' };
    const wire = encodeSearchReply(reply);
    expect(typeof wire.encoded).toBe('string');
    const { dateAdded: _dropped, ...first } = items[0]!;
    expect(decodeSearchReply(structuredClone(wire))).toEqual({ items: [first, ...items.slice(1)], groups, source: 'index' });
  });

  it('an empty reply stays empty', () => {
    expect(decodeSearchReply(encodeSearchReply({ items: [], groups: [] }))).toEqual({ items: [], groups: [], source: 'firefox' });
  });
});
