/**
 * Conventions the code base keeps, enforced here so that they survive new contributors
 * (see docs/ARCHITECTURE.md, "Rules").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function filesUnder(dir: string, pattern = /\.(ts|tsx)$/): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(root, dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(relative(root, path), pattern));
    else if (pattern.test(name)) out.push(relative(root, path));
  }
  return out;
}

const source = (path: string) => readFileSync(join(root, path), 'utf8');
function resolveLocal(from: string, spec: string): string {
  const base = join(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(join(root, candidate)).isFile()) return candidate;
    } catch {
      /* next candidate */
    }
  }
  throw new Error(`${from}: cannot resolve ${spec}`);
}

/** Every relative import of a file, static, type-only, re-exported or dynamic (`import('...')`), as a repo path. */
const importSpecifiers = /(?:^\s*(?:import|export)\s[^;]*?from\s+|^\s*import\s+|\bimport\(\s*)['"](\.[^'"]+)['"]/gms;
function localImports(file: string): string[] {
  return [...source(file).matchAll(importSpecifiers)].filter(([, spec]) => !/\.css$/.test(spec!)).map(([, spec]) => resolveLocal(file, spec!));
}

/**
 * The floors, lowest first, as docs/ARCHITECTURE.md declares them (its ```floors block, one floor a line: a name, then
 * its modules, lowest first). A module imports only what is written before it.
 */
const floors: string[][] = (() => {
  const block = /```floors\n([\s\S]*?)```/.exec(source('docs/ARCHITECTURE.md'));
  if (!block) throw new Error('docs/ARCHITECTURE.md has no ```floors block');
  return block[1]!
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).slice(1));
})();

const productCode = [...filesUnder('src'), ...filesUnder('background'), ...filesUnder('popup'), ...filesUnder('options'), ...filesUnder('sidebar')];
/**
 * The entry points Firefox loads (manifest.json), each with the module of src/ that is its own: the background's
 * composition root, a page's UI. The sidebar has none of its own: it renders the organizer, a module it shares with
 * the options page.
 */
const entries: Record<string, string | undefined> = {
  'background/main.ts': 'app',
  'popup/main.tsx': 'popup-ui',
  'options/main.tsx': 'options-ui',
  'sidebar/main.tsx': undefined,
};

/**
 * The files `entry` reaches through the imports `pattern` finds (its first group: the specifier), followed; packages
 * reached go into `packages`. CSS files are not followed.
 */
function closure(entry: string, pattern: RegExp, packages = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec] of source(file).matchAll(pattern)) {
      if (!spec!.startsWith('.')) packages.add(spec!);
      else if (!/\.css$/.test(spec!)) queue.push(resolveLocal(file, spec!));
    }
  }
  return seen;
}

/**
 * The files `entry` loads before it runs: static value imports only (not `import type`, not dynamic import()); a
 * face's `export ... from` loads its module as an import does. Packages reached go into `packages`.
 */
const staticValueImport = /^(?:import|export) (?!type )[^;]*?from ['"]([^'"]+)['"]/gm;
const staticClosure = (entry: string, packages?: Set<string>) => closure(entry, staticValueImport, packages);

