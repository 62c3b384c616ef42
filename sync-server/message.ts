/**
 * Reads the head of a message a phone sent, before Hocuspocus does: which room it is for, and
 * whether it carries changes to the room (a sync step two or an update) rather than a question.
 * Hocuspocus frames every message as [room name][message type][…]; a sync message goes on with
 * its own type (y-protocols: 0 step one, 1 step two, 2 update).
 */
import * as decoding from 'lib0/decoding';

const SYNC = 0;
const STEP_ONE = 0;

export interface MessageHead {
  room: string;
  /** True when the message may add to the room's document. */
  grows: boolean;
}

/** Undefined for bytes that are not a message head at all (Hocuspocus refuses those itself). */
export function readMessage(data: Uint8Array): MessageHead | undefined {
  try {
    const decoder = decoding.createDecoder(data);
    const room = decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    const grows = type === SYNC && decoding.readVarUint(decoder) !== STEP_ONE;
    return { room, grows };
  } catch {
    return undefined;
  }
}
