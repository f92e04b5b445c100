/**
 * The test build's harness page (dist-test/tests/harness/index.html). E2E tests open it in real Firefox and
 * drive the page-side APIs through `window.tm` with page.evaluate. Never part of the production build.
 */
import browser from 'webextension-polyfill';
import { client } from '../../src/app-protocol/page-client-with-scans';
import { createRng } from '../../scripts/prng.mjs';
import { contractCases } from '../contract/cases';
import { runContractCase } from '../contract/run';
import { messagingCases, runMessagingCase, type PageRuntime } from '../contract/messaging';
import { createPagePlaces } from '../../src/places';
import { decodeSearchReply } from '@tidymarks/places';
import { LiveIndex } from '../../src/search/live-index';
import { startPageText } from '../../src/i18n';

// A page like the popup and the options page: Firefox's texts installed first (the search index names the roots with them).
await startPageText(browser.i18n);

const tm = {
  browser,
  client,
  /** The page-side Places API (save/resolve, search, history search, events), as popup and options use it. */
  places: createPagePlaces(client),
  /** Another Places API object of this page, e.g. with a short events keep-alive for idle-timeout tests. */
  createPlaces: (options?: Parameters<typeof createPagePlaces>[1]) => createPagePlaces(client, options),
  /** Decodes a raw 'places.search' reply (tests that look at which path answered). */
  decodeSearchReply,
  /** The one seeded PRNG (scripts/prng.mjs), for random runs driven in this page. */
  createRng,
  /** The search index as the background builds it, for timing its rebuild in a page (bench/search.bench.ts). */
  search: { LiveIndex },
  contract: {
    names: () => contractCases.map((c) => c.name),
    run: (name: string) => runContractCase(browser, name),
    /** Messaging and ports between this page and the real background (tests/contract/messaging.ts). */
    messaging: {
      names: () => messagingCases.map((c) => c.name),
      run: (name: string) => runMessagingCase({ runtime: browser.runtime as unknown as PageRuntime, bookmarks: browser.bookmarks, client }, name),
    },
  },
};

declare global {
  interface Window {
    tm: typeof tm;
  }
}

window.tm = tm;
document.getElementById('status')!.textContent = 'ready';
