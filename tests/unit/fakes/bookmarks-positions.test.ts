/**
 * The contract suite checks three seeded random runs against real Firefox; here many more seeds run against the
 * fake alone, with the same Firefox-verified model of Places positions (gaps, renumbering, no-op moves).
 */
import { describe, expect, it } from 'vitest';
import { createFakeBrowser } from '../../fakes/browser';
import { randomEditsMatchModel } from '../../contract/cases';

describe('fake bookmarks keep Places positions under random edits', () => {
  it.each(Array.from({ length: 12 }, (_, i) => 1000 + i))(
    'seed %i: 120 random edits match the model',
    async (seed) => {
      const { browser, control } = createFakeBrowser({ seed });
      await randomEditsMatchModel(browser, seed, 120);
      expect(control.listenerErrors).toEqual([]);
    },
    30_000,
  );
});
