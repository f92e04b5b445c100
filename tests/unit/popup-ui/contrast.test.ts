/**
 * The popup's colours meet WCAG AA in both themes, computed from popup/popup.css itself: text 4.5:1 against every
 * background it sits on (the highlighted row included), and the highlight bar, focus ring and field borders 3:1
 * against what surrounds them (WCAG 1.4.11).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(resolve(import.meta.dirname, '../../../popup/popup.css'), 'utf8');

function variables(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

const light = variables(/:root\s*\{([^}]*)\}/.exec(css)![1]!);
const dark = { ...light, ...variables(/@media \(prefers-color-scheme: dark\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(css)![1]!) };

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const TEXT: [fg: string, bg: string][] = [
  ['fg', 'bg'],
  ['muted', 'bg'],
  ['fg', 'active'],
  ['muted', 'active'],
  ['accent', 'bg'],
  ['accent-fg', 'accent'],
  ['fg', 'chip'],
  ['muted', 'chip'],
  ['error', 'bg'],
  ['fg', 'mark'],
];
const NON_TEXT: [a: string, b: string][] = [
  ['accent', 'active'], // the highlighted row's bar
  ['accent', 'bg'],
  ['focus', 'bg'],
  ['focus', 'active'],
  ['muted', 'bg'], // field and button borders
  ['error', 'chip'], // a dead link's marker icon
  ['accent', 'chip'], // a moved link's marker icon
];

describe.each([
  ['light', light],
  ['dark', dark],
])('popup colours, %s theme', (_name, theme) => {
  it.each(TEXT)('text --%s on --%s is at least 4.5:1', (fg, bg) => {
    expect(theme[fg], fg).toBeDefined();
    expect(theme[bg], bg).toBeDefined();
    expect(contrast(theme[fg]!, theme[bg]!)).toBeGreaterThanOrEqual(4.5);
  });
  it.each(NON_TEXT)('--%s against --%s is at least 3:1', (a, b) => {
    expect(contrast(theme[a]!, theme[b]!)).toBeGreaterThanOrEqual(3);
  });
});

describe('contrast()', () => {
  it('gives WCAG’s known values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
