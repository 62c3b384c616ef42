/**
 * Theos' setup codes ("TH2-8K2M-…"): game type, teams, gods, Realms and decks exactly. Players are
 * seats (1, 2, 3… clockwise); the people at the other table type their own names. The codec
 * (src/lib/share/setup-code.ts) owns the letters and the check.
 *
 * Fields, in order: players − 2 (3 bits), game type (3), each seat's team (2 each, team games
 * only), pairing (2), the face-up god of each pair in each Realm (1 each), each seat's Realm (1
 * each, two Realms only), deck type (2), then per deck type: a group or set (2 or 1) and each
 * seat's deck (2 each); or for a draft, the first picker's seat (3, 2 players) and the seed (5 bits
 * of length, 5 per character) that rebuilds the pool or packets.
 */
import { setupCodec } from '../../share/setup-code';
import { theos } from './index';
import { normalizeCode } from '../../random/seeded';
import { PREBUILT_GROUPS, ROSTER_SETS } from './decks';
import { drawDecks } from './randomize';
import {
  PAIRINGS,
  realmCount,
  teamSizes,
  theosSetupProblem,
  type DeckChoice,
  type DeckKind,
  type TheosFormat,
  type TheosSetup
} from './format';

const FORMAT_LIST: TheosFormat[] = ['1v1', '2v2', '3v3', '2v2v2', 'ffa'];
const KIND_LIST: DeckKind[] = ['prebuilt', 'roster', 'draft', 'own'];

const samePair = (a: readonly string[], b: readonly string[]) => a.every((g) => b.includes(g));

function pairingIndex(setup: TheosSetup): number {
  return PAIRINGS.findIndex((p) => p.every((pair) => setup.pairs.some((q) => samePair(pair, q))));
}

/**
 * Read back, a setup's players are seats "p1", "p2"… with empty names, for the new table to name.
 * A code carries a draft's seed, not its cards: a draft not drawn from its seed is not shared.
 */
export const setupCode = setupCodec<TheosSetup>({
  game: theos,
  carried: (setup) => (draftFromSeed(setup) ? setup : 'its draft was not drawn from its seed'),
  write(setup, out) {
    const ids = setup.players.map((p) => p.id);
    out.int(ids.length - 2, 3).int(FORMAT_LIST.indexOf(setup.format), 3);
    if (setup.format !== 'ffa') {
      for (const id of ids)
        out.int(
          setup.teams.findIndex((t) => t.includes(id)),
          2
        );
    }
    const pairing = PAIRINGS[pairingIndex(setup)];
    out.int(PAIRINGS.indexOf(pairing), 2);
    // Faces by the canonical pairing's order, whatever order the setup lists its pairs in.
    for (const faces of setup.faces) {
      for (const pair of pairing) out.flag(pair.indexOf(faces.find((g) => pair.includes(g))!) === 1);
    }
    if (realmCount(ids.length) === 2) for (const id of ids) out.int(setup.realmOf[id], 1);
    const d = setup.decks;
    out.int(KIND_LIST.indexOf(d.kind), 2);
    if (d.kind === 'prebuilt') {
      out.int(
        PREBUILT_GROUPS.findIndex((g) => g.id === d.group),
        2
      );
      for (const id of ids) out.int(d.deckOf[id], 2);
    } else if (d.kind === 'roster') {
      out.int(
        ROSTER_SETS.findIndex((g) => g.id === d.set),
        1
      );
      for (const id of ids) out.int(d.deckOf[id], 2);
    } else if (d.kind === 'draft') {
      if (d.draft.mode === 'two') out.int(ids.indexOf(d.draft.first), 3);
      const seed = normalizeCode(setup.seed);
      out.int(seed.length - 1, 5).letters(seed);
    }
  },
  read(input) {
    const count = input.int(3) + 2;
    const format = FORMAT_LIST[input.int(3)];
    if (!format || count > 6) return 'The code names a game this app does not know.';
    const ids = Array.from({ length: count }, (_, i) => `p${i + 1}`);
    let teams: string[][];
    if (format === 'ffa') teams = ids.map((id) => [id]);
    else {
      teams = teamSizes(format, count).map(() => []);
      for (const id of ids) teams[input.int(2)]?.push(id);
    }
    const pairing = PAIRINGS[input.int(2)];
    if (!pairing) return 'The code names gods this app does not know.';
    const realms = realmCount(count);
    const faces = Array.from({ length: realms }, () => pairing.map((pair) => pair[input.int(1)]));
    const realmOf = Object.fromEntries(ids.map((id) => [id, realms === 2 ? input.int(1) : 0]));
    const kind = KIND_LIST[input.int(2)];
    let decks: DeckChoice = { kind: 'own' };
    let seed = '';
    if (kind === 'prebuilt' || kind === 'roster') {
      const group = kind === 'prebuilt' ? PREBUILT_GROUPS[input.int(2)] : ROSTER_SETS[input.int(1)];
      const deckOf = Object.fromEntries(ids.map((id) => [id, input.int(2)]));
      if (!group) return 'The code names decks this app does not know.';
      decks = kind === 'prebuilt' ? { kind, group: group.id, deckOf } : { kind, set: group.id, deckOf };
    } else if (kind === 'draft') {
      const first = count === 2 ? ids[input.int(3)] : undefined;
      seed = input.letters(input.int(5) + 1);
      if (input.pastEnd) return 'The code is too short for its draft.';
      decks = drawDecks(seed, ids, 'draft');
      if (decks.kind === 'draft' && decks.draft.mode === 'two') {
        if (!first) return 'The code names a first picker who is not at the table.';
        decks = { ...decks, draft: { ...decks.draft, first } };
      }
    }
    return {
      seed,
      players: ids.map((id) => ({ id, name: '' })),
      format,
      teams,
      pairs: [[...pairing[0]], [...pairing[1]]],
      faces,
      realmOf,
      decks
    };
  },
  check: (setup) =>
    theosSetupProblem({ ...setup, players: setup.players.map((p, i) => ({ ...p, name: `Player ${i + 1}` })) })
});

function draftFromSeed(setup: TheosSetup): boolean {
  const d = setup.decks;
  if (d.kind !== 'draft') return true;
  const seed = normalizeCode(setup.seed);
  if (seed.length < 1 || seed.length > 32) return false;
  const redrawn = drawDecks(
    seed,
    setup.players.map((p) => p.id),
    'draft'
  );
  return (
    redrawn.kind === 'draft' && JSON.stringify(withoutFirst(redrawn)) === JSON.stringify(withoutFirst(d))
  );
}

/** The draft's cards without who picks first (chosen at the table, carried on its own). */
function withoutFirst(d: DeckChoice) {
  if (d.kind !== 'draft') return d;
  return d.draft.mode === 'two'
    ? { pool: d.draft.pool }
    : { setAside: d.draft.setAside, packets: d.draft.packets };
}
