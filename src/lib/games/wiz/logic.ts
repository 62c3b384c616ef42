/**
 * WiZ for the session runtime: the machine plus plain-words refusals, history lines that lead
 * with the EP that changed, the home-list summary, the step banner with the table's names, and
 * the result of a finished game.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { GameLogic, StepMeta } from '../kit';
import { buildResult } from '../kit';
import { gameLogic } from '../logic';
import { wizFields } from './fields';
import {
  draftCalc,
  losersOf,
  tableOfContext,
  wizChecks,
  wizMachine,
  type WizContext,
  type WizEvent
} from '../../machines/wiz';
import { ELEMENT_NAMES, cardLabel } from './cards';
import { drawCount, leftOf, playerName, wizSetupProblem, type WizSetup } from './format';
import { formatEp, isBuilt, readHand, readHands, roundEp, type HandEntry, type RoundCalc } from './scoring';

const signed = (n: number) => (n < 0 ? `−${formatEp(-n)}` : `+${formatEp(n)}`);

/** "card value 8 (×2), with a titan" or "Fire 5, 6, 7, 8 + Fire elemental: card value 6 (×2)". */
export function handLine(entry: HandEntry, ctx: WizContext, countered = false): string {
  const read = readHand(entry, tableOfContext(ctx));
  if (!read.ok) return 'a hand';
  const { value, multiplier, titans, character, element } = read.hand;
  const extras = [
    ...(titans > 0 ? [titans === 1 ? 'a titan' : `${titans} titans`] : []),
    ...(character ? ['the character'] : [])
  ];
  // A countered hand has no multiplier: it is listed only for the one-element bonus.
  const tail = `card value ${value}${countered ? '' : ` (×${multiplier})`}${extras.length ? `, with ${extras.join(' and ')}` : ''}`;
  if (isBuilt(entry)) return `${entry.cards.map(cardLabel).join(', ')}: ${tail}`;
  return element ? `${ELEMENT_NAMES[element]}, ${tail}` : tail;
}

/** The round's calculation as it stands while it is being entered: losers not yet entered count 0. */
export interface RoundPreview {
  calc: RoundCalc;
  losers: string[];
  /** Losers whose chaotic EP is still needed (none while no hand is listed). */
  missing: string[];
}

export function previewRound(ctx: WizContext): RoundPreview {
  const read = readHands(ctx.draft.hands, tableOfContext(ctx));
  const hands = read.ok ? read.hands : [];
  const losers = losersOf(ctx);
  const chaotic = losers.map((id) => ctx.draft.chaotic[id] ?? 0);
  const missing = hands.length > 0 ? losers.filter((id) => ctx.draft.chaotic[id] === undefined) : [];
  return { calc: roundEp(hands, chaotic, ctx.draft.bonus), losers, missing };
}

export function seatName(setup: WizSetup, ctx: WizContext, seat: number): string {
  return playerName(setup, ctx.seats[seat]);
}

function scoringStep(snapshot: AnyMachineSnapshot): boolean {
  return snapshot.matches({ round: 'scoring' });
}

const NOT_SCORING = 'The round is scored once a player has gone out: tap who went out first.';

