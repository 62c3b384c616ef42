/**
 * Whole Epic games played to their end in every format and player count, matches (best two of
 * three, the loser choosing who starts), results for wins and ties, the runtime (undo, reopen)
 * and random games checked for invariants, replay equal to live play.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epicLogic } from '../../src/lib/games/epic/logic';
import { chooserFor, matchWins, nextChooser, type GameRecord } from '../../src/lib/games/epic/table';
import type { EpicFormat } from '../../src/lib/games/epic/format';
import type { EpicEvent } from '../../src/lib/machines/epic';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { initialState, replay, storeState } from '../../src/lib/session/replay';
import { EpicDriver, epicSetup } from '../fixtures/epic';
import { fakeClock, freshDb, reopen } from './helpers';

/** Plays quick-flow turns where the active player hits the next standing player until the game ends. */
function playOut(d: EpicDriver, damage = 7): EpicDriver {
  if (d.is('draft') || d.is('building')) d.send({ type: 'DECKS_READY' });
  if (d.is('mulligan')) d.begin();
  d.endTurn(); // turn 1 has no battle
  for (let guard = 0; d.snapshot.status === 'active' && d.is('game') && guard < 500; guard++) {
    const standing = d.ctx.players.filter((id) => !d.ctx.knockouts.flat().includes(id));
    const target = standing[(standing.indexOf(d.active) + 1) % standing.length];
    d.send({ type: 'ACTION', player: d.active, spent: true });
    d.attackTurn(target, Math.min(damage, d.ctx.mojo[target]));
  }
  return d;
}

describe('Epic: whole games in every format and player count', () => {
  const formats: [EpicFormat, number][] = [
    ['sealed', 2],
    ['sealed', 3],
    ['pack-war', 1],
    ['draft', 2],
    ['draft', 3],
    ['designed', 0]
  ];
  for (const [format, packs] of formats) {
    for (let players = 2; players <= 6; players++) {
      it(`${format} ${packs || ''} with ${players} players ends with one winner`, () => {
        const d = playOut(new EpicDriver(epicSetup(players, { format, packs, first: players - 1 })));
        expect(d.snapshot.status).toBe('done');
        expect(d.is('over')).toBe(true);
        expect(d.ctx.winners).toHaveLength(1);
        const result = epicLogic.result(d.snapshot, d.setup);
        expect(result.finished).toBe(true);
        expect(result.winners).toEqual(d.ctx.winners);
        expect(result.players.filter((p) => p.rank === 1).map((p) => p.id)).toEqual(d.ctx.winners);
        expect(result.players.find((p) => p.started)?.id).toBe(`p${players}`);
        expect(d.ctx.knockouts.flat()).toHaveLength(players - 1);
      });
    }
  }

  it('a 3-player game to a winner with an elimination on the way', () => {
    const d = new EpicDriver(epicSetup(3)).begin();
    d.send({ type: 'ACTION', player: 'p1', spent: true }).endTurn(); // Ana, turn 1: Build only
    d.mojo('p3', -12).endTurn(); // Ben hits Cy
    d.mojo('p1', -9).endTurn(); // Cy hits Ana
    d.mojo('p3', -18);
    expect(d.ctx.knockouts).toEqual([['p3']]);
    expect(d.snapshot.status).toBe('active');
    d.endTurn();
    expect(d.active).toBe('p2'); // Cy is skipped
    d.mojo('p2', -20, 'card').endTurn();
    expect(d.active).toBe('p1');
    expect(epicLogic.summarize(d.snapshot, d.setup)).toBe('Turn 6 · Ana · Ana 21 – Ben 10 – Cy 0 (out) Mojo');
    const last = d.line({ type: 'MOJO', changes: [{ player: 'p2', delta: -10 }], reason: 'attack' });
    expect(last).toBe('Ben −10 Mojo, attack (now 0); Ben is out; Ana wins');
    expect(epicLogic.summarize(d.snapshot, d.setup)).toBe('Ana won · Ana 21 – Ben 0 (out) – Cy 0 (out) Mojo');
    const result = epicLogic.result(d.snapshot, d.setup);
    expect(result).toMatchObject({
      finished: true,
      winners: ['p1'],
      tie: false,
      length: { unit: 'turn', number: 6 }
    });
    // Ranked by when they went out (#52): Cy first, so below Ben, though both end on 0.
    expect(result.ranking).toBe('elimination');
    expect(result.players.map((p) => [p.name, p.score, p.rank])).toEqual([
      ['Ana', 21, 1],
      ['Ben', 0, 2],
      ['Cy', 0, 3]
    ]);
    expect(d.meta().title).toBe('Ana wins');
  });

  it('a Pack War game ends when failed draws empty the opponents’ Mojo', () => {
    const d = new EpicDriver(epicSetup(2, { format: 'pack-war' })).begin().endTurn();
    d.mojo('p1', -12).endTurn();
    expect(d.meta().now).toMatch(/Pack War: for each card you cannot draw, every opponent loses 5 Mojo/);
    d.send({ type: 'CANNOT_DRAW', player: 'p1', cards: 1 });
    expect(d.ctx.mojo.p2).toBe(25);
    d.send({ type: 'CANNOT_DRAW', player: 'p1', cards: 5 });
    expect(d.ctx.winners).toEqual(['p1']);
    expect(epicLogic.result(d.snapshot, d.setup).players.map((p) => p.score)).toEqual([18, 0]);
  });
});

