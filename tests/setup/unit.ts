// Unit tests get a fresh, in-memory IndexedDB (fake-indexeddb) as a global.
import 'fake-indexeddb/auto';

// Pages and the background read their text through src/i18n; unit tests read the English catalog.
import { useCatalog } from '../../src/i18n';
import enMessages from '../../_locales/en/messages.json';
useCatalog(enMessages);

// findBy* / waitFor wait for an outcome; on the busy 2-core machine a background job in the fake can take longer
// than testing-library's 1 s default (vi.waitFor callers pass their own timeout). Only in files with a DOM (their
// `@vitest-environment`): importing testing-library costs every other file time for nothing.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/preact');
  configure({ asyncUtilTimeout: 10_000 });
}