export const wizLogic: GameLogic<WizSetup> = gameLogic<WizSetup, WizContext, WizEvent>({
  machine: wizMachine,
  // 2: the draft lists the winner's countered hands and whether the bonus was claimed against every hand.
  // 3: Stuns, a wrong deck joker and the players whose turns were skipped are in the context.
  version: 3,
  fields: wizFields,
  setupProblem: wizSetupProblem,

  // Asked only of a step that takes the event: what is wrong with it, never when.
  refusal({ snapshot, ctx, event: e, name }) {
    switch (e.type) {
      case 'GO_OUT':
        return wizChecks.goOut(ctx, e, name, scoringStep(snapshot));
      case 'HAND':
        return wizChecks.hand(ctx, e);
      case 'DROP_HAND':
        return wizChecks.dropHand(ctx, e);
      case 'CHAOTIC':
        return wizChecks.chaotic(ctx, e, name);
      case 'BONUS':
        return wizChecks.bonus(ctx, e);
      case 'SCORE':
        return wizChecks.score(ctx, e, name);
      case 'STUN':
        return wizChecks.stun(ctx, e, name);
      case 'WRONG_JOKER':
        return wizChecks.wrongJoker(ctx, e, name);
      case 'POOL_WON':
        return wizChecks.pool(ctx, e, name);
      case 'ATTACK':
        return wizChecks.attack(ctx, e, name);
    }
    return undefined;
  },

  notNow: {
    NEXT: ({ snapshot }) => (scoringStep(snapshot) ? 'Score the round to go on.' : undefined),
    END_TURN: 'Turns pass while the round is played; this round is being scored.',
    GO_OUT: undefined,
    STUN: 'A Stun is played during a turn; this round is being scored.',
    WRONG_JOKER: undefined,
    HAND: NOT_SCORING,
    DROP_HAND: NOT_SCORING,
    CHAOTIC: NOT_SCORING,
    BONUS: NOT_SCORING,
    SCORE: NOT_SCORING,
    POOL_WON: undefined,
    ATTACK: undefined
  },

  describe(accepted) {
    const { event: e, before, after, ctx, prev, setup, name } = accepted;
    switch (e.type) {
      case 'NEXT':
      case 'END_TURN': {
        const meta = stepOf(after, setup);
        const title = meta ? meta.title : 'Next step';
        const skip = ctx.turn.count !== prev.turn.count ? skippedLine(ctx, name) : '';
        return skip ? `${skip} · ${title}` : title;
      }
      case 'STUN':
        return `${name(e.player)} is Stunned: misses their next turn`;
      case 'WRONG_JOKER': {
        const won =
          scoringStep(after) && !scoringStep(before) ? `; ${name(ctx.draft.outBy ?? '')} wins it` : '';
        const again = scoringStep(before) && scoringStep(after) ? '; the round’s EP is entered again' : '';
        return `${name(e.player)} played a wrong deck joker and loses round ${ctx.round}${won}${again}`;
      }
      case 'GO_OUT':
        return scoringStep(before)
          ? `Correction: ${name(e.player)} went out, not ${name(prev.draft.outBy ?? '')}`
          : `${name(e.player)} went out and wins round ${ctx.round}`;
      case 'HAND': {
        const who = name(ctx.draft.outBy ?? '');
        const kind = e.countered ? 'countered hand' : 'hand';
        const again = e.index < prev.draft[e.countered ? 'countered' : 'hands'].length ? ' (corrected)' : '';
        return `${who}’s ${kind} ${e.index + 1}${again}: ${handLine(e.hand, ctx, e.countered)}`;
      }
      case 'DROP_HAND':
        return `${name(ctx.draft.outBy ?? '')}’s ${e.countered ? 'countered hand' : 'hand'} ${e.index + 1} taken off the list`;
      case 'CHAOTIC':
        return `${name(e.player)}’s chaotic EP: ${formatEp(e.ep)}`;
      case 'BONUS':
        return e.bonus === 1
          ? 'No one-element bonus'
          : `All ${name(ctx.draft.outBy ?? '')}’s hands are one element: ×${e.bonus}`;
      case 'SCORE': {
        const last = ctx.rounds.at(-1);
        if (!last?.calc || !last.outBy) return 'Round scored';
        const { calc } = last;
        const sum = `${calc.multiplierSum} × ${formatEp(calc.chaoticTotal)}${calc.bonusEp ? ` + ${formatEp(calc.bonusEp)}` : ''}`;
        const how = calc.bonus > 1 ? `(${sum}) × ${calc.bonus}` : sum;
        const won = ctx.winner ? `. ${name(ctx.winner)} wins the game` : '';
        return `${name(last.outBy)} ${signed(calc.total)} EP, round ${last.round} (${how})${won}`;
      }
      case 'POOL_WON': {
        const won = ctx.winner ? `. ${name(ctx.winner)} wins the game` : '';
        if (e.from !== undefined) {
          const taken = prev.scores[e.from] - ctx.scores[e.from];
          return `${name(e.from)} ${signed(-taken)} EP, Life Pool taken by ${name(e.player)}`;
        }
        return `${name(e.player)} ${signed(prev.pool?.value ?? 0)} EP, Life Pool${won}`;
      }
      case 'ATTACK': {
        const won = ctx.winner ? `. ${name(ctx.winner)} wins the game` : '';
        return `${name(e.player)} ${signed(e.ep)} EP, character attack${won}`;
      }
    }
    return accepted.event.type;
  },

  summarize(snapshot, setup) {
    const ctx = snapshot.context as WizContext;
    const scores = ctx.seats.map((id) => `${playerName(setup, id)} ${formatEp(ctx.scores[id])}`);
    if (snapshot.status === 'done' && ctx.winner) {
      const others = ctx.seats.filter((id) => id !== ctx.winner);
      const rest = others.map((id) => `${playerName(setup, id)} ${formatEp(ctx.scores[id])}`);
      return [
        `${playerName(setup, ctx.winner)} won with ${formatEp(ctx.scores[ctx.winner])} EP`,
        ...rest
      ].join(' · ');
    }
    return `Round ${ctx.round} · ${scores.join(' · ')} · to ${formatEp(ctx.target)} EP`;
  },

  stepEvents: ['NEXT', 'END_TURN'],

  outcomes: ['SCORE', 'WRONG_JOKER', 'POOL_WON', 'ATTACK'],
  scoring: { unit: 'EP', highestWins: true, noPoints: false },

  period: (snapshot) => ({ unit: 'round', number: (snapshot.context as WizContext).round }),

  standing(snapshot) {
    const ctx = snapshot.context as WizContext;
    return { scores: { ...ctx.scores }, target: ctx.target };
  },

  result(snapshot, setup) {
    const ctx = snapshot.context as WizContext;
    return buildResult({
      finished: snapshot.status === 'done' && ctx.winner !== null,
      players: setup.players.map((p) => ({ id: p.id, name: p.name, score: ctx.scores[p.id] ?? 0 })),
      winners: ctx.winner ? [ctx.winner] : [],
      started: [ctx.seats[leftOf(setup.firstDealer, ctx.seats.length)]],
      length: { unit: 'round', number: ctx.round }
    });
  },

  describeStep(snapshot, setup, meta) {
    const ctx = snapshot.context as WizContext;
    const seats = ctx.seats.length;
    const dealer = seatName(setup, ctx, ctx.dealer);
    const starter = seatName(setup, ctx, leftOf(ctx.dealer, seats));
    const round = `Round ${ctx.round}`;
    const is = (state: unknown) => snapshot.matches(state as never);
    if (is('over')) {
      const winner = ctx.winner ? playerName(setup, ctx.winner) : 'A player';
      return { ...meta, now: `${winner} reached ${formatEp(ctx.target)} EP and wins the game.` };
    }
    if (is({ round: { playing: 'deal' } })) {
      return {
        ...meta,
        title: `${round} · ${dealer} deals`,
        now: `Shuffle well. ${dealer} deals 12 cards to each player and 13 to ${starter} (on ${dealer}’s left), who starts.`
      };
    }
    if (is({ round: { playing: 'replace' } })) {
      return {
        ...meta,
        title: `${round} · ${meta.title}`,
        now: `Anyone dealt action cards keeps them and draws as many more, again for any action card among those. ${starter} goes first, then clockwise.`
      };
    }
    if (is({ round: { playing: 'turn' } })) return turnStep(snapshot, setup, meta);
    if (is({ round: 'scoring' })) {
      const winner = playerName(setup, ctx.draft.outBy ?? '');
      let now = meta.now;
      if (is({ round: { scoring: 'hands' } })) {
        const extras = [ctx.titans ? 'titan' : '', ctx.characters ? 'character' : ''].filter(Boolean);
        const what = extras.length ? `card value, and any ${extras.join(' or ')} on it` : 'their card values';
        now = `List ${winner}’s hands nobody countered: ${what}. None left: every hand was countered, ×0.`;
      } else if (is({ round: { scoring: 'counter' } })) {
        const counters = losersOf(ctx)
          .filter((id) => !ctx.fouled.includes(id))
          .map((id) => playerName(setup, id));
        now = counters.length
          ? `${counters.join(', ')}: each losing hand of equal or higher card value may cancel one of ${winner}’s hands, so one loser with several such hands may cancel several.`
          : `Nobody counters: every loser took their table cards back for a wrong deck joker.`;
        if (ctx.fouled.length) now += ` ${foulLine(ctx, setup)}`;
      } else if (is({ round: { scoring: 'chaotic' } }) && ctx.fouled.length) {
        now = `${meta.now} ${foulLine(ctx, setup)}`;
      } else if (is({ round: { scoring: 'total' } })) {
        const result = draftCalc(ctx, (id) => playerName(setup, id));
        now =
          'reason' in result
            ? result.reason
            : `${winner} gains ${formatEp(result.calc.total)} EP. ${meta.now}`;
      }
      return { ...meta, title: `${round} · ${winner} went out · ${meta.title}`, now };
    }
    return meta;
  }
});

