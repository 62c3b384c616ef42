/**
 * Every random choice of a Theos setup, drawn from the session's seed: teams, the god pairs, the
 * faces they start on, starting Realms, who takes which deck, who picks first and the draft
 * itself. Each draw has its own purpose (and a nonce for re-draws), so re-drawing one thing never
 * shifts another, and a seed always rebuilds its setup.
 */
import { rngFor } from '../../random/seeded';
import type { God } from './cards';
import { drawPassDraft, drawTwoPlayerPool } from './draft';
import {
  BOOK_PAIRS,
  PAIRINGS,
  realmCount,
  teamSizes,
  type DeckChoice,
  type DeckKind,
  type GodPairs,
  type TheosFormat,
  type TheosSetup
} from './format';
import { PREBUILT_GROUPS, ROSTER_SETS } from './decks';
import type { PlayerSetup } from '../kit';

const purpose = (name: string, nonce: number) => (nonce ? `${name}|${nonce}` : name);

/** Players split at random into the format's teams (a Free-For-All has nothing to draw). */
export function drawTeams(seed: string, ids: readonly string[], format: TheosFormat, nonce = 0): string[][] {
  if (format === 'ffa') return seatTeams(ids, format);
  const shuffled = rngFor(seed, purpose('teams', nonce)).shuffle(ids);
  let at = 0;
  // Members listed in seat order, so a team reads the same however it was drawn.
  const seat = (id: string) => ids.indexOf(id);
  return teamSizes(format, ids.length).map((n) =>
    shuffled.slice(at, (at += n)).sort((a, b) => seat(a) - seat(b))
  );
}

/** Teams in seat order, without drawing: consecutive players together. */
function seatTeams(ids: readonly string[], format: TheosFormat): string[][] {
  let at = 0;
  return teamSizes(format, ids.length).map((n) => ids.slice(at, (at += n)));
}

export function drawPairs(seed: string, nonce = 0): GodPairs {
  return rngFor(seed, purpose('pairs', nonce)).pick(PAIRINGS);
}

/** Which god of each pair starts face up, for each Realm. */
export function drawFaces(seed: string, pairs: GodPairs, realms: number, nonce = 0): God[][] {
  const rng = rngFor(seed, purpose('faces', nonce));
  return Array.from({ length: realms }, () => pairs.map((p) => rng.pick(p)));
}

/**
 * Starting Realms. One Realm: everyone in it. Two: a Free-For-All spreads players as evenly as
 * possible (3 and 2, or 3 and 3); 2v2v2 sends each team's two players to different Realms; 3v3
 * teams choose their split, and a draw gives each team one player alone in a random Realm.
 */
export function drawRealms(
  seed: string,
  format: TheosFormat,
  teams: readonly (readonly string[])[],
  nonce = 0
): Record<string, number> {
  const ids = teams.flat();
  if (realmCount(ids.length) === 1) return Object.fromEntries(ids.map((id) => [id, 0]));
  const rng = rngFor(seed, purpose('realms', nonce));
  const realmOf: Record<string, number> = {};
  if (format === 'ffa') {
    const order = rng.shuffle(ids);
    const bigger = rng.int(0, 1);
    const firstSize = Math.ceil(ids.length / 2);
    order.forEach((id, i) => (realmOf[id] = i < firstSize ? bigger : 1 - bigger));
  } else if (format === '2v2v2') {
    for (const team of teams) {
      const first = rng.int(0, 1);
      realmOf[team[0]] = first;
      realmOf[team[1]] = 1 - first;
    }
  } else {
    for (const team of teams) {
      const alone = rng.pick(team);
      const realm = rng.int(0, 1);
      for (const id of team) realmOf[id] = id === alone ? realm : 1 - realm;
    }
  }
  return realmOf;
}

/** Each player a different deck (or roster) of a group with `count` of them. */
export function drawDeckOf(
  seed: string,
  ids: readonly string[],
  count: number,
  nonce = 0
): Record<string, number> {
  const order = rngFor(seed, purpose('decks', nonce)).shuffle(Array.from({ length: count }, (_, i) => i));
  return Object.fromEntries(ids.map((id, i) => [id, order[i]]));
}

export function drawFirstPicker(seed: string, ids: readonly string[], nonce = 0): string {
  return rngFor(seed, purpose('first-pick', nonce)).pick(ids);
}

/** The deck choice of a kind with everything random drawn from the seed. */
export function drawDecks(seed: string, ids: readonly string[], kind: DeckKind, nonce = 0): DeckChoice {
  if (kind === 'prebuilt' || kind === 'roster') {
    const groups = kind === 'prebuilt' ? PREBUILT_GROUPS : ROSTER_SETS;
    const group = groups.find((g) => g.players === ids.length);
    if (!group) throw new RangeError(`There are no ${kind} lists for ${ids.length} players.`);
    const deckOf = drawDeckOf(seed, ids, group.decks.length, nonce);
    return kind === 'prebuilt' ? { kind, group: group.id, deckOf } : { kind, set: group.id, deckOf };
  }
  if (kind === 'draft') {
    if (ids.length === 2) {
      const { pool } = drawTwoPlayerPool(seed, nonce);
      return { kind, draft: { mode: 'two', pool, first: drawFirstPicker(seed, ids, nonce) } };
    }
    const { setAside, packets } = drawPassDraft(seed, ids.length, nonce);
    return { kind, draft: { mode: 'pass', setAside, packets } };
  }
  return { kind: 'own' };
}

/**
 * A whole setup from players, a game type and a deck type: teams in seat order (consecutive
 * players together), the first-game pairing, and the faces, Realms and decks drawn from the seed.
 */
export function proposeSetup(
  players: readonly PlayerSetup[],
  format: TheosFormat,
  kind: DeckKind,
  seed: string,
  options: { drawTeams?: boolean; pairs?: GodPairs } = {}
): TheosSetup {
  const ids = players.map((p) => p.id);
  const teams = options.drawTeams ? drawTeams(seed, ids, format) : seatTeams(ids, format);
  const pairs = options.pairs ?? BOOK_PAIRS;
  return {
    seed,
    players: players.map((p) => ({ ...p })),
    format,
    teams,
    pairs,
    faces: drawFaces(seed, pairs, realmCount(ids.length)),
    realmOf: drawRealms(seed, format, teams),
    decks: drawDecks(seed, ids, kind)
  };
}
