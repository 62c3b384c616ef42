/**
 * Ranks from the game's own order (#52, point 2): in a game players are knocked out of, a player
 * out earlier ranks below one out later, players out at one moment share a rank, and the result
 * says how it ranks. Epic (a player who "loses the game" is out, as one brought to 0 Mojo) and
 * Twilight of the Gods (a player whose Life Stack runs out drops out), with 3 and 8 players.
 */
import { describe, expect, it } from 'vitest';
import { epicLogic } from '../../src/lib/games/epic/logic';
import { twilightLogic } from '../../src/lib/games/twilight/logic';
import { EpicDriver, epicSetup } from '../fixtures/epic';
import { TwilightDriver, twilightSetup } from '../fixtures/twilight';

const ranks = (r: { players: { id: string; rank: number }[] }) =>
  Object.fromEntries(r.players.map((p) => [p.id, p.rank]));

describe('Epic: ranked by when each player went out', () => {
  it('3 players: Ben loses the game on turn 1 with 30 Mojo, Cy reaches 0 on turn 2: Ana 1, Cy 2, Ben 3', () => {
    const d = new EpicDriver(epicSetup(3)).begin();
    d.send({ type: 'LOSE', player: 'p2' }).endTurn();
    d.mojo('p3', -30, 'card');
    const r = epicLogic.result(d.snapshot, d.setup);
    expect(r).toMatchObject({ finished: true, winners: ['p1'], ranking: 'elimination' });
    expect(ranks(r)).toEqual({ p1: 1, p2: 3, p3: 2 });
    expect(r.players.find((p) => p.id === 'p2')?.score).toBe(30); // the Mojo does not part them
  });

  it('8 players knocked out one after another: 1 to 8, the first out last', () => {
    const d = new EpicDriver(epicSetup(8)).begin();
    for (const id of ['p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']) d.mojo(id, -30, 'card');
    const r = epicLogic.result(d.snapshot, d.setup);
    expect(r.winners).toEqual(['p1']);
    expect(r.players.map((p) => p.rank)).toEqual([1, 8, 7, 6, 5, 4, 3, 2]);
  });

  it('two out at the same moment share a rank; the next rank skips', () => {
    const d = new EpicDriver(epicSetup(4)).begin();
    d.mojo('p4', -30, 'card');
    d.send({
      type: 'MOJO',
      reason: 'card',
      changes: [
        { player: 'p2', delta: -30 },
        { player: 'p3', delta: -30 }
      ]
    });
    const r = epicLogic.result(d.snapshot, d.setup);
    expect(r.players.map((p) => p.rank)).toEqual([1, 2, 2, 4]);
  });
});

describe('Twilight of the Gods: ranked by when each player dropped out', () => {
  it('3 players: the first to drop out ranks last', () => {
    const d = new TwilightDriver(twilightSetup(3, { first: 2 })).begin();
    d.send({ type: 'HIT_LIFE', target: 1, life: 43 }).send({ type: 'END_TURN' }); // Ben out
    d.send({ type: 'HIT_LIFE', target: 2, life: 43 }); // Cy out: Ana wins
    const r = twilightLogic.result(d.snapshot, d.setup);
    expect(r).toMatchObject({ finished: true, winners: ['p1'], ranking: 'elimination' });
    expect(ranks(r)).toEqual({ p1: 1, p2: 3, p3: 2 });
  });

  it('8 players dropping out one by one: the first out ranks 8th, the last standing 1st', () => {
    const d = new TwilightDriver(twilightSetup(8, { first: 0 })).begin();
    const outOrder: number[] = [];
    // Each turn the active player brings the highest seat still in down (one defender a Combat).
    const over = () => (d.snapshot.status as string) === 'done';
    while (!over()) {
      const target = [7, 6, 5, 4, 3, 2, 1, 0].find((s) => s !== d.ctx.active && !d.player(s).out)!;
      d.send({ type: 'HIT_LIFE', target, life: d.player(target).life });
      outOrder.push(target);
      if (!over()) d.send({ type: 'END_TURN' });
    }
    const r = twilightLogic.result(d.snapshot, d.setup);
    expect(outOrder).toHaveLength(7);
    expect(r.winners).toHaveLength(1);
    const rank = ranks(r);
    outOrder.forEach((seat, i) => expect(rank[`p${seat + 1}`], `out ${i + 1}st`).toBe(8 - i));
    expect(rank[r.winners[0]]).toBe(1);
  });

  it('two dropping out at one Decay share a rank', () => {
    const d = new TwilightDriver(twilightSetup(3, { first: 0 })).begin();
    for (const seat of [1, 2]) d.send({ type: 'ADJUST', seat, pile: 'life', delta: 2 - d.player(seat).life });
    d.send({ type: 'ADJUST', seat: 1, pile: 'resource2', delta: 1 });
    d.send({ type: 'ADJUST', seat: 2, pile: 'resource3', delta: 1 });
    d.send({
      type: 'DECAY',
      unused: [
        [0, 0, 0],
        [0, 1, 0],
        [0, 0, 1]
      ]
    });
    const r = twilightLogic.result(d.snapshot, d.setup);
    expect(r.winners).toEqual(['p1']);
    expect(ranks(r)).toEqual({ p1: 1, p2: 2, p3: 2 });
  });
});
