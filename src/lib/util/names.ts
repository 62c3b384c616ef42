/**
 * A long name cut in the middle to fit one short line: its start and its end stay, since two
 * players at one table differ at one or the other ("Alexander Hamilton…the Third" and
 * "…the Fifth"). Names up to `max` characters come back whole. Show the full name in `title`.
 */
export function middleCut(name: string, max: number): string {
  const chars = [...name.trim()];
  if (chars.length <= max) return chars.join('');
  const tail = Math.max(1, Math.floor((max - 1) * 0.45));
  const head = max - 1 - tail;
  return `${chars.slice(0, head).join('').trimEnd()}…${chars.slice(-tail).join('').trimStart()}`;
}
