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
const productCode = [...filesUnder('src'), ...filesUnder('background'), ...filesUnder('popup'), ...filesUnder('options')];

describe('conventions', () => {
  it('entry points stay thin: logic lives in src/', () => {
    for (const entry of ['background/main.ts', 'popup/main.tsx', 'options/main.tsx']) {
      const lines = source(entry).split('\n').filter((l) => l.trim() && !l.trim().startsWith('*') && !l.trim().startsWith('/*') && !l.trim().startsWith('//'));
      expect(lines.length, `${entry} has ${lines.length} code lines`).toBeLessThanOrEqual(12);
    }
  });

  it('only entry points import webextension-polyfill; modules receive the browser as a parameter', () => {
    const allowed = new Set(['background/main.ts', 'popup/main.tsx', 'options/main.tsx', 'src/messaging/page-client.ts']);
    const valueImport = /^import (?!type )[^;]*from ['"]webextension-polyfill['"]/m;
    const offenders = productCode.filter((f) => !allowed.has(f) && valueImport.test(source(f)));
    expect(offenders).toEqual([]);
  });

  it('the popup opens without loading schemas or the Places API: its static imports never reach valibot', () => {
    // Static value imports only (not `import type`, not dynamic import()): what Firefox must load before the popup
    // can send its first request. The router validates; a page's client needs no schemas (src/messaging/channel.ts).
    const staticImport = /^import (?!type )[^;]*?from ['"]([^'"]+)['"]/gm;
    const resolveLocal = (from: string, spec: string) => {
      const base = join(dirname(from), spec);
      for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
        try {
          if (statSync(join(root, candidate)).isFile()) return candidate;
        } catch {
          /* next candidate */
        }
      }
      throw new Error(`${from}: cannot resolve ${spec}`);
    };
    const seen = new Set<string>();
    const packages = new Set<string>();
    const queue = ['popup/main.tsx'];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const [, spec] of source(file).matchAll(staticImport)) {
        if (spec!.startsWith('.')) {
          if (!/\.(css)$/.test(spec!)) queue.push(resolveLocal(file, spec!));
        } else packages.add(spec!);
      }
    }
    expect([...packages].filter((p) => p === 'valibot' || p.startsWith('valibot/'))).toEqual([]);
    expect([...seen].filter((f) => f === 'src/messaging/protocol.ts' || f.startsWith('src/places/'))).toEqual([]);
  });

  it('no code renders HTML from strings', () => {
    const offenders = productCode.filter((f) => /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(/.test(source(f)));
    expect(offenders).toEqual([]);
  });

  it('pages never call browser.bookmarks or browser.history directly: they go through messaging', () => {
    const pageCode = productCode.filter((f) => f.startsWith('popup/') || f.startsWith('options/') || f.startsWith('src/popup-ui/') || f.startsWith('src/options-ui/'));
    const offenders = pageCode.filter((f) => /browser\.(bookmarks|history)\./.test(source(f)));
    expect(offenders).toEqual([]);
  });

  it('every feature folder in src/ has unit tests in tests/unit/<feature>/', () => {
    const features = readdirSync(join(root, 'src')).filter((d) => statSync(join(root, 'src', d)).isDirectory());
    const missing = features.filter((d) => !['platform'].includes(d)).filter((d) => {
      try {
        return filesUnder(`tests/unit/${d}`, /\.test\.tsx?$/).length === 0;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  it('every request schema in the protocol table is strict about unknown keys', async () => {
    const { protocol, jobs } = await import('../../src/messaging/protocol');
    const { noInput } = await import('../../src/messaging/define');
    const loose = Object.entries({ ...protocol, ...jobs })
      .filter(([, def]) => {
        if (def.input === noInput) return false; // accepts only {} or nothing
        const schema = def.input as { type?: string; options?: { type?: string }[] };
        if (schema.type === 'strict_object') return false;
        // A variant/union of strict objects is strict too.
        if ((schema.type === 'variant' || schema.type === 'union') && schema.options?.every((o) => o.type === 'strict_object')) return false;
        return true;
      })
      .map(([name]) => name);
    expect(loose).toEqual([]);
  });
});
