// Unit tests get a fresh, in-memory IndexedDB (fake-indexeddb) as a global.
import 'fake-indexeddb/auto';
