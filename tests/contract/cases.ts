/**
 * Bookmarks and history behaviours, written once and run twice: against the fake (tests/contract/contract.test.ts)
 * and against real Firefox (tests/e2e/contract.e2e.ts). A case that passes in Firefox and fails on the fake is a
 * bug in the fake.
 */
import type { Browser } from '../../src/platform/browser';
import { UNFILED_ID } from '../../src/platform/browser';
import { assert } from './assert';

export interface ContractCase {
  name: string;
  run(b: Browser): Promise<void>;
}

export const contractCases: ContractCase[] = [
  {
    name: 'create appends to the end of a folder',
    async run(b) {
      const a = await b.bookmarks.create({ parentId: UNFILED_ID, title: 'a', url: 'https://a.example/' });
      const c = await b.bookmarks.create({ parentId: UNFILED_ID, title: 'c', url: 'https://c.example/' });
      assert.equal(a.index, 0, 'first index');
      assert.equal(c.index, 1, 'second index');
    },
  },
  {
    name: 'get of an unknown id rejects with Firefox message',
    async run(b) {
      await assert.rejects(b.bookmarks.get('nonexistent_1'), /No bookmarks found for the provided GUID/);
    },
  },
];
