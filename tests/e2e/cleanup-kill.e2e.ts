/**
 * Issue #11 in real Firefox: the 2,000-item cleanup of cleanup-scenario.ts with someone else's edits, and Firefox
 * killed (SIGKILL of the Firefox process this test launched, no other) after the folder collapse, in the middle and late
 * in the loose removals, each point chosen by the job's progress. Firefox then starts again on the same profile and
 * the background rolls the interrupted cleanup back: every change someone else made stays as they made it (a
 * duplicate they deleted does not come back), and everything the cleanup removed is back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { killFirefox, launchFirefox, type Firefox } from './firefox';
import {
  createCollection,
  EDIT_POINTS,
  expectBeforeWithUserChanges,
  expectUserChangesKept,
  items,
  planFor,
  runState,
  startCleanupWithEdits,
  type EditPoint,
} from './cleanup-scenario';

/** The extension is installed as a temporary add-on at each launch: its storage and UUID must outlive that. */
const PREFS = { 'extensions.webextensions.keepStorageOnUninstall': true, 'extensions.webextensions.keepUuidOnUninstall': true };

describe('a cleanup killed with Firefox is rolled back without touching anyone else’s changes (real Firefox)', () => {
  for (const killAt of ['collapsing', 'middle', 'late'] as const) {
    it(`regression: Firefox killed at ${killAt} after edits: recovery restores what the cleanup removed and leaves the user's changes alone`, async () => {
      const profile = mkdtempSync(join(tmpdir(), 'tidymarks-kill-'));
      let ff: Firefox | null = null;
      try {
        ff = await launchFirefox({ userDataDir: profile, prefs: PREFS });
        let page = await ff.harness();
        await createCollection(ff);
        const before = await items(page);
        const plan = await planFor(page);
        const points = EDIT_POINTS.slice(0, EDIT_POINTS.indexOf(killAt) + 1) as EditPoint[];
        await startCleanupWithEdits(page, plan, points);
        // Once the edits of the kill point are answered (no edit is in flight): kill. At the collapse, once the folders
        // are done (the removing phase began): an item put into a copied folder in the very moment of its removeTree
        // and Firefox killed before the cleanup re-created it is the one window left (docs/ARCHITECTURE.md).
        await page.waitForFunction(
          (point) => {
            const run = (window as unknown as { cleanupRun: { pointsDone: string[]; progress: { phase: string } | null } }).cleanupRun;
            return run.pointsDone.includes(point) && (point !== 'collapsing' || run.progress?.phase === 'removing');
          },
          { timeout: 180_000, polling: 10 },
          killAt,
        );
        const run = await runState(page);
        await killFirefox(ff);
        // Killed while the cleanup ran (its result never came).
        expect(run.result).toBeNull();
        expect(run.edits.filter((e) => e.point === killAt).length).toBeGreaterThan(0);

        ff = await launchFirefox({ userDataDir: profile, prefs: PREFS });
        page = await ff.harness();
        await page.waitForFunction(
          async () => {
            try {
              const sessions = await window.tm.client.call('history.list', {});
              return sessions.length === 1 && sessions[0].status === 'rolled-back';
            } catch {
              return false;
            }
          },
          { timeout: 120_000, polling: 250 },
        );
        const after = await items(page);
        expectBeforeWithUserChanges(before, after, run.edits);
        expectUserChangesKept(before, after, run.edits);
      } finally {
        await ff?.close();
        rmSync(profile, { recursive: true, force: true });
      }
    }, 400_000);
  }
});
