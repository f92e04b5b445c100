/**
 * Every repository path the docs name exists: the README, docs/, the bench notes and the module READMEs point readers
 * at files (`src/dedup/cleanup/apply.ts`, tests/e2e/options.e2e.ts:42, docs/places-api.md), and a file that moved
 * leaves a pointer to nothing. Paths that are placeholders or patterns (`src/<feature>/protocol.ts`,
 * `tests/types/*.test-d.ts`) and the git-ignored output folders (`tests/e2e/.artifacts/`) are not checked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** The folders at the top of the repository whose paths the docs name. */
const PREFIXES = ['src', 'tests', 'scripts', 'bench', 'docs', 'background', 'popup', 'options', 'sidebar'];

/**
 * A path starts a word (after the line's start, a space, a quote, a bracket or a backtick; never after a "/" or a
 * letter, so URLs and deeper paths are not read as repository paths), runs while it has path characters, and may end
 * with a `:line` or `:line-line` suffix, which is dropped.
 */
const PATH = new RegExp(String.raw`(?<![\w./\-~])((?:${PREFIXES.join('|')})/[\w.\-/<>*]*)`, 'g');

/** The repository paths a Markdown text names, with the line each is on. */
function pathsIn(text: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  text.split('\n').forEach((lineText, i) => {
    for (const m of lineText.matchAll(PATH)) {
      let path = m[1]!;
      // Trailing punctuation of the sentence is not part of the path (a folder's own "/" is).
      path = path.replace(/[.\-]+$/, '');
      if (/[<>*]|\.\.\./.test(path)) continue; // a placeholder or a pattern, not a file
      if (path.endsWith('/') && path.split('/').filter(Boolean).length === 1) continue; // "src/" alone: the folder
      found.push({ path, line: i + 1 });
    }
  });
  return found;
}

/** What the build, tests and benchmarks write (folders, files, links): named by the docs, absent from a fresh clone. */
const GENERATED = readFileSync(resolve(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim().replace(/^\//, '').replace(/\/$/, ''))
  .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!') && !l.includes('*'));

function isGenerated(path: string): boolean {
  return GENERATED.some((ignored) => path === ignored || path.startsWith(`${ignored}/`));
}

function markdownUnder(dir: string, deep: boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (deep) out.push(...markdownUnder(full, deep));
    } else if (name.endsWith('.md')) out.push(full);
  }
  return out;
}

/** README.md, docs/**\/*.md, bench/README.md, src/**\/README.md. */
function docFiles(): string[] {
  const files = [resolve(root, 'README.md'), ...markdownUnder(resolve(root, 'docs'), true)];
  if (existsSync(resolve(root, 'bench/README.md'))) files.push(resolve(root, 'bench/README.md'));
  files.push(...markdownUnder(resolve(root, 'src'), true).filter((f) => f.endsWith('/README.md')));
  return files.map((f) => relative(root, f)).sort();
}

describe('pathsIn reads the paths a doc names', () => {
  it('takes backticked and plain paths, drops a :line suffix and the sentence’s punctuation', () => {
    const text = [
      'See `src/dedup/cleanup/apply.ts` and src/popup-ui/popup-api.ts:51, then tests/e2e/options.e2e.ts:10-20.',
      '![shot](docs/screenshots/popup.png) (bench/README.md) "scripts/start.ts"; folder src/dedup/scan/',
    ].join('\n');
    expect(pathsIn(text)).toEqual([
      { path: 'src/dedup/cleanup/apply.ts', line: 1 },
      { path: 'src/popup-ui/popup-api.ts', line: 1 },
      { path: 'tests/e2e/options.e2e.ts', line: 1 },
      { path: 'docs/screenshots/popup.png', line: 2 },
      { path: 'bench/README.md', line: 2 },
      { path: 'scripts/start.ts', line: 2 },
      { path: 'src/dedup/scan/', line: 2 },
    ]);
  });

  it('leaves URLs, deeper paths, placeholders and patterns alone', () => {
    const text = 'https://example.org/docs/a.md, browser/base/content/x.inc, shared/spec/places-api.md, `src/<feature>/protocol.ts`, tests/types/*.test-d.ts, src/...';
    expect(pathsIn(text)).toEqual([]);
  });

  it('a missing file is reported', () => {
    const missing = pathsIn('`src/no-such-module/index.ts`').filter(({ path }) => !existsSync(resolve(root, path)));
    expect(missing.map((m) => m.path)).toEqual(['src/no-such-module/index.ts']);
  });
});

describe('every repository path the docs name exists', () => {
  const files = docFiles();

  it('the docs are found', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/ARCHITECTURE.md');
  });

  it.each(files)('%s', (file) => {
    const text = readFileSync(resolve(root, file), 'utf8');
    const missing = pathsIn(text)
      .filter(({ path }) => !isGenerated(path) && !existsSync(resolve(root, path)))
      .map(({ path, line }) => `${file}:${line}: ${path}`);
    expect(missing, `${file} names paths that do not exist`).toEqual([]);
  });
});
