/**
 * What the sync server's drills share: waiting with a deadline, a phone's taps on its document,
 * and a Hocuspocus auth message made by hand, as an attacker would.
 */
import * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import { appendEntry, newClock, newDeviceId, nextEntry, type Clock } from '../../src/lib/sync';
import { titansGuidedTurn } from '../fixtures/long-logs';

const turn = titansGuidedTurn(4);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `condition`, failing with `what` after `ms`. */
export async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Waits until `count` gives the same number `checks` times in a row, and gives that number. */
export async function settled(count: () => number | Promise<number>, checks = 20): Promise<number> {
  let last = -1;
  let steady = 0;
  await until('the count settles', async () => {
    const now = await count();
    steady = now === last ? steady + 1 : 0;
    last = now;
    return steady >= checks;
  });
  return last;
}

/** `tap(n)`: n taps on `doc` from one device, as one change (a phone's taps offline). */
export function tapper(doc: Y.Doc): (n: number) => void {
  let clock: Clock = newClock(newDeviceId());
  return (n) =>
    doc.transact(() => {
      for (let i = 0; i < n; i++) {
        const made = nextEntry(clock, { kind: 'event', event: turn[(clock.counter + i) % turn.length] }, 0);
        clock = made.clock;
        appendEntry(doc, made.entry);
      }
    });
}

export function authFrame(room: string, key: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeVarUint(encoder, 2); // Auth
  encoding.writeVarUint(encoder, 0); // its token
  encoding.writeVarString(encoder, key);
  return encoding.toUint8Array(encoder);
}
