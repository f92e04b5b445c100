/**
 * A burst across a restart, in real Firefox (src/copy-guard/README.md "A burst across a restart"): Sync brings copies
 * (Places' insertTree with the SYNC source, the harness's chrome-privileged call) ten at a time, never a second apart,
 * and Firefox is killed (SIGKILL of the Firefox process this test launched, no other) while the burst is still open,
 * once the guard has saved parts of it. Started again on the same profile, the guard tells the burst: it waits in the
 * "What arrived" log with the copies saved before the kill, and nothing of it is left open.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { killFirefox, launchFirefox, type Firefox } from './firefox';
import { seedTree, syncInsert, type SeedNode } from './places-seed';

/** The extension is installed as a temporary add-on at each launch: its storage and UUID must outlive that. */
const PREFS = { 'extensions.webextensions.keepStorageOnUninstall': true, 'extensions.webextensions.keepUuidOnUninstall': true };
const pages = (n: number, from = 0): SeedNode[] => Array.from({ length: n }, (_, i) => ({ title: `Page ${from + i}`, url: `https://page${from + i}.example/` }));

/** How many arrivals the guard's saved parts of open bursts hold (its IndexedDB, read from the harness page). */
const savedOpen = (harness: Page) =>
  harness.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('tidymarks-copy-guard');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('open')) return resolve((db.close(), 0));
          const all = db.transaction('open').objectStore('open').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { arrivals: { bookmarks: unknown[] } }[]).reduce((sum, part) => sum + part.arrivals.bookmarks.length, 0));
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );

describe('copy guard: a burst across a restart (real Firefox)', () => {
  it('Firefox killed mid-burst: the next start tells the copies saved before the kill, once', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'tidymarks-guard-kill-'));
    let ff: Firefox | null = null;
    try {
      ff = await launchFirefox({ userDataDir: profile, prefs: PREFS });
      let harness = await ff.harness();
      await seedTree(ff, { menu________: pages(200) });
      await harness.evaluate(() => window.tm.client.call('test.copyGuard.idle', {}));
      expect(await harness.evaluate(() => window.tm.client.call('copyGuard.log', {}))).toEqual([]);

      // Sync brings copies ten at a time, 100 ms apart (well within the guard's second of quiet), until the guard has
      // saved at least 60 of them; then Firefox dies with the burst open.
      let inserted = 0;
      let saved = 0;
      while (saved < 60) {
        expect(inserted).toBeLessThan(2_000);
        inserted += await syncInsert(ff, { unfiled_____: pages(10, inserted % 200) });
        await new Promise((resolve) => setTimeout(resolve, 100));
        saved = await savedOpen(harness);
      }
      expect(await harness.evaluate(() => window.tm.client.call('copyGuard.log', {}))).toEqual([]);
      await killFirefox(ff);

      ff = await launchFirefox({ userDataDir: profile, prefs: PREFS });
      harness = await ff.harness();
      const log = async () => {
        try {
          return await harness.evaluate(() => window.tm.client.call('copyGuard.log', {}));
        } catch {
          return [];
        }
      };
      await expect.poll(async () => (await log()).length, { timeout: 60_000, interval: 250 }).toBe(1);
      const [burst] = await log();
      expect(burst!.status).toBe('waiting');
      expect(burst!.count.total).toBeGreaterThanOrEqual(saved);
      expect(burst!.count.total).toBeLessThanOrEqual(inserted);
      expect(burst!.count.loose.copies).toBe(burst!.count.total);
      // Told once: nothing is left open to tell again.
      await harness.evaluate(() => window.tm.client.call('test.copyGuard.idle', {}));
      expect(await savedOpen(harness)).toBe(0);
      expect(await log()).toHaveLength(1);
    } finally {
      await ff?.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, 240_000);
});
