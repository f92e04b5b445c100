import { describe, expect, it } from 'vitest';
import { createDateBatcher, type BookmarkDate } from '../../../src/bookmark-dates';

const record = (n: number): BookmarkDate => ({ id: `b${n}`, dateAdded: 1_700_000_000_000 + n });

describe('createDateBatcher', () => {
  it('writes a batch once the size is reached, and the rest on flush', async () => {
    const writes: string[][] = [];
    const kept: number[] = [];
    const batcher = createDateBatcher(
      async (records) => void writes.push(records.map((r) => r.id)),
      { kept: (n) => kept.push(n), failed: () => expect.fail('no failure') },
      2,
    );
    for (let n = 0; n < 5; n++) await batcher.add(record(n));
    expect(writes).toEqual([
      ['b0', 'b1'],
      ['b2', 'b3'],
    ]);
    await batcher.flush();
    expect(writes.at(-1)).toEqual(['b4']);
    expect(kept).toEqual([2, 2, 1]);
    await batcher.flush();
    expect(writes).toHaveLength(3);
  });

  it('reports a batch the store refused and goes on with the next', async () => {
    let calls = 0;
    const failed: [number, unknown][] = [];
    const kept: number[] = [];
    const batcher = createDateBatcher(
      async () => {
        if (calls++ === 0) throw new Error('quota');
      },
      { kept: (n) => kept.push(n), failed: (n, error) => failed.push([n, error]) },
      2,
    );
    for (let n = 0; n < 3; n++) await batcher.add(record(n));
    await batcher.flush();
    expect(failed).toHaveLength(1);
    expect(failed[0]![0]).toBe(2);
    expect((failed[0]![1] as Error).message).toBe('quota');
    expect(kept).toEqual([1]);
  });

  it('keeps nothing without a store', async () => {
    const kept: number[] = [];
    const batcher = createDateBatcher(undefined, { kept: (n) => kept.push(n), failed: () => expect.fail('no failure') }, 1);
    await batcher.add(record(1));
    await batcher.flush();
    expect(kept).toEqual([]);
  });
});
