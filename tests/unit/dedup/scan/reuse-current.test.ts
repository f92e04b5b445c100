/**
 * The Duplicates page opening takes the background's last scan as its own when nothing changed since
 * ('dedup.scan' with reuseCurrent; src/dedup/README.md "A current scan is reused"): the same scan id, no read of the
 * tree. Anything that could make a new scan say something else scans again: a bookmark or tag change, other settings,
 * the event page gone. "Scan again" (no reuseCurrent) always scans.
 */
import { describe, expect, it } from 'vitest';
import { boot as bootBackground } from '../../../kit/boot';

const boot = () => bootBackground({ seed: 7 });
type Env = Awaited<ReturnType<typeof boot>>;

async function seed(env: Env) {
  const b = env.fake.browser.bookmarks;
  const first = await b.create({ parentId: 'menu________', title: 'MDN', url: 'https://developer.mozilla.org/' });
  const second = await b.create({ parentId: 'toolbar_____', title: 'MDN', url: 'https://developer.mozilla.org/?utm_source=x' });
  return { first, second };
}

/** The page opening: its scan, and how many times it read the tree. */
async function open(env: Env) {
  let treeReads = 0;
  const stop = env.fake.control.observeBookmarkCalls((call) => void (call.method === 'getTree' && treeReads++));
  const scan = await env.client.startJob('dedup.scan', { reuseCurrent: true }).result;
  stop();
  return { scan, treeReads };
}

describe('a page opening takes the last scan when nothing changed since', () => {
  it('the same scan, without reading the tree; a plan from it is built as from its own', async () => {
    const env = await boot();
    const { second } = await seed(env);
    const made = await env.client.startJob('dedup.scan', {}).result;
    const { scan, treeReads } = await open(env);
    expect(treeReads).toBe(0);
    expect(scan.scanId).toBe(made.scanId);
    expect(scan.groups).toEqual(made.groups);
    const plan = await env.client.call('dedup.plan', { scanId: scan.scanId });
    expect(plan.removals.map((r) => r.id)).toEqual([second.id]);
  });

  it('with the decisions the person made since', async () => {
    const env = await boot();
    await seed(env);
    const made = await env.client.startJob('dedup.scan', {}).result;
    const [group] = made.groups;
    await env.client.call('dedup.decisions.remember', {
      key: group!.key,
      leave: true,
      keeper: null,
      copyIds: group!.copies.map((c) => c.id),
      url: group!.copies[0]!.url,
      title: 'MDN',
    });
    const { scan, treeReads } = await open(env);
    expect(treeReads).toBe(0);
    expect(scan.remembered).toEqual([expect.objectContaining({ key: group!.key, leave: true })]);
  });

  const changes: [string, (env: Env, ids: Awaited<ReturnType<typeof seed>>) => Promise<unknown>][] = [
    ['a bookmark renamed', (env, ids) => env.fake.browser.bookmarks.update(ids.first.id, { title: 'MDN Web Docs' })],
    ['a bookmark added', (env) => env.fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'MDN', url: 'https://developer.mozilla.org/#' })],
    ['a tag added', (env) => env.client.call('tags.add', { urls: ['https://developer.mozilla.org/'], tags: ['docs'] })],
    ['other matching settings', (env) => env.client.call('settings.set', { patch: { matching: { httpEqualsHttps: true } } })],
    [
      'a bookmark renamed while the event page slept',
      async (env, ids) => {
        env.restart();
        await env.fake.browser.bookmarks.update(ids.first.id, { title: 'MDN Web Docs' });
      },
    ],
    // storage.session is emptied when Firefox (or Tidymarks) starts again: what changed meanwhile told no event.
    [
      'Firefox restarted',
      async (env) => {
        await env.fake.browser.storage.session.clear();
        env.restart();
      },
    ],
  ];
  for (const [name, change] of changes) {
    it(`scans again after ${name}`, async () => {
      const env = await boot();
      const ids = await seed(env);
      const made = await env.client.startJob('dedup.scan', {}).result;
      await change(env, ids);
      // A new scan (it may read the tree from the search index's mirror instead of Firefox: src/search/tree-from-index.ts).
      const { scan } = await open(env);
      expect(scan.scanId).not.toBe(made.scanId);
    });
  }

  it('a new scan sees a change made just before it (the mirror it may read is current)', async () => {
    const env = await boot();
    const ids = await seed(env);
    await env.app.live.whenFresh();
    await env.client.startJob('dedup.scan', {}).result;
    await env.fake.browser.bookmarks.update(ids.first.id, { title: 'MDN Web Docs' });
    await env.fake.browser.bookmarks.move(ids.second.id, { parentId: 'unfiled_____' });
    const { scan, treeReads } = await open(env);
    expect(treeReads).toBe(0);
    const copies = scan.groups[0]!.copies.map((c) => [c.id, c.title, c.parentId]);
    expect(copies).toEqual(
      expect.arrayContaining([
        [ids.first.id, 'MDN Web Docs', 'menu________'],
        [ids.second.id, 'MDN', 'unfiled_____'],
      ]),
    );
  });

  it('after the event page unloaded, the scan it kept, without reading the tree', async () => {
    const env = await boot();
    await seed(env);
    const made = await env.client.startJob('dedup.scan', {}).result;
    env.restart();
    const { scan, treeReads } = await open(env);
    expect(treeReads).toBe(0);
    expect(scan.scanId).toBe(made.scanId);
    expect(scan.groups).toEqual(made.groups);
    // A plan from it is built as from a scan of this event page.
    const plan = await env.client.call('dedup.plan', { scanId: scan.scanId });
    expect(plan.removals).toHaveLength(1);
  });

  it('"Scan again" always scans', async () => {
    const env = await boot();
    await seed(env);
    const made = await env.client.startJob('dedup.scan', {}).result;
    const again = await env.client.startJob('dedup.scan', {}).result;
    expect(again.scanId).not.toBe(made.scanId);
  });

  it('with no scan made yet, it scans', async () => {
    const env = await boot();
    await seed(env);
    const { scan } = await open(env);
    expect(scan.groups).toHaveLength(1);
  });

  it('refuses input it does not know, changing nothing', async () => {
    const env = await boot();
    await seed(env);
    await expect(env.client.startJob('dedup.scan', { reuse: true } as never).result).rejects.toMatchObject({ code: 'invalid-request' });
  });
});
