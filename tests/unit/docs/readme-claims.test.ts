/**
 * What the README and the manifest promise is what the code does: the platforms (no Firefox for Android while it has
 * no bookmarks API for extensions; the minimum version), the matching rules the intro says are on by default and
 * those it says you turn on, and the default order of the keep rules.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import { createMatchKeyer, type MatchRule } from '../../../src/url-matching';

const root = resolve(import.meta.dirname, '../../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(resolve(root, 'manifest.json'), 'utf8')) as {
  browser_specific_settings: Record<string, { strict_min_version?: string } | undefined>;
};

/** The intro's words for a matching rule, with a pair of addresses that only that rule makes one. */
const MATCHING_WORDS: Record<string, { rule: MatchRule; a: string; b: string }> = {
  'trailing slashes': { rule: 'trailing-slash', a: 'https://a.example/docs/', b: 'https://a.example/docs' },
  'tracking parameters': { rule: 'tracking-params', a: 'https://a.example/p?utm_source=x', b: 'https://a.example/p' },
  'index pages': { rule: 'index-page', a: 'https://a.example/d/index.html', b: 'https://a.example/d/' },
  'default ports': { rule: 'default-port', a: 'https://a.example:443/p', b: 'https://a.example/p' },
  'http/https': { rule: 'http-https', a: 'http://a.example/p', b: 'https://a.example/p' },
  'www.': { rule: 'www', a: 'https://www.a.example/p', b: 'https://a.example/p' },
};

function introMatching(): { byDefault: string[]; whenTurnedOn: string[] } {
  const intro = readme.slice(0, readme.indexOf('\n## ')).replace(/\s+/g, ' ');
  const m = /near-identical addresses: ([^;]+); (.+?) when you turn them on/.exec(intro);
  if (!m) throw new Error('The README intro no longer says which near-identical addresses match: update this test with it.');
  const words = (list: string) => list.split(/, | and /).map((w) => w.trim());
  return { byDefault: words(m[1]!), whenTurnedOn: words(m[2]!) };
}

describe('the README and the manifest say what is true', () => {
  it('no Firefox for Android in the manifest or the README while its bookmarks API is missing', () => {
    expect(Object.keys(manifest.browser_specific_settings)).toEqual(['gecko']);
    expect(readme).not.toMatch(/Firefox for Android \d+|Android \d+\+/);
  });

  it('the minimum Firefox the README names is the manifest’s', () => {
    const min = manifest.browser_specific_settings.gecko!.strict_min_version!.replace(/\.0$/, '');
    expect(readme).toContain(`Requires Firefox ${min} or newer`);
  });

  it('the addresses the intro says match by default match with the default settings; the others only when turned on', () => {
    const { byDefault, whenTurnedOn } = introMatching();
    expect(byDefault.length).toBeGreaterThan(0);
    expect(whenTurnedOn.length).toBeGreaterThan(0);
    const defaults = createMatchKeyer(DEFAULT_SETTINGS.matching);
    const everything = createMatchKeyer({ httpEqualsHttps: true, ignoreWww: true, ignoreFragment: true, ignoreQuery: true, sortQueryParams: true });
    for (const words of [...byDefault, ...whenTurnedOn]) expect(Object.keys(MATCHING_WORDS), `"${words}" in the README intro`).toContain(words);
    for (const words of byDefault) {
      const { a, b } = MATCHING_WORDS[words]!;
      expect(defaults(a), `"${words}" match by default`).toBe(defaults(b));
    }
    for (const words of whenTurnedOn) {
      const { a, b } = MATCHING_WORDS[words]!;
      expect(defaults(a), `"${words}" do not match by default`).not.toBe(defaults(b));
      expect(everything(a), `"${words}" match when turned on`).toBe(everything(b));
    }
  });

  it('the default order of the keep rules is the one the README tells', () => {
    const told = /\*\*Which copy stays by default\*\*: (.+?)\. Reorder/s.exec(readme)?.[1]?.replace(/\s+/g, ' ');
    expect(told).toBeDefined();
    const words: [RegExp, string][] = [
      [/a real title/, 'bestTitle'],
      [/the address without tracking parameters/, 'cleanUrl'],
      [/your preferred folders/, 'preferredFolder'],
      [/the oldest/, 'oldest'],
      [/the most tags/, 'mostTags'],
      [/the most visits/, 'mostVisits'],
    ];
    const inReadme = told!
      .split(/, then |then /)
      .map((part) => words.find(([re]) => re.test(part))?.[1])
      .filter((rule) => rule !== undefined);
    expect(inReadme.length).toBeGreaterThanOrEqual(3);
    expect(DEFAULT_SETTINGS.keep.rules.slice(0, inReadme.length)).toEqual(inReadme);
  });
});
