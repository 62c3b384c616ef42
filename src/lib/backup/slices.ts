/**
 * Long checks in slices: the work gives the page back every few milliseconds, so a big backup
 * never freezes the screen, and says how far it has come ("Checking… 40%").
 */

/** About half a frame: taps and paints get through between slices. */
const SLICE_MS = 8;

const clock: () => number = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** Resolves in a new task (not a microtask), so the browser can paint and handle input first. */
function nextTask(): Promise<void> {
  // Node (tests, benchmarks): setImmediate runs at once, where setTimeout waits a millisecond.
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  // Browsers clamp nested setTimeout to 4 ms; a message to ourselves is a task without the wait.
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export type Progress = (fraction: number) => void;

export class Slicer {
  private started = clock();
  private calls = 0;

  constructor(private readonly onProgress?: Progress) {}

  /**
   * True when this slice has used its time; the caller then awaits `pause`. Cheap enough to ask
   * after every item: the clock is read only every 16 calls.
   */
  due(): boolean {
    return (++this.calls & 15) === 0 && clock() - this.started >= SLICE_MS;
  }

  /** Reports progress (0 to 1) and lets the page run before the next slice. */
  async pause(fraction: number): Promise<void> {
    this.onProgress?.(Math.max(0, Math.min(1, fraction)));
    await nextTask();
    this.started = clock();
  }

  report(fraction: number): void {
    this.onProgress?.(Math.max(0, Math.min(1, fraction)));
  }
}
