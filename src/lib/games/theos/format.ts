/**
 * Theos game types, teams, gods, Realms and decks: what a setup holds and how it is checked.
 * Pure data and functions; the machine, the setup screen, setup codes and backups all use them.
 */
import type { BaseSetup } from '../kit';
import { isObject, playerName, playersProblem } from '../players';

/** Screens read a player's name through their game's format, the one way every game does. */
export { playerName };
import { CARDS, GODS, GOD_NAMES, type God } from './cards';
import { PREBUILT_GROUPS, ROSTER_SETS, prebuiltGroup, rosterSet } from './decks';
import { DRAFT_PLANS, twoDraftProblem, passDraftProblem, type PassDraft, type TwoDraft } from './draft';

export type TheosFormat = '1v1' | '2v2' | '3v3' | '2v2v2' | 'ffa';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
/** Every hand holds 7 cards, Blanks included, so every round is 7 turns. */
export const HAND_SIZE = 7;

export const FORMATS: Record<TheosFormat, { title: string; short: string; players: readonly number[] }> = {
  '1v1': { title: 'Team Battle 1v1', short: '1v1', players: [2] },
  '2v2': { title: 'Team Battle 2v2', short: '2v2', players: [4] },
  '3v3': { title: 'Team Battle 3v3', short: '3v3', players: [6] },
  '2v2v2': { title: 'Team Battle 2v2v2', short: '2v2v2', players: [6] },
  ffa: { title: 'Free-For-All', short: 'Free-For-All', players: [3, 4, 5, 6] }
};

/** The game types a player count allows, the rulebook's suggestion for a first game first. */
export function formatsFor(players: number): TheosFormat[] {
  const all: TheosFormat[] = ['1v1', 'ffa', '2v2', '3v3', '2v2v2'];
  return all.filter((f) => FORMATS[f].players.includes(players));
}

export function teamSizes(format: TheosFormat, players: number): number[] {
  switch (format) {
    case '1v1':
      return [1, 1];
    case '2v2':
      return [2, 2];
    case '3v3':
      return [3, 3];
    case '2v2v2':
      return [2, 2, 2];
    case 'ffa':
      return Array.from({ length: players }, () => 1);
  }
}

/** One Realm for 2 to 4 players, two for 5 or 6. */
export const realmCount = (players: number): 1 | 2 => (players >= 5 ? 2 : 1);

/** 12 cards each with 2 to 5 players, 10 with 6. */
export const deckSize = (players: number): number => (players === 6 ? 10 : 12);

/** The two opposing pairs: each is two gods sleeved back to back. */
export type GodPairs = readonly [readonly [God, God], readonly [God, God]];

/** The rulebook's first-game pairing, also the one every ready-made deck and roster assumes. */
export const BOOK_PAIRS: GodPairs = [
  ['poseidon', 'gaia'],
  ['hades', 'demeter']
];

/** The three ways to split four gods into two opposing pairs, the book's first. */
export const PAIRINGS: readonly GodPairs[] = [
  BOOK_PAIRS,
  [
    ['poseidon', 'hades'],
    ['gaia', 'demeter']
  ],
  [
    ['poseidon', 'demeter'],
    ['gaia', 'hades']
  ]
];

export type DeckChoice =
  | { kind: 'prebuilt'; group: string; deckOf: Record<string, number> }
  | { kind: 'roster'; set: string; deckOf: Record<string, number> }
  | { kind: 'draft'; draft: TwoDraft | PassDraft }
  | { kind: 'own' };

export type DeckKind = DeckChoice['kind'];

export const DECK_KINDS: Record<DeckKind, string> = {
  prebuilt: 'Prebuilt decks',
  roster: 'Roster',
  draft: 'Draft',
  own: 'Your own decks'
};

export interface TheosSetup extends BaseSetup {
  format: TheosFormat;
  /** Player ids per team; in a Free-For-All every player is a team of one. */
  teams: string[][];
  pairs: GodPairs;
  /** The god face up in each pair when the game starts, per Realm: faces[realm][pair]. */
  faces: God[][];
  /** The Realm each player starts in (all 0 with one Realm). */
  realmOf: Record<string, number>;
  decks: DeckChoice;
}

/** The deck types a player count allows: ready-made lists exist for 2 to 4, rosters for 2 and 3. */
export function deckKindsFor(players: number): DeckKind[] {
  const kinds: DeckKind[] = [];
  if (PREBUILT_GROUPS.some((g) => g.players === players)) kinds.push('prebuilt');
  if (ROSTER_SETS.some((g) => g.players === players)) kinds.push('roster');
  kinds.push('draft', 'own');
  return kinds;
}

