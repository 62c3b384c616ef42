/**
 * Drafts, made with the seeded generator so a seed always rebuilds the same pool, and the pick
 * trackers that say whose pick it is, which way cards pass and how many picks are left.
 *
 * Two players pick in turns from one open pool of 28 (the four Betrayals, 12 Offerings and 12
 * Power cards, every god with at least one of each). Three or more pass packets: 3 and 4 players
 * first set some cards aside and draft two packets each (left, then right); 5 and 6 draft one.
 */
import { rngFor } from '../../random/seeded';
import { CARDS, GODS, GOD_NAMES, TYPE_NAMES, cardById, type CardType, type God } from './cards';

export interface TwoDraft {
  mode: 'two';
  /** The 28 cards laid out for both players, in card order (by god, then Speed). */
  pool: string[];
  /** The player who picks first. */
  first: string;
}

export interface PassDraft {
  mode: 'pass';
  /** Cards set aside face up before the draft (3 and 4 players); empty with 5 or 6. */
  setAside: string[];
  /** packets[round][seat]: the cards dealt to each seat (in player order) for each packet round. */
  packets: string[][][];
}

export interface DraftPlan {
  /** Offerings and Power cards set aside before dealing. */
  setAside: readonly [offerings: number, powers: number];
  /** Cards per packet. */
  packet: number;
  /** Picks from each packet. */
  picks: number;
  /** Packet rounds: the second one passes the other way. */
  rounds: number;
}

/** The rulebook's table for 3 to 6 players. */
export const DRAFT_PLANS: Record<number, DraftPlan> = {
  3: { setAside: [6, 6], packet: 8, picks: 6, rounds: 2 },
  4: { setAside: [2, 2], packet: 7, picks: 6, rounds: 2 },
  5: { setAside: [0, 0], packet: 12, picks: 12, rounds: 1 },
  6: { setAside: [0, 0], packet: 10, picks: 10, rounds: 1 }
};

/** Two players: 4 Betrayals + 12 Offerings + 12 Power cards, 12 picks each, 4 left over. */
export const TWO_DRAFT = { offerings: 12, powers: 12, picksEach: 12 } as const;
export const TWO_POOL_SIZE = 4 + TWO_DRAFT.offerings + TWO_DRAFT.powers;

/** One fix the 2 player procedure made: a card dropped from a pile and one drawn for a missing god. */
interface Repair {
  type: CardType;
  god: God;
  dropped: string;
  added: string;
  /** True when the Card Pool ran out and the card came back from the discards. */
  fromDiscards: boolean;
}

interface TwoPoolDraw {
  pool: string[];
  /** The 32 cards that leave the game. */
  removed: string[];
  repairs: Repair[];
}

const byCardOrder = (ids: readonly string[]) => {
  const set = new Set(ids);
  return CARDS.filter((c) => set.has(c.id)).map((c) => c.id);
};

/**
 * The rulebook's 2 player Draft Pool, step by step: Betrayals straight in; the other 56 shuffled
 * and turned up one at a time into an Offering pile and a Power pile until each has 12 (extras
 * discarded); then, for each god missing from a pile, drop the most recently drawn card of the god
 * with the most cards there (ruling-draft-fix-tie: the most recent among tied gods) and turn cards
 * until one of the missing god's appears, discarding the rest. Offerings are fixed before Power
 * cards. If the Card Pool runs out first, the missing card is the first such card discarded.
 */
export function drawTwoPlayerPool(seed: string, nonce = 0): TwoPoolDraw {
  const rng = rngFor(seed, nonce ? `draft-two|${nonce}` : 'draft-two');
  return twoPlayerPoolFrom(rng.shuffle(CARDS.filter((c) => c.type !== 'betrayal').map((c) => c.id)));
}

