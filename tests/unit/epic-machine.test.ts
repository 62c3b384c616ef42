/**
 * The Epic statechart, rule by rule: mulligans, the first turn, actions, Mojo and knockouts, the
 * empty-deck win and Pack War, turn order, both flows (quick and Guide me), and whole games to
 * their end in every format and player count.
 */
import { describe, expect, it } from 'vitest';
import { epicLogic } from '../../src/lib/games/epic/logic';
import { epicMachine, type EpicEvent } from '../../src/lib/machines/epic';
import { HAND_LIMIT, STARTING_HAND, STARTING_MOJO } from '../../src/lib/games/epic/format';
import type { StepMeta } from '../../src/lib/session/types';
import { initialState, step } from '../../src/lib/session/replay';
import { EpicDriver, epicSetup } from '../fixtures/epic';

describe('Epic: starting a game', () => {
  it('everyone starts on 30 Mojo with an action, and the first player is the setup’s', () => {
    const d = new EpicDriver(epicSetup(3, { first: 1 }));
    expect(d.ctx.mojo).toEqual({ p1: 30, p2: 30, p3: 30 });
    expect(d.ctx.action).toEqual({ p1: true, p2: true, p3: true });
    expect(d.ctx.first).toBe('p2');
    expect(d.is('mulligan')).toBe(true);
    expect(d.meta().now).toMatch(/draw 5/);
  });

  it('30 Mojo and a 5-card hand to start; discard down to 10 at the end of a turn (the rulebook’s numbers)', () => {
    expect([STARTING_MOJO, STARTING_HAND, HAND_LIMIT]).toEqual([30, 5, 10]);
    const d = new EpicDriver(epicSetup(2));
    expect(Object.values(d.ctx.mojo)).toEqual([30, 30]);
    expect(d.meta().now).toMatch(/draw 5/);
    d.begin().send({ type: 'NEXT' });
    expect(d.meta().title).toBe('Turn 1 · Ana · End');
    expect(d.meta().now).toMatch(/discard down to 10 cards/);
  });

  it('a mulligan of 3 cards leaves 27 Mojo (the rulebook’s example)', () => {
    const d = new EpicDriver(epicSetup(2));
    expect(d.line({ type: 'MULLIGAN', player: 'p1', cards: 3 })).toBe(
      'Ana mulligans 3 cards: −3 Mojo (now 27)'
    );
    expect(d.ctx.mojo.p1).toBe(27);
  });

  it('mulligans go clockwise from the first player, once each; keeping is recorded too', () => {
    const d = new EpicDriver(epicSetup(3, { first: 2 }));
    expect(d.refuse({ type: 'MULLIGAN', player: 'p1', cards: 1 })).toBe(
      'Cy decides first: mulligans go clockwise from the first player.'
    );
    d.send({ type: 'MULLIGAN', player: 'p3', cards: 0 });
    expect(d.refuse({ type: 'MULLIGAN', player: 'p3', cards: 2 })).toBe(
      'Cy has decided already: one mulligan per game.'
    );
    d.send({ type: 'MULLIGAN', player: 'p1', cards: 2 });
    expect(d.meta().now).toMatch(/Ben decides now/);
    const last = d.line({ type: 'MULLIGAN', player: 'p2', cards: 5 });
    expect(last).toBe('Ben mulligans 5 cards: −5 Mojo (now 25); Cy begins turn 1 at the Build Step');
    expect(d.ctx.mulligans).toEqual({ p3: 0, p1: 2, p2: 5 });
    expect(d.ctx.mojo).toEqual({ p1: 28, p2: 25, p3: 30 });
    expect(d.is({ game: 'build' })).toBe(true);
  });

  it('a mulligan is 0 to 5 whole cards; anything else is refused with a reason and changes nothing', () => {
    const d = new EpicDriver(epicSetup(2));
    for (const cards of [6, -1, 1.5, NaN]) {
      expect(d.refuse({ type: 'MULLIGAN', player: 'p1', cards })).toMatch(/puts back 0 to 5/);
    }
    expect(d.refuse({ type: 'MULLIGAN', player: 'p9', cards: 1 })).toBe('That player is not in this game.');
  });

  it('BEGIN: everyone who has not decided keeps; turn 1 starts at the Build Step', () => {
    const d = new EpicDriver(epicSetup(3));
    d.send({ type: 'MULLIGAN', player: 'p1', cards: 1 });
    expect(d.line({ type: 'BEGIN' })).toBe('Ben and Cy keep; Ana begins turn 1 at the Build Step');
    expect(d.ctx.mulligans).toEqual({ p1: 1, p2: 0, p3: 0 });
    expect(d.is({ game: 'build' })).toBe(true);
    expect(d.meta().title).toBe('Turn 1 · Ana · Build');
    expect(d.meta().now).toMatch(/^The first turn starts here: no draw and no attack/);
    expect(d.refuse({ type: 'MULLIGAN', player: 'p2', cards: 1 })).toBe(
      'Mulligans happen once per game, before the first turn.'
    );
  });

  it('the first turn has no Battle Step: attack damage is refused on turn 1', () => {
    const d = new EpicDriver(epicSetup(2)).begin();
    expect(d.refuse({ type: 'MOJO', changes: [{ player: 'p2', delta: -3 }], reason: 'attack' })).toBe(
      'The first turn starts at the Build Step: there is no Battle Step, so no attack damage.'
    );
    d.mojo('p2', -3, 'card');
    expect(d.ctx.mojo.p2).toBe(27);
  });
});

