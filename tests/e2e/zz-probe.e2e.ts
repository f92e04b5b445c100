import { it } from 'vitest';
import { launchFirefox } from './firefox';
it('probe', async () => {
  const ff = await launchFirefox();
  const h = await ff.harness();
  await ff.reset();
  const conn = (ff.browser as unknown as { connection: { send(m: string, p: unknown): Promise<{ result: unknown }> } }).connection;
  const tree = (await conn.send('browsingContext.getTree', { 'moz:scope': 'chrome' })) as { result: { contexts: { context: string; url: string }[] } };
  const ctx = tree.result.contexts[0].context;
  const menu = [], other = [];
  for (let k = 0; k < 100; k++) menu.push({ type: 2, title: `Topic ${k}`, children: [] as object[] });
  for (let k = 0; k < 97; k++) other.push({ type: 2, title: `Synced ${k}`, children: [] as object[] });
  for (let i = 0; i < 20000; i++) {
    menu[i % 100].children.push({ type: 1, title: `Page ${i}`, url: `https://site${i % 50}.example/page/${i}`, dateAdded: new Date((1_600_000_000 + i) * 1000) });
    other[i % 97].children.push({ type: 1, title: `Page ${i} (sync)`, url: `https://site${i % 50}.example/page/${i}/` });
  }
  const t0 = Date.now();
  const r = await conn.send('script.evaluate', {
    expression: `(async () => { const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs'); const d = ${JSON.stringify({ menu, other })}; const fix = (n) => { if (n.dateAdded) n.dateAdded = new Date(n.dateAdded); (n.children||[]).forEach(fix); }; d.menu.forEach(fix); const a = await PlacesUtils.bookmarks.insertTree({ guid: 'menu________', children: d.menu }); const b = await PlacesUtils.bookmarks.insertTree({ guid: 'unfiled_____', children: d.other }); return a.length + b.length; })()`,
    target: { context: ctx },
    awaitPromise: true,
  });
  const t1 = Date.now();
  console.log(JSON.stringify(r).slice(0, 300), 'insertTree ms', t1 - t0);
  const count = await h.evaluate(() => window.tm.client.call('core.countBookmarks', {}));
  console.log(JSON.stringify(count), 'count ms', Date.now() - t1);
  const page = await ff.open('options/index.html#duplicates');
  const t2 = Date.now();
  await page.waitForSelector('[data-testid="scan-summary"]', { timeout: 120_000 });
  console.log('scan ms', Date.now() - t2);
  const t3 = Date.now();
  await ff.reset();
  console.log('reset ms', Date.now() - t3);
  await ff.close();
}, 300_000);