describe('Epic: a match, best two of three', () => {
  it('each game’s result is kept; the loser chooses; two wins take the match', () => {
    const d = new EpicDriver(epicSetup(2, { match: true }));
    d.send({ type: 'MULLIGAN', player: 'p1', cards: 2 }).begin().endTurn();
    d.mojo('p1', -28);
    expect(d.is('between')).toBe(true);
    expect(d.ctx.games).toHaveLength(1);
    // The decided game counts once, before and after it is recorded.
    expect(matchWins(d.ctx)).toEqual({ p1: 0, p2: 1 });
    expect(d.ctx.games[0]).toMatchObject({
      game: 1,
      first: 'p1',
      winners: ['p2'],
      how: 'knockout',
      turns: 2
    });
    expect(d.meta().title).toBe('Game 1: Ben won in 2 turns');
    expect(d.meta().now).toMatch(/^Ana chooses who goes first in game 2\./);
    expect(epicLogic.summarize(d.snapshot, d.setup)).toBe('Game 1: Ben won in 2 turns · wins Ana 0, Ben 1');
    expect(d.refuse({ type: 'MOJO', changes: [{ player: 'p1', delta: 1 }], reason: 'card' })).toBe(
      'Game 1 is over: choose who goes first in the next one.'
    );
    expect(d.refuse({ type: 'NEXT_TURN' })).toBe('Game 1 is over: choose who goes first in the next one.');
    expect(d.refuse({ type: 'NEXT_GAME', first: 'p9' })).toBe('Choose one of the players to go first.');
    expect(d.line({ type: 'NEXT_GAME', first: 'p1' })).toBe('Game 2: Ana goes first');
    expect(d.ctx.mojo).toEqual({ p1: 30, p2: 30 });
    expect(d.ctx.mulligans).toEqual({});
    expect(d.ctx.turn).toBe(1);
    expect(d.meta().title).toBe('Game 2 · Shuffle, draw 5, mulligan');
    // Game 2: Ana's deck runs out.
    d.begin()
      .endTurn()
      .endTurn()
      .send({ type: 'DECK_EMPTY', players: ['p1'] });
    expect(d.is('between')).toBe(true);
    expect(d.meta().now).toMatch(/^Ben chooses/);
    // Game 3: Ben chooses that he goes first, and wins on turn 3.
    d.send({ type: 'NEXT_GAME', first: 'p2' }).begin().endTurn().endTurn().mojo('p1', -30, 'attack');
    expect(d.snapshot.status).toBe('done');
    expect(d.ctx.games.map((g) => g.winners)).toEqual([['p2'], ['p1'], ['p2']]);
    const result = epicLogic.result(d.snapshot, d.setup);
    expect(result).toMatchObject({
      finished: true,
      winners: ['p2'],
      length: { unit: 'turn', number: 2 + 3 + 3 }
    });
    expect(result.players.find((p) => p.started)?.name).toBe('Ana');
    expect(epicLogic.summarize(d.snapshot, d.setup)).toBe(
      'Ben won the match · Game 1: Ben won in 2 turns · Game 2: Ana won (empty deck) in 3 turns · Game 3: Ben won in 3 turns'
    );
    expect(d.meta().title).toBe('Ben wins the match');
  });

  it('two straight wins end the match after two games', () => {
    const d = new EpicDriver(epicSetup(2, { match: true })).begin().endTurn();
    d.mojo('p1', -30).send({ type: 'NEXT_GAME', first: 'p1' }).begin().endTurn().mojo('p1', -30);
    expect(d.snapshot.status).toBe('done');
    expect(d.ctx.games).toHaveLength(2);
  });

  it('between games, sideboards are mentioned only where the format has one', () => {
    const between = (options: Parameters<typeof epicSetup>[1]) => {
      const d = new EpicDriver(epicSetup(2, { match: true, ...options })).begin();
      d.mojo('p1', -30, 'card');
      return d.meta().now;
    };
    for (const options of [{ format: 'sealed', packs: 2 }, { format: 'pack-war' }] as const)
      expect(between(options)).not.toMatch(/Sideboard/);
    expect(between({ format: 'designed' })).toMatch(/Sideboards may swap cards one for one\.$/);
  });

  it('our reading: a tied game counts for nobody, and the match goes on', () => {
    const d = new EpicDriver(epicSetup(2, { match: true })).begin();
    d.send({ type: 'DECK_EMPTY', players: ['p1', 'p2'] });
    expect(d.is('between')).toBe(true);
    const chooser = chooserFor(d.ctx, d.setup.seed)!;
    expect(chooser.drawn).toBe(true);
    expect(chooserFor(d.ctx, d.setup.seed)).toEqual(chooser);
    const named = chooser.id === 'p1' ? 'Ana' : 'Ben';
    expect(d.meta().now).toBe(
      `Ana and Ben lost together; the draw picks ${named} to choose who goes first in game 2.`
    );
    expect(matchWins(d.ctx)).toEqual({ p1: 0, p2: 0 });
  });

  it('multiplayer: the first player knocked out chooses; players out together are drawn between', () => {
    const record = (knockouts: string[][], winners: string[]): GameRecord => ({
      game: 1,
      first: 'p1',
      winners,
      knockouts,
      how: 'knockout',
      turns: 5,
      mojo: {}
    });
    const players = ['p1', 'p2', 'p3', 'p4'];
    expect(nextChooser(record([['p3'], ['p1'], ['p4']], ['p2']), players)).toEqual(['p3']);
    expect(nextChooser(record([['p3', 'p4'], ['p1']], ['p2']), players)).toEqual(['p3', 'p4']);
    expect(nextChooser(record([], ['p2']), players)).toEqual(['p1', 'p3', 'p4']);
    expect(nextChooser(record([], ['p1', 'p2']), ['p1', 'p2'])).toEqual(['p1', 'p2']);
  });
});

