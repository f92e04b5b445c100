import type { Firefox } from '../../tests/e2e/firefox';

/** One row of bench/results.json. */
export interface BenchRow {
  id: string;
  value: number;
  unit: string;
  better: 'lower' | 'higher';
  note: string;
  /** The bar an issue sets for this row, if any: shown as pass/fail in the table (never loosened to pass). */
  bar?: { max?: number; min?: number };
}

export interface FirefoxBenchOptions {
  /** A Netscape bookmarks.html imported into the profile before the run (cached per content). */
  seedHtml?: string;
  /** How many bookmarks the seed holds (the import is awaited until they are all there). */
  seedCount?: number;
  prefs?: Record<string, string | number | boolean>;
  /** The unpacked extension to install instead of the test build (a run without Tidymarks). */
  extensionDir?: string;
  /** More unpacked extensions installed after it. */
  extraExtensions?: readonly string[];
  /** Accept self-signed certificates (the loopback HTTPS of tests/e2e/link-server.ts, the fake archive.org). */
  acceptInsecureCerts?: boolean;
  /** false: a headful Firefox (with `env: {DISPLAY}` from scripts/x-display.ts), e.g. to see Firefox's own alerts. */
  headless?: boolean;
  /** Extra environment for Firefox. */
  env?: Record<string, string>;
}

export interface BenchContext {
  /** `npm run bench -- --quick`: smaller sizes for development; row ids keep their names and say so in the note. */
  quick: boolean;
  /** Launches Firefox ESR with the test build installed; closed by the runner after the suite. */
  firefox(options?: FirefoxBenchOptions): Promise<Firefox>;
  log(message: string): void;
  /** Whether the part of a suite with this name runs (`npm run bench -- --part <text>`: only parts whose name holds it). */
  runs(part: string): boolean;
}

export interface BenchSuite {
  name: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

export function defineSuite(suite: BenchSuite): BenchSuite {
  return suite;
}
