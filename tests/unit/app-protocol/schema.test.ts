/**
 * The shared schemas and error texts of the protocol: requests and jobs without input accept only `{}` or nothing,
 * and an error never echoes a huge offending value.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { noInput } from '../../../src/messaging/define';
import { capQuoted, capText, MAX_ERROR_MESSAGE, toWireError } from '../../../src/messaging/errors';
import { PORT_NAME } from '../../../src/messaging/channel';
import { jobs, protocol } from '../../../src/app-protocol/protocol';
import { describeIssues } from '../../../src/messaging/schema-issues';
import { assertOpenable } from '../../../src/search/openable-url';
import { boot } from '../../kit/boot';

const requestsWithoutInput = Object.entries(protocol)
  .filter(([, def]) => def.input === noInput)
  .map(([type]) => type);
const jobsWithoutInput = Object.entries(jobs)
  .filter(([, def]) => (def.input as unknown) === noInput)
  .map(([kind]) => kind);

/** Not `{}` and not nothing: each of these used to pass v.strictObject({}). */
const notEmpty: [string, () => unknown][] = [
  ['[]', () => []],
  ['a Date', () => new Date(0)],
  ['a Map', () => new Map([['a', 1]])],
  ['{x: 1}', () => ({ x: 1 })],
  ['a Set', () => new Set()],
  ['null', () => null],
  ['a string', () => ''],
];

async function setup() {
  const { fake, client } = await boot({ seed: 11, backgroundNow: () => 1_700_000_000_000 });
  // State that each of these requests would change: settings.reset resets settings, test.reset wipes everything.
  await client.call('settings.set', { patch: { notifications: { enabled: false } } });
  await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Keep me', url: 'https://keep.example/' });
  await client.call('tags.add', { urls: ['https://keep.example/'], tags: ['kept'] });
  const snapshot = async () =>
    JSON.stringify({
      tree: await fake.browser.bookmarks.getTree(),
      storage: await fake.browser.storage.local.get(null),
      tags: await client.call('tags.list', {}),
    });
  return { fake, client, snapshot };
}

describe('noInput: requests and jobs that take no input', () => {
  it('is the schema of every request and job that takes none (no v.strictObject({}) left)', () => {
    expect(requestsWithoutInput).toEqual(expect.arrayContaining(['settings.reset', 'settings.get', 'test.reset', 'core.ping', 'tags.list', 'bookmarksHtml.export']));
    expect(jobsWithoutInput).toEqual([]);
    const emptyStrict = (def: { input: v.GenericSchema }) =>
      def.input !== noInput && 'entries' in def.input && Object.keys((def.input as unknown as { entries: object }).entries).length === 0;
    expect(
      Object.entries({ ...protocol, ...jobs })
        .filter(([, def]) => emptyStrict(def))
        .map(([name]) => name),
    ).toEqual([]);
  });

  it('accepts {} and nothing, and an object without prototype', () => {
    expect(v.safeParse(noInput, {}).success).toBe(true);
    expect(v.safeParse(noInput, undefined).success).toBe(true);
    expect(v.safeParse(noInput, Object.create(null)).success).toBe(true);
  });

  it('regression: settings.reset with [] does not reset the settings', async () => {
    const { fake, client } = await setup();
    const reply = await fake.control.sendMessage({ channel: 'tidymarks', type: 'settings.reset', input: [] });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect((await client.call('settings.get', {})).notifications.enabled).toBe(false);
  });

  it('regression: every request without input refuses [], a Date, a Map and {x: 1} with invalid-request and changes nothing', async () => {
    const { fake, snapshot } = await setup();
    const before = await snapshot();
    for (const type of requestsWithoutInput) {
      for (const [name, make] of notEmpty) {
        const reply = (await fake.control.sendMessage({ channel: 'tidymarks', type, input: make() })) as { ok: boolean; error?: { code: string; message: string } };
        expect(reply, `${type} with ${name}`).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
        expect(reply.error!.message).toMatch(/Expected no input|Expected|Invalid/);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('regression: every job without input refuses [], a Date, a Map and {x: 1} with invalid-request and changes nothing', async () => {
    const { fake, snapshot } = await setup();
    const before = await snapshot();
    for (const kind of jobsWithoutInput) {
      for (const [name, make] of notEmpty) {
        const port = fake.control.connect(PORT_NAME);
        const answer = new Promise<unknown>((resolve) => port.onMessage.addListener((m: unknown) => resolve(m)));
        port.postMessage({ op: 'start', kind, input: make() });
        expect(await answer, `${kind} with ${name}`).toMatchObject({ op: 'error', error: { code: 'invalid-request' } });
        port.disconnect();
      }
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('errors quote at most a capped part of what they received', () => {
  const huge = 'x'.repeat(1_000_000);

  it('regression: a 1,000,000-character value is not echoed whole by a schema error (router)', async () => {
    const { fake } = await setup();
    const replies = [
      await fake.control.sendMessage({ channel: huge, type: 'core.ping', input: {} }),
      await fake.control.sendMessage({ channel: 'tidymarks', type: 'tags.urlsWithTag', input: { tag: 'a', [huge]: 1 } }),
      await fake.control.sendMessage({ channel: 'tidymarks', type: 'settings.set', input: { patch: { keep: { rules: [huge] } } } }),
      await fake.control.sendMessage({ channel: 'tidymarks', type: 'search.open', input: { url: huge.slice(0, 60_000) } }),
    ] as { ok: boolean; error: { code: string; message: string } }[];
    for (const reply of replies) {
      expect(reply.ok).toBe(false);
      expect(reply.error.message.length).toBeLessThan(1200);
    }
    // The cut value still says what it was.
    expect(replies[0]!.error.message).toMatch(/received "x{80}…" \(1,000,000 characters\)/);
    expect(replies[1]!.error.message).toMatch(
      /^Invalid input for "tags.urlsWithTag": x{40}… \(1,000,000 characters\): Invalid key: expected never, received "x{80}…" \(1,000,000 characters\)$/,
    );
  });

  it('describeIssues caps the received value, path keys and each issue', () => {
    const parsed = v.safeParse(v.strictObject({ a: v.picklist(['one', 'two']) }), { a: huge });
    expect(parsed.success).toBe(false);
    const text = describeIssues(parsed.issues!);
    expect(text).toBe(`a: Invalid type: expected ("one" | "two"), received "${'x'.repeat(80)}…" (1,000,000 characters)`);
  });

  it('toWireError caps any message, also Firefox’s own', () => {
    expect(toWireError(new Error(`Invalid bookmark: {"url":"${huge}"}`)).message.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE + 40);
    expect(toWireError(new Error('short')).message).toBe('Firefox reported an error: short');
  });

  it('capQuoted and capText keep short values whole and never split a surrogate pair', () => {
    expect(capQuoted('abc')).toBe('"abc"');
    expect(capQuoted({ a: 1 })).toBe('{"a":1}');
    expect(capText(`${'a'.repeat(9)}😀tail`, 10)).toBe(`${'a'.repeat(9)}… (15 characters)`);
  });

  it('an unopenable URL is quoted capped', () => {
    expect(() => assertOpenable(`not a url ${huge}`, 'moz-extension://x/')).toThrow(
      /^Tidymarks cannot open "not a url x{70}…" \(1,000,010 characters\): it is not a web address\.$/,
    );
  });
});
