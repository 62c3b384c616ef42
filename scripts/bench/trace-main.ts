/**
 * Reading a DevTools trace of the page's main thread, for the scripts that time input to frame
 * (trace-taps.ts, ab-search.ts): its complete events, when each input event of a type was
 * dispatched, and when each frame's commit ended.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: { dirtyObjects?: number } };
}

/**
 * The events of one `Tracing.dataCollected` message. The protocol's types call each record a map
 * of strings; they are the trace's JSON objects, with numbers (pid, tid, ts, dur) and objects
 * (args), read here as such.
 */
export function traceEvents(records: readonly Record<string, unknown>[]): TraceEvent[] {
  return records.map((r) => ({
    name: String(r.name),
    ph: String(r.ph),
    pid: Number(r.pid),
    tid: Number(r.tid),
    ts: Number(r.ts),
    dur: r.dur === undefined ? undefined : Number(r.dur),
    args: typeof r.args === 'object' && r.args !== null ? (r.args as TraceEvent['args']) : undefined
  }));
}

/** The renderer main thread's complete ('X') events, and its process id. */
export function mainThread(events: readonly TraceEvent[]): { pid: number; onMain: TraceEvent[] } {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('the trace has no renderer main thread');
  return {
    pid: main.pid,
    onMain: events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
  };
}

/** When each input event of `type` (keydown, pointerup…) was dispatched, in order (µs). */
export function dispatches(onMain: readonly TraceEvent[], type: string): number[] {
  return onMain
    .filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === type)
    .map((e) => e.ts)
    .sort((a, b) => a - b);
}

/** When each frame's commit ended, in order (µs). */
export function commitEnds(onMain: readonly TraceEvent[]): number[] {
  return onMain
    .filter((e) => e.name === 'Commit')
    .map((e) => e.ts + (e.dur ?? 0))
    .sort((a, b) => a - b);
}
