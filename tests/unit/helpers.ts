import { TablesideDB, type SchemaVersion } from '../../src/lib/db/schema';

let counter = 0;

/** A new, empty database with a unique name (fake-indexeddb keeps them all in memory). */
export function freshDb(versions?: readonly SchemaVersion[]): TablesideDB {
  counter++;
  return new TablesideDB(`test-${counter}-${Math.random().toString(36).slice(2)}`, versions);
}

/** A second connection to the same database, as a new tab or a restarted app would open. */
export function reopen(db: TablesideDB): TablesideDB {
  return new TablesideDB(db.name);
}

/** A clock that ticks one second per call, so log times are predictable. */
export function fakeClock(start = Date.UTC(2026, 10, 22, 18, 0, 0)): () => number {
  let t = start;
  return () => (t += 1000);
}

/** Everything in the database, for byte-for-byte comparisons. */
export async function dumpDb(db: TablesideDB): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const table of db.tables) out[table.name] = await table.toArray();
  return JSON.stringify(out);
}

/** localStorage as the browser has it, in memory. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v))
  };
}
