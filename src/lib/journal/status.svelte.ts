/**
 * Whether this browser keeps Tableside's recovery copy, for the settings screen. Set by the
 * journal's client (client.ts) as it starts and as its writes succeed or fail.
 */
type JournalState =
  /** Not started yet (the database opens first). */
  | 'starting'
  /** Every stored step is also written to the recovery copy. */
  | 'on'
  /** This browser cannot keep one: only backups protect the games. */
  | 'off'
  /** It exists but its last write failed (e.g. the phone's storage is full). */
  | 'failing';

export const journalStatus = $state<{ state: JournalState; reason?: string }>({ state: 'starting' });