describe('Epic: actions', () => {
  it('every player gains an action every turn, not only the active player; one tap spends it', () => {
    const d = new EpicDriver(epicSetup(3)).begin();
    d.send({ type: 'ACTION', player: 'p1', spent: true }).send({ type: 'ACTION', player: 'p3', spent: true });
    expect(d.ctx.action).toEqual({ p1: false, p2: true, p3: false });
    d.endTurn();
    expect(d.active).toBe('p2');
    expect(d.ctx.action).toEqual({ p1: true, p2: true, p3: true });
  });

  it('a spent action can be taken back; spending twice or restoring an unspent one is refused', () => {
    const d = new EpicDriver(epicSetup(2)).begin();
    expect(d.line({ type: 'ACTION', player: 'p2', spent: true })).toBe('Ben spends the action');
    expect(d.refuse({ type: 'ACTION', player: 'p2', spent: true })).toBe(
      'Ben has already spent this turn’s action.'
    );
    expect(d.line({ type: 'ACTION', player: 'p2', spent: false })).toBe('Ben’s action is back');
    expect(d.refuse({ type: 'ACTION', player: 'p2', spent: false })).toBe('Ben’s action is not spent.');
  });

  it('actions reset at every turn, spent or not', () => {
    const d = new EpicDriver(epicSetup(2)).begin();
    for (let t = 0; t < 6; t++) {
      d.send({ type: 'ACTION', player: d.active, spent: true });
      expect(d.ctx.action[d.active]).toBe(false);
      d.endTurn();
      expect(Object.values(d.ctx.action)).toEqual([true, true]);
    }
  });
});

