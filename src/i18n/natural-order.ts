import { uiLocale } from './index';

let collator: Intl.Collator | null = null;
let collatorLocale = '';

/**
 * Natural order for addresses, titles and tag names in the UI's locale (German puts "Ä" with "A", Swedish after
 * "Z"): numbers by value ("doc/11" before "doc/102"), case and accents ignored first.
 */
export function naturalOrder(): Intl.Collator {
  const locale = uiLocale();
  if (!collator || collatorLocale !== locale) {
    collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    collatorLocale = locale;
  }
  return collator;
}

/** Natural order, then code-unit order so that different strings never compare equal. */
export function compareNatural(a: string, b: string): number {
  return naturalOrder().compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
