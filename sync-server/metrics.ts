/**
 * What the sync server counts: for its log line every minute and for /metrics (Prometheus'
 * text format), so whoever runs it sees how many tables use it and whether the limits bite.
 * Counts only: nothing here names a room, an address or an internal error.
 */
import type { Hocuspocus } from '@hocuspocus/server';

export interface Counters {
  /** Messages received from phones, every connection together. */
  messages: number;
  /** Connections turned away, by reason (a REFUSED reason, or a limit's name). */
  refused: Record<string, number>;
  /** Connections closed for breaking a message limit, by the limit. */
  cutOff: Record<string, number>;
  /** Sockets open on this instance, let into a room or not. */
  sockets: number;
}

export const newCounters = (): Counters => ({ messages: 0, refused: {}, cutOff: {}, sockets: 0 });

export function refused(counters: Counters, reason: string): void {
  counters.refused[reason] = (counters.refused[reason] ?? 0) + 1;
}

export function cutOff(counters: Counters, limit: string): void {
  counters.cutOff[limit] = (counters.cutOff[limit] ?? 0) + 1;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** A copy to subtract from later (the minute line's "since"). */
export const snapshot = (counters: Counters): Counters => ({
  ...counters,
  refused: { ...counters.refused },
  cutOff: { ...counters.cutOff }
});

export function prometheus(instance: Hocuspocus, counters: Counters, degraded: string[]): string {
  const lines: string[] = [];
  const head = (name: string, type: 'gauge' | 'counter', help: string) =>
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  const metric = (name: string, type: 'gauge' | 'counter', help: string, value: number) => {
    head(name, type, help);
    lines.push(`${name} ${value}`);
  };
  const labelled = (name: string, help: string, label: string, counts: Record<string, number>) => {
    head(name, 'counter', help);
    for (const [key, value] of Object.entries(counts).sort())
      lines.push(`${name}{${label}="${key}"} ${value}`);
  };
  metric(
    'tableside_sync_rooms',
    'gauge',
    'Rooms open in memory on this instance.',
    instance.getDocumentsCount()
  );
  metric(
    'tableside_sync_connections',
    'gauge',
    'Phones let into a room on this instance.',
    instance.getConnectionsCount()
  );
  metric(
    'tableside_sync_sockets',
    'gauge',
    'Sockets open on this instance, let in or not.',
    counters.sockets
  );
  metric('tableside_sync_messages_total', 'counter', 'Messages received from phones.', counters.messages);
  labelled('tableside_sync_refused_total', 'Connections turned away, by reason.', 'reason', counters.refused);
  labelled(
    'tableside_sync_cut_off_total',
    'Connections closed for breaking a limit.',
    'limit',
    counters.cutOff
  );
  metric(
    'tableside_sync_degraded',
    'gauge',
    'Whether Redis or the store is away (1) or not (0).',
    degraded.length > 0 ? 1 : 0
  );
  return `${lines.join('\n')}\n`;
}

/** The minute's log line: what is open now, and what came in since the last line. */
export function minuteLine(instance: Hocuspocus, counters: Counters, since: Counters): string {
  return (
    `rooms ${instance.getDocumentsCount()}, connections ${instance.getConnectionsCount()}, ` +
    `sockets ${counters.sockets}, messages ${counters.messages - since.messages}, ` +
    `refused ${total(counters.refused) - total(since.refused)}, ` +
    `cut off ${total(counters.cutOff) - total(since.cutOff)} in the last minute`
  );
}