describe('Epic: Mojo, knockouts and the empty deck', () => {
  it('each change is labelled in the history', () => {
    const d = new EpicDriver(epicSetup(2)).begin().endTurn();
    expect(d.line({ type: 'MOJO', changes: [{ player: 'p1', delta: -6 }], reason: 'attack' })).toBe(
      'Ana −6 Mojo, attack (now 24)'
    );
    expect(d.line({ type: 'MOJO', changes: [{ player: 'p2', delta: 3 }], reason: 'card' })).toBe(
      'Ben +3 Mojo, card (now 33)'
    );
    expect(
      d.line({
        type: 'MOJO',
        changes: [
          { player: 'p1', delta: -2 },
          { player: 'p2', delta: -2 }
        ],
        reason: 'ability'
      })
    ).toBe('Ana −2, Ben −2 Mojo, ability');
  });

  it('impossible changes are refused with a reason and change nothing', () => {
    const d = new EpicDriver(epicSetup(2)).begin().endTurn();
    const bad = (changes: { player: string; delta: number }[], reason = 'card') =>
      d.refuse({ type: 'MOJO', changes, reason: reason as 'card' });
    expect(bad([{ player: 'p1', delta: 0 }])).toBe('A change of 0 changes nothing.');
    expect(bad([{ player: 'p1', delta: 2.5 }])).toBe('A Mojo change must be a whole number.');
    expect(bad([{ player: 'p1', delta: 5000 }])).toBe(
      '5000 is more than any one change at the table: at most 999.'
    );
    expect(bad([{ player: 'p7', delta: -1 }])).toBe('That player is not in this game.');
    expect(bad([])).toBe('Say whose Mojo changes.');
    expect(
      bad([
        { player: 'p1', delta: -1 },
        { player: 'p1', delta: -1 }
      ])
    ).toBe('Ana is listed twice in one change.');
    expect(bad([{ player: 'p1', delta: -1 }], 'magic')).toBe(
      'Say what the change is for: attack, card, ability or other.'
    );
    expect(bad([{ player: 'p2', delta: -1 }], 'attack')).toBe(
      'Ben is attacking this turn: attack damage goes to the defending player.'
    );
  });

  it('a player at 0 or below is out; the last player standing wins (2 players)', () => {
    const d = new EpicDriver(epicSetup(2)).begin().endTurn();
    d.mojo('p1', -29);
    expect(d.snapshot.status).toBe('active');
    expect(d.line({ type: 'MOJO', changes: [{ player: 'p1', delta: -1 }], reason: 'card' })).toBe(
      'Ana −1 Mojo, card (now 0); Ana is out; Ben wins'
    );
    expect(d.snapshot.status).toBe('done');
    expect(d.ctx.winners).toEqual(['p2']);
    expect(d.refuse({ type: 'NEXT_TURN' })).toBe('The game is over. Undo the last step to change it.');
  });

  it('a player with an empty deck wins at once', () => {
    const d = new EpicDriver(epicSetup(3)).begin().endTurn();
    expect(d.line({ type: 'DECK_EMPTY', players: ['p3'] })).toBe('Cy’s deck is empty; Cy wins');
    expect(d.snapshot.status).toBe('done');
    expect(d.ctx.winners).toEqual(['p3']);
    expect(d.ctx.how).toBe('deck');
  });

  it('two decks running out together tie', () => {
    const d = new EpicDriver(epicSetup(2)).begin().endTurn();
    expect(d.line({ type: 'DECK_EMPTY', players: ['p2', 'p1'] })).toBe(
      'Ben and Ana run out of cards together; Ana and Ben tie'
    );
    const result = epicLogic.result(d.snapshot, d.setup);
    expect(result).toMatchObject({ finished: true, tie: true, winners: ['p1', 'p2'] });
    expect(result.players.map((p) => [p.name, p.rank, p.winner])).toEqual([
      ['Ana', 1, true],
      ['Ben', 1, true]
    ]);
  });

  it('an empty deck is refused in Pack War, and a failed draw is refused outside it', () => {
    const war = new EpicDriver(epicSetup(2, { format: 'pack-war' })).begin();
    expect(war.refuse({ type: 'DECK_EMPTY', players: ['p1'] })).toBe(
      'In Pack War an empty deck does not win: record each card that cannot be drawn instead.'
    );
    const sealed = new EpicDriver(epicSetup(2)).begin();
    expect(sealed.refuse({ type: 'CANNOT_DRAW', player: 'p1', cards: 1 })).toBe(
      'Only Pack War charges for a failed draw; in this format an empty deck wins the game.'
    );
  });

  it('Pack War: each card a player cannot draw costs every opponent 5 Mojo', () => {
    const d = new EpicDriver(epicSetup(3, { format: 'pack-war' })).begin().endTurn();
    expect(d.line({ type: 'CANNOT_DRAW', player: 'p2', cards: 1 })).toBe(
      'Ben cannot draw a card: Ana −5, Cy −5 Mojo, Pack War'
    );
    d.send({ type: 'CANNOT_DRAW', player: 'p2', cards: 2 });
    expect(d.ctx.mojo).toEqual({ p1: 15, p2: 30, p3: 15 });
    expect(d.refuse({ type: 'CANNOT_DRAW', player: 'p2', cards: 0 })).toBe(
      'Say how many cards could not be drawn: 1 to 99.'
    );
    // Three more cards: both opponents drop to 0 together, and Ben is the last one standing.
    expect(d.line({ type: 'CANNOT_DRAW', player: 'p2', cards: 3 })).toBe(
      'Ben cannot draw 3 cards: Ana −15, Cy −15 Mojo, Pack War; Ana and Cy are out; Ben wins'
    );
    expect(d.ctx.winners).toEqual(['p2']);
  });

  it('our reading: a change that knocks out everyone still standing is a tie between them', () => {
    const d = new EpicDriver(epicSetup(3)).begin();
    d.mojo('p3', -30, 'card');
    expect(d.ctx.knockouts).toEqual([['p3']]);
    d.send({
      type: 'MOJO',
      changes: [
        { player: 'p1', delta: -30 },
        { player: 'p2', delta: -31 }
      ],
      reason: 'card'
    });
    expect(d.ctx.winners).toEqual(['p1', 'p2']);
    expect(d.ctx.how).toBe('all-out');
    expect(epicLogic.result(d.snapshot, d.setup)).toMatchObject({ tie: true, winners: ['p1', 'p2'] });
  });

  it('a card can say a player loses the game', () => {
    const d = new EpicDriver(epicSetup(3)).begin();
    expect(d.line({ type: 'LOSE', player: 'p2' })).toBe('Ben loses the game; Ben is out');
    expect(d.refuse({ type: 'LOSE', player: 'p2' })).toBe('Ben is out of this game.');
  });
});

