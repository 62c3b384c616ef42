/**
 * What the sync server counts: for its log line every minute and for /metrics (Prometheus'
 * text format), so whoever runs it sees how many tables use it and whether the limits bite.
 */
import type { Hocuspocus } from '@hocuspocus/server';

export interface Counters {
  /** Messages received from phones, every connection together. */
  messages: number;
  /** Connections turned away at the key check or by a room limit. */
  refused: number;
  /** Connections closed for breaking a message limit. */
  cutOff: number;
}

export const newCounters = (): Counters => ({ messages: 0, refused: 0, cutOff: 0 });

export function prometheus(instance: Hocuspocus, counters: Counters): string {
  const lines: string[] = [];
  const metric = (name: string, type: 'gauge' | 'counter', help: string, value: number) =>
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value}`);
  metric(
    'tableside_sync_rooms',
    'gauge',
    'Rooms open in memory on this instance.',
    instance.getDocumentsCount()
  );
  metric(
    'tableside_sync_connections',
    'gauge',
    'Phones connected to this instance.',
    instance.getConnectionsCount()
  );
  metric('tableside_sync_messages_total', 'counter', 'Messages received from phones.', counters.messages);
  metric(
    'tableside_sync_refused_total',
    'counter',
    'Connections refused at the key check or a room limit.',
    counters.refused
  );
  metric(
    'tableside_sync_cut_off_total',
    'counter',
    'Connections closed for breaking a message limit.',
    counters.cutOff
  );
  return `${lines.join('\n')}\n`;
}

/** The minute's log line: what is open now, and what came in since the last line. */
export function minuteLine(instance: Hocuspocus, counters: Counters, since: Counters): string {
  return (
    `rooms ${instance.getDocumentsCount()}, connections ${instance.getConnectionsCount()}, ` +
    `messages ${counters.messages - since.messages}, refused ${counters.refused - since.refused}, ` +
    `cut off ${counters.cutOff - since.cutOff} in the last minute`
  );
}
