/**
 * Every word a person reads goes through here: messages from `_locales/<locale>/messages.json` (Firefox picks the
 * locale), plural forms by `Intl.PluralRules`, numbers and dates by `Intl` in the UI's locale.
 *
 * The entries (background/main.ts, popup/main.tsx, options/main.tsx) call `useBrowserMessages(browser.i18n)` before
 * anything renders; unit tests install the English catalog (tests/setup/unit.ts) or the pseudo-locale. Never call
 * `t()` at a module's top level: the source is installed at start.
 *
 * Plurals: a message family is `<base>_one`, `<base>_other` (and `_zero`, `_two`, `_few`, `_many` where a locale
 * needs them); `plural(base, n)` picks the form for `n` and passes the formatted number as `$1`, further
 * substitutions as `$2`...
 */
import type enMessages from '../../_locales/en/messages.json';
import { catalogLookup, pseudoCatalog, type Catalog } from './catalog';
import type { MessageArgs } from './generated/message-args';
import type { Substitution } from './substitution';

export type { Catalog } from './catalog';
export { catalogLookup, pseudoCatalog } from './catalog';

/**
 * Every message id of the English catalog (the reference locale: every other locale has the same ids), with the
 * substitutions it takes (generated/message-args.ts, generated from the catalog by scripts/message-args.mjs).
 */
export type MessageId = keyof MessageArgs & keyof typeof enMessages;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A message family with plural forms: ids `<base>_other` (and `<base>_one`...). */
export type PluralId = MessageId extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;

export type { Substitution } from './substitution';
export type { MessageArgs } from './generated/message-args';

/** The substitutions after the count of a plural family (`$2`...): the count itself is `$1`. */
type AfterCount<Args> = Args extends [Substitution, ...infer Rest] ? Rest : [];
export type PluralArgs<B extends PluralId> = AfterCount<MessageArgs[`${B}_other` & keyof MessageArgs]>;

/** What the helper needs from `browser.i18n` (also what the fake and the catalogs provide). */
export interface MessageSource {
  getMessage(id: string, substitutions?: string | string[]): string;
  getUILanguage(): string;
}