/** True when some team has more than one player (results then name the winning team). */
export const playsInTeams = (setup: Pick<TheosSetup, 'teams'>): boolean =>
  setup.teams.some((t) => t.length > 1);

/** "Ana", or "Ana & Ben" for a team. */
export function teamName(setup: Pick<TheosSetup, 'players' | 'teams'>, team: number): string {
  return (setup.teams[team] ?? []).map((id) => playerName(setup, id)).join(' & ');
}

export const realmName = (realm: number) => `Realm ${realm + 1}`;

/** Why a setup cannot start (or reopen) a game, in plain words; undefined when it is sound. */
export function theosSetupProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the setup is missing';
  const s = value as Partial<TheosSetup>;
  const players = playersProblem(s.players, { min: MIN_PLAYERS, max: MAX_PLAYERS, game: 'Theos' });
  if (players) return players;
  const count = s.players!.length;
  if (typeof s.seed !== 'string') return 'the seed is missing';

  const format = s.format && FORMATS[s.format as TheosFormat] ? (s.format as TheosFormat) : undefined;
  if (!format) return `“${String(s.format)}” is not a Theos game type`;
  if (!FORMATS[format].players.includes(count)) {
    return `${FORMATS[format].title} is not played with ${count} players`;
  }
  const teamProblem = checkTeams(
    s,
    format,
    s.players!.map((p) => p.id)
  );
  if (teamProblem) return teamProblem;
  const godProblem = checkGods(s, realmCount(count));
  if (godProblem) return godProblem;
  const realmProblem = checkRealms(s as TheosSetup, format, realmCount(count));
  if (realmProblem) return realmProblem;
  return checkDecks(s as TheosSetup);
}

function checkTeams(s: Partial<TheosSetup>, format: TheosFormat, ids: string[]): string | undefined {
  const sizes = teamSizes(format, ids.length);
  if (!Array.isArray(s.teams) || s.teams.length !== sizes.length) {
    return `${FORMATS[format].title} needs ${sizes.length} teams`;
  }
  const inTeams = s.teams.flat();
  if (inTeams.length !== ids.length || !ids.every((id) => inTeams.includes(id))) {
    return 'every player must be on exactly one team';
  }
  if (s.teams.some((t, i) => !Array.isArray(t) || t.length !== sizes[i])) {
    return `${FORMATS[format].title} needs teams of ${sizes[0]}`;
  }
  return undefined;
}

function checkGods(s: Partial<TheosSetup>, realms: number): string | undefined {
  const pairs = s.pairs;
  if (!Array.isArray(pairs) || pairs.length !== 2 || pairs.some((p) => !Array.isArray(p) || p.length !== 2)) {
    return 'the gods must be split into two opposing pairs';
  }
  const gods = pairs.flat();
  if (!GODS.every((g) => gods.includes(g)) || gods.length !== 4) {
    return `the two pairs must use ${GODS.map((g) => GOD_NAMES[g]).join(', ')} once each`;
  }
  if (!Array.isArray(s.faces) || s.faces.length !== realms) {
    return realms === 1
      ? 'say which god of each pair starts face up'
      : 'say which god of each pair starts face up in each Realm';
  }
  for (const [r, faces] of s.faces.entries()) {
    if (!Array.isArray(faces) || faces.length !== 2 || faces.some((g, i) => !pairs[i].includes(g))) {
      return `${realms > 1 ? `${realmName(r)}: ` : ''}each pair starts with one of its own two gods face up`;
    }
  }
  return undefined;
}

function checkRealms(s: TheosSetup, format: TheosFormat, realms: number): string | undefined {
  if (!isObject(s.realmOf)) return 'say which Realm each player starts in';
  const realmOf = (id: string) => s.realmOf[id];
  for (const p of s.players) {
    const r = realmOf(p.id);
    if (!Number.isInteger(r) || r < 0 || r >= realms) {
      return realms === 1
        ? 'with 2 to 4 players everyone plays in the one Realm'
        : `${p.name} must start in Realm 1 or Realm 2`;
    }
  }
  if (realms === 1) return undefined;
  return splitProblem(s, format);
}

const listNames = (names: string[]) =>
  names.length < 3 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * With two Realms, what is wrong with who starts where, naming every player or team at fault
 * (a table fixes them all at once); undefined when the split follows the rulebook.
 */
