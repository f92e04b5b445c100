/**
 * Random texts for the search index's property tests: titles and URLs from a small vocabulary (accents, shared
 * prefixes), hosts with subdomains, tags, and typed queries (prefixes of one to three words, with tag and site filters).
 */
import type { Rng } from '../../../scripts/prng.mjs';

export const VOCABULARY = 'rust guide rusty trust react reactor preact pasta pastry page pages paint café cafe über uber mozilla moz map maps news'.split(' ');
export const HOSTS = ['a.example', 'rust.example', 'news.example.org', 'sub.news.example.org', 'maps.example', 'xn--caf-dma.example'];
export const TAGS = ['work', 'Read later', 'rust', 'Café', 'news'];

export function phrase(rng: Rng, max: number): string {
  return Array.from({ length: rng.int(0, max) }, () => rng.pick(VOCABULARY) + (rng.chance(0.2) ? String(rng.below(50)) : '')).join(' ');
}

export function url(rng: Rng): string {
  return `https://${rng.pick(HOSTS)}/${phrase(rng, 3).replace(/ /g, '/')}${rng.chance(0.3) ? `?q=${rng.pick(VOCABULARY)}` : ''}`;
}

export function query(rng: Rng): string {
  const parts = Array.from({ length: rng.int(1, 3) }, () => {
    const word = rng.pick(VOCABULARY);
    return word.slice(0, rng.int(1, word.length));
  });
  if (rng.chance(0.15)) parts.push(`#${rng.pick(TAGS).split(' ')[0]!.toLowerCase()}`);
  if (rng.chance(0.15)) parts.push(`site:${rng.pick(HOSTS)}`);
  if (rng.chance(0.05)) return parts.slice(-1).join(' ');
  return parts.join(' ');
}