describe('Epic: turn order', () => {
  it('the active player moves clockwise and skips players who are out', () => {
    const d = new EpicDriver(epicSetup(4, { first: 2 })).begin();
    const order = [d.active];
    for (let i = 0; i < 4; i++) order.push(d.endTurn().active);
    expect(order).toEqual(['p3', 'p4', 'p1', 'p2', 'p3']);
    d.mojo('p4', -30, 'card');
    expect(d.ctx.knockouts).toEqual([['p4']]);
    expect(d.endTurn().active).toBe('p1');
    expect(d.endTurn().active).toBe('p2');
    expect(d.endTurn().active).toBe('p3');
    expect(d.endTurn().active).toBe('p1');
    expect(d.ctx.action).toEqual({ p1: true, p2: true, p3: true });
    expect(d.refuse({ type: 'ACTION', player: 'p4', spent: true })).toBe('Dee is out of this game.');
  });

  it('our reading: an active player knocked out on their own turn ends it at once', () => {
    const d = new EpicDriver(epicSetup(3)).begin().endTurn();
    expect(d.active).toBe('p2');
    expect(d.line({ type: 'MOJO', changes: [{ player: 'p2', delta: -30 }], reason: 'card' })).toBe(
      'Ben −30 Mojo, card (now 0); Ben is out; Cy begins turn 3'
    );
    expect(d.is({ game: 'prepare' })).toBe(true);
  });
});

