// Unit tests get a fresh, in-memory IndexedDB (fake-indexeddb) as a global.
import 'fake-indexeddb/auto';

// Pages and the background read their text through src/i18n; unit tests read the English catalog.
import { useCatalog } from '../../src/i18n';
import enMessages from '../../_locales/en/messages.json';
useCatalog(enMessages);
