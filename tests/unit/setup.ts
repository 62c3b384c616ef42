// IndexedDB for Node: every unit test that touches Dexie runs on fake-indexeddb.
import 'fake-indexeddb/auto';
// Every step and replay in the unit tests is taken both by xstate and by the fast replay walk,
// which must agree (see `crossCheck` in src/lib/session/replay.ts).
import { crossCheck } from '../../src/lib/session/replay';
crossCheck.on = true;
