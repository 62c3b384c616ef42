/**
 * The people listening for one kind of news from a runtime (a change, a failed write). Both the
 * phone's own runtime and the shared one keep theirs this way.
 */
export class Listeners<A extends unknown[] = []> {
  private readonly set = new Set<(...args: A) => void>();

  /** Starts telling this listener; the answer stops it. */
  add(listener: (...args: A) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  tell(...args: A): void {
    for (const listener of this.set) listener(...args);
  }
}
