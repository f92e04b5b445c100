import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchFirefox, type Firefox } from './firefox';
import { openTab, startLocalSite, type LocalSite } from './local-site';
import { startXDisplay, type XDisplay } from './x-display';
import { spawnSync } from 'node:child_process';

let x: XDisplay; let ff: Firefox; let site: LocalSite;
beforeAll(async () => {
  x = await startXDisplay();
  site = await startLocalSite({ '/rezept': '<!doctype html><title>Apfelkuchen nach Omas Rezept</title><p>x</p>' });
  ff = await launchFirefox({ headless: false, env: x.env, prefs: { 'intl.locale.requested': 'de', 'alerts.useSystemBackend': false, 'alerts.disableSlidingEffect': true, 'alerts.totalOpenTime': 60000 } });
});
afterAll(async () => { await ff?.close(); await site?.close(); await x?.stop(); });
it('explore', async () => {
  const harness = await ff.harness();
  const tabId = await openTab(harness, `${site.origin}/rezept`, 'Apfelkuchen nach Omas Rezept', true);
  const before = x.mappedWindows();
  await harness.evaluate(() => {
    const w = window as unknown as { shown: unknown[] };
    w.shown = [];
    window.tm.browser.notifications.onShown.addListener(async (id) => { w.shown.push({ id, all: await window.tm.browser.notifications.getAll() }); });
  });
  const outcome = await harness.evaluate((id) => window.tm.client.call('test.quickBookmark.trigger', { source: 'command', command: 'quick-bookmark', tabId: id }), tabId);
  console.log(JSON.stringify(outcome));
  await expect.poll(() => harness.evaluate(() => (window as unknown as { shown: unknown[] }).shown.length), { timeout: 10000 }).toBeGreaterThan(0);
  console.log(JSON.stringify(await harness.evaluate(() => (window as unknown as { shown: unknown[] }).shown)));
  await new Promise((r) => setTimeout(r, 1500));
  const after = x.mappedWindows();
  console.log(JSON.stringify(before)); console.log(JSON.stringify(after));
  const roots = await harness.evaluate(async () => (await window.tm.browser.bookmarks.getTree())[0].children!.map((c) => c.title));
  console.log(roots);
  spawnSync('import', ['-window', 'root', '/tmp/wtc/root.png'], { env: { ...process.env, ...x.env } });
  for (const w of after.filter((a) => !before.some((b) => b.id === a.id))) spawnSync('import', ['-window', w.id, `/tmp/wtc/win-${w.id}.png`], { env: { ...process.env, ...x.env } });
});
