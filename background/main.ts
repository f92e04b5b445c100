/**
 * Tidymarks' event page. Thin on purpose: this first chunk registers every listener synchronously (Firefox only
 * wakes an event page for listeners registered during its first run) and answers light requests at once; the app
 * (src/app/start-background.ts) is loaded behind it and gets what arrived meanwhile, in order
 * (src/app/wake-background.ts).
 */
import browser from 'webextension-polyfill';
import { wakeBackground } from '../src/app/wake-background';
import { useBrowserMessages } from '../src/i18n';

useBrowserMessages(browser.i18n);
wakeBackground({ browser, now: () => Date.now(), testBuild: __TIDYMARKS_TEST_BUILD__ }, () => import('../src/app/start-background')).catch((error: unknown) =>
  console.error(error),
);
