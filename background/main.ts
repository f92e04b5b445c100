/**
 * Tidymarks' event page. Thin on purpose: all wiring is in src/app/start-background.ts, which registers every
 * listener synchronously (Firefox only wakes an event page for listeners registered during its first run).
 */
import browser from 'webextension-polyfill';
import { startBackground } from '../src/app/start-background';
import { useBrowserMessages } from '../src/i18n';

useBrowserMessages(browser.i18n);
startBackground({ browser, now: () => Date.now(), testBuild: __TIDYMARKS_TEST_BUILD__ });
