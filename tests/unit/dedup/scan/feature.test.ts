import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { Client } from '../../../../src/app-protocol/client';
import { LAST_SCAN_DB, staleScanMessage } from '../../../../src/dedup/scan/feature';
import { folderSetKey } from '../../../../src/dedup/scan/decisions';
import { DEFAULT_SETTINGS, SETTINGS_KEY } from '../../../../src/settings/settings';
import { boot as bootBackground, type BootOptions } from '../../../kit/boot';

/** The background on the fake (the same GUIDs on every run). */
const boot = (options: BootOptions = {}) => bootBackground({ seed: 7, ...options });

type Fake = Awaited<ReturnType<typeof boot>>['fake'];

async function seed(fake: Fake) {
  const b = fake.browser.bookmarks;
  const dev = await b.create({ parentId: 'menu________', title: 'Dev' });
  const js = await b.create({ parentId: dev.id, title: 'JS' });
  const mdn1 = await b.create({ parentId: js.id, title: 'MDN', url: 'https://developer.mozilla.org/' });
  const mdn2 = await b.create({ parentId: 'toolbar_____', title: 'MDN', url: 'https://developer.mozilla.org/?utm_source=x' });
  const plain = await b.create({ parentId: 'unfiled_____', title: 'MDN', url: 'http://developer.mozilla.org/' });
  const empty = await b.create({ parentId: 'unfiled_____', title: 'Nothing here' });
  return { dev, js, mdn1, mdn2, plain, empty };
}

