/**
 * The contract suite in real Firefox ESR: every case of tests/contract/cases/ runs in the harness page against
 * the real browser.bookmarks / browser.history. The same cases run against the fake in
 * tests/contract/contract.test.ts; together they keep the fake faithful.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCases } from '../contract/cases';
import { messagingCases } from '../contract/messaging';
import { launchFirefox, type Firefox } from './firefox';

describe('contract cases in real Firefox', () => {
  let ff: Firefox;
  beforeAll(async () => {
    ff = await launchFirefox();
    // The toolbar button feature sets every tab's title and badge; the action cases read Firefox's own values.
    await (await ff.harness()).evaluate(() => window.tm.client.call('test.toolbarButton.hold', { held: true }));
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('the harness knows every contract case', async () => {
    const page = await ff.harness();
    const names = await page.evaluate(() => window.tm.contract.names());
    expect(names).toEqual(contractCases.map((c) => c.name));
  });

  it.each(contractCases.map((c) => c.name))('%s', async (name) => {
    const page = await ff.harness();
    const outcome = await page.evaluate((n) => window.tm.contract.run(n), name);
    expect(outcome).toEqual({ ok: true });
  });

  it('the harness knows every messaging case', async () => {
    const page = await ff.harness();
    expect(await page.evaluate(() => window.tm.contract.messaging.names())).toEqual(messagingCases.map((c) => c.name));
  });

  it.each(messagingCases.map((c) => c.name))('messaging: %s', async (name) => {
    const page = await ff.harness();
    const outcome = await page.evaluate((n) => window.tm.contract.messaging.run(n), name);
    expect(outcome).toEqual({ ok: true });
  });
});