/** Every file `entry` can ever load: its value imports, static and dynamic (`import type` loads nothing). */
const anyValueImport = /(?:^\s*(?:import|export)\s(?!type\s)[^;]*?from\s+|^\s*import\s+|\bimport\(\s*)['"]([^'"]+)['"]/gms;
const wholeClosure = (entry: string) => closure(entry, anyValueImport);

/** The files of the event page's first chunk: background/main.ts and what answers before the app is loaded. */
const firstChunk = ['src/app/wake-background.ts', 'src/app/core-handlers.ts', 'src/app/wake-queue.ts'];

describe('conventions', () => {
  it('entry points stay thin: logic lives in src/', () => {
    for (const entry of Object.keys(entries)) {
      const lines = source(entry)
        .split('\n')
        .filter((l) => l.trim() && !l.trim().startsWith('*') && !l.trim().startsWith('/*') && !l.trim().startsWith('//'));
      expect(lines.length, `${entry} has ${lines.length} code lines`).toBeLessThanOrEqual(12);
    }
  });

  it('only entry points import webextension-polyfill; modules receive the browser as a parameter', () => {
    const allowed = new Set([...Object.keys(entries), 'src/app-protocol/page-client.ts']);
    const valueImport = /^import (?!type )[^;]*from ['"]webextension-polyfill['"]/m;
    const offenders = productCode.filter((f) => !allowed.has(f) && valueImport.test(source(f)));
    expect(offenders).toEqual([]);
  });

  it('the popup opens without loading schemas, the Places API or the scan decoder: its static imports never reach valibot nor the scan wire form', () => {
    // Static value imports only (not `import type`, not dynamic import()): what Firefox must load before the popup
    // can send its first request. The router validates; a page's client needs no schemas (src/messaging/channel.ts).
    // A face's `export ... from` loads its module as an import does. The scan's wire form is decoded only by a page
    // that asks for a scan: the client loads its decoder then (src/app-protocol/reply-forms.ts).
    const packages = new Set<string>();
    const seen = staticClosure('popup/main.tsx', packages);
    expect([...packages].filter((p) => p === 'valibot' || p.startsWith('valibot/'))).toEqual([]);
    expect([...seen].filter((f) => f === 'src/app-protocol/protocol.ts' || f.startsWith('src/places/') || f.startsWith('src/dedup/scan-wire/'))).toEqual([]);
  });

  it('the popup and the sidebar never name the scan’s decoder, not even by a dynamic import: it is not in their bundles', () => {
    // The popup's bundle budget (30 kB, scripts/popup-bundle.mjs) counts every chunk its files name; a client with the
    // scan's reply forms names the decoder's chunk. Only pages that ask for a scan use that client (page-client-with-scans.ts).
    for (const entry of ['popup/main.tsx', 'sidebar/main.tsx']) {
      const reached = [...wholeClosure(entry)];
      expect(reached.filter((f) => f === 'src/app-protocol/reply-forms.ts' || f.startsWith('src/dedup/'))).toEqual([]);
    }
  });

  it("the event page's first chunk loads no feature and not the protocol table: it answers core.ping before the app loads", () => {
    // What background/main.ts imports statically is what Firefox loads and runs before it hands the event page the
    // message that woke it; the app comes later, by import() (src/app/wake-background.ts). The joined table
    // (src/app-protocol/protocol.ts) brings every feature's schemas along, so the first chunk takes the core part.
    const features = /^\s*features\s+(.+)$/m.exec(source('docs/ARCHITECTURE.md'))![1]!.trim().split(/\s+/);
    const seen = staticClosure('background/main.ts');
    expect([...seen].filter((f) => f === 'src/app-protocol/protocol.ts' || features.some((m) => f.startsWith(`src/${m}/`)))).toEqual([]);
    expect(firstChunk.filter((f) => !seen.has(f))).toEqual([]);
  });

  it('no hand-written file of src/ or an entry folder is over 600 lines: a module a newcomer can hold in mind', () => {
    // Generated code lives under a generated/ folder and is exempt (src/i18n/generated/message-args.ts); tests are
    // not product code. Split a module that grows past the bar rather than raise it.
    const handWritten = [...productCode, ...['src', 'background', 'popup', 'options', 'sidebar'].flatMap((dir) => filesUnder(dir, /\.css$/))].filter(
      (f) => !/\.test\.tsx?$/.test(f) && !f.split('/').includes('generated'),
    );
    const long = handWritten.map((f) => [f, source(f).split('\n').length] as const).filter(([, lines]) => lines > 600);
    expect(long).toEqual([]);
  });

  it('Tidymarks uses the Places package like any extension: through its public entry points, never its files', () => {
    // packages/places is @tidymarks/places (an npm workspace): Tidymarks' code, its tests, benchmarks and scripts
    // import it by name, through the entry points its package.json exports, as another extension would. A relative
    // path into packages/ or an unexported subpath would work here and break for every other user.
    const exported = new Set(
      Object.keys((JSON.parse(source('packages/places/package.json')) as { exports: Record<string, unknown> }).exports).map((k) => k.replace(/^\./, '@tidymarks/places')),
    );
    const anyImport = /(?:^\s*(?:import|export)\s[^;]*?from\s+|^\s*import\s+|\bimport\(\s*)['"]([^'"]+)['"]/gms;
    // bench/.work is the benchmarks' cache (Firefox profiles, locks): only the suites and their lib are code.
    const benches = [
      ...readdirSync(join(root, 'bench'))
        .filter((f) => /\.ts$/.test(f))
        .map((f) => `bench/${f}`),
      ...filesUnder('bench/lib'),
    ];
    const users = [...productCode, ...filesUnder('tests'), ...benches, ...filesUnder('scripts', /\.(ts|mjs)$/), 'vite.config.ts'];
    const offenders: string[] = [];
    for (const file of users) {
      for (const [, spec] of source(file).matchAll(anyImport)) {
        if (/(^|\/)packages\//.test(spec!) || (spec!.startsWith('@tidymarks/places') && !exported.has(spec!))) offenders.push(`${file}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
    // The package imports nothing of Tidymarks': no relative path out of its own folder.
    const outside = filesUnder('packages/places/src').flatMap((file) =>
      [...source(file).matchAll(anyImport)]
        .filter(([, spec]) => spec!.startsWith('.') && !resolve(root, dirname(file), spec!).startsWith(resolve(root, 'packages/places')))
        .map(([, spec]) => `${file}: ${spec}`),
    );
    expect(outside).toEqual([]);
  });

  it('no code renders HTML from strings', () => {
    const offenders = productCode.filter((f) => /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(/.test(source(f)));
    expect(offenders).toEqual([]);
  });

  it('pages never call browser.bookmarks or browser.history directly: they go through messaging', () => {
    const pageCode = productCode.filter((f) => /^(popup|options|sidebar)\/|^src\/(popup-ui|options-ui|organizer-ui|ui|operation-words)\//.test(f));
    const offenders = pageCode.filter((f) => /browser\.(bookmarks|history)\./.test(source(f)));
    expect(offenders).toEqual([]);
  });

  it('every feature folder in src/ has unit tests in tests/unit/<feature>/', () => {
    const features = readdirSync(join(root, 'src')).filter((d) => statSync(join(root, 'src', d)).isDirectory());
    const missing = features
      // platform is tested beside its files (src/platform/*.test.ts); feature-contract holds only types, checked by tsc.
      .filter((d) => !['platform', 'feature-contract'].includes(d))
      .filter((d) => {
        try {
          return filesUnder(`tests/unit/${d}`, /\.test\.tsx?$/).length === 0;
        } catch {
          return true;
        }
      });
    expect(missing).toEqual([]);
  });

  it('every module of src/ and every entry point reaches a module only through its face: index.ts, protocol.ts or a types file (the composition root also through feature.ts)', () => {
    // Every folder of src/ is a module with a face (docs/ARCHITECTURE.md, "Rules"); dedup's find, cleanup and scan-wire
    // are faced apart and reach dedup's root files directly. src/platform, src/messaging and src/i18n are kits of
    // files: any of them may be imported. An entry point is a part of its own module (`entries`); the sidebar's, which
    // has none, reaches the organizer through its face as the options page does. Static, type-only and dynamic
    // imports alike.
    const kits = ['platform', 'messaging', 'i18n'];
    const facedApart = ['dedup/scan', 'dedup/cleanup', 'dedup/scan-wire'];
    const unitOf = (file: string) => (file in entries ? (entries[file] ?? file) : (facedApart.find((m) => file.startsWith(`src/${m}/`)) ?? file.split('/')[1]!));
    const offenders: string[] = [];
    for (const file of productCode.filter((f) => (f.startsWith('src/') || f in entries) && !/\.test\.tsx?$/.test(f))) {
      for (const target of localImports(file)) {
        if (!target.startsWith('src/') || target.split('/').length < 3) continue;
        const module = unitOf(target);
        if (kits.includes(module) || unitOf(file) === module) continue;
        if (module === 'dedup' && unitOf(file).startsWith('dedup/')) continue;
        const inner = target.slice(`src/${module}/`.length);
        const allowed =
          inner === 'index.ts' ||
          inner === 'protocol.ts' ||
          /(^|-)types\.ts$/.test(inner) ||
          (file === 'src/app/background-app.ts' && inner === 'feature.ts') ||
          (file in entries && (target === 'src/app-protocol/page-client.ts' || target === 'src/app-protocol/page-client-with-scans.ts')) ||
          // The event page's first chunk takes the core part of the protocol, not the whole table (see the test below).
          (firstChunk.includes(file) && target === 'src/app-protocol/core-protocol.ts');
        if (!allowed) offenders.push(`${file} -> ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('imports flow down the floors that docs/ARCHITECTURE.md declares: static, type-only and dynamic alike', () => {
    const placed = floors.flat();
    const rank = new Map(placed.map((module, i) => [module, i]));
    const modules = readdirSync(join(root, 'src')).filter((d) => statSync(join(root, 'src', d)).isDirectory());
    // Every module and entry folder is on a floor, once; every name on a floor exists.
    expect(modules.filter((m) => !rank.has(m))).toEqual([]);
    expect(placed.filter((m) => !modules.includes(m) && !Object.keys(entries).some((e) => e.startsWith(`${m}/`)))).toEqual([]);
    expect(new Set(placed).size).toBe(placed.length);
    const moduleOf = (file: string) => (file.startsWith('src/') ? file.split('/')[1]! : file.split('/')[0]!);
    const uphill: string[] = [];
    for (const file of productCode.filter((f) => !/\.test\.tsx?$/.test(f))) {
      const from = moduleOf(file);
      for (const target of localImports(file)) {
        const to = moduleOf(target);
        if (to === from || !rank.has(to)) continue;
        if (rank.get(to)! >= rank.get(from)!) uphill.push(`${file} -> ${target}`);
      }
    }
    expect(uphill).toEqual([]);
  });

  it('no file imports one that imports it back, through any chain of files', () => {
    const graph = new Map(productCode.filter((f) => !/\.test\.tsx?$/.test(f)).map((f) => [f, localImports(f)]));
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      path.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), next].join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  it('the floors check sees every kind of import: static, type-only, re-exports and dynamic', () => {
    const parsed = (text: string) => [...text.matchAll(importSpecifiers)].map((m) => m[1]);
    expect(
      parsed(
        [
          "import { a } from './a';",
          "import type { B } from '../b';",
          'import {\n  c,\n  type D,\n} from "./c";',
          "export { e } from './e';",
          "export type * from './f';",
          "const g = () => import('../g');",
          "import './h.css';",
        ].join('\n'),
      ),
    ).toEqual(['./a', '../b', './c', './e', './f', '../g', './h.css']);
  });

  it('the page UIs import no other page UI: what they share is in src/ui and src/operation-words; only the options page renders the organizer', () => {
    // Static and dynamic imports alike (the popup once loaded the options page's words by a dynamic import). The
    // options page's Bookmarks tab is the organizer, which it renders through organizer-ui's face.
    const pages = ['popup-ui', 'options-ui', 'organizer-ui'];
    const allowed = new Set(['options-ui -> src/organizer-ui/index.ts']);
    const specifiers = /(?:^(?:import|export)\s[^;]*?from\s+|\bimport\(\s*)['"](\.[^'"]+)['"]/gms;
    const offenders: string[] = [];
    for (const page of pages) {
      for (const file of productCode.filter((f) => f.startsWith(`src/${page}/`))) {
        for (const [, spec] of source(file).matchAll(specifiers)) {
          const target = resolveLocal(file, spec!);
          const other = pages.find((p) => p !== page && target.startsWith(`src/${p}/`));
          if (other && !allowed.has(`${page} -> ${target}`)) offenders.push(`${file} -> ${target}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('every feature is built by create<Name>Feature(deps) in its feature.ts, with one deps object', () => {
    const builders = productCode.filter((f) => /^src\/.+\/feature\.ts$/.test(f));
    const found: string[] = [];
    const offenders: string[] = [];
    for (const file of builders) {
      for (const [, name, params] of source(file).matchAll(/^export function (create\w*)\(([^)]*)\)/gm)) {
        found.push(name!);
        // One parameter: no comma outside the parameter's own type.
        const depth = [...params!].reduce<{ level: number; commas: number }>(
          (a, c) => ({ level: a.level + ('<{(['.includes(c) ? 1 : '>})]'.includes(c) ? -1 : 0), commas: a.commas + (c === ',' && a.level === 0 ? 1 : 0) }),
          { level: 0, commas: 0 },
        );
        if (!/Feature$/.test(name!) || depth.commas > 0 || params!.trim() === '') offenders.push(`${file}: ${name}(${params})`);
      }
    }
    expect(found.length).toBeGreaterThanOrEqual(12);
    expect(offenders).toEqual([]);
  });

  it('every request and job name is in one protocol part only, test-only ones are test.* and only in the test part', async () => {
    // A later part spread into the table would silently replace an earlier part's request of the same name.
    const { protocolParts, jobParts } = await import('../../src/app-protocol/protocol');
    const { testProtocolParts, testJobParts } = await import('../../src/app-protocol/test-protocol');
    const owners = new Map<string, string[]>();
    const note = (table: string, parts: Record<string, Record<string, unknown>>) => {
      for (const [part, entries] of Object.entries(parts)) for (const name of Object.keys(entries)) owners.set(name, [...(owners.get(name) ?? []), `${table}.${part}`]);
    };
    note('protocol', protocolParts);
    note('jobs', jobParts);
    note('testProtocol', testProtocolParts());
    note('testJobs', testJobParts());
    expect([...owners].filter(([, parts]) => parts.length > 1)).toEqual([]);
    const testNames = [...Object.values(testProtocolParts()), ...Object.values(testJobParts())].flatMap((part) => Object.keys(part));
    const productionNames = [...Object.values(protocolParts), ...Object.values(jobParts)].flatMap((part) => Object.keys(part));
    expect(testNames.filter((name) => !name.startsWith('test.'))).toEqual([]);
    expect(productionNames.filter((name) => name.startsWith('test.'))).toEqual([]);
  });

  it('the production build carries no test.* request: built into a temp folder, no file of it names one', async () => {
    const { build } = await import('vite');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { testProtocolParts, testJobParts } = await import('../../src/app-protocol/test-protocol');
    const names = [...Object.values(testProtocolParts()), ...Object.values(testJobParts())].flatMap((part) => Object.keys(part));
    const outDir = mkdtempSync(join(tmpdir(), 'tidymarks-dist-'));
    const before = process.env.TIDYMARKS_DIST;
    process.env.TIDYMARKS_DIST = outDir;
    try {
      await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'silent', mode: 'production' });
      const built = filesUnder(relative(root, outDir), /\.(js|html|json)$/).map((f) => source(f));
      expect(built.length).toBeGreaterThan(3);
      expect(built.join('\n')).toContain('core.ping');
      expect(names.filter((name) => built.some((text) => text.includes(name)))).toEqual([]);
      expect(built.filter((text) => /["'`]test\.[a-zA-Z]/.test(text)).length).toBe(0);
    } finally {
      if (before === undefined) delete process.env.TIDYMARKS_DIST;
      else process.env.TIDYMARKS_DIST = before;
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('every request schema in the protocol table is strict about unknown keys', async () => {
    const { protocol, jobs } = await import('../../src/app-protocol/protocol');
    const { noInput } = await import('../../src/messaging/define');
    const loose = Object.entries({ ...protocol, ...jobs })
      .filter(([, def]) => {
        if (def.input === noInput) return false; // accepts only {} or nothing
        const given = def.input as { type?: string; wrapped?: { type?: string } };
        // Optional input (nothing or the object): as strict as the object.
        const schema = (given.type === 'optional' ? given.wrapped : given) as { type?: string; options?: { type?: string }[] };
        if (schema.type === 'strict_object') return false;
        // A variant/union of strict objects is strict too.
        if ((schema.type === 'variant' || schema.type === 'union') && schema.options?.every((o) => o.type === 'strict_object')) return false;
        return true;
      })
      .map(([name]) => name);
    expect(loose).toEqual([]);
  });
});
