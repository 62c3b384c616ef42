/**
 * The Titans of Eden statechart, rule by rule, and every format played to its end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { titansMachine, type TitansContext } from '../../src/lib/machines/titans';
import type { StepMeta } from '../../src/lib/session/types';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { TitansDriver, titansSetup } from '../fixtures/titans';
import { freshDb, reopen } from './helpers';
import { initialState, replay, storeState } from '../../src/lib/session/replay';

const titleOf = (d: TitansDriver) => titansLogic.describeStep!(d.snapshot, d.setup, metaOf(d)).title;
function metaOf(d: TitansDriver): StepMeta {
  return Object.values(d.snapshot.getMeta() as Record<string, StepMeta>)
    .filter((m) => m?.title)
    .at(-1)!;
}

describe('Titans of Eden: a turn', () => {
  it('walks start, three ages of five steps, battle, end of turn, shuffle, next turn', () => {
    const d = new TitansDriver(titansSetup('duel'));
    expect(d.is({ turn: 'start' })).toBe(true);
    expect(titleOf(d)).toBe('Start of the turn');
    d.send({ type: 'BEGIN_AGES' });
    const seen: string[] = [];
    while (d.is({ turn: 'age' })) {
      seen.push(titleOf(d));
      d.send({ type: 'NEXT' });
    }
    expect(seen).toEqual([
      'Age 1 · Start of the age',
      'Age 1 · Play cards',
      'Age 1 · Now abilities',
      'Age 1 · Awaken',
      'Age 1 · End of the age',
      'Age 2 · Start of the age',
      'Age 2 · Play cards',
      'Age 2 · Now abilities',
      'Age 2 · Awaken',
      'Age 2 · End of the age',
      'Age 3 · Start of the age',
      'Age 3 · Play cards',
      'Age 3 · Now abilities',
      'Age 3 · Awaken',
      'Age 3 · End of the third age'
    ]);
    expect(d.is({ turn: 'battle' })).toBe(true);
    d.battle([[5, 5]]);
    expect(d.is({ turn: 'endOfTurn' })).toBe(true);
    d.send({ type: 'NEXT' });
    expect(d.is({ turn: 'shuffle' })).toBe(true);
    d.send({ type: 'NEXT' });
    expect(d.is({ turn: 'start' })).toBe(true);
    expect(d.ctx.turn).toBe(2);
    expect(d.ctx.age).toBe(1);
    expect(d.ctx.arenas[0].power).toEqual([null, null]);
    expect(d.ctx.lastBattle).toBeNull();
  });

  it('every state says in a line what the table does now', () => {
    const visit = (node: typeof titansMachine.root): void => {
      const transient = node.always && node.always.length > 0;
      if (node !== titansMachine.root && !transient && node.type !== 'compound') {
        const meta = node.meta as StepMeta | undefined;
        expect(meta?.now, node.id).toMatch(/\w{3,}/);
        expect(meta?.rules.length, node.id).toBeGreaterThan(0);
      }
      Object.values(node.states).forEach(visit);
    };
    visit(titansMachine.root);
  });

  it('the multi-arena start of the age reminds teammates they may trade', () => {
    const d = new TitansDriver(titansSetup('two-arenas', 4));
    d.send({ type: 'BEGIN_AGES' });
    const meta = titansLogic.describeStep!(d.snapshot, d.setup, metaOf(d));
    expect(meta.now).toMatch(/trade/);
    expect(meta.rules).toContain('trading-cards');
    const duel = new TitansDriver(titansSetup('duel')).send({ type: 'BEGIN_AGES' });
    expect(titansLogic.describeStep!(duel.snapshot, duel.setup, metaOf(duel)).now).not.toMatch(/trade/);
  });
});

describe('Titans of Eden: surge', () => {
  it('any player may spend surge tokens at the start of the turn, again while tokens last', () => {
    const d = new TitansDriver(titansSetup('duel'));
    d.send({ type: 'SURGE', player: 'p1' })
      .send({ type: 'SURGE', player: 'p2' })
      .send({ type: 'SURGE', player: 'p1' });
    expect(d.ctx.surge).toEqual({ p1: 0, p2: 1 });
  });
  it('spending a token with none left gets a plain reason and changes nothing', () => {
    const d = new TitansDriver(titansSetup('duel'));
    d.send({ type: 'SURGE', player: 'p1' }).send({ type: 'SURGE', player: 'p1' });
    const before = d.snapshot;
    expect(d.refuse({ type: 'SURGE', player: 'p1' })).toBe('Ana has no surge tokens left.');
    expect(d.snapshot).toBe(before);
  });
  it('surge is only for the start of a turn, and tokens do not come back', () => {
    const d = new TitansDriver(titansSetup('duel'));
    d.send({ type: 'SURGE', player: 'p2' }).send({ type: 'BEGIN_AGES' });
    expect(d.refuse({ type: 'SURGE', player: 'p1' })).toBe(
      'Surge only at the start of a turn, before any card is played.'
    );
    while (d.is({ turn: 'age' })) d.send({ type: 'NEXT' });
    d.battle([[1, 1]]).nextTurn();
    expect(d.ctx.surge).toEqual({ p1: 2, p2: 1 });
  });
});

describe('Titans of Eden: battle input', () => {
  it('power must be a whole number; a refusal says so and changes nothing', () => {
    const d = new TitansDriver(titansSetup('duel')).toBattle();
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: 2.5 })).toBe(
      'Power must be a whole number (not 2.5).'
    );
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: NaN })).toBe('Power must be a whole number.');
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: '7' as unknown as number })).toBe(
      'Power must be a whole number.'
    );
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: 5000 })).toMatch(/between/);
    expect(d.ctx.arenas[0].power).toEqual([null, null]);
  });
  it('the battle resolves only when every side’s power is in, and says whose is missing', () => {
    const d = new TitansDriver(titansSetup('two-arenas', 4)).toBattle();
    d.send({ type: 'POWER', arena: 0, side: 0, power: 4 });
    expect(d.refuse({ type: 'RESOLVE_BATTLE' })).toBe('Arena 1: enter Cy’s power first.');
    d.send({ type: 'POWER', arena: 0, side: 1, power: 3 }).send({
      type: 'POWER',
      arena: 1,
      side: 1,
      power: 0
    });
    expect(d.refuse({ type: 'RESOLVE_BATTLE' })).toBe('Arena 2: enter Ben’s power first.');
  });
  it('a power can be corrected before resolving', () => {
    const d = new TitansDriver(titansSetup('duel')).toBattle();
    d.send({ type: 'POWER', arena: 0, side: 0, power: 4 }).send({
      type: 'POWER',
      arena: 0,
      side: 0,
      power: 9
    });
    expect(d.ctx.arenas[0].power[0]).toBe(9);
  });
  it('a power the battle could never take is refused for its value, whenever it is typed', () => {
    const d = new TitansDriver(titansSetup('two-arenas', 4));
    // The quick flow: the first power of a turn may come at its start or in any age.
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: 100000 })).toBe(
      'Power must be between −999 and 999.'
    );
    expect(d.refuse({ type: 'POWER', arena: 0, side: 1, power: -1000 })).toBe(
      'Power must be between −999 and 999.'
    );
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: 2.5 })).toBe(
      'Power must be a whole number (not 2.5).'
    );
    expect(d.refuse({ type: 'POWER', arena: 2, side: 0, power: 3 })).toBe(
      'There is no such side to enter power for.'
    );
    d.send({ type: 'BEGIN_AGES' }).send({ type: 'NEXT' });
    expect(d.refuse({ type: 'POWER', arena: 1, side: 0, power: 1000 })).toBe(
      'Power must be between −999 and 999.'
    );
    // After the battle the value is still told first; a possible one is refused for its timing.
    d.battle([
      [4, 4],
      [1, 1]
    ]);
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: 5000 })).toBe(
      'Power must be between −999 and 999.'
    );
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: 5 })).toBe(
      'This turn’s battle is resolved: its powers are in. Undo the battle to change one.'
    );
  });
  it('power is entered up to the battle, never after it', () => {
    const d = new TitansDriver(titansSetup('duel'));
    d.battle([[4, 4]]);
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: 3 })).toBe(
      'This turn’s battle is resolved: its powers are in. Undo the battle to change one.'
    );
    d.send({ type: 'NEXT' });
    expect(d.refuse({ type: 'POWER', arena: 0, side: 0, power: 3 })).toBe(
      'This turn’s battle is resolved: its powers are in. Undo the battle to change one.'
    );
  });
});

describe('Titans of Eden: the Avatar Mat', () => {
  it('our reading: in a Duel it passes to the other player every turn', () => {
    const d = new TitansDriver(titansSetup('duel', 2, { avatarTeam: 1 }));
    const holders = [d.ctx.avatar];
    for (let i = 0; i < 4; i++) holders.push(d.turn([[3, 3]]).ctx.avatar);
    expect(holders).toEqual([1, 0, 1, 0, 1]);
  });
  it('two arenas: passes to the other team', () => {
    const d = new TitansDriver(titansSetup('two-arenas', 3));
    expect([
      d.ctx.avatar,
      d.turn([
        [1, 1],
        [1, 1]
      ]).ctx.avatar,
      d.turn([
        [1, 1],
        [1, 1]
      ]).ctx.avatar
    ]).toEqual([0, 1, 0]);
  });
  it('three arenas: passes clockwise to the next team', () => {
    const d = new TitansDriver(titansSetup('three-arenas', 6, { avatarTeam: 1 }));
    const draw = [
      [0, 0],
      [0, 0],
      [0, 0]
    ] as [number, number][];
    const holders = [d.ctx.avatar];
    for (let i = 0; i < 4; i++) holders.push(d.turn(draw).ctx.avatar);
    expect(holders).toEqual([1, 2, 0, 1, 2]);
  });
  it('the history says who takes it', () => {
    const d = new TitansDriver(titansSetup('duel'));
    d.toBattle()
      .battle([[2, 2]])
      .send({ type: 'NEXT' });
    const before = d.snapshot;
    d.send({ type: 'NEXT' });
    expect(titansLogic.describe({ type: 'NEXT' }, before, d.snapshot, d.setup)).toBe(
      'Turn 2 begins; Ben takes the Avatar Mat'
    );
  });
});

describe('Titans of Eden: supplies and Spite', () => {
  it('Ghosts and Travelers per arena start at 12 and 8 and can be adjusted any time', () => {
    const d = new TitansDriver(titansSetup('three-arenas', 6));
    expect(d.ctx.arenas.map((a) => [a.ghosts, a.travelers])).toEqual([
      [12, 8],
      [12, 8],
      [12, 8]
    ]);
    d.send({ type: 'SUPPLY', arena: 1, pile: 'ghosts', delta: -3 }).send({ type: 'BEGIN_AGES' });
    d.send({ type: 'SUPPLY', arena: 2, pile: 'travelers', delta: -1 });
    expect(d.ctx.arenas.map((a) => [a.ghosts, a.travelers])).toEqual([
      [12, 8],
      [9, 8],
      [12, 7]
    ]);
  });
  it('a supply cannot go below 0 or above its starting size', () => {
    const d = new TitansDriver(titansSetup('duel'));
    expect(d.refuse({ type: 'SUPPLY', arena: 0, pile: 'travelers', delta: -9 })).toBe(
      'There are only 8 Travelers left in The arena.'
    );
    expect(d.refuse({ type: 'SUPPLY', arena: 0, pile: 'ghosts', delta: 1 })).toBe(
      'The arena started with 12 Ghosts; there cannot be more.'
    );
    expect(d.refuse({ type: 'SUPPLY', arena: 0, pile: 'ghosts', delta: 0.5 })).toBe(
      'The change must be a whole number.'
    );
  });
  it('a temple lost this turn is marked, and Spite gives that side’s opponent 2 Ghosts', () => {
    const d = new TitansDriver(titansSetup('duel')).toBattle().battle([[9, 2]]);
    expect(d.ctx.lastBattle?.lost).toEqual([1]);
    expect(d.refuse({ type: 'SPITE', arena: 0, side: 0 })).toBe(
      'Spite gives Ghosts only when its owner lost a temple this turn.'
    );
    d.send({ type: 'SPITE', arena: 0, side: 1 });
    expect(d.ctx.arenas[0].ghosts).toBe(10);
    d.send({ type: 'SUPPLY', arena: 0, pile: 'ghosts', delta: -9 }).send({
      type: 'SPITE',
      arena: 0,
      side: 1
    });
    expect(d.ctx.arenas[0].ghosts).toBe(0);
    expect(d.refuse({ type: 'SPITE', arena: 0, side: 1 })).toBe('The arena has no Ghosts left to give.');
    d.send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.ctx.lastBattle).toBeNull();
  });
  it('Spite is refused outside the end of the turn', () => {
    const d = new TitansDriver(titansSetup('duel'));
    expect(d.refuse({ type: 'SPITE', arena: 0, side: 1 })).toBe(
      'Spite happens at the end of the turn, after the battle.'
    );
  });
});

describe('Titans of Eden: every format to its end', () => {
  it('Duel: the rulebook’s comeback, then a player at 0 temples loses', () => {
    const d = new TitansDriver(titansSetup('duel'));
    d.turn([[1, 8]]).turn([[0, 5]]);
    expect(d.temples()).toEqual([1, 3]);
    d.turn([[7, 2]]);
    expect(d.temples()).toEqual([2, 2]);
    d.turn([[2, 9]]).turn([[1, 4]]);
    expect(d.temples()).toEqual([0, 2]);
    expect(d.snapshot.status).toBe('done');
    expect(d.is('over')).toBe(true);
    expect(d.ctx.winner).toBe(1);
    expect(d.snapshot.output).toEqual({ winner: 1 });
    expect(titansLogic.summarize(d.snapshot, d.setup)).toBe('Ben won · Ana 0 – Ben 2 temples');
  });

  it('Two arenas, 4 players: team temples, win + tie takes one, win + loss cancels', () => {
    const d = new TitansDriver(titansSetup('two-arenas', 4));
    d.turn([
      [9, 2],
      [2, 9]
    ]);
    expect(d.temples()).toEqual([3, 3]);
    d.turn([
      [9, 2],
      [3, 3]
    ]).turn([
      [9, 2],
      [9, 2]
    ]);
    expect(d.temples()).toEqual([3, 1]);
    d.turn([
      [1, 9],
      [4, 5]
    ]);
    expect(d.temples()).toEqual([2, 2]); // a team on 1 temple captures
    d.turn([
      [9, 1],
      [9, 1]
    ]).turn([
      [9, 1],
      [5, 4]
    ]);
    expect(d.temples()).toEqual([2, 0]); // with 2 temples the winner destroys, so gains none
    expect(d.ctx.winner).toBe(0);
    expect(titansLogic.summarize(d.snapshot, d.setup)).toBe(
      'Team 1 (Ana & Ben) won · Ana & Ben 2 – Cy & Dee 0 temples'
    );
  });

  it('Two arenas, 3 players: the player alone plays both arenas and draws to 9', () => {
    const setup = titansSetup('two-arenas', 3);
    expect(setup.teams).toEqual([['p1'], ['p2', 'p3']]);
    expect(setup.arenas.map((a) => a.sides.map((s) => s.player))).toEqual([
      ['p1', 'p2'],
      ['p1', 'p3']
    ]);
    const d = new TitansDriver(setup)
      .toBattle()
      .battle([
        [9, 2],
        [1, 1]
      ])
      .send({ type: 'NEXT' });
    expect(titansLogic.describeStep!(d.snapshot, d.setup, metaOf(d)).now).toContain('Ana: 9');
    d.send({ type: 'NEXT' });
    d.turn([
      [9, 2],
      [9, 2]
    ]).turn([
      [3, 3],
      [8, 1]
    ]);
    expect(d.temples()).toEqual([3, 0]);
    expect(d.ctx.winner).toBe(0);
  });

  const three = (temples: number[], d: TitansDriver) => expect(d.temples()).toEqual(temples);

  it('Three arenas, 6 players: per-side mats of 2, nobody eliminated, a team wins through both its arenas', () => {
    const setup = titansSetup('three-arenas', 6);
    // Rulebook seating: Arena 1 Team 1 v Team 3, Arena 2 Team 1 v Team 2, Arena 3 Team 2 v Team 3.
    expect(setup.arenas.map((a) => a.sides.map((s) => s.team))).toEqual([
      [0, 2],
      [0, 1],
      [1, 2]
    ]);
    expect(setup.arenas.map((a) => a.sides.map((s) => s.player))).toEqual([
      ['p1', 'p5'],
      ['p2', 'p3'],
      ['p4', 'p6']
    ]);
    const d = new TitansDriver(setup);
    three([2, 2, 2, 2, 2, 2], d);
    d.turn([
      [9, 1],
      [1, 9],
      [5, 5]
    ]);
    three([2, 1, 1, 2, 2, 2], d);
    d.turn([
      [9, 1],
      [1, 9],
      [9, 1]
    ]);
    three([2, 0, 0, 2, 2, 1], d); // Team 1 at 0 in Arena 2 keeps playing
    expect(d.snapshot.status).toBe('active');
    // Team 3 at 0 in Arena 1 loses nothing; Team 1 on 0 in Arena 2 captures; Team 3 destroys in Arena 3.
    d.turn([
      [9, 1],
      [9, 1],
      [1, 9]
    ]);
    three([2, 0, 1, 1, 1, 1], d);
    d.turn([
      [5, 5],
      [9, 1],
      [0, 0]
    ]);
    three([2, 0, 1, 0, 1, 1], d);
    expect(d.ctx.winner).toBe(0);
    expect(d.is('over')).toBe(true);
  });

  it('Three arenas, 5 players: the one-person team keeps two separate mats', () => {
    const setup = titansSetup('three-arenas', 5);
    expect(setup.teams.map((t) => t.length)).toEqual([1, 2, 2]);
    expect(setup.arenas.map((a) => a.sides.map((s) => s.player))).toEqual([
      ['p1', 'p4'],
      ['p1', 'p2'],
      ['p3', 'p5']
    ]);
    const d = new TitansDriver(setup);
    d.turn([
      [1, 9],
      [1, 9],
      [0, 0]
    ]).turn([
      [1, 9],
      [9, 1],
      [0, 0]
    ]);
    three([0, 2, 1, 1, 2, 2], d);
    d.turn([
      [9, 1],
      [0, 0],
      [0, 0]
    ]); // 0 in Arena 1, wins there: steals a temple in Arena 1 only
    three([1, 1, 1, 1, 2, 2], d);
    d.turn([
      [9, 1],
      [9, 1],
      [0, 0]
    ]); // wins both its arenas: both opponents are now at 0
    three([1, 0, 1, 0, 2, 2], d);
    expect(d.snapshot.status).toBe('done');
    expect(d.ctx.winner).toBe(0);
  });

  it('Three arenas, 4 and 3 players: one-person teams play two arenas each', () => {
    for (const players of [4, 3]) {
      const setup = titansSetup('three-arenas', players);
      expect(setup.teams.filter((t) => t.length === 1)).toHaveLength(players === 4 ? 2 : 3);
      const d = new TitansDriver(setup);
      // Team 3 wins Arena 1 (v Team 1) and Arena 3 (v Team 2) twice.
      d.turn([
        [1, 9],
        [0, 0],
        [1, 9]
      ]).turn([
        [1, 9],
        [0, 0],
        [1, 9]
      ]);
      expect(d.ctx.winner).toBe(2);
    }
  });
});

describe('Titans of Eden: undo and the runtime', () => {
  it('undo works at every step, including after a battle changed temples', async () => {
    const db = freshDb();
    const rt = await SessionRuntime.create(db, titansLogic, 'titans', titansSetup('duel'));
    const ctx = () => rt.snapshot.context as TitansContext;
    await rt.send({ type: 'SURGE', player: 'p1' });
    await rt.send({ type: 'BEGIN_AGES' });
    for (let i = 0; i < 15; i++) await rt.send({ type: 'NEXT' });
    await rt.send({ type: 'POWER', arena: 0, side: 0, power: 8 });
    await rt.send({ type: 'POWER', arena: 0, side: 1, power: 3 });
    const beforeBattle = storeState(rt.snapshot);
    await rt.send({ type: 'RESOLVE_BATTLE' });
    expect(ctx().mats.map((m) => m.temples)).toEqual([3, 2]);
    expect(rt.history[0].label).toBe('Battle: Ana 8 – 3 Ben, Ana wins; Ana destroys a temple of Ben');
    await rt.undo();
    expect(storeState(rt.snapshot)).toEqual(beforeBattle);
    const fresh = await SessionRuntime.open(reopen(db), titansLogic, rt.session.id);
    expect(storeState(fresh.snapshot)).toEqual(beforeBattle);
    // Undo all the way back to the start, then redo everything.
    while (rt.canUndo) expect((await rt.undo()).ok).toBe(true);
    expect(ctx().surge.p1).toBe(2);
    while (rt.canRedo) expect((await rt.redo()).ok).toBe(true);
    expect(ctx().mats.map((m) => m.temples)).toEqual([3, 2]);
  });

  it('refusals reach the runtime as plain reasons', async () => {
    const rt = await SessionRuntime.create(freshDb(), titansLogic, 'titans', titansSetup('duel'));
    await rt.send({ type: 'SURGE', player: 'p2' });
    await rt.send({ type: 'SURGE', player: 'p2' });
    expect(await rt.send({ type: 'SURGE', player: 'p2' })).toEqual({
      ok: false,
      reason: 'Ben has no surge tokens left.'
    });
    expect(await rt.send({ type: 'NEXT' })).toEqual({
      ok: false,
      reason: 'That is not possible during “Start of the turn”.'
    });
  });
});

describe('Titans of Eden: invariants over random games', () => {
  const formats = [
    ['duel', 2],
    ['two-arenas', 4],
    ['two-arenas', 3],
    ['three-arenas', 6],
    ['three-arenas', 5],
    ['three-arenas', 3]
  ] as const;

  it('temples never go negative, at most one team wins, and the game ends exactly when someone has', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.array(
          fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 })), {
            minLength: 3,
            maxLength: 3
          }),
          {
            minLength: 1,
            maxLength: 30
          }
        ),
        ([format, players], turns) => {
          const d = new TitansDriver(titansSetup(format, players));
          for (const powers of turns) {
            if (d.snapshot.status === 'done') break;
            const arenas = d.ctx.arenas.length;
            const totalsBefore = d.ctx.arenas.map((_, i) =>
              d.ctx.mats.filter((m) => m.arena === i).reduce((s, m) => s + m.temples, 0)
            );
            d.turn(powers.slice(0, arenas) as [number, number][]);
            expect(d.ctx.mats.every((m) => m.temples >= 0)).toBe(true);
            if (format === 'three-arenas') {
              // Per arena, temples only ever leave the game (destroy) or change sides (capture).
              d.ctx.arenas.forEach((_, i) => {
                const total = d.ctx.mats.filter((m) => m.arena === i).reduce((s, m) => s + m.temples, 0);
                expect(total).toBeLessThanOrEqual(totalsBefore[i]);
              });
            }
            const done = (d.snapshot.status as string) === 'done';
            expect(done).toBe(d.ctx.winner !== null);
            if (format !== 'three-arenas') {
              expect(done).toBe(d.ctx.mats.some((m) => m.temples === 0));
            }
          }
        }
      ),
      { numRuns: 300 }
    );
  });
});

describe('Titans of Eden: the quick flow and Guide me', () => {
  it('quick: a power entered at the start of the turn goes straight to the battle, and one event ends the turn', () => {
    const d = new TitansDriver(titansSetup('duel'));
    d.send({ type: 'POWER', arena: 0, side: 0, power: 8 });
    expect(d.is({ turn: 'battle' })).toBe(true);
    expect(d.ctx.age).toBe(3);
    d.send({ type: 'POWER', arena: 0, side: 1, power: 3 }).send({ type: 'RESOLVE_BATTLE' });
    expect(d.is({ turn: 'endOfTurn' })).toBe(true);
    d.send({ type: 'NEXT_TURN' });
    expect(d.is({ turn: 'start' })).toBe(true);
    expect(d.ctx).toMatchObject({ turn: 2, age: 1, avatar: 1, lastBattle: null });
    expect(d.temples()).toEqual([3, 2]);
  });

  it('quick: a power can also be entered from any step of the ages', () => {
    const d = new TitansDriver(titansSetup('two-arenas', 4));
    d.send({ type: 'BEGIN_AGES' }).send({ type: 'NEXT' }).send({ type: 'NEXT' });
    d.send({ type: 'POWER', arena: 1, side: 0, power: 2 });
    expect(d.is({ turn: 'battle' })).toBe(true);
  });

  it('Guide me and the quick flow, fed the same numbers, end in the same state with the same scoring history', async () => {
    const inputs: {
      powers: [number, number][];
      surge?: string;
      spite?: [number, 0 | 1];
      haunt?: [number, 0 | 1];
    }[] = [
      {
        powers: [
          [9, 2],
          [3, 3],
          [1, 6]
        ],
        surge: 'p2',
        haunt: [0, 1]
      },
      {
        powers: [
          [4, 4],
          [8, 1],
          [0, 5]
        ],
        spite: [1, 1]
      },
      {
        powers: [
          [7, 1],
          [2, 9],
          [6, 6]
        ]
      }
    ];
    async function play(guide: boolean) {
      const setup = titansSetup('three-arenas', 5);
      const rt = await SessionRuntime.create(freshDb(), titansLogic, 'titans', setup);
      const send = (e: Parameters<typeof rt.send>[0]) => expect(rt.send(e)).toEqual({ ok: true });
      for (const turn of inputs) {
        if (turn.surge) send({ type: 'SURGE', player: turn.surge });
        if (guide) {
          send({ type: 'BEGIN_AGES' });
          for (let i = 0; i < 7; i++) send({ type: 'NEXT' });
        }
        if (turn.haunt) send({ type: 'HAUNT', arena: turn.haunt[0], side: turn.haunt[1], count: 1 });
        if (guide) for (let i = 0; i < 8; i++) send({ type: 'NEXT' });
        turn.powers.forEach(([a, b], arena) => {
          send({ type: 'POWER', arena, side: 0, power: a });
          send({ type: 'POWER', arena, side: 1, power: b });
        });
        send({ type: 'RESOLVE_BATTLE' });
        if (turn.spite) send({ type: 'SPITE', arena: turn.spite[0], side: turn.spite[1] });
        if (guide) send({ type: 'NEXT' });
        send({ type: 'NEXT_TURN' });
      }
      await rt.saved();
      return rt;
    }
    const quick = await play(false);
    const guided = await play(true);
    expect(storeState(guided.snapshot)).toEqual(storeState(quick.snapshot));
    const scoring = (rt: SessionRuntime<any>) =>
      rt.history.filter((h) => !h.minor).map((h) => [h.period, h.label]);
    expect(scoring(guided)).toEqual(scoring(quick));
    expect(guided.history.filter((h) => h.minor).length).toBe(3 * 17);
    expect(quick.history.some((h) => h.minor)).toBe(false);
    // Newest first, each line tagged with the turn it happened in.
    expect(scoring(quick).slice(-3)).toEqual([
      [1, 'Ana’s power in Arena 1: 9'],
      [1, 'Haunt in Arena 1: Ana gains 1 Ghost (11 left)'],
      [1, 'Ben surges (1 token left)']
    ]);
  });

  it('Haunt gives 1 Ghost, or 2 with No Escape, from that arena’s supply, and only what is left', () => {
    const d = new TitansDriver(titansSetup('duel'));
    d.send({ type: 'HAUNT', arena: 0, side: 0, count: 2 });
    expect(d.ctx.arenas[0].ghosts).toBe(10);
    d.send({ type: 'SUPPLY', arena: 0, pile: 'ghosts', delta: -9 });
    d.send({ type: 'HAUNT', arena: 0, side: 1, count: 2 });
    expect(d.ctx.arenas[0].ghosts).toBe(0);
    expect(d.refuse({ type: 'HAUNT', arena: 0, side: 0, count: 1 })).toBe(
      'The arena has no Ghosts left to give.'
    );
    d.send({ type: 'SUPPLY', arena: 0, pile: 'ghosts', delta: 3 });
    d.battle([[5, 5]]);
    expect(d.refuse({ type: 'HAUNT', arena: 0, side: 0, count: 1 })).toMatch(/during the ages/);
  });

  it('a game saved before the quick flow existed (every step walked with NEXT) still replays', () => {
    // The log of an older version: BEGIN_AGES, fifteen NEXTs, the battle, NEXT, NEXT, each turn.
    const turn = (a: number, b: number) => [
      { type: 'BEGIN_AGES' },
      ...Array.from({ length: 15 }, () => ({ type: 'NEXT' })),
      { type: 'POWER', arena: 0, side: 0, power: a },
      { type: 'POWER', arena: 0, side: 1, power: b },
      { type: 'RESOLVE_BATTLE' }
    ];
    const old = [
      ...turn(8, 3),
      { type: 'NEXT' },
      { type: 'NEXT' },
      ...turn(9, 1),
      { type: 'NEXT' },
      { type: 'NEXT' },
      ...turn(12, 2)
    ];
    const setup = titansSetup('duel');
    const end = replay(titansLogic, initialState(titansLogic, setup), old);
    expect(end.status).toBe('done');
    expect((end.context as TitansContext).winner).toBe(0);
  });
});