let source: MessageSource | null = null;
let locale = 'en';
let pluralRules = new Intl.PluralRules('en');
let ordinalRules = new Intl.PluralRules('en', { type: 'ordinal' });
let numbers = new Intl.NumberFormat('en');
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * Messages as the source gave them, by id and substitutions: a source's text does not change, and asking
 * `browser.i18n` is a call into the extension API each time (a list's header and labels on every render). Emptied
 * when it holds many (counts and names vary without end).
 */
const texts = new Map<string, string>();
const TEXTS_KEPT = 2_000;

/** Makes `source` answer every message from now on (the entries pass `browser.i18n`). */
export function useMessages(next: MessageSource): void {
  source = next;
  locale = safeLocale(next.getUILanguage());
  pluralRules = new Intl.PluralRules(locale);
  ordinalRules = new Intl.PluralRules(locale, { type: 'ordinal' });
  numbers = new Intl.NumberFormat(locale);
  numberFormats.clear();
  dateFormats.clear();
  texts.clear();
}

/** The entries' call: Firefox's own lookup (`browser.i18n` or the global `browser.i18n` of an extension page). */
export function useBrowserMessages(i18n: MessageSource): void {
  useMessages({ getMessage: (id, subs) => i18n.getMessage(id, subs), getUILanguage: () => i18n.getUILanguage() });
}

/** Test builds only: a page opened with this query parameter shows the pseudo-locale (e2e overflow checks). */
export const PSEUDO_LOCALE_PARAM = 'pseudo-locale';

/**
 * A page's start: Firefox's lookup (or, in a test build opened with ?pseudo-locale, the pseudo-locale), and the
 * document's `lang` and `dir` (from `@@bidi_dir`) set from it. Production builds drop the pseudo-locale branch.
 */
export async function startPageText(i18n: MessageSource, root: HTMLElement = document.documentElement): Promise<void> {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- not a Preact hook: installs the message source ("use this")
  useBrowserMessages(i18n);
  if (__TIDYMARKS_TEST_BUILD__ && new URLSearchParams(globalThis.location?.search).has(PSEUDO_LOCALE_PARAM)) {
    const { default: english } = await import('../../_locales/en/messages.json');
    // eslint-disable-next-line react-hooks/rules-of-hooks -- not a Preact hook: installs a catalog ("use this")
    useCatalog(pseudoCatalog(english), uiLocale());
  }
  root.lang = uiLocale();
  root.dir = textDirection();
}

/** Installs a catalog (tests, the pseudo-locale): `lang` is the locale its numbers and plurals follow. */
export function useCatalog(catalog: Catalog, lang = 'en'): void {
  useMessages({ getMessage: catalogLookup(catalog), getUILanguage: () => lang });
}

/** The UI's locale, as Firefox reports it (BCP 47). */
export function uiLocale(): string {
  return locale;
}

/** The text of message `id` with `$1`... (or named placeholders) replaced by `substitutions`. */
export function t<K extends MessageId>(id: K, ...substitutions: MessageArgs[K]): string {
  return lookup(id, substitutions);
}

/** The form of `base` that `n` takes in the UI's locale, with `n` formatted as `$1` and `more` as `$2`... */
export function plural<B extends PluralId>(base: B, n: number, ...more: PluralArgs<B>): string {
  const category = pluralRules.select(n) as PluralSuffix;
  const subs: Substitution[] = [formatNumber(n), ...(more as Substitution[])];
  const text = category === 'other' ? '' : lookup(`${base}_${category}`, subs, true);
  return text || lookup(`${base}_other`, subs);
}

/**
 * A message kept as data rather than as text: made where something happens (the background's cleanup and import
 * reports), worded by `say()` where a person reads it, so it follows the page's locale and a stored one still reads
 * after a change of language. `msg()` and `msgPlural()` check the id and substitutions like `t()` and `plural()`.
 */
export type Msg = { id: MessageId; args: Substitution[] } | { plural: PluralId; n: number; args: Substitution[] };

/** `t(id, ...substitutions)` kept as data, for `say()` later. */
export function msg<K extends MessageId>(id: K, ...substitutions: MessageArgs[K]): Msg {
  return { id, args: substitutions as Substitution[] };
}

/** `plural(base, n, ...more)` kept as data, for `say()` later. */
export function msgPlural<B extends PluralId>(base: B, n: number, ...more: PluralArgs<B>): Msg {
  return { plural: base, n, args: more as Substitution[] };
}

/**
 * The text of a message kept as data, in the UI's locale; a plain string (what older versions stored) is shown
 * as it is.
 */
export function say(message: Msg | string): string {
  if (typeof message === 'string') return message;
  if ('plural' in message) return (plural as (base: string, n: number, ...more: Substitution[]) => string)(message.plural, message.n, ...message.args);
  return lookup(message.id, message.args);
}

/** A number for people: grouping and decimal separators of the UI's locale; `options` are Intl's (units, digits). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  if (!options) return numbers.format(n);
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(n);
}

/** A position for people ("1st", "2nd" in English, "1." in German): the `ordinal` family by ordinal plural rules. */
export function ordinal(n: number): string {
  const category = ordinalRules.select(n) as PluralSuffix;
  const subs = [formatNumber(n)];
  const text = category === 'other' ? '' : lookup(`ordinal_${category}`, subs, true);
  return text || lookup('ordinal_other', subs);
}

/** A date (and time, with `{timeStyle}`) in the UI's locale; `options` are Intl's. */
export function formatDate(date: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/** 'rtl' when the UI's locale is written right to left (Firefox's `@@bidi_dir`), else 'ltr'. */
export function textDirection(): 'ltr' | 'rtl' {
  return source?.getMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';
}

function lookup(id: string, substitutions: Substitution[], optional = false): string {
  if (!source) throw new Error(`No message source installed (asked for "${id}"): call useBrowserMessages() in the entry`);
  const subs = substitutions.map((s) => (typeof s === 'number' ? formatNumber(s) : s));
  const key = subs.length ? id + JSON.stringify(subs) : id;
  let text = texts.get(key);
  if (text === undefined) {
    text = source.getMessage(id, subs);
    if (texts.size >= TEXTS_KEPT) texts.clear();
    texts.set(key, text);
  }
  // A missing id is a bug a test must see; in the running extension it shows the id rather than nothing.
  if (!text && !optional) return `⟦${id}⟧`;
  return text;
}

function safeLocale(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag.replace('_', '-'))[0] ?? 'en';
  } catch {
    return 'en';
  }
}