function splitProblem(s: TheosSetup, format: TheosFormat): string | undefined {
  const realmOf = (id: string) => s.realmOf[id];
  const counts = [0, 1].map((r) => s.players.filter((p) => realmOf(p.id) === r).length);
  const names = (team: string[]) => listNames(team.map((id) => playerName(s, id)));
  if (format === 'ffa') {
    const even = Math.ceil(s.players.length / 2);
    if (Math.max(...counts) !== even) {
      return `a Free-For-All spreads players evenly: ${even} and ${s.players.length - even}`;
    }
    return undefined;
  }
  const together = s.teams.filter((team) => team.every((id) => realmOf(id) === realmOf(team[0])));
  if (!together.length) return undefined;
  const where = (team: string[]) => realmName(realmOf(team[0]));
  if (format === '3v3') {
    return `in 3v3 each team puts one member in one Realm and two in the other: ${together
      .map((team) => `${names(team)} are all in ${where(team)}`)
      .join('; ')}`;
  }
  return `teammates start in different Realms: ${together
    .map((team) => `${names(team)} are both in ${where(team)}`)
    .join('; ')}`;
}

/**
 * The line under the setup's Realms panel: the split as it stands now, or what is still wrong
 * with it. Only for 5 or 6 players.
 */
export function realmsLine(s: TheosSetup): string {
  const wrong = splitProblem(s, s.format);
  if (wrong) return `Not yet: ${wrong}.`;
  if (s.format === '2v2v2') return 'Each team has one member in each Realm.';
  const counts = [0, 1].map((r) => s.players.filter((p) => s.realmOf[p.id] === r).length);
  const split = `Realm 1: ${counts[0]} players, Realm 2: ${counts[1]}.`;
  return s.format === '3v3' ? `${split} Each team has one member alone and two together.` : split;
}

function checkDecks(s: TheosSetup): string | undefined {
  const d = s.decks;
  const count = s.players.length;
  if (!isObject(d)) return 'choose how decks are made';
  if (!deckKindsFor(count).includes(d.kind as DeckKind)) {
    return d.kind === 'roster'
      ? 'rosters are for 2 or 3 players'
      : d.kind === 'prebuilt'
        ? `the rulebook has no prebuilt decks for ${count} players`
        : 'choose how decks are made';
  }
  if (d.kind === 'prebuilt' || d.kind === 'roster') {
    const group = d.kind === 'prebuilt' ? prebuiltGroup(d.group) : rosterSet(d.set);
    const what = d.kind === 'prebuilt' ? 'decks' : 'rosters';
    if (!group)
      return `choose one of the rulebook's ${d.kind === 'prebuilt' ? 'deck groups' : 'roster sets'}`;
    if (group.players !== count) return `${group.name} is for ${group.players} players`;
    if (!isObject(d.deckOf)) return `give each player one of the ${what}`;
    const taken = s.players.map((p) => d.deckOf[p.id]);
    if (taken.some((i) => !Number.isInteger(i) || !group.decks[i])) {
      return `give each player one of the ${group.name} ${what}`;
    }
    if (new Set(taken).size !== taken.length) return `each player takes a different ${what.slice(0, -1)}`;
    const pairsOk = s.pairs.every((p) => BOOK_PAIRS.some((b) => p.every((g) => b.includes(g))));
    if (!pairsOk)
      return `the rulebook's ${what} are made for Poseidon against Gaia and Hades against Demeter`;
    return undefined;
  }
  if (d.kind === 'draft') {
    const draft = d.draft as TwoDraft | PassDraft | undefined;
    if (!isObject(draft)) return 'the draft is missing';
    if (count === 2) {
      if (draft.mode !== 'two') return 'a 2 player draft picks from one shared pool';
      const problem = twoDraftProblem(draft);
      if (problem) return problem;
      if (!s.players.some((p) => p.id === draft.first)) return 'say who picks first in the draft';
      return undefined;
    }
    if (draft.mode !== 'pass') return 'a draft for 3 or more players passes packets';
    return passDraftProblem(draft, DRAFT_PLANS[count]);
  }
  return undefined;
}

/** Every card that can be in play in this game, for the speed helper's search. */
export function cardsInGame(setup: Pick<TheosSetup, 'decks'>): string[] {
  const d = setup.decks;
  const all = CARDS.map((c) => c.id);
  if (d.kind === 'prebuilt' || d.kind === 'roster') {
    const group = d.kind === 'prebuilt' ? prebuiltGroup(d.group) : rosterSet(d.set);
    const used = new Set(Object.values(d.deckOf).flatMap((i) => group?.decks[i]?.cards ?? []));
    return all.filter((id) => used.has(id));
  }
  if (d.kind === 'draft') {
    const draft = d.draft;
    const inPool = new Set(draft.mode === 'two' ? draft.pool : draft.packets.flat(2));
    return all.filter((id) => inPool.has(id));
  }
  return all;
}
