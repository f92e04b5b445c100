import { describe, expect, it } from 'vitest';
import { movesToKeepBeside } from '../../../src/firefox-backups/keep-runs-together';

/** Applies moves as Firefox's bookmarks.move does within one folder (the index is the final position). */
function apply(children: readonly string[], moves: readonly { id: string; index: number }[]): string[] {
  const order = [...children];
  for (const { id, index } of moves) {
    order.splice(order.indexOf(id), 1);
    order.splice(index, 0, id);
  }
  return order;
}

const run = (...ids: string[]) => ids.slice(1).map((id, i) => ({ before: ids[i]!, id }));

describe('movesToKeepBeside', () => {
  it('moves nothing when every run is together and in order', () => {
    expect(movesToKeepBeside(['x', 'r1', 'r2', 'r3', 'y'], run('r1', 'r2', 'r3'))).toEqual([]);
  });

  it('puts a run back together after someone added at the top of the folder mid-run (creates went one place too early)', () => {
    // r1, r2 made; someone adds m at 0; r3 and r4 are created where the run counted (indexes 2 and 3): before r2.
    const children = ['m', 'r1', 'r3', 'r4', 'r2'];
    const moves = movesToKeepBeside(children, run('r1', 'r2', 'r3', 'r4'));
    expect(apply(children, moves)).toEqual(['m', 'r1', 'r2', 'r3', 'r4']);
  });

  it("leaves someone's item in the middle of a run after the run, and their other items where they are", () => {
    const children = ['a', 'r1', 'mine', 'r2', 'b'];
    expect(apply(children, movesToKeepBeside(children, run('r1', 'r2')))).toEqual(['a', 'r1', 'r2', 'mine', 'b']);
  });

  it('skips a pair whose item someone removed or moved out of the folder', () => {
    expect(movesToKeepBeside(['r1', 'x', 'r3'], run('r1', 'r2', 'r3'))).toEqual([]);
  });

  it('keeps two runs in one folder each together', () => {
    const children = ['s1', 'r1', 'm', 's2', 'r2'];
    const moves = movesToKeepBeside(children, [...run('r1', 'r2'), ...run('s1', 's2')]);
    const after = apply(children, moves);
    expect(after.indexOf('r2')).toBe(after.indexOf('r1') + 1);
    expect(after.indexOf('s2')).toBe(after.indexOf('s1') + 1);
    expect(after).toContain('m');
  });
});
