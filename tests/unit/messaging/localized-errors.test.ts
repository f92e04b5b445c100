/**
 * Errors a person reads are in their language: the router's refusals, valibot's details, Firefox's own errors
 * relayed by the router (a sentence saying so, Firefox's words after it), and the length of a value cut short.
 * Error codes stay the same in every language.
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import deMessages from '../../../_locales/de/messages.json';
import enMessages from '../../../_locales/en/messages.json';
import { useCatalog } from '../../../src/i18n';
import { capText, toWireError } from '../../../src/messaging/errors';
import { describeIssues } from '../../../src/messaging/schema-issues';
import { createRouter } from '../../../src/messaging/router';
import { request } from '../../../src/messaging/define';
import { settingsSchema } from '../../../src/settings/settings';
import { compareNatural } from '../../../src/i18n/natural-order';

afterEach(() => useCatalog(enMessages));

describe('errors in the user’s language', () => {
  it('Firefox’s own error, relayed: a German sentence, then Firefox’s words; the code is unchanged', () => {
    useCatalog(deMessages, 'de');
    expect(toWireError(new Error('Invalid bookmark: {"url":"x"}'))).toEqual({
      code: 'internal',
      message: 'Firefox hat einen Fehler gemeldet: Invalid bookmark: {"url":"x"}',
    });
    expect(toWireError(new Error('No bookmarks found for the provided GUID: x'))).toMatchObject({
      code: 'not-found',
      message: expect.stringMatching(/^Dieses Lesezeichen oder dieser Ordner existiert nicht mehr\. Firefox meldet: No bookmarks found/),
    });
    expect(toWireError(undefined)).toEqual({ code: 'internal', message: 'Etwas Unerwartetes ist schiefgegangen.' });
    expect(capText('x'.repeat(1234), 10)).toBe(`${'x'.repeat(10)}… (1.234 Zeichen)`);
  });

  it('valibot’s details are worded by the catalog; a schema’s own message is kept', () => {
    const issues = v.safeParse(v.strictObject({ a: v.picklist(['one', 'two']), b: v.pipe(v.string(), v.maxLength(3)) }), { a: 1, b: 'long', c: true }).issues!;
    useCatalog(deMessages, 'de');
    expect(describeIssues(issues)).toBe(
      'a: Ungültiger Typ: erwartet ("one" | "two"), erhalten 1; b: Ungültige Länge: erwartet <=3, erhalten 4; c: Ungültiger Schlüssel: erwartet never, erhalten "c"',
    );
    const rules = v.safeParse(settingsSchema.entries.keep, { rules: [], preferredFolderIds: [] }).issues!;
    expect(describeIssues(rules)).toBe('rules: Mindestens eine Behalte-Regel ist nötig.');
  });

  it('the router’s refusals are German, with the same codes', async () => {
    useCatalog(deMessages, 'de');
    const router = createRouter({
      protocol: { 't.add': request<number>()(v.strictObject({ a: v.number() })) },
      handlers: { 't.add': ({ a }) => a },
      extensionId: 'ext',
      extensionOrigin: 'moz-extension://ext/',
    });
    const own = { id: 'ext', url: 'moz-extension://ext/options/index.html' };
    expect(await router.handle({ channel: 'tidymarks', type: 't.add', input: {} }, { id: 'other', url: 'https://example.org/' })).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Nachrichten werden nur von Seiten von Tidymarks angenommen.' },
    });
    expect(await router.handle({ channel: 'tidymarks', type: 't.nope', input: {} }, own)).toEqual({
      ok: false,
      error: { code: 'unknown-type', message: 'Unbekannte Anfrage „t.nope“.' },
    });
    expect(await router.handle({ channel: 'tidymarks', type: 't.add', input: { a: 'x' } }, own)).toEqual({
      ok: false,
      error: { code: 'invalid-request', message: 'Ungültige Eingabe für „t.add“: a: Ungültiger Typ: erwartet number, erhalten "x"' },
    });
  });
});

describe('natural order follows the UI’s locale', () => {
  it('German sorts Ä with A, Swedish after Z', () => {
    useCatalog(enMessages, 'de');
    expect(['Zebra', 'Äpfel', 'Apfel 10', 'Apfel 9'].sort(compareNatural)).toEqual(['Äpfel', 'Apfel 9', 'Apfel 10', 'Zebra']);
    useCatalog(enMessages, 'sv');
    expect(['Zebra', 'Äpfel', 'Apfel 10', 'Apfel 9'].sort(compareNatural)).toEqual(['Apfel 9', 'Apfel 10', 'Zebra', 'Äpfel']);
  });
});