describe('Epic: the runtime', () => {
  it('undo and redo work across Mojo, actions and the end of a turn; a reopened session is the same', async () => {
    const db = freshDb();
    const rt = await SessionRuntime.create(db, epicLogic, 'epic', epicSetup(2));
    await rt.send({ type: 'MULLIGAN', player: 'p1', cards: 1 });
    await rt.send({ type: 'BEGIN' });
    await rt.send({ type: 'NEXT_TURN' });
    await rt.send({ type: 'ACTION', player: 'p2', spent: true });
    const before = storeState(rt.snapshot);
    await rt.send({ type: 'MOJO', changes: [{ player: 'p1', delta: -6 }], reason: 'attack' });
    expect(rt.history[0].label).toBe('Ana −6 Mojo, attack (now 23)');
    await rt.undo();
    expect(storeState(rt.snapshot)).toEqual(before);
    await rt.redo();
    const fresh = await SessionRuntime.open(reopen(db), epicLogic, rt.session.id);
    expect(storeState(fresh.snapshot)).toEqual(storeState(rt.snapshot));
    expect(fresh.history.map((h) => h.label)).toEqual(rt.history.map((h) => h.label));
    while (rt.canUndo) expect((await rt.undo()).ok).toBe(true);
    expect((rt.snapshot.context as { mojo: Record<string, number> }).mojo.p1).toBe(30);
  });

  it('quick −1 taps on one player’s Mojo are one history line and one undo step; a card’s change between splits them', async () => {
    const rt = await SessionRuntime.create(freshDb(), epicLogic, 'epic', epicSetup(2), { now: fakeClock() });
    rt.send({ type: 'BEGIN' });
    rt.send({ type: 'NEXT_TURN' });
    const before = storeState(rt.snapshot);
    const tap = (reason: 'attack' | 'card') =>
      rt.send({ type: 'MOJO', changes: [{ player: 'p1', delta: -1 }], reason });
    for (let i = 0; i < 3; i++) expect(tap('attack')).toEqual({ ok: true });
    expect(rt.history[0].label).toBe('Ana −3 Mojo, attack (now 27)');
    expect(rt.history[1].label).toMatch(/^End of turn 1/);
    expect(rt.undoLabel).toBe('Ana −3 Mojo, attack (now 27)');
    rt.undo();
    expect(storeState(rt.snapshot)).toEqual(before);

    tap('attack');
    tap('card');
    tap('attack');
    expect(rt.history.slice(0, 3).map((h) => h.label)).toEqual([
      'Ana −1 Mojo, attack (now 27)',
      'Ana −1 Mojo, card (now 28)',
      'Ana −1 Mojo, attack (now 29)'
    ]);
    await rt.saved();
  });

  it('refusals reach the runtime as plain reasons and nothing is written', async () => {
    const rt = await SessionRuntime.create(freshDb(), epicLogic, 'epic', epicSetup(2));
    await rt.send({ type: 'BEGIN' });
    const head = rt.session.head;
    expect(await rt.send({ type: 'MOJO', changes: [{ player: 'p2', delta: -3 }], reason: 'attack' })).toEqual(
      {
        ok: false,
        reason: 'The first turn starts at the Build Step: there is no Battle Step, so no attack damage.'
      }
    );
    expect(rt.session.head).toBe(head);
  });
});

