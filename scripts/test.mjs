// npm test: typecheck (both tsconfig projects), eslint, prettier's check, build with the popup's bundle budget, web-ext lint (zero errors and zero warnings), then every
// vitest project: unit (fake browser), contract (fake), e2e (real Firefox, including the contract suite against Firefox).
// Never skips: a missing Firefox fails the run with an install hint.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { findFirefox } from './find-firefox.mjs';
import { POPUP_BUNDLE_BUDGET_KB, popupBundleSize } from './popup-bundle.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);
const extraArgs = process.argv.slice(2);

function step(title, cmd, args, options = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const run = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  if (run.status !== 0 && !options.allowFailure) {
    console.error(`✗ ${title} failed (exit ${run.status})`);
    process.exit(run.status || 1);
  }
  console.log(`✓ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return run;
}

try {
  console.log(`Firefox: ${findFirefox()}`);
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exit(1);
}

/** Runs a command with its output kept, for steps that run side by side (their output is printed once each ends). */
function captured(cmd, args) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => done({ status: 1, stdout, stderr: stderr + String(error), seconds: (Date.now() - started) / 1000 }));
    child.on('close', (status) => done({ status, stdout, stderr, seconds: (Date.now() - started) / 1000 }));
  });
}

/** Prints a side-by-side step's outcome; false if it failed. */
function report(title, run) {
  console.log(`\n▶ ${title}`);
  process.stdout.write(run.stdout);
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    console.error(`✗ ${title} failed (exit ${run.status})`);
    return false;
  }
  process.stderr.write(run.stderr);
  console.log(`✓ ${title} (${run.seconds.toFixed(1)} s)`);
  return true;
}

/** The production build, then web-ext lint on it (zero errors and zero warnings); false if either failed. */
async function buildAndLint() {
  if (!report('build (dist/)', await captured(bin('vite'), ['build', '--logLevel', 'warn']))) return false;
  // The popup's budget, on the build just made: every file it may load, gzipped (scripts/popup-bundle.mjs).
  const popup = popupBundleSize(resolve(root, 'dist'));
  const popupLine = `the popup's bundle: ${popup.all.kb.toFixed(2)} kB gzipped in ${popup.all.files} files (budget ${POPUP_BUNDLE_BUDGET_KB} kB), ${popup.atOpen.kb.toFixed(2)} kB at opening`;
  if (popup.all.kb > POPUP_BUNDLE_BUDGET_KB) {
    console.error(`✗ ${popupLine}`);
    return false;
  }
  console.log(`✓ ${popupLine}`);
  const lint = await captured(bin('web-ext'), ['lint', '--source-dir', 'dist', '--self-hosted=false', '--output', 'json']);
  console.log('\n▶ web-ext lint dist/');
  let lintReport;
  try {
    lintReport = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{')));
  } catch {
    process.stderr.write(lint.stderr);
    console.error('✗ web-ext lint printed no JSON report');
    return false;
  }
  const { errors, warnings, notices } = lintReport.summary;
  console.log(`web-ext lint: ${errors} errors, ${warnings} warnings, ${notices} notices (${lint.seconds.toFixed(1)} s)`);
  if (errors !== 0 || warnings !== 0) {
    for (const m of [...lintReport.errors, ...lintReport.warnings]) console.error(`  ${m.code}: ${m.message} (${m.file ?? ''})`);
    return false;
  }
  return true;
}

// The checks that read the sources run side by side: each is one process on one core, and together they take the
// time of the slowest (eslint) instead of the sum. tsc -b checks tsconfig.app.json (the extension's code, without
// Node types) and tsconfig.node.json (tests, benchmarks, scripts, build), each incrementally: an unchanged project is
// not checked again.
const checksStarted = Date.now();
const [typecheck, eslint, prettier, built] = await Promise.all([
  captured(bin('tsc'), ['-b']),
  captured(bin('eslint'), ['--max-warnings', '0', '.']),
  captured(bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  buildAndLint(),
]);
const checksGreen = [
  report('typecheck (tsc -b, strict)', typecheck),
  report('eslint (zero errors and zero warnings)', eslint),
  report('formatting (prettier --check)', prettier),
  built,
].every(Boolean);
if (!checksGreen) process.exit(1);
console.log(`✓ static checks and build (${((Date.now() - checksStarted) / 1000).toFixed(1)} s)`);

step('test build (dist-test/)', bin('vite'), ['build', '--mode', 'test', '--logLevel', 'warn']);

mkdirSync(resolve(root, 'tests/e2e/.artifacts'), { recursive: true });

// Unit/contract tests first, then real Firefox alone: on a 2-core machine the two would slow each other down.
const totals = { passed: 0, failed: 0, skipped: 0 };
let allGreen = true;
for (const project of ['unit', 'e2e']) {
  const reportFile = resolve(root, `tests/e2e/.artifacts/vitest-${project}.json`);
  const title = project === 'unit' ? 'vitest: unit and contract tests (fake browser)' : 'vitest: e2e and contract tests in real Firefox';
  const run = step(title, bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...extraArgs], {
    allowFailure: true,
    env: { TIDYMARKS_SKIP_BUILD: '1' },
  });
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numTotalTests === 0) allGreen = false;
  } catch {
    totals.failed += 1;
  }
  if (run.status !== 0) allGreen = false;
}
const summary = `${totals.passed} passed, ${totals.failed} failed` + (totals.skipped ? `, ${totals.skipped} skipped` : '');
console.log(`\nTests: ${summary}`);
process.exit(allGreen && totals.failed === 0 && totals.passed > 0 ? 0 : 1);
