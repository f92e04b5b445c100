/**
 * Numbers with their noun, in the one place that knows plural rules: "1 visit", "2 visits", "1,204 visits".
 * Intl.PluralRules picks the form and Intl.NumberFormat writes the number (the pages are in English for now).
 */
const LOCALE = 'en';
const plural = new Intl.PluralRules(LOCALE);
const number = new Intl.NumberFormat(LOCALE);

export interface NounForms {
  one: string;
  other: string;
}

/** The number written for people (grouping separators). */
export function formatCount(n: number): string {
  return number.format(n);
}

/** "3 times", "1 copy": the number and the noun in the form the number takes. */
export function countLabel(n: number, forms: NounForms): string {
  return `${number.format(n)} ${plural.select(n) === 'one' ? forms.one : forms.other}`;
}