/** The same procedure over a given order of the 56 non-Betrayal cards (top of the pile first). */
export function twoPlayerPoolFrom(order: readonly string[]): TwoPoolDraw {
  const betrayals = CARDS.filter((c) => c.type === 'betrayal').map((c) => c.id);
  const deck = order.slice();
  const piles: Record<'offering' | 'power', string[]> = { offering: [], power: [] };
  const discards: string[] = [];
  const full = (type: 'offering' | 'power') => piles[type].length >= TWO_DRAFT[`${type}s`];
  while (!full('offering') || !full('power')) {
    const id = deck.shift()!;
    const type = cardById(id)!.type as 'offering' | 'power';
    if (full(type)) discards.push(id);
    else piles[type].push(id);
  }
  const repairs: Repair[] = [];
  for (const type of ['offering', 'power'] as const) {
    for (const god of GODS) {
      const pile = piles[type];
      if (pile.some((id) => cardById(id)!.god === god)) continue;
      const counts = GODS.map((g) => pile.filter((id) => cardById(id)!.god === g).length);
      const most = Math.max(...counts);
      // The pile is in draw order, so the last card of a most-held god is the most recent one.
      const dropAt = pile.findLastIndex((id) => counts[GODS.indexOf(cardById(id)!.god)] === most);
      const [dropped] = pile.splice(dropAt, 1);
      discards.push(dropped);
      let added: string | undefined;
      while (deck.length && !added) {
        const id = deck.shift()!;
        const card = cardById(id)!;
        if (card.type === type && card.god === god) added = id;
        else discards.push(id);
      }
      const fromDiscards = !added;
      if (!added) {
        const at = discards.findIndex((id) => cardById(id)!.type === type && cardById(id)!.god === god);
        [added] = discards.splice(at, 1);
      }
      pile.push(added!);
      repairs.push({ type, god, dropped, added: added!, fromDiscards });
    }
  }
  const pool = byCardOrder([...betrayals, ...piles.offering, ...piles.power]);
  const inPool = new Set(pool);
  return { pool, removed: CARDS.map((c) => c.id).filter((id) => !inPool.has(id)), repairs };
}

/** Why a 2 player pool is not one the rulebook's procedure can make; undefined when it is. */
export function twoDraftProblem(draft: Partial<TwoDraft>): string | undefined {
  const pool = draft.pool;
  if (!Array.isArray(pool) || pool.length !== TWO_POOL_SIZE)
    return `the 2 player pool has ${TWO_POOL_SIZE} cards`;
  const cards = pool.map((id) => cardById(id));
  if (cards.some((c) => !c)) return 'the draft pool has a card Theos does not have';
  if (new Set(pool).size !== pool.length) return 'a card is in the draft pool twice';
  const count = (type: CardType) => cards.filter((c) => c!.type === type).length;
  if (count('betrayal') !== 4 || count('offering') !== 12 || count('power') !== 12) {
    return 'the 2 player pool is the four Betrayals, 12 Offerings and 12 Power cards';
  }
  for (const type of ['offering', 'power'] as const) {
    const missing = GODS.find((g) => !cards.some((c) => c!.god === g && c!.type === type));
    if (missing) return `the 2 player pool needs at least one ${GOD_NAMES[missing]} ${TYPE_NAMES[type]} card`;
  }
  return undefined;
}

interface PassDraw extends PassDraft {
  /** The Draft Pool the packets were dealt from (all cards not set aside). */
  pool: string[];
}

/**
 * The 3 to 6 player draft: shuffle the 60 cards; with 3 or 4 players turn cards up until the plan's
 * Offerings and Power cards are set aside (Betrayals and extras go back); shuffle the rest (the
 * Draft Pool, ruling-draft-pool) and deal a packet to each seat for each packet round.
 */
export function drawPassDraft(seed: string, players: number, nonce = 0): PassDraw {
  const plan = DRAFT_PLANS[players];
  if (!plan) throw new RangeError(`There is no packet draft for ${players} players.`);
  const rng = rngFor(seed, nonce ? `draft-pass|${nonce}` : 'draft-pass');
  const deck = rng.shuffle(CARDS.map((c) => c.id));
  const setAside: string[] = [];
  const back: string[] = [];
  const want = { offering: plan.setAside[0], power: plan.setAside[1], betrayal: 0 };
  while (setAside.length < want.offering + want.power) {
    const id = deck.shift()!;
    const type = cardById(id)!.type;
    const have = setAside.filter((x) => cardById(x)!.type === type).length;
    if (have < want[type]) setAside.push(id);
    else back.push(id);
  }
  const pool = rng.shuffle([...back, ...deck]);
  const packets = Array.from({ length: plan.rounds }, (_, round) =>
    Array.from({ length: players }, (_, seat) => {
      const start = (round * players + seat) * plan.packet;
      return pool.slice(start, start + plan.packet);
    })
  );
  return { mode: 'pass', setAside: byCardOrder(setAside), packets, pool };
}

