/**
 * The copy guard at both ends of the pace, in real Firefox (issue 34): Sync bringing 5,000 copies at once is one
 * notification naming them, and a person adding bookmarks one by one for a minute (copies of pages they have among
 * them, each through Places with the default source, as Firefox's star button does) hears nothing, however many
 * copies that minute holds: each addition is a burst of its own (src/copy-guard/README.md).
 */
import { describe, expect, it } from 'vitest';
import { seedTree, syncInsert } from './places-seed';
import { ARRIVED, guardIdle, listenForNotifications, notificationsNow, pages, shown, useFirefoxOnDisplay } from './copy-guard-kit';

describe('copy guard: the pace of what arrives', () => {
  const { ff } = useFirefoxOnDisplay();

  it('5,000 copies from Sync in one burst: one notification naming them', async () => {
    const harness = await ff.harness();
    await seedTree(ff, { menu________: pages(5_000) });
    await guardIdle(harness);
    await listenForNotifications(harness);
    expect(await syncInsert(ff, { unfiled_____: pages(5_000) })).toBe(5_000);
    await expect
      .poll(() => shown(harness), { timeout: 30_000 })
      .toMatchObject([{ title: 'Copies of your bookmarks arrived', message: ARRIVED('5,000 copies of 5,000 pages') }]);
    await guardIdle(harness);
    expect(await notificationsNow(harness)).toEqual([ARRIVED('5,000 copies of 5,000 pages')]);
    expect(await harness.evaluate(() => window.tm.client.call('copyGuard.log', {}))).toMatchObject([
      { count: { loose: { copies: 5_000, pages: 5_000 }, total: 5_000 }, status: 'waiting' },
    ]);
  }, 120_000);

  it('a person adding bookmarks one by one for a minute, 25 of them copies, hears nothing', async () => {
    const harness = await ff.harness();
    await seedTree(ff, { menu________: pages(25) });
    await guardIdle(harness);
    await listenForNotifications(harness);
    const started = Date.now();
    // At a person's pace (one addition every 1.2 s, a little over the time that ends a burst): 50 additions, every
    // other one a page already bookmarked, more copies in the minute than the threshold of 20.
    for (let i = 0; i < 50; i++) {
      const page = i % 2 === 0 ? pages(1, i / 2)[0]! : { title: `New ${i}`, url: `https://new${i}.example/` };
      expect(await seedTree(ff, { unfiled_____: [page] })).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(60_000);
    await guardIdle(harness);
    expect(await notificationsNow(harness)).toEqual([]);
    expect(await shown(harness)).toEqual([]);
    expect(await harness.evaluate(() => window.tm.client.call('copyGuard.log', {}))).toEqual([]);
  }, 120_000);
});
