/**
 * Epic for the session runtime: the machine plus plain-words refusals, history lines that name
 * the change ("Ana −6 Mojo, attack"), the home-list summary, the step banner adapted to the turn,
 * the format and the match, and the result of a finished game or match.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { GameLogic } from '../kit';
import { buildResult } from '../kit';
import { gameLogic } from '../logic';
import { epicFields } from './fields';
import { epicChecks, epicMachine, type EpicEvent, type TurnStep } from '../../machines/epic';
import { describePick } from './draft';
import { epicSetupProblem, formatName, playerName, sideboardAllowed, type EpicSetup } from './format';
import {
  chooserFor,
  isOut,
  matchWins,
  matchWinner,
  nextChooser,
  nextToMulligan,
  type EpicContext,
  type GameRecord
} from './table';

/** "+3", "−6" (a true minus sign, as the app writes numbers). */
function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0';
}

/** "−6" for a negative number, "24" otherwise. */
export function mojoText(n: number): string {
  return n < 0 ? `\u2212${-n}` : `${n}`;
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
export function nameList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const ctxOf = (s: AnyMachineSnapshot) => s.context as EpicContext;

/** What changed in who is out and who won between two states, as history line endings. */
function consequences(setup: EpicSetup, before: EpicContext, after: EpicContext): string {
  const name = (id: string) => playerName(setup, id);
  const parts: string[] = [];
  const newlyOut = after.players.filter((id) => isOut(after, id) && !isOut(before, id));
  if (newlyOut.length)
    parts.push(`${nameList(newlyOut.map(name))} ${newlyOut.length > 1 ? 'are' : 'is'} out`);
  if (after.winners && !before.winners) parts.push(winLine(setup, after.winners));
  else if (after.active !== before.active && after.turn > before.turn && !after.winners) {
    parts.push(`${name(after.active)} begins turn ${after.turn}`);
  }
  return parts.length ? `; ${parts.join('; ')}` : '';
}

function winLine(setup: EpicSetup, winners: readonly string[], tense: 'now' | 'past' = 'now'): string {
  const names = winners.map((id) => playerName(setup, id));
  if (names.length > 1) return `${nameList(names)} ${tense === 'now' ? 'tie' : 'tied'}`;
  return `${names[0]} ${tense === 'now' ? 'wins' : 'won'}`;
}

/** One finished game in a line: "Game 1: Ana won in 9 turns". */
export function gameLine(setup: EpicSetup, g: GameRecord): string {
  const who = winLine(setup, g.winners, 'past');
  const how = g.how === 'deck' || g.how === 'deck-tie' ? ' (empty deck)' : '';
  const game = setup.match ? `Game ${g.game}: ` : '';
  return `${game}${who}${how} in ${g.turns} turn${g.turns === 1 ? '' : 's'}`;
}

function mojoLine(setup: EpicSetup, ctx: EpicContext): string {
  const cells = ctx.players.map(
    (id) =>
      `${playerName(setup, id)} ${mojoText(ctx.mojo[id])}${isOut(ctx, id) && !ctx.winners?.includes(id) ? ' (out)' : ''}`
  );
  return `${cells.join(' – ')} Mojo`;
}

/** The deepest state's name in the machine: 'prepare', 'ready', 'mulligan'… */
function where(snapshot: AnyMachineSnapshot): string[] {
  const out: string[] = [];
  let v: unknown = snapshot.value;
  while (v && typeof v === 'object') {
    const [k, rest] = Object.entries(v as Record<string, unknown>)[0];
    out.push(k);
    v = rest;
  }
  if (typeof v === 'string') out.push(v);
  return out;
}

/** The step of the turn a snapshot is in (any beat of an attack is `battle`); undefined outside play. */
function turnStep(snapshot: AnyMachineSnapshot): TurnStep | undefined {
  const path = where(snapshot);
  return path[0] === 'game' ? (path[1] as TurnStep) : undefined;
}

const STEP_NAMES: Record<string, string> = {
  prepare: 'the Prepare Step',
  preBattle: 'the Pre-Battle Step',
  battle: 'the Battle Step',
  build: 'the Build Step',
  end: 'the End Step',
  declare: 'an attack: declare',
  block: 'the attack: block',
  range: 'the attack: range damage',
  damage: 'the attack: damage',
  ready: 'the Battle Step'
};

const playing = (snapshot: AnyMachineSnapshot) => ['game', 'mulligan'].includes(where(snapshot)[0]);

/** An event of a turn, asked for before the game started or between two games of a match. */
function notYet({ snapshot, ctx }: { snapshot: AnyMachineSnapshot; ctx: EpicContext }): string {
  return where(snapshot)[0] === 'between'
    ? `Game ${ctx.game} is over: choose who goes first in the next one.`
    : 'The game has not started: finish the draft and build decks first.';
}

export const epicLogic: GameLogic<EpicSetup> = gameLogic<EpicSetup, EpicContext, EpicEvent>({
  machine: epicMachine,
  version: 1,
  fields: epicFields,
  setupProblem: epicSetupProblem,

  // Asked only of a step that takes the event: what is wrong with it, never when.
  refusal({ snapshot, ctx, event: e, name }) {
    switch (e.type) {
      case 'MULLIGAN':
        return epicChecks.mulligan(ctx, e, name);
      case 'MOJO':
        return epicChecks.mojo(ctx, e, name, turnStep(snapshot));
      case 'ACTION':
        return epicChecks.action(ctx, e, name);
      case 'CANNOT_DRAW':
        return epicChecks.cannotDraw(ctx, e, name);
      case 'DECK_EMPTY':
        return epicChecks.deckEmpty(ctx, e, name);
      case 'LOSE':
        return epicChecks.lose(ctx, e, name);
      case 'NEXT_GAME':
        return epicChecks.nextGame(ctx, e);
    }
    return undefined;
  },

  notNow: {
    PICK: ({ ctx }) => (ctx.format !== 'draft' ? 'This game has no draft.' : 'The draft is over.'),
    DECKS_READY: 'Decks are built already.',
    MULLIGAN: 'Mulligans happen once per game, before the first turn.',
    BEGIN: (r) => (playing(r.snapshot) ? 'The game is under way already.' : notYet(r)),
    ATTACK: ({ snapshot }) =>
      where(snapshot)[0] === 'game'
        ? 'Attacks are declared in the Battle Step, between attacks.'
        : 'Attacks happen in the Battle Step of a turn.',
    MOJO: notYet,
    ACTION: notYet,
    CANNOT_DRAW: notYet,
    DECK_EMPTY: notYet,
    LOSE: notYet,
    NEXT_TURN: notYet,
    NEXT: ({ snapshot, ctx, name }) =>
      where(snapshot)[0] === 'mulligan'
        ? `${name(nextToMulligan(ctx) ?? ctx.first)} decides next: keep the hand or put cards back.`
        : 'Choose who goes first in the next game.',
    NEXT_GAME: 'The next game starts once this one has a winner.'
  },

  describe(accepted) {
    const { event: e, before, after, prev, ctx, setup, name } = accepted;
    const tail = consequences(setup, prev, ctx);
    switch (e.type) {
      case 'PICK':
      case 'NEXT': {
        if (prev.draft && before.matches('draft')) {
          return after.matches('draft') && ctx.draft
            ? `Draft: ${describePick(ctx.draft)}`
            : 'Draft done: build decks';
        }
        if (before.matches('building')) return 'Decks built: shuffle, draw 5, mulligan';
        if (e.type === 'NEXT' && prev.turn !== ctx.turn) return `End of turn ${prev.turn}${tail}`;
        const at = where(after).at(-1) ?? '';
        return `${name(ctx.active)}: ${STEP_NAMES[at] ?? at}`;
      }
      case 'DECKS_READY':
        return 'Decks ready: shuffle, draw 5, mulligan';
      case 'MULLIGAN': {
        const start =
          e.cards === 0
            ? `${name(e.player)} keeps the hand`
            : `${name(e.player)} mulligans ${e.cards} card${e.cards === 1 ? '' : 's'}: ${signed(-e.cards)} Mojo (now ${mojoText(ctx.mojo[e.player])})`;
        const begun = after.matches('game') ? `; ${name(ctx.active)} begins turn 1 at the Build Step` : '';
        return start + begun;
      }
      case 'BEGIN': {
        const kept = ctx.players.filter((id) => !(id in prev.mulligans));
        const who = kept.length ? `${nameList(kept.map(name))} keep${kept.length === 1 ? 's' : ''}; ` : '';
        return `${who}${name(ctx.active)} begins turn 1 at the Build Step`;
      }
      case 'MOJO': {
        const changes = e.changes.map((c) => `${name(c.player)} ${signed(c.delta)}`);
        const now = e.changes.length === 1 ? ` (now ${mojoText(ctx.mojo[e.changes[0].player])})` : '';
        return `${changes.join(', ')} Mojo, ${e.reason}${now}${tail}`;
      }
      case 'ACTION':
        return e.spent
          ? `${name(e.player)} spends the action${tail}`
          : `${name(e.player)}’s action is back${tail}`;
      case 'CANNOT_DRAW': {
        const lost = ctx.players
          .filter((id) => id !== e.player && ctx.mojo[id] !== prev.mojo[id])
          .map((id) => `${name(id)} ${signed(ctx.mojo[id] - prev.mojo[id])}`);
        const what = e.cards === 1 ? 'a card' : `${e.cards} cards`;
        return `${name(e.player)} cannot draw ${what}: ${lost.join(', ')} Mojo, Pack War${tail}`;
      }
      case 'DECK_EMPTY': {
        const names = e.players.map(name);
        const decks =
          names.length > 1 ? `${nameList(names)} run out of cards together` : `${names[0]}’s deck is empty`;
        return `${decks}${tail}`;
      }
      case 'LOSE':
        return `${name(e.player)} loses the game${tail}`;
      case 'NEXT_TURN':
        return `End of turn ${prev.turn}${tail}`;
      case 'NEXT_GAME':
        return `Game ${ctx.game}: ${name(e.first)} goes first`;
      case 'ATTACK':
        return `${name(ctx.active)} attacks`;
    }
    return accepted.event.type;
  },

  summarize(snapshot, setup) {
    const ctx = ctxOf(snapshot);
    const name = (id: string) => playerName(setup, id);
    const game = ctx.match ? `Game ${ctx.game} · ` : '';
    const record = ctx.match
      ? ` · wins ${ctx.players.map((id) => `${name(id)} ${matchWins(ctx)[id]}`).join(', ')}`
      : '';
    if (snapshot.status === 'done') {
      const winner = ctx.match ? matchWinner(ctx) : undefined;
      if (winner)
        return `${name(winner)} won the match · ${ctx.games.map((g) => gameLine(setup, g)).join(' · ')}`;
      return `${ctx.winners ? winLine(setup, ctx.winners, 'past') : 'Over'} · ${mojoLine(setup, ctx)}`;
    }
    if (snapshot.matches('draft') && ctx.draft) return `${formatName(setup)} · ${describePick(ctx.draft)}`;
    if (snapshot.matches('building')) return `${formatName(setup)} · building decks`;
    if (snapshot.matches('mulligan')) {
      return `${game}Mulligans · ${name(nextToMulligan(ctx) ?? ctx.first)} decides${record}`;
    }
    if (snapshot.matches('between')) {
      return `${gameLine(setup, ctx.games.at(-1)!)}${record}`;
    }
    return `${game}Turn ${ctx.turn} · ${name(ctx.active)} · ${mojoLine(setup, ctx)}${record}`;
  },

  stepEvents: ['NEXT', 'ATTACK', 'PICK', 'DECKS_READY'],

  outcomes: ['LOSE', 'CANNOT_DRAW', 'DECK_EMPTY', 'NEXT_GAME'],

  // Quick taps on one player's Mojo for one reason are one change ("Ben −3 Mojo, attack").
  adjusts: {
    key(event) {
      const e = event as EpicEvent;
      return e.type === 'MOJO' && e.changes.length === 1
        ? `mojo:${e.changes[0].player}:${e.reason}`
        : undefined;
    },
    sum(events) {
      const all = events as Extract<EpicEvent, { type: 'MOJO' }>[];
      const delta = all.reduce((total, e) => total + e.changes[0].delta, 0);
      return { ...all[0], changes: [{ player: all[0].changes[0].player, delta }] };
    }
  },
  scoring: { unit: 'Mojo', highestWins: true, noPoints: false },

  period: (snapshot) => {
    const ctx = ctxOf(snapshot);
    return { unit: 'turn', number: ctx.turnsBefore + ctx.turn };
  },

  activePlayer: (snapshot) => ctxOf(snapshot).active,

  standing(snapshot) {
    return { scores: { ...ctxOf(snapshot).mojo } };
  },

  result(snapshot, setup) {
    const ctx = ctxOf(snapshot);
    const finished = snapshot.status === 'done';
    const winner = ctx.match ? matchWinner(ctx) : undefined;
    const winners = ctx.match ? (winner ? [winner] : []) : (ctx.winners ?? []);
    const firstGame = ctx.games[0]?.first ?? ctx.first;
    return buildResult({
      finished,
      players: setup.players.map((p) => ({ id: p.id, name: p.name, score: ctx.mojo[p.id] })),
      winners,
      // One game ranks by who went out when; a match by games won (its winner) and Mojo.
      ...(ctx.match ? {} : { knockouts: ctx.knockouts }),
      started: [firstGame],
      length: { unit: 'turn', number: ctx.turnsBefore + ctx.turn }
    });
  },

  describeStep(snapshot, setup, meta) {
    const ctx = ctxOf(snapshot);
    const name = (id: string) => playerName(setup, id);
    const game = ctx.match ? `Game ${ctx.game} · ` : '';
    const path = where(snapshot);
    const phase = path[0];
    if (phase === 'draft' && ctx.draft) {
      return {
        ...meta,
        title: `Draft · pack ${ctx.draft.pack} of ${ctx.packs}`,
        now: `${describePick(ctx.draft)}.`
      };
    }
    if (phase === 'building') {
      const now =
        setup.format === 'draft' && setup.packs === 2
          ? 'Your deck is the 30 cards you drafted, with no sideboard. Shuffle it.'
          : meta.now;
      return {
        ...meta,
        now,
        rules: setup.format === 'draft' ? [...meta.rules, 'ruling-draft-two'] : meta.rules
      };
    }
    if (phase === 'mulligan') {
      const next = nextToMulligan(ctx);
      const who = next ? ` ${name(next)} decides now.` : '';
      return { ...meta, title: `${game}${meta.title}`, now: `${meta.now}${who}` };
    }
    if (phase === 'between') {
      const last = ctx.games.at(-1)!;
      const choosers = nextChooser(last, ctx.players).map(name);
      const chooser = chooserFor(ctx, setup.seed)!;
      const chooses = chooser.drawn
        ? `${nameList(choosers)} lost together; the draw picks ${name(chooser.id)} to choose who goes first in game ${ctx.game + 1}.`
        : `${name(chooser.id)} chooses who goes first in game ${ctx.game + 1}.`;
      return {
        ...meta,
        title: `${gameLine(setup, last)}`,
        // Only where the format has a sideboard at all (ruling-sideboard-formats).
        now: `${chooses}${sideboardAllowed(setup) ? ' Sideboards may swap cards one for one.' : ''}`
      };
    }
    if (phase === 'over') {
      const winner = ctx.match ? matchWinner(ctx) : undefined;
      const title = ctx.match
        ? `${winner ? name(winner) : 'Nobody'} wins the match`
        : ctx.winners
          ? winLine(setup, ctx.winners)
          : 'Game over';
      return { ...meta, title, now: ctx.games.map((g) => gameLine(setup, g)).join('. ') + '.' };
    }
    if (phase === 'game') {
      const at = path.at(-1)!;
      let { now, rules } = meta;
      if (at === 'prepare') {
        now +=
          setup.format === 'pack-war'
            ? ' Pack War: for each card you cannot draw, every opponent loses 5 Mojo.'
            : ' If your deck is empty, you win.';
        rules = [...rules, setup.format === 'pack-war' ? 'pack-war' : 'empty-deck-win'];
      }
      if (at === 'build' && ctx.turn === 1) {
        now = `The first turn starts here: no draw and no attack. ${now}`;
        rules = [...rules, 'first-turn'];
      }
      return { title: `${game}Turn ${ctx.turn} · ${name(ctx.active)} · ${meta.title}`, now, rules };
    }
    return meta;
  }
});
