import type { WizContext } from '../../machines/wiz';
import { formatEp } from './scoring';

/** A round in one line, for the lists of rounds: "Round 2 (Cy went out): Cy +240 · Ana −40". */
export function roundLine(
  r: WizContext['rounds'][number],
  seats: readonly string[],
  name: (id: string) => string
): string {
  const gains = seats
    .filter((id) => r.gains[id])
    .map((id) => `${name(id)} ${r.gains[id] > 0 ? '+' : '−'}${formatEp(Math.abs(r.gains[id]))}`);
  const lost = r.fouled?.length ? `; ${r.fouled.map(name).join(' and ')} lost: wrong deck joker` : '';
  const how = `${r.outBy ? `${name(r.outBy)} went out` : 'not finished'}${lost}`;
  return `Round ${r.round} (${how}): ${gains.length ? gains.join(' · ') : 'no EP'}`;
}
