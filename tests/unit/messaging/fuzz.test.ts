import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { protocol } from '../../../src/app-protocol/protocol';
import type { FakeBrowser } from '../../fakes/browser';
import { boot } from '../../kit/boot';

const types = Object.keys(protocol) as (keyof typeof protocol)[];

/** Messages that must all be refused: random values, broken envelopes, unknown types, inputs failing the schema. */
const malformed = fc.oneof(
  fc.anything(),
  fc.record({ channel: fc.string(), type: fc.constantFrom(...types), input: fc.anything() }),
  fc.record({ channel: fc.constant('tidymarks'), type: fc.string(), input: fc.anything() }),
  fc
    .record({ channel: fc.constant('tidymarks' as const), type: fc.constantFrom(...types), input: fc.anything({ withObjectString: true, maxDepth: 3 }) })
    .filter(({ type, input }) => !v.safeParse(protocol[type].input, input).success),
  fc
    .record({
      channel: fc.constant('tidymarks' as const),
      type: fc.constantFrom(...types),
      input: fc.dictionary(fc.constantFrom('id', 'url', 'title', 'tags', 'query', 'sessionId', 'folderId', '__proto__', 'constructor'), fc.anything()),
    })
    .filter(({ type, input }) => !v.safeParse(protocol[type].input, input).success),
);

async function snapshot(browser: FakeBrowser['browser']) {
  return JSON.stringify({
    tree: await browser.bookmarks.getTree(),
    storage: await browser.storage.local.get(null),
    history: await browser.history.search({ text: '', startTime: 0, maxResults: 10_000 }),
  });
}

describe('fuzz: the background router under random and malformed messages', () => {
  it('answers 10,000 malformed messages with an error, changes nothing and never throws', async () => {
    const { fake } = await boot({ seed: 7, backgroundNow: () => 1_700_000_000_000 });
    await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Keep me', url: 'https://keep.example/' });
    await fake.browser.storage.local.set({ marker: 1 });
    const before = await snapshot(fake.browser);

    let answered = 0;
    await fc.assert(
      fc.asyncProperty(malformed, async (message) => {
        const reply = (await fake.control.sendMessage(message)) as { ok: boolean; error?: { code: string; message: string } };
        expect(reply.ok).toBe(false);
        expect(typeof reply.error?.code).toBe('string');
        expect(reply.error?.message.length).toBeGreaterThan(0);
        answered++;
      }),
      { numRuns: 10_000, seed: 20261203 },
    );
    expect(answered).toBe(10_000);
    expect(await snapshot(fake.browser)).toBe(before);
  }, 120_000);

  it('refuses well-formed requests from anything but our own pages', async () => {
    const { fake } = await boot({ seed: 8, backgroundNow: () => 1_700_000_000_000 });
    await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Keep me', url: 'https://keep.example/' });
    const before = await snapshot(fake.browser);
    for (const sender of [
      { id: 'other@example', url: `${fake.control.extensionOrigin}popup/index.html` },
      { id: fake.control.extensionId, url: 'https://attacker.example/' },
    ]) {
      const reply = await fake.control.sendMessage({ channel: 'tidymarks', type: 'test.reset', input: {} }, sender);
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await snapshot(fake.browser)).toBe(before);
  });
});