/** Why a packet draft does not fit its plan; undefined when it does. */
export function passDraftProblem(draft: Partial<PassDraft>, plan: DraftPlan | undefined): string | undefined {
  if (!plan) return 'there is no packet draft for this many players';
  const setAside = draft.setAside;
  const packets = draft.packets;
  if (!Array.isArray(setAside) || !Array.isArray(packets)) return 'the draft is missing its packets';
  const aside = setAside.map((id) => cardById(id));
  if (aside.some((c) => !c)) return 'a card set aside is not a Theos card';
  const offerings = aside.filter((c) => c!.type === 'offering').length;
  const powers = aside.filter((c) => c!.type === 'power').length;
  if (offerings !== plan.setAside[0] || powers !== plan.setAside[1] || aside.length !== offerings + powers) {
    return `set aside ${plan.setAside[0]} Offerings and ${plan.setAside[1]} Power cards`;
  }
  const seats = Object.keys(DRAFT_PLANS).find((n) => DRAFT_PLANS[+n] === plan);
  if (
    packets.length !== plan.rounds ||
    packets.some(
      (round) =>
        !Array.isArray(round) ||
        round.length !== Number(seats) ||
        round.some((p) => !Array.isArray(p) || p.length !== plan.packet)
    )
  ) {
    return `deal ${plan.rounds === 2 ? 'two packets' : 'one packet'} of ${plan.packet} cards to each player`;
  }
  const dealt = packets.flat(2);
  if (dealt.some((id) => !cardById(id))) return 'a packet holds a card Theos does not have';
  const all = [...setAside, ...dealt];
  if (new Set(all).size !== all.length) return 'a card is in the draft twice';
  if (all.length !== CARDS.length) return 'every card is either set aside or dealt';
  return undefined;
}

/** Where a 2 player draft stands after `picks` picks. */
interface TwoPickStatus {
  /** Whose pick it is; undefined once both decks are full. */
  picker?: string;
  /** Cards each player still has to pick. */
  left: Record<string, number>;
  done: boolean;
}

export function twoPickStatus(first: string, second: string, picks: number): TwoPickStatus {
  const total = TWO_DRAFT.picksEach * 2;
  const firstMade = Math.ceil(picks / 2);
  const left = {
    [first]: TWO_DRAFT.picksEach - firstMade,
    [second]: TWO_DRAFT.picksEach - (picks - firstMade)
  };
  if (picks >= total) return { left, done: true };
  return { picker: picks % 2 === 0 ? first : second, left, done: false };
}

/** Who made pick number `index` (0-based) in a 2 player draft. */
const twoPicker = (first: string, second: string, index: number) => (index % 2 === 0 ? first : second);

/** Each player's deck so far in a 2 player draft, and the cards still in the pool. */
export function twoDraftDecks(
  pool: readonly string[],
  first: string,
  second: string,
  picks: readonly string[]
): { decks: Record<string, string[]>; left: string[] } {
  const decks: Record<string, string[]> = { [first]: [], [second]: [] };
  picks.forEach((card, i) => decks[twoPicker(first, second, i)].push(card));
  return { decks, left: pool.filter((id) => !picks.includes(id)) };
}

/** Cards grouped by god (in the app's god order), each group in Speed order: a row per god. */
export function rowsByGod(ids: readonly string[]): { god: God; cards: string[] }[] {
  const set = new Set(ids);
  return GODS.map((god) => ({
    god,
    cards: CARDS.filter((c) => c.god === god && set.has(c.id)).map((c) => c.id)
  })).filter((row) => row.cards.length > 0);
}

/** Where a packet draft stands after `made` pick rounds (everyone picks once per pick round). */
interface PassPickStatus {
  /** 1-based packet round. */
  packet: number;
  /** 1-based pick within the packet. */
  pick: number;
  /** Left (clockwise) in the first packet round, right in the second. */
  direction: 'left' | 'right';
  /** Picks still to make from the current packet, this one included. */
  leftInPacket: number;
  /** Picks still to make in the whole draft, this one included. */
  leftInDraft: number;
  /** Cards of each packet nobody picks (3 and 4 players). */
  unused: number;
  done: boolean;
}

export function passPickStatus(plan: DraftPlan, made: number): PassPickStatus {
  const total = plan.picks * plan.rounds;
  const done = made >= total;
  const at = Math.min(made, total - 1);
  const round = Math.floor(at / plan.picks);
  return {
    packet: round + 1,
    pick: (at % plan.picks) + 1,
    direction: round === 0 ? 'left' : 'right',
    leftInPacket: done ? 0 : plan.picks - (at % plan.picks),
    leftInDraft: total - Math.min(made, total),
    unused: plan.packet - plan.picks,
    done
  };
}
