/**
 * Issue #11 in real Firefox: while a 2,000-item cleanup runs (loose duplicates, two copied folders), someone renames,
 * re-addresses, moves and deletes duplicates it has not reached yet, creates and moves bookmarks into the copied
 * folders and deletes a folder holding kept copies, at five points chosen by the job's progress (during journaling,
 * at the folder collapse, early, middle and late in the loose removals). Then the cleanup finishes and is undone:
 * every change someone else made is intact, every URL that had a bookmark still has one, and undo restores exactly
 * what the cleanup removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, type Firefox } from './firefox';
import { createCollection, EDIT_POINTS, expectBeforeWithUserChanges, expectUserChangesKept, items, planFor, startCleanupWithEdits, waitForRun } from './cleanup-scenario';

describe('a cleanup never loses a change someone else makes (real Firefox)', () => {
  let ff: Firefox;
  beforeAll(async () => {
    ff = await launchFirefox();
  }, 60_000);
  afterAll(async () => {
    await ff?.close();
  });

  it('regression: edits made during journaling, folder collapse and early, middle and late removal are all kept, and undo restores only what the cleanup removed', async () => {
    await ff.reset();
    const page = await ff.harness();
    await createCollection(ff);
    const before = await items(page);
    const plan = await planFor(page);
    expect(plan.removals).toHaveLength(1440 + 2);
    expect(plan.numbers.copies).toBe(2000);

    await startCleanupWithEdits(page, plan, EDIT_POINTS);
    const run = await waitForRun(page, EDIT_POINTS);
    expect(run.error).toBeNull();
    expect(run.pointsDone.sort()).toEqual([...EDIT_POINTS].sort());
    // Phases went forward only, each once.
    expect(run.phases).toEqual(['checking', 'journaling', 'merging-tags', 'moving', 'collapsing', 'removing', 'done']);
    // Edits Firefox accepted at every point, of every kind (a refused one, on an item already gone, changes nothing).
    for (const point of EDIT_POINTS) {
      const at = run.edits.filter((e) => e.point === point);
      for (const op of ['rename', 'readdress', 'remove', 'removeFolder'] as const) expect(at.filter((e) => e.op === op).length, `${op} at ${point}`).toBeGreaterThan(0);
    }
    for (const op of ['create', 'moveIn', 'move'] as const) expect(run.edits.filter((e) => e.op === op).length, op).toBeGreaterThan(0);

    const after = await items(page);
    expectUserChangesKept(before, after, run.edits);
    // The cleanup did its work around the edits: far fewer bookmarks, and what it left alone it says.
    expect(after.filter((i) => i.type === 'bookmark').length).toBeLessThan(before.filter((i) => i.type === 'bookmark').length - 1000);
    expect(run.result!.problems.length).toBeGreaterThan(0);

    const undone = await page.evaluate((sessionId) => window.tm.client.startJob('history.undo', { sessionId }).result, run.result!.sessionId);
    expect(undone.cancelled).toBe(false);
    expect(undone.problems).toEqual([]);
    const final = await items(page);
    expectBeforeWithUserChanges(before, final, run.edits);
    expectUserChangesKept(before, final, run.edits);
  }, 300_000);
});
