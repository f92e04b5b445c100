/**
 * npm run bench [-- --quick] [-- --only <text>] [-- --part <text>]: runs every bench/*.bench.ts suite (node and real
 * Firefox), prints a table and writes bench/results.json (an array of {id, value, unit, better, note}). With --only,
 * the suites run replace their own rows in bench/results.json and the other rows stay (not with --quick). With
 * --part, a suite made of parts runs only those whose name holds the text (`ctx.runs`), e.g.
 * `--only dedup-cleanup --part collapse`.
 * Ratios are measured against anchors in the same run, because this machine is shared and noisy.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useCatalog } from '../src/i18n';
import type { Firefox } from '../tests/e2e/firefox';
import { launchBenchFirefox } from './lib/firefox-profiles';
import type { BenchRow, BenchSuite } from './lib/types';

const root = resolve(import.meta.dirname, '..');
// Node suites run product code that words things (root folder names in a scan's paths): English, as in unit tests.
useCatalog(JSON.parse(readFileSync(resolve(root, '_locales/en/messages.json'), 'utf8')) as Parameters<typeof useCatalog>[0]);
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined;
const partIndex = args.indexOf('--part');
const part = partIndex >= 0 ? args[partIndex + 1] : undefined;

function barStatus(row: BenchRow): string {
  if (!row.bar) return '';
  const { max, min } = row.bar;
  const ok = (max === undefined || row.value <= max) && (min === undefined || row.value >= min);
  const text = max !== undefined ? `≤ ${max}` : `≥ ${min}`;
  return `${ok ? 'pass' : 'FAIL'} (${text})`;
}

async function main() {
  const files = readdirSync(resolve(root, 'bench'))
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => !only || f.includes(only))
    .sort();
  console.log(`Building the test extension (dist-test)…`);
  execFileSync(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'test', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  for (const file of files) {
    const suite = (await import(resolve(root, 'bench', file))).default as BenchSuite;
    const opened: Firefox[] = [];
    const log = (m: string) => console.log(`  [${suite.name}] ${m}`);
    const started = Date.now();
    console.log(`\n▶ ${suite.name}${quick ? ' (quick)' : ''}`);
    try {
      const suiteRows = await suite.run({
        quick,
        log,
        runs: (name) => !part || name.includes(part),
        firefox: async (options = {}) => {
          const ff = await launchBenchFirefox(options, log);
          opened.push(ff);
          return ff;
        },
      });
      for (const row of suiteRows) console.log(`  ${row.id} = ${row.value} ${row.unit} ${barStatus(row)}`);
      rows.push(...suiteRows);
    } catch (error) {
      failures.push(`${suite.name}: ${(error as Error).stack ?? error}`);
      console.error(`  ✗ ${suite.name} failed: ${(error as Error).message}`);
    } finally {
      for (const ff of opened) await ff.close();
    }
    console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }

  const out = rows.map(({ id, value, unit, better, note, bar }) => ({ id, value, unit, better, note: quick ? `${note} [quick sizes]` : note, ...(bar ? { bar } : {}) }));
  const resultsFile = resolve(root, 'bench/results.json');
  const partial = only || part;
  if (!partial) writeFileSync(resultsFile, JSON.stringify(out, null, 2) + '\n');
  else if (!quick && !failures.length) {
    // --only, --part: this run's rows replace the rows with the same id; every other row stays from its own run.
    const kept = (existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { id: string }[]) : []).filter((r) => !out.some((o) => o.id === r.id));
    writeFileSync(resultsFile, JSON.stringify([...kept, ...out], null, 2) + '\n');
  }
  console.log('\n| id | value | unit | better | bar |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.id} | ${row.value} | ${row.unit} | ${row.better} | ${barStatus(row)} |`);
  if (partial)
    console.log(
      `\n(${only ? '--only' : '--part'}: ${quick || failures.length ? 'bench/results.json left unchanged' : 'these rows replaced in bench/results.json, the others kept'})`,
    );
  if (failures.length) {
    console.error(`\n${failures.length} suite(s) failed:\n${failures.join('\n')}`);
    process.exit(1);
  }
}

await main();
