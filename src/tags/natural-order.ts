/** Natural order for addresses, titles and tag names: numbers by value ("doc/11" before "doc/102"), case and accents ignored first. */
export const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order, then code-unit order so that different strings never compare equal. */
export function compareNatural(a: string, b: string): number {
  return naturalOrder.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
