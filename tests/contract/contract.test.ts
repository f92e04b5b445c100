/**
 * Runs every contract case against the fake browser. The same cases run in real Firefox
 * (tests/e2e/contract.e2e.ts); a case that passes there and fails here is a bug in the fake.
 */
import { describe, expect, it } from 'vitest';
import { createFakeBrowser } from '../fakes/browser';
import { contractCases } from './cases';
import { runContractCase } from './run';

describe('contract cases on the fake browser', () => {
  it.each(contractCases.map((c) => c.name))('%s', async (name) => {
    const { browser, control } = createFakeBrowser();
    const outcome = await runContractCase(browser, name);
    expect(outcome).toEqual({ ok: true });
    expect(control.listenerErrors).toEqual([]);
  }, 30_000);
});