describe('dedup.scan job and dedup.plan request', () => {
  it('scans through the job with phases, paths, rules, tags and visits', async () => {
    const { fake, client } = await boot();
    const ids = await seed(fake);
    await fake.browser.history.addUrl({ url: 'https://developer.mozilla.org/' });
    await fake.browser.history.addUrl({ url: 'https://developer.mozilla.org/' });
    await client.call('tags.add', { urls: ['https://developer.mozilla.org/?utm_source=x'], tags: ['docs'] });
    const phases: string[] = [];
    const result = await client.startJob('dedup.scan', {}, (p) => phases.push(p.phase)).result;
    expect(phases).toEqual(['reading-tree', 'reading-history', 'reading-tags', 'matching']);
    expect(result.groups).toHaveLength(1);
    const [group] = result.groups;
    expect(group.suggestedKeeperId).toBe(ids.mdn1.id); // the clean address before the toolbar
    expect(group.rules).toEqual(['tracking-params']);
    expect(group.copies.map((c) => [c.id, c.path, c.visits, c.tags])).toEqual([
      [ids.mdn1.id, 'Bookmarks Menu › Dev › JS', 2, []],
      [ids.mdn2.id, 'Bookmarks Toolbar', 0, ['docs']],
    ]);
    expect(result.emptyFolders.map((e) => e.id)).toEqual([ids.empty.id]);
  });

  it('reads the matching opt-ins from the stored settings', async () => {
    const { fake, client } = await boot();
    await seed(fake);
    await fake.browser.storage.local.set({ [SETTINGS_KEY]: { ...DEFAULT_SETTINGS, matching: { ...DEFAULT_SETTINGS.matching, httpEqualsHttps: true } } });
    const result = await client.startJob('dedup.scan', {}).result;
    expect(result.groups[0].copies).toHaveLength(3);
    expect(result.groups[0].rules).toEqual(['tracking-params', 'http-https']);
  });

  it('plans from the reviewed scan with the user decisions', async () => {
    const { fake, client } = await boot();
    const ids = await seed(fake);
    const scan = await client.startJob('dedup.scan', {}).result;
    expect(scan.scanId).toMatch(new RegExp(`@${scan.scannedAt}$`));
    const plan = await client.call('dedup.plan', { scanId: scan.scanId, keepers: [ids.mdn1.id], includeEmptyFolders: false });
    expect(plan.removals).toEqual([
      expect.objectContaining({
        id: ids.mdn2.id,
        kind: 'bookmark',
        expectedUrl: 'https://developer.mozilla.org/?utm_source=x',
        expectedParentId: 'toolbar_____',
        reason: 'duplicate-bookmark',
        keptId: ids.mdn1.id,
      }),
    ]);
  });

  it('every scan gets a new id', async () => {
    const { fake, client } = await boot();
    await seed(fake);
    const first = await client.startJob('dedup.scan', {}).result;
    const second = await client.startJob('dedup.scan', {}).result;
    expect(second.scanId).not.toBe(first.scanId);
  });

  it('plans from the stored scan after the event page unloaded, with the keepers that scan suggested', async () => {
    const { fake, client, restart } = await boot();
    const ids = await seed(fake);
    const scan = await client.startJob('dedup.scan', {}).result;
    expect(scan.groups[0]!.suggestedKeeperId).toBe(ids.mdn1.id);
    // Visits after the scan would make a fresh scan suggest another keeper (most visited first); the plan must not.
    await fake.browser.storage.local.set({ [SETTINGS_KEY]: { ...DEFAULT_SETTINGS, keep: { ...DEFAULT_SETTINGS.keep, rules: ['mostVisits', 'oldest'] } } });
    for (let i = 0; i < 5; i++) await fake.browser.history.addUrl({ url: 'https://developer.mozilla.org/?utm_source=x' });
    restart();
    const plan = await client.call('dedup.plan', { scanId: scan.scanId });
    expect(plan.removals.map((r) => r.id).sort()).toEqual([ids.mdn2.id, ids.empty.id].sort());
  });

  it('refuses a plan for a scan that is not the last one', async () => {
    const { fake, client } = await boot();
    await seed(fake);
    const first = await client.startJob('dedup.scan', {}).result;
    await client.startJob('dedup.scan', {}).result;
    await expect(client.call('dedup.plan', { scanId: first.scanId })).rejects.toMatchObject({ code: 'conflict', message: staleScanMessage() });
    await expect(client.call('dedup.plan', { scanId: 'never-scanned' })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('refuses a plan after a bookmark change, even once the event page unloaded and woke for it', async () => {
    const { fake, client, restart } = await boot();
    await seed(fake);
    const scan = await client.startJob('dedup.scan', {}).result;
    restart();
    await fake.browser.bookmarks.update((await fake.browser.bookmarks.search({ title: 'Nothing here' }))[0]!.id, { title: 'Renamed' });
    restart(); // and unloads again before the plan: the stored scan must be gone, not just the memory
    await expect(client.call('dedup.plan', { scanId: scan.scanId })).rejects.toMatchObject({ code: 'conflict', message: staleScanMessage() });
  });

  it('keeps the last scan to show after a change, marked out of date, while plans from it are refused', async () => {
    const { fake, client, restart } = await boot();
    await seed(fake);
    expect(await client.call('dedup.lastScan', {})).toBeNull();
    const scan = await client.startJob('dedup.scan', {}).result;
    expect(await client.call('dedup.lastScan', {})).toEqual({ scan, current: true });
    restart(); // read back from IndexedDB
    expect(await client.call('dedup.lastScan', {})).toEqual({ scan, current: true });
    await fake.browser.bookmarks.update((await fake.browser.bookmarks.search({ title: 'Nothing here' }))[0]!.id, { title: 'Renamed' });
    expect(await client.call('dedup.lastScan', {})).toEqual({ scan, current: false });
    restart();
    expect(await client.call('dedup.lastScan', {})).toEqual({ scan, current: false });
    await expect(client.call('dedup.plan', { scanId: scan.scanId })).rejects.toMatchObject({ code: 'conflict' });
    // The next scan replaces it and is current.
    const again = await client.startJob('dedup.scan', {}).result;
    restart();
    expect(await client.call('dedup.lastScan', {})).toEqual({ scan: again, current: true });
    await expect(client.call('dedup.plan', { scanId: again.scanId })).resolves.toMatchObject({ removals: expect.any(Array) });
    await client.call('test.reset', {});
    expect(await client.call('dedup.lastScan', {})).toBeNull();
  });

  it('treats a scan stored by an older version (plain JSON) as no last scan, and refuses plans from it', async () => {
    const { fake, client, restart } = await boot();
    await seed(fake);
    const scan = await client.startJob('dedup.scan', {}).result;
    // What an older version stored: the scan as plain JSON, current, under the same id.
    const db = await openDB(LAST_SCAN_DB);
    await db.put('scans', JSON.stringify(scan), 'last');
    db.close();
    restart();
    expect(await client.call('dedup.lastScan', {})).toBeNull();
    await expect(client.call('dedup.plan', { scanId: scan.scanId })).rejects.toMatchObject({ code: 'conflict' });
    // A new scan is stored in the current form and read back after an unload.
    const again = await client.startJob('dedup.scan', {}).result;
    restart();
    expect(await client.call('dedup.lastScan', {})).toEqual({ scan: again, current: true });
    await expect(client.call('dedup.plan', { scanId: again.scanId })).resolves.toMatchObject({ removals: expect.any(Array) });
  });

  it('test.reset drops the stored scan', async () => {
    const { fake, client, restart } = await boot();
    await seed(fake);
    const scan = await client.startJob('dedup.scan', {}).result;
    await client.call('test.reset', {});
    restart();
    await expect(client.call('dedup.plan', { scanId: scan.scanId })).rejects.toMatchObject({ code: 'conflict' });
  });

  const dropStoredScan = async () => {
    const db = await openDB(LAST_SCAN_DB);
    await db.clear('scans');
    db.close();
  };
  for (const [what, change] of [
    [
      'a bookmark changed',
      async (fake: Fake) => void (await fake.browser.bookmarks.create({ parentId: 'mobile______', title: 'MDN', url: 'https://developer.mozilla.org' })),
    ],
    [
      'the event page unloaded and the stored scan is gone',
      async (_fake: Fake, restart: () => unknown) => {
        restart();
        await dropStoredScan();
      },
    ],
    [
      'a tag changed',
      async (_fake: Fake, _restart: () => unknown, client: Client) => {
        await client.call('tags.add', { urls: ['https://developer.mozilla.org/'], tags: ['reference'] });
      },
    ],
  ] as const) {
    it(`regression: a plan is never built from a scan the user did not review (${what})`, async () => {
      const { fake, client, restart } = await boot();
      await seed(fake);
      const scan = await client.startJob('dedup.scan', {}).result;
      await change(fake, restart, client);
      const before = JSON.stringify(await fake.browser.bookmarks.getTree());
      await expect(client.call('dedup.plan', { scanId: scan.scanId })).rejects.toMatchObject({ code: 'conflict', message: staleScanMessage() });
      expect(JSON.stringify(await fake.browser.bookmarks.getTree())).toBe(before);
      // Scanning again shows the new state, and a plan for that scan is built.
      const again = await client.startJob('dedup.scan', {}).result;
      await expect(client.call('dedup.plan', { scanId: again.scanId })).resolves.toMatchObject({ removals: expect.any(Array) });
    });
  }

  it('refuses bad decisions with a clear error and a stale keeper id with "scan again"', async () => {
    const { fake, client } = await boot();
    await seed(fake);
    const { scanId } = await client.startJob('dedup.scan', {}).result;
    await expect(client.call('dedup.plan', { scanId, keepers: 'all' } as never)).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(client.call('dedup.plan', {} as never)).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(client.call('dedup.plan', { scanId, keepers: ['no-such-id'] })).rejects.toMatchObject({
      code: 'invalid-request',
      message: expect.stringMatching(/Scan again/),
    });
  });

  it('a cancelled scan reports cancelled', async () => {
    const { fake, client } = await boot();
    await seed(fake);
    const job = client.startJob('dedup.scan', {});
    job.cancel();
    await expect(job.result).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('remembered decisions (dedup.decisions.*)', () => {
  const remember = (
    client: Client,
    key: string,
    copyIds: string[],
    over: Partial<{ leave: boolean; keeper: { id: string; url: string; path: string; title: string } | null }> = {},
  ) => client.call('dedup.decisions.remember', { key, leave: true, keeper: null, copyIds, url: `${key}/`, title: 'T', ...over });

  it('a scan returns the decisions on its groups, resolved: the chosen copy, and whether the group changed', async () => {
    const { fake, client, restart } = await boot();
    const ids = await seed(fake);
    const first = await client.startJob('dedup.scan', {}).result;
    const [group] = first.groups;
    expect(first.remembered).toEqual([]);
    await remember(
      client,
      group!.key,
      group!.copies.map((c) => c.id),
      { leave: false, keeper: { id: ids.mdn2.id, url: ids.mdn2.url!, path: 'Bookmarks Toolbar', title: 'MDN' } },
    );
    await remember(client, 'https://not-a-group.example', ['x', 'y']);
    restart(); // remembered across the event page unloading
    const same = await client.startJob('dedup.scan', {}).result;
    expect(same.remembered).toEqual([{ key: group!.key, leave: false, keeperId: ids.mdn2.id, keeperGone: false, changed: null, decidedAt: expect.any(Number) }]);
    // Another copy joins the group; the chosen copy goes: the scan says both.
    await fake.browser.bookmarks.create({ parentId: 'mobile______', title: 'MDN', url: 'https://developer.mozilla.org/#' });
    await fake.browser.bookmarks.remove(ids.mdn2.id);
    await fake.browser.bookmarks.create({ parentId: 'mobile______', title: 'MDN 2', url: 'https://developer.mozilla.org/?utm_source=y' });
    const changed = await client.startJob('dedup.scan', {}).result;
    expect(changed.remembered).toEqual([
      { key: group!.key, leave: false, keeperId: null, keeperGone: true, changed: { then: 2, now: 3 }, decidedAt: expect.any(Number) },
    ]);
  });

  it('finds a chosen copy again by address, folder and title when its id changed', async () => {
    const { fake, client } = await boot();
    await seed(fake);
    const { groups } = await client.startJob('dedup.scan', {}).result;
    const g = groups[0]!;
    await remember(client, g.key, ['gone-id', g.copies[1]!.id], {
      leave: false,
      keeper: { id: 'gone-id', url: g.copies[0]!.url, path: g.copies[0]!.path, title: g.copies[0]!.title },
    });
    const again = await client.startJob('dedup.scan', {}).result;
    expect(again.remembered[0]).toMatchObject({ keeperId: g.copies[0]!.id, keeperGone: false, changed: { then: 2, now: 2 } });
  });

  it('lists newest first, forgets, refuses bad input, and "leave false, no keeper" forgets', async () => {
    let clock = 1_700_000_000_000;
    const { client } = await boot({ backgroundNow: () => clock });
    await remember(client, 'https://a.example', ['1', '2']);
    clock += 1000;
    await remember(client, 'https://b.example', ['3', '4']);
    expect((await client.call('dedup.decisions.list', {})).map((d) => d.key)).toEqual(['https://b.example', 'https://a.example']);
    await expect(remember(client, 'https://c.example', ['5'], { leave: false, keeper: { id: 'not-a-copy', url: 'u', path: 'p', title: 't' } })).rejects.toMatchObject({
      code: 'invalid-request',
    });
    await expect(client.call('dedup.decisions.remember', { key: 'k' } as never)).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(
      client.call('dedup.decisions.remember', { key: '', leave: true, keeper: null, copyIds: ['1'], url: '', title: '', extra: 1 } as never),
    ).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(client.call('dedup.decisions.forget', { keys: [] })).rejects.toMatchObject({ code: 'invalid-request' });
    expect(await client.call('dedup.decisions.forget', { keys: ['https://a.example', 'https://never.example'] })).toEqual({ forgotten: 1 });
    expect(await remember(client, 'https://b.example', ['3', '4'], { leave: false, keeper: null })).toEqual({ remembered: false });
    expect(await client.call('dedup.decisions.list', {})).toEqual([]);
  });

  it('a copied folder’s choice comes back with later scans and restarts: the copy that stays, or leave them all; a newer choice replaces it', async () => {
    const { fake, client, restart } = await boot();
    const b = fake.browser.bookmarks;
    const copies = [];
    for (const parentId of ['menu________', 'menu________', 'unfiled_____']) {
      const dev = await b.create({ parentId, title: 'Dev' });
      for (const n of [1, 2, 3]) await b.create({ parentId: dev.id, title: `Page ${n}`, url: `https://dev.example/${n}` });
      copies.push(dev);
    }
    const first = await client.startJob('dedup.scan', {}).result;
    expect(first.folderSets).toHaveLength(1);
    const [set] = first.folderSets;
    expect(first.rememberedSets).toEqual([]);
    const chosen = set!.members.find((m) => m.id !== set!.suggestedKeepId)!;
    const key = folderSetKey(set!);
    const rememberSet = (leave: boolean, keeper: typeof chosen | null) =>
      client.call('dedup.decisions.remember', {
        key,
        leave,
        keeper: keeper ? { id: keeper.id, url: '', path: keeper.path, title: keeper.title } : null,
        copyIds: set!.members.map((m) => m.id),
        url: '',
        title: set!.title,
      });
    expect(await rememberSet(false, chosen)).toEqual({ remembered: true });
    restart();
    const again = await client.startJob('dedup.scan', {}).result;
    expect(again.rememberedSets).toEqual([{ setId: set!.id, key, leave: false, keeperId: chosen.id, keeperGone: false, changed: null, decidedAt: expect.any(Number) }]);
    // The group decisions stay separate: a folder choice is not a group's.
    expect(again.remembered).toEqual([]);
    // Leave them all, decided later: it replaces the choice (one record for the set).
    await rememberSet(true, null);
    const left = await client.startJob('dedup.scan', {}).result;
    expect(left.rememberedSets).toMatchObject([{ leave: true, keeperId: null, keeperGone: false }]);
    expect((await client.call('dedup.decisions.list', {})).map((d) => [d.key, d.leave, d.copyCount])).toEqual([[key, true, 3]]);
    // The chosen copy is deleted: the set (now two copies) says it changed and the chosen copy is gone.
    await rememberSet(false, chosen);
    await b.removeTree(chosen.id);
    const changed = await client.startJob('dedup.scan', {}).result;
    expect(changed.rememberedSets).toEqual([
      { setId: changed.folderSets[0]!.id, key, leave: false, keeperId: null, keeperGone: true, changed: { then: 3, now: 2 }, decidedAt: expect.any(Number) },
    ]);
    // Back to the default ("merge into the suggested copy") forgets it.
    expect(await rememberSet(false, null)).toEqual({ remembered: false });
    expect(await client.call('dedup.decisions.list', {})).toEqual([]);
  });

  it('test.reset forgets them', async () => {
    const { client } = await boot();
    await remember(client, 'https://a.example', ['1', '2']);
    await client.call('test.reset', {});
    expect(await client.call('dedup.decisions.list', {})).toEqual([]);
  });
});