/** "Ben is Stunned and misses the turn" (and any other turn missed on the way), or ''. */
function skippedLine(ctx: WizContext, name: (id: string) => string): string {
  return ctx.skipped
    .map((id) =>
      ctx.fouled.includes(id)
        ? `${name(id)} is out of the round (wrong deck joker)`
        : `${name(id)} is Stunned and misses the turn`
    )
    .join('; ');
}

/** A wrong deck joker's cost, for the counters and the chaotic EP: the cards all count as held. */
function foulLine(ctx: WizContext, setup: WizSetup): string {
  const who = ctx.fouled.map((id) => playerName(setup, id)).join(' and ');
  return `${who} played a wrong deck joker: every card of theirs, table cards too, counts as held, so counters nothing and counts it all as chaotic EP.`;
}

/** The step a turn opens on: the starter's first turn has no draw, first turns no action cards. */
function firstStepOf(ctx: WizContext): string {
  if (ctx.turn.count === 0) return 'play';
  return ctx.turn.count < ctx.seats.length ? 'draw' : 'actions';
}

function turnStep(snapshot: AnyMachineSnapshot, setup: WizSetup, meta: StepMeta): StepMeta {
  const ctx = snapshot.context as WizContext;
  const player = seatName(setup, ctx, ctx.turn.seat);
  const title = `Round ${ctx.round} · ${player} · ${meta.title}`;
  const firstCycle = ctx.turn.count < ctx.seats.length;
  const rules = [...meta.rules];
  let now = meta.now;
  const opening = snapshot.matches({ round: { playing: { turn: firstStepOf(ctx) } } });
  if (snapshot.matches({ round: { playing: { turn: 'play' } } })) {
    if (ctx.turn.count === 0) {
      now = `${player} starts without drawing: lay a 30+ hand and any other hands if possible, then discard.`;
      rules.push('first-turn');
    } else if (ctx.pool && !ctx.pool.won) {
      now = `${now} Shards may go into the Life Pool, now worth ${formatEp(ctx.pool.value)} EP.`;
      rules.push('life-pool-play');
    }
  }
  if (snapshot.matches({ round: { playing: { turn: 'draw' } } })) {
    now =
      drawCount(ctx.seats.length) === 2
        ? `${player} takes 2 cards from the main deck, or the top card of the discard pile.`
        : `${player} takes the top card of the main deck or of the discard pile.`;
    if (firstCycle) {
      now += ' No action cards on a first turn.';
      rules.push('first-turn');
    }
  }
  if (snapshot.matches({ round: { playing: { turn: 'actions' } } }) && ctx.characters) {
    now += ' A character on the table attacks now.';
    rules.push('character-attacks');
  }
  if (snapshot.matches({ round: { playing: { turn: 'discard' } } }) && drawCount(ctx.seats.length) === 2) {
    // The 2-card discard goes with a 2-card draw from the deck; the starter's first turn has no draw.
    now =
      ctx.turn.count === 0
        ? `${player} drew nothing on this first turn, so discards 1 card (2 only after drawing 2 from the deck). Nothing left to discard? ${player} has gone out.`
        : `Discard 2 cards after drawing 2 from the deck (1 after taking the discard). Nothing left to discard? ${player} has gone out.`;
    rules.push('ruling-four-player-draw');
  }
  if (opening && ctx.skipped.length) {
    const name = (id: string) => playerName(setup, id);
    now = `${skippedLine(ctx, name)}: ${player} plays. ${now}`;
    rules.push(ctx.skipped.some((id) => ctx.fouled.includes(id)) ? 'deck-joker-mistakes' : 'stun');
  }
  return { title, now, rules };
}

/** The current step's meta as the screen shows it (the deepest state's, adapted). */
function stepOf(snapshot: AnyMachineSnapshot, setup: WizSetup): StepMeta | undefined {
  const all = snapshot.getMeta() as Record<string, StepMeta | undefined>;
  const found = Object.values(all)
    .filter((m) => m?.title)
    .at(-1);
  return found && wizLogic.describeStep!(snapshot, setup, found);
}