describe('Epic: the two flows', () => {
  const titles = (d: EpicDriver) => d.meta().title.replace(/^Turn \d+ · \w+ · /, '');

  it('Guide me walks every step of a turn and every beat of an attack with NEXT', () => {
    const d = new EpicDriver(epicSetup(2)).begin();
    d.send({ type: 'NEXT' });
    expect(titles(d)).toBe('End');
    d.send({ type: 'NEXT' });
    const seen = [titles(d)];
    d.send({ type: 'NEXT' });
    seen.push(titles(d));
    d.send({ type: 'NEXT' });
    seen.push(titles(d));
    d.send({ type: 'ATTACK' });
    for (let i = 0; i < 4; i++) {
      seen.push(titles(d));
      d.send({ type: 'NEXT' });
    }
    seen.push(titles(d));
    d.send({ type: 'NEXT' });
    seen.push(titles(d));
    d.send({ type: 'NEXT' });
    seen.push(titles(d));
    expect(seen).toEqual([
      'Prepare',
      'Pre-Battle',
      'Battle',
      'Attack: declare',
      'Attack: block',
      'Attack: range damage',
      'Attack: damage',
      'Battle',
      'Build',
      'End'
    ]);
    d.send({ type: 'NEXT' });
    expect(d.ctx.turn).toBe(3);
    expect(d.active).toBe('p1');
    expect(d.is({ game: 'prepare' })).toBe(true);
  });

  it('quick flow: attack damage before the Battle Step moves to it; a spent action leaves Prepare', () => {
    const d = new EpicDriver(epicSetup(2)).begin().endTurn();
    expect(d.is({ game: 'prepare' })).toBe(true);
    d.send({ type: 'ACTION', player: 'p1', spent: true });
    expect(d.is({ game: 'preBattle' })).toBe(true);
    d.mojo('p1', -4, 'attack');
    expect(d.is({ game: { battle: 'ready' } })).toBe(true);
    d.send({ type: 'ATTACK' }).send({ type: 'NEXT' });
    d.mojo('p1', -1, 'attack');
    expect(d.is({ game: { battle: 'block' } })).toBe(true);
    const e = new EpicDriver(epicSetup(2)).begin().endTurn();
    e.mojo('p1', -2, 'attack');
    expect(e.is({ game: { battle: 'ready' } })).toBe(true);
  });

  // Rulebook, Turns: "Battle Step: … The active player may make any number of single or group
  // attacks"; the Build and End Steps allow cards and abilities only. Attack damage is refused
  // after the Battle Step (it used to move Guide me back to Battle), and a card's is not.
  it('attack damage only in the Battle Step: refused in the Build and End Steps, card effects accepted', () => {
    const d = new EpicDriver(epicSetup(2)).begin().endTurn();
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.is({ game: 'build' })).toBe(true);
    const attack: EpicEvent = {
      type: 'MOJO',
      changes: [{ player: 'p1', delta: -2 }],
      reason: 'attack',
      inBattle: true
    };
    expect(d.refuse(attack)).toBe(
      'Attacks belong to the Battle Step: in the Build Step, changes come from cards or abilities.'
    );
    d.mojo('p1', -2, 'card');
    expect(d.is({ game: 'build' })).toBe(true);
    expect(d.ctx.mojo.p1).toBe(28);
    d.send({ type: 'NEXT' });
    expect(d.refuse(attack)).toMatch(/^Attacks belong to the Battle Step: in the End Step/);
    d.mojo('p2', 1, 'ability');
    expect(d.is({ game: 'end' })).toBe(true);
    expect(d.ctx.mojo).toEqual({ p1: 28, p2: 31 });
  });

  it('a game saved before the Battle Step rule still replays: its attack damage in the End Step goes back to Battle', () => {
    // Stored events carry no `inBattle`: they replay exactly as they were made.
    const d = new EpicDriver(epicSetup(2)).begin().endTurn();
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' }).send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.is({ game: 'end' })).toBe(true);
    d.send({ type: 'MOJO', changes: [{ player: 'p1', delta: -2 }], reason: 'attack' });
    expect(d.is({ game: { battle: 'ready' } })).toBe(true);
    expect(d.ctx.mojo.p1).toBe(28);
    const replayed = d.events.reduce((s, e) => step(epicLogic, s, e)!, initialState(epicLogic, d.setup));
    expect(replayed.value).toEqual(d.snapshot.value);
    expect(replayed.context).toEqual(d.ctx);
  });

  it('quick flow: one NEXT_TURN ends the turn from any step', () => {
    for (const walk of [0, 1, 2, 3, 4]) {
      const d = new EpicDriver(epicSetup(2)).begin().endTurn();
      for (let i = 0; i < walk; i++) d.send({ type: 'NEXT' });
      d.endTurn();
      expect(d.is({ game: 'prepare' })).toBe(true);
      expect(d.ctx.turn).toBe(3);
    }
  });

  it('quick flow: playing on during the mulligan means everyone left kept', () => {
    const d = new EpicDriver(epicSetup(2));
    d.send({ type: 'ACTION', player: 'p2', spent: true });
    expect(d.is({ game: 'build' })).toBe(true);
    expect(d.ctx.mulligans).toEqual({ p1: 0, p2: 0 });
    const e = new EpicDriver(epicSetup(2)).send({ type: 'MULLIGAN', player: 'p1', cards: 2 }).endTurn();
    expect(e.ctx.mulligans).toEqual({ p1: 2, p2: 0 });
    expect(e.ctx.turn).toBe(2);
    expect(e.active).toBe('p2');
  });

  it('both flows reach the same numbers and the same number-changing history', () => {
    const quick = new EpicDriver(epicSetup(2)).begin();
    const guided = new EpicDriver(epicSetup(2)).begin();
    const numbers: string[][] = [[], []];
    const record = (d: EpicDriver, i: number, e: Parameters<EpicDriver['send']>[0]) => {
      const line = d.line(e);
      if (!epicLogic.stepEvents.includes(e.type)) numbers[i].push(line);
    };
    record(quick, 0, { type: 'NEXT_TURN' });
    record(guided, 1, { type: 'NEXT' });
    record(guided, 1, { type: 'NEXT' });
    // Turn 2, Ben: spends his action, attacks for 5.
    record(quick, 0, { type: 'ACTION', player: 'p2', spent: true });
    record(quick, 0, { type: 'MOJO', changes: [{ player: 'p1', delta: -5 }], reason: 'attack' });
    record(quick, 0, { type: 'NEXT_TURN' });
    for (const e of [
      { type: 'NEXT' },
      { type: 'ACTION', player: 'p2', spent: true },
      { type: 'NEXT' },
      { type: 'ATTACK' },
      { type: 'NEXT' },
      { type: 'NEXT' },
      { type: 'NEXT' },
      { type: 'MOJO', changes: [{ player: 'p1', delta: -5 }], reason: 'attack' },
      { type: 'NEXT' },
      { type: 'NEXT' },
      { type: 'NEXT' },
      { type: 'NEXT' }
    ] as const) {
      record(guided, 1, e as never);
    }
    expect(guided.ctx).toEqual(quick.ctx);
    expect(guided.snapshot.value).toEqual(quick.snapshot.value);
    expect(numbers[1].filter((l) => !l.startsWith('End of turn'))).toEqual(
      numbers[0].filter((l) => !l.startsWith('End of turn'))
    );
  });

  it('every state says what the table does now and links rules', () => {
    const visit = (node: typeof epicMachine.root): void => {
      const transient = node.always && node.always.length > 0 && !node.meta;
      if (node !== epicMachine.root && !transient && node.type !== 'compound') {
        const meta = node.meta as StepMeta | undefined;
        expect(meta?.now, node.id).toMatch(/\w{3,}/);
        expect(meta?.rules.length, node.id).toBeGreaterThan(0);
      }
      Object.values(node.states).forEach(visit);
    };
    visit(epicMachine.root);
  });
});

