/**
 * A messages.json catalog answered as `browser.i18n.getMessage` answers it (for unit tests and the pseudo-locale):
 * `$1`...`$9` are substitutions, `$name$` names a placeholder whose `content` is usually `$1`, `$$` is a dollar.
 */
export interface CatalogEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
export type Catalog = Record<string, CatalogEntry>;

export function catalogLookup(catalog: Catalog): (id: string, substitutions?: string | string[]) => string {
  const byLowerId = new Map(Object.entries(catalog).map(([id, entry]) => [id.toLowerCase(), entry]));
  return (id, substitutions) => {
    const entry = byLowerId.get(id.toLowerCase());
    if (!entry) return '';
    const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    const placeholders = new Map(Object.entries(entry.placeholders ?? {}).map(([name, p]) => [name.toLowerCase(), p.content]));
    const withPlaceholders = entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => placeholders.get(name.toLowerCase()) ?? whole);
    return withPlaceholders.replace(/\$(\$|[1-9])/g, (_, what: string) => (what === '$' ? '$' : (subs[Number(what) - 1] ?? '')));
  };
}

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  w: 'ŵ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  C: 'Ç',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
};

/**
 * The pseudo-locale: every message accented, about 40% longer and bracketed, placeholders kept, so a rendered
 * English literal, a clipped label or a concatenated sentence stands out in tests.
 */
export function pseudoCatalog(catalog: Catalog): Catalog {
  const out: Catalog = {};
  for (const [id, entry] of Object.entries(catalog)) {
    const accented = entry.message.replace(/\$[A-Za-z0-9_@]+\$|\$[1-9$]|[A-Za-z]/g, (m) => (m.length > 1 ? m : (ACCENTED[m] ?? m)));
    const letters = entry.message.replace(/\$[A-Za-z0-9_@]+\$|\$[1-9$]/g, '').length;
    const padding = '·'.repeat(Math.ceil(letters * 0.4));
    out[id] = { ...entry, message: `[${accented}${padding ? ' ' + padding : ''}]` };
  }
  return out;
}
