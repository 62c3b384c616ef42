// IndexedDB for Node: every unit test that touches Dexie runs on fake-indexeddb.
import 'fake-indexeddb/auto';
