/** Persistent storage: asked for once, when the first game starts; reported in settings. */

export interface StorageReport {
  /** undefined when the browser cannot say. */
  persistent: boolean | undefined;
  usedBytes: number | undefined;
  quotaBytes: number | undefined;
}

export async function storageReport(): Promise<StorageReport> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const persistent = storage?.persisted ? await storage.persisted().catch(() => undefined) : undefined;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => undefined) : undefined;
  return { persistent, usedBytes: estimate?.usage, quotaBytes: estimate?.quota };
}

/** Asks the browser not to evict our data; harmless to call again. */
export async function askForPersistence(): Promise<boolean | undefined> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return undefined;
  if (await storage.persisted?.().catch(() => false)) return true;
  return storage.persist().catch(() => undefined);
}

/**
 * Below this much room left (quota minus usage), the home screen and Settings warn. Why 50 MB:
 * a stored step costs about 1 KB all told (measured in Chromium: 200 steps took 181 KB of
 * IndexedDB and 25 KB of recovery journal; see docs/architecture.md "Storage"), so an
 * evening of several long games (5 games × 1,000 steps) is about 5 MB; LevelDB also needs room
 * to compact, up to the size of the files it rewrites, and a backup export is built in memory
 * but saved to the same disk. 50 MB leaves room for that ten times over, and is small enough
 * that it is only said when the phone is really close to full.
 */
const LOW_SPACE_BYTES = 50 * 1024 * 1024;

/** The room left when it is little (under LOW_SPACE_BYTES), else undefined. */
export function lowSpaceLeft(report: StorageReport | undefined): number | undefined {
  if (report?.quotaBytes === undefined || report.usedBytes === undefined) return undefined;
  const left = Math.max(0, report.quotaBytes - report.usedBytes);
  return left < LOW_SPACE_BYTES ? left : undefined;
}

export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return 'unknown';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
