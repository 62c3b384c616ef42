/**
 * Which card resolves first. Lower Speed is faster; a Speed tie is broken by God Speed, which the
 * app reads as belonging to the god (ruling-god-speed): every card of a god carries its numeral.
 * The rulebook states it for two gods only (Poseidon VII on War Fleet, Gaia X on Pallas); any
 * other pair of gods the table settles once, and the answer is remembered as a fact.
 */
import { CARDS, GODS, cardById, type God, type PrayerCard } from './cards';

/** "faster is faster than slower": one answer the table gave (or the rulebook states). */
export type GodFact = readonly [faster: God, slower: God];

/** God Speeds the rulebook states, read off its two cards that show one. */
export const KNOWN_GOD_SPEEDS: Partial<Record<God, number>> = Object.fromEntries(
  CARDS.filter((c) => c.godSpeed !== undefined).map((c) => [c.god, c.godSpeed])
);

/** The facts the rulebook gives by itself, fastest god first. */
export function bookFacts(): GodFact[] {
  const known = GODS.filter((g) => KNOWN_GOD_SPEEDS[g] !== undefined);
  const facts: GodFact[] = [];
  for (const a of known)
    for (const b of known) if (KNOWN_GOD_SPEEDS[a]! < KNOWN_GOD_SPEEDS[b]!) facts.push([a, b]);
  return facts;
}

/**
 * Whether `a` is faster than `b` given the rulebook and the table's answers, following chains
 * (Hades before Poseidon and Poseidon before Gaia means Hades before Gaia). Undefined when unknown.
 */
export function isFaster(a: God, b: God, answers: readonly GodFact[]): boolean | undefined {
  if (a === b) return undefined;
  const facts = [...bookFacts(), ...answers];
  const reaches = (from: God, to: God) => {
    const seen = new Set<God>([from]);
    const queue = [from];
    while (queue.length) {
      const g = queue.shift()!;
      for (const [f, s] of facts) {
        if (f !== g || seen.has(s)) continue;
        if (s === to) return true;
        seen.add(s);
        queue.push(s);
      }
    }
    return false;
  };
  if (reaches(a, b)) return true;
  if (reaches(b, a)) return false;
  return undefined;
}

/** A question the table must answer before the order is known: which of two gods is faster. */
interface GodQuestion {
  ask: readonly [God, God];
}

type Comparison = -1 | 0 | 1 | GodQuestion;

/** -1 when card `a` resolves before `b`, 1 when after (0 for the same card), or the question that decides it. */
export function compareCards(a: PrayerCard, b: PrayerCard, answers: readonly GodFact[]): Comparison {
  if (a.speed !== b.speed) return a.speed < b.speed ? -1 : 1;
  if (a.god === b.god) return 0; // one card per god at each Speed: the same card
  const faster = isFaster(a.god, b.god, answers);
  if (faster === undefined) return { ask: orderedPair(a.god, b.god) };
  return faster ? -1 : 1;
}

/** A pair of gods in the app's list order, so a question always reads the same way. */
function orderedPair(a: God, b: God): readonly [God, God] {
  return GODS.indexOf(a) < GODS.indexOf(b) ? [a, b] : [b, a];
}

type Ordering<T> = { ok: true; order: T[] } | { ok: false; ask: readonly [God, God] };

/**
 * Puts items in resolution order by their cards, fastest first. When a Speed tie needs a God
 * Speed nobody has settled yet, returns the first such question instead (in the app's god order).
 */
export function orderBySpeed<T>(
  items: readonly T[],
  cardOf: (item: T) => PrayerCard,
  answers: readonly GodFact[]
): Ordering<T> {
  // Speed ties are few (at most one card per god at a Speed), so look for questions first.
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const c = compareCards(cardOf(items[i]), cardOf(items[j]), answers);
      if (typeof c === 'object') return { ok: false, ask: c.ask };
    }
  }
  const order = items.slice().sort((x, y) => compareCards(cardOf(x), cardOf(y), answers) as number);
  return { ok: true, order };
}

/** One revealed card in the speed helper: whose it is and the Realm it was played into. */
export interface Play {
  card: string;
  player?: string;
  realm: number;
}

interface Resolution {
  play: Play;
  /** True when the card's god was active in its Realm as it resolved. */
  accepted: boolean;
  /** For a rejected Offering: its god is now active in that Realm (the pair flipped). */
  flips?: God;
}

type TurnOutcome = { ok: true; steps: Resolution[] } | { ok: false; ask: readonly [God, God] };

/**
 * Walks one turn's revealed cards in speed order against the gods face up in each Realm: a card
 * praying to an active god is accepted, any other is rejected, and a rejected Offering turns its
 * own god face up in its Realm before the next card resolves. Card abilities that change gods or
 * destroy cards are the table's to apply; this is the order and the gods' verdict as printed rules
 * give it. `active[realm]` lists the god face up in each pair.
 */
export function resolveTurn(
  plays: readonly Play[],
  pairs: readonly (readonly [God, God])[],
  active: readonly (readonly God[])[],
  answers: readonly GodFact[]
): TurnOutcome {
  const ordered = orderBySpeed(plays, (p) => cardById(p.card)!, answers);
  if (!ordered.ok) return ordered;
  const gods = active.map((r) => r.slice());
  const steps = ordered.order.map((play): Resolution => {
    const card = cardById(play.card)!;
    const up = gods[play.realm] ?? [];
    if (up.includes(card.god)) return { play, accepted: true };
    if (card.type !== 'offering') return { play, accepted: false };
    const pair = pairs.findIndex((p) => p.includes(card.god));
    if (pair >= 0 && gods[play.realm]) gods[play.realm][pair] = card.god;
    return { play, accepted: false, flips: card.god };
  });
  return { ok: true, steps };
}
