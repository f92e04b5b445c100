/** Replaced at build time by vite (see vite.config.ts); true only in the test build. */
declare const __TIDYMARKS_TEST_BUILD__: boolean;
