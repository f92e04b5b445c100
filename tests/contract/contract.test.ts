/**
 * Runs every contract case against the fake browser. The same cases run in real Firefox
 * (tests/e2e/contract.e2e.ts); a case that passes there and fails here is a bug in the fake.
 */
import { describe, expect, it } from 'vitest';
import { createFakeBrowser } from '../fakes/browser';
import { boot } from '../kit/boot';
import { contractCases } from './cases';
import { messagingCases, runMessagingCase, type PageRuntime } from './messaging';
import { runContractCase } from './run';

describe('contract cases on the fake browser', () => {
  it.each(contractCases.map((c) => c.name))(
    '%s',
    async (name) => {
      const { browser, control } = createFakeBrowser();
      const outcome = await runContractCase(browser, name);
      expect(outcome).toEqual({ ok: true });
      expect(control.listenerErrors).toEqual([]);
    },
    30_000,
  );
});

describe('messaging cases between a page and the background on the fake', () => {
  it.each(messagingCases.map((c) => c.name))('%s', async (name) => {
    const { browser, control, client } = await boot();
    const outcome = await runMessagingCase({ runtime: control.pageRuntime as unknown as PageRuntime, bookmarks: browser.bookmarks, client }, name);
    expect(outcome).toEqual({ ok: true });
    expect(control.listenerErrors).toEqual([]);
  });
});
