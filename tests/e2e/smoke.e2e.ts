import { describe, expect, it } from 'vitest';
import { useFirefox } from './use-firefox';
import { waitForShown } from './page-waits';
import { MANIFEST_VERSION } from '../kit/version';

describe('smoke: the built extension in real Firefox', () => {
  const ff = useFirefox();

  it('answers a ping with the manifest version', async () => {
    const page = await ff.harness();
    const reply = await page.evaluate(() => window.tm.client.call('core.ping', {}));
    expect(reply).toEqual({ pong: true, version: MANIFEST_VERSION });
  });

  it('the options page opens and shows the bookmark count from the background', async () => {
    const harness = await ff.harness();
    await harness.evaluate(async () => {
      const b = window.tm.browser;
      await b.bookmarks.create({ parentId: 'unfiled_____', title: 'One', url: 'https://one.example/' });
      await b.bookmarks.create({ parentId: 'toolbar_____', title: 'Two', url: 'https://two.example/' });
    });
    const page = await ff.open('options/index.html');
    const el = await waitForShown(page, '[data-testid="bookmark-count"]::-p-text(2 bookmarks)');
    expect(await el!.evaluate((e) => e.textContent)).toBe('2 bookmarks');
    await page.close();
  });

  it('refuses a malformed message with a clear error and keeps serving', async () => {
    const page = await ff.harness();
    const reply = await page.evaluate(() => window.tm.browser.runtime.sendMessage({ channel: 'tidymarks', type: 'core.countBookmarks', input: { extra: 1 } }));
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    const again = await page.evaluate(() => window.tm.client.call('core.countBookmarks', {}));
    expect(again).toEqual({ bookmarks: 0, folders: 4, separators: 0 });
  });

  it('runs a job over a port with progress', async () => {
    const page = await ff.harness();
    const { result, progress } = await page.evaluate(async () => {
      const seen: number[] = [];
      const job = window.tm.client.startJob('test.countTo', { n: 5 }, (p) => seen.push(p.done));
      return { result: await job.result, progress: seen };
    });
    expect(result).toEqual({ counted: 5 });
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });
});
