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

export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return 'unknown';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
