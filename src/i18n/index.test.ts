import { afterEach, describe, expect, it, vi } from 'vitest';
import enMessages from '../../_locales/en/messages.json';
import {
  formatDate,
  formatNumber,
  msg,
  msgPlural,
  plural,
  pseudoCatalog,
  say,
  t,
  textDirection,
  uiLocale,
  useCatalog,
  useMessages,
  type Catalog,
  type Substitution,
} from '.';

const catalog: Catalog = {
  greeting: { message: 'Hello, $WHO$! You have $COUNT$ new $$ offers.', placeholders: { who: { content: '$1' }, count: { content: '$2' } } },
  bare: { message: 'First $1, then $2, missing $3.' },
  copies_one: { message: '$1 copy in $2' },
  copies_other: { message: '$1 copies in $2' },
  hours_one: { message: '$1 hour' },
  hours_few: { message: '$1 hodiny' },
  hours_many: { message: '$1 hodiny (many)' },
  hours_other: { message: '$1 hodin' },
};
// The test catalog's ids are not in the English catalog's types: call the helpers untyped.
const tAny = t as (id: string, ...substitutions: Substitution[]) => string;
const pluralAny = plural as (base: string, n: number, ...more: Substitution[]) => string;

afterEach(() => useCatalog(enMessages));

describe('t()', () => {
  it('fills named placeholders and $1...$9, keeps $$ as a dollar, leaves a missing substitution empty', () => {
    useCatalog(catalog);
    expect(tAny('greeting', 'Ada', 3)).toBe('Hello, Ada! You have 3 new $ offers.');
    expect(tAny('bare', 'a', 'b')).toBe('First a, then b, missing .');
  });

  it('formats number substitutions in the UI locale', () => {
    useCatalog(catalog, 'de');
    expect(tAny('bare', 1234567.5, 'x')).toBe('First 1.234.567,5, then x, missing .');
  });

  it('shows an unknown id visibly instead of an empty string', () => {
    useCatalog(catalog);
    expect(tAny('nope')).toBe('⟦nope⟧');
  });

  it('answers from the English catalog in unit tests by default', () => {
    expect(t('extensionName')).toBe('Tidymarks');
  });

  it('throws a clear error when no source was installed', async () => {
    vi.resetModules();
    const fresh = await import('./index');
    expect(() => fresh.t('extensionName')).toThrow(/No message source installed \(asked for "extensionName"\)/);
  });
});

describe('plural()', () => {
  it('picks one/other by Intl.PluralRules and passes the number as $1', () => {
    useCatalog(catalog, 'en');
    expect(pluralAny('copies', 1, 'Dev')).toBe('1 copy in Dev');
    expect(pluralAny('copies', 0, 'Dev')).toBe('0 copies in Dev');
    expect(pluralAny('copies', 1234, 'Dev')).toBe('1,234 copies in Dev');
  });

  it('uses the locale’s categories (Czech few/many) and falls back to other when a form is missing', () => {
    useCatalog(catalog, 'cs');
    expect(pluralAny('hours', 1)).toBe('1 hour');
    expect(pluralAny('hours', 3)).toBe('3 hodiny');
    expect(pluralAny('hours', 5)).toBe('5 hodin');
    expect(pluralAny('hours', 1.5)).toBe('1,5 hodiny (many)');
    useCatalog(catalog, 'ar');
    expect(pluralAny('copies', 2, 'x')).toBe(`${formatNumber(2)} copies in x`); // Arabic's 'two' form is missing: other
  });
});

describe('numbers, dates, direction', () => {
  it('follow the UI locale, not a fixed en-US', () => {
    useCatalog(catalog, 'de');
    expect(uiLocale()).toBe('de');
    expect(formatNumber(1587)).toBe('1.587');
    expect(formatDate(Date.UTC(2026, 11, 3, 12), { dateStyle: 'long', timeZone: 'UTC' })).toBe('3. Dezember 2026');
    useCatalog(catalog, 'en_GB');
    expect(uiLocale()).toBe('en-GB');
    expect(formatDate(Date.UTC(2026, 11, 3, 12), { dateStyle: 'short', timeZone: 'UTC' })).toBe('03/12/2026');
  });

  it('reads the direction from @@bidi_dir', () => {
    useMessages({ getMessage: (m) => (m === '@@bidi_dir' ? 'rtl' : ''), getUILanguage: () => 'he' });
    expect(textDirection()).toBe('rtl');
    useCatalog(catalog);
    expect(textDirection()).toBe('ltr');
  });
});

describe('msg(), msgPlural() and say(): a message kept as data', () => {
  it('is worded when it is shown, in the locale installed then, not the one it was made in', () => {
    const made = [msg('cleanupProblemNotMoved', 'Places said no'), msgPlural('dupLeftAsTheyAre', 3)];
    // Plain data: it crosses the message boundary (structured clone) and a page words it.
    expect(structuredClone(made)).toEqual([
      { id: 'cleanupProblemNotMoved', args: ['Places said no'] },
      { plural: 'dupLeftAsTheyAre', n: 3, args: [] },
    ]);
    expect(made.map(say)).toEqual(['It could not be moved: Places said no', plural('dupLeftAsTheyAre', 3)]);
    useCatalog(pseudoCatalog(enMessages));
    expect(say(made[0]!)).toMatch(/^\[.*Places said no.*\]$/);
    expect(say(made[1]!)).toBe(plural('dupLeftAsTheyAre', 3));
  });

  it('shows a plain string (what older versions stored) as it is', () => {
    expect(say('It could not be moved: an older session')).toBe('It could not be moved: an older session');
  });
});

describe('pseudoCatalog()', () => {
  it('brackets, accents and lengthens every message by about 40% and keeps placeholders working', () => {
    const pseudo = pseudoCatalog(catalog);
    useCatalog(pseudo);
    const text = tAny('greeting', 'Ada', 3);
    expect(text.startsWith('[') && text.endsWith(']')).toBe(true);
    expect(text).toContain('Ada');
    expect(text).toContain(' 3 ');
    expect(text).not.toMatch(/Hello/);
    const original = 'Hello, ! You have  new $ offers.'.length;
    expect(text.length - 'Ada3'.length).toBeGreaterThanOrEqual(Math.round(original * 1.4));
  });
});
