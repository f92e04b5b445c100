#!/usr/bin/env node
/**
 * Prints bench/results.json as the README's Markdown table (benchmark, value, bar from the issues), so the README's
 * "Benchmarks" section is refreshed from the last full run instead of being typed by hand:
 *   node scripts/bench-table.mjs
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const rows = JSON.parse(readFileSync(resolve(import.meta.dirname, '../bench/results.json'), 'utf8'));
const lines = ['| benchmark | value | bar (from the issues) |', '|---|---|---|'];
for (const row of rows) {
  let bar = '';
  if (row.bar) {
    const { max, min } = row.bar;
    const ok = (max === undefined || row.value <= max) && (min === undefined || row.value >= min);
    bar = `${max !== undefined ? `≤ ${max}` : `≥ ${min}`} ${ok ? '✅' : '❌ not met'}`;
  }
  lines.push(`| \`${row.id}\` | ${row.value} ${row.unit} | ${bar} |`);
}
console.log(lines.join('\n'));