describe('Epic: the home line says where the game stands', () => {
  it('draft, building, mulligan and play', () => {
    const d = new EpicDriver(epicSetup(3, { format: 'draft', packs: 3 }));
    const line = () => epicLogic.summarize(d.snapshot, d.setup);
    expect(line()).toBe(
      'Draft 3 · Pack 1 · pick 1 of 15: keep 1 of 15, shuffle the other 14 and pass them left'
    );
    d.send({ type: 'DECKS_READY' });
    expect(line()).toBe('Mulligans · Ana decides');
    d.send({ type: 'MULLIGAN', player: 'p1', cards: 0 });
    expect(line()).toBe('Mulligans · Ben decides');
    d.begin().endTurn().mojo('p1', -4);
    expect(line()).toBe('Turn 2 · Ben · Ana 26 – Ben 30 – Cy 30 Mojo');
    const s = new EpicDriver(epicSetup(2, { format: 'sealed', packs: 4 }));
    expect(epicLogic.summarize(s.snapshot, s.setup)).toBe('Sealed Pack 4 · building decks');
  });

  it('Guide me lines name the step; the period counts turns', () => {
    const d = new EpicDriver(epicSetup(2)).begin();
    expect(d.line({ type: 'NEXT' })).toBe('Ana: the End Step');
    expect(d.line({ type: 'NEXT' })).toBe('End of turn 1; Ben begins turn 2');
    expect(d.line({ type: 'NEXT' })).toBe('Ben: the Pre-Battle Step');
    expect(epicLogic.period(d.snapshot, d.setup)).toEqual({ unit: 'turn', number: 2 });
    expect(epicLogic.standing(d.snapshot, d.setup)).toEqual({ scores: { p1: 30, p2: 30 } });
  });
});