describe('Epic: random games keep the rules', () => {
  const ids = ['p1', 'p2', 'p3', 'p4'];
  const event: fc.Arbitrary<EpicEvent> = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ type: 'NEXT_TURN' as const }) },
    { weight: 3, arbitrary: fc.constant({ type: 'NEXT' as const }) },
    { weight: 1, arbitrary: fc.constant({ type: 'ATTACK' as const }) },
    { weight: 1, arbitrary: fc.constant({ type: 'BEGIN' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('MULLIGAN' as const),
        player: fc.constantFrom(...ids),
        cards: fc.integer({ min: -1, max: 6 })
      })
    },
    {
      weight: 6,
      arbitrary: fc.record({
        type: fc.constant('MOJO' as const),
        changes: fc.array(
          fc.record({ player: fc.constantFrom(...ids), delta: fc.integer({ min: -15, max: 6 }) }),
          {
            minLength: 1,
            maxLength: 2
          }
        ),
        reason: fc.constantFrom('attack' as const, 'card' as const)
      })
    },
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant('ACTION' as const),
        player: fc.constantFrom(...ids),
        spent: fc.boolean()
      })
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('CANNOT_DRAW' as const),
        player: fc.constantFrom(...ids),
        cards: fc.integer({ min: 0, max: 3 })
      })
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('DECK_EMPTY' as const),
        players: fc.subarray(ids, { minLength: 1 })
      })
    },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.constant('LOSE' as const), player: fc.constantFrom(...ids) })
    },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.constant('NEXT_GAME' as const), first: fc.constantFrom(...ids) })
    }
  );

  it('Mojo of out players never changes, the active player is in, winners exactly when a game ends, replay equals live', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom<EpicFormat>('sealed', 'pack-war', 'designed'),
        fc.boolean(),
        fc.array(event, { minLength: 1, maxLength: 80 }),
        (players, format, match, events) => {
          const d = new EpicDriver(epicSetup(players, { format, match }));
          for (const e of events) {
            const before = d.ctx;
            const ok = (() => {
              try {
                d.send(e);
                return true;
              } catch {
                return false;
              }
            })();
            if (!ok) {
              // Refused: a reason in words, and nothing changed.
              expect(d.reason(e)).toMatch(/\w/);
              expect(d.ctx).toBe(before);
              continue;
            }
            const ctx = d.ctx;
            const out = ctx.knockouts.flat();
            expect(new Set(out).size).toBe(out.length);
            if (ctx.game === before.game) {
              for (const id of before.knockouts.flat()) expect(ctx.mojo[id]).toBe(before.mojo[id]);
            }
            if (d.is('game')) {
              expect(out).not.toContain(ctx.active);
              expect(ctx.winners).toBeNull();
            }
            if (d.snapshot.status === 'done') {
              expect(ctx.games.at(-1)?.winners.length).toBeGreaterThan(0);
            }
            for (const id of d.ctx.players) expect(Number.isInteger(ctx.mojo[id])).toBe(true);
          }
          const replayed = replay(epicLogic, initialState(epicLogic, d.setup), d.events);
          expect(storeState(replayed)).toEqual(storeState(d.snapshot));
        }
      ),
      { numRuns: 300 }
    );
  });
});
