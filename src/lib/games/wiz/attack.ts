/**
 * Counting at the table: a character's attack (the points of opponents' table cards it may
 * reach, doubled by Reen artifacts) and a loser's chaotic EP (held cards, titans too, plus the table hands that
 * countered nothing). Pure functions over card lists; the machine only ever receives the totals.
 */
import { ELEMENT_NAMES, OPPOSING, pointsOf, type Card, type Element } from './cards';
import { chaoticPoints, elementalProtects } from './hands';

interface AttackLine {
  label: string;
  ep: number;
}

interface Attack {
  ep: number;
  lines: AttackLine[];
}

/**
 * What a character on the table gains at the start of its owner's turn. Counted: the points of
 * every opponent hand it may reach. Left out: characters and artifacts, hands an elemental
 * protects (one cancelled by an opposing elemental or titan protects nothing), and titan hands unless the character opposes the titan's element or carries an
 * artifact of it. An artifact of another element doubles that element's points; one of the
 * character's own element then doubles the whole (rules: character-attacks, artifacts).
 */
export function attackEp(
  character: Element,
  artifacts: readonly Element[],
  opponentHands: readonly Card[][]
): Attack {
  const lines: AttackLine[] = [];
  const counted: Card[] = [];
  opponentHands.forEach((hand, i) => {
    const name = `Hand ${i + 1}`;
    if (hand.some((c) => c.kind === 'character'))
      return lines.push({ label: `${name}: a character, left out`, ep: 0 });
    if (elementalProtects(hand)) {
      return lines.push({ label: `${name}: protected by an elemental`, ep: 0 });
    }
    const titans = hand.filter((c): c is Extract<Card, { kind: 'titan' }> => c.kind === 'titan');
    const shut = titans.find((t) => OPPOSING[t.element] !== character && !artifacts.includes(t.element));
    if (shut) return lines.push({ label: `${name}: a titan your character may not attack`, ep: 0 });
    const cards = hand.filter((c) => c.kind !== 'artifact');
    counted.push(...cards);
    lines.push({ label: name, ep: cards.reduce((s, c) => s + pointsOf(c), 0) });
  });
  let ep = counted.reduce((s, c) => s + pointsOf(c), 0);
  for (const element of new Set(artifacts)) {
    if (element === character) continue;
    const extra = counted
      .filter((c) => 'element' in c && c.element === element)
      .reduce((s, c) => s + pointsOf(c), 0);
    if (extra > 0)
      lines.push({
        label: `${ELEMENT_NAMES[element]} artifact doubles the ${ELEMENT_NAMES[element]} points`,
        ep: extra
      });
    ep += extra;
  }
  if (artifacts.includes(character)) {
    lines.push({ label: 'Artifact of the character’s element doubles the total', ep });
    ep *= 2;
  }
  return { ep, lines };
}

/**
 * A loser's chaotic EP: the points of every card still held (a titan held counts its 100: only
 * one that has been played is left out) plus those of table hands that countered nothing.
 */
export function chaoticEp(held: readonly Card[], uncounteredTableHands: readonly Card[][]): number {
  const heldPoints = held.filter((c) => c.kind !== 'character').reduce((s, c) => s + pointsOf(c), 0);
  return heldPoints + uncounteredTableHands.reduce((s, hand) => s + chaoticPoints(hand), 0);
}
