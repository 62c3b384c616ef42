/**
 * Twilight of the Gods over generated games: whatever the table taps, no pile goes below 0, cards
 * are never made or lost, a refusal always says why and changes nothing, the game ends exactly
 * when one side is left, and replaying the log (live, through the session runtime, after undo and
 * a reload) gives the same state.
 */
import { gameRefusal } from '../../src/lib/session/send';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { twilightLogic } from '../../src/lib/games/twilight/logic';
import { PILES, sideOf, type TwilightContext, type TwilightEvent } from '../../src/lib/games/twilight/table';
import { initialState, replay, sameState, step, storeState } from '../../src/lib/session/replay';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { TwilightDriver, twilightSetup } from '../fixtures/twilight';
import { STEPS, type StepId } from '../../src/lib/machines/twilight';
import { freshDb, reopen } from './helpers';

/** A tap at the table, turned into an event against the state it lands in. */
type Tap = [kind: number, a: number, b: number, c: number];

const TAPS = 15;

function eventFor(ctx: TwilightContext, [kind, a, b, c]: Tap, opts: { effects: boolean }): TwilightEvent {
  const n = ctx.players.length;
  const seat = a % n;
  switch (kind % TAPS) {
    case 0:
      return { type: 'TRADE', with: seat, give: b % 4, get: c % 4 };
    case 1:
      return { type: 'FORCED_TRADE', with: seat };
    case 2:
    case 3:
      return {
        type: 'SEIZE',
        from: seat,
        level: ((b % 3) + 1) as 1 | 2 | 3,
        source: (['hand', 'life', 'own'] as const)[c % 3]
      };
    case 4:
    case 5:
      return { type: 'RESOURCE', level: ((b % 3) + 1) as 1 | 2 | 3 };
    case 6: {
      // What is Summoned moves cards, never makes or loses them: a Creature (over the limit,
      // Discarded or outside it), a Fortification or Intrigue; before version 3, cards only left
      // the Hand, so that old event is a card effect here.
      if (opts.effects && c % 4 === 0) return { type: 'SUMMON', cards: 1 + (b % 3) };
      const level = ((b % 3) + 1) as 1 | 2 | 3;
      const over = ([undefined, 'discard', 'outside'] as const)[c % 3];
      return b % 4 === 0
        ? { type: 'SUMMON', cards: 1, card: 'other' }
        : { type: 'SUMMON', cards: 1, card: 'creature', level, ...(over ? { over } : {}) };
    }
    case 7:
      return { type: 'HIT_LIFE', target: seat, life: 1 + (b % 9) };
    case 8:
      return { type: 'HIT_DISCARD', target: seat, life: 1 + (b % 9) };
    case 9: {
      // Unused Aspects up to what each Resource Area holds (sometimes one too many).
      const unused = ctx.players.map(
        (p, i) =>
          p.resource.map((r, level) =>
            Math.min(r + (c % 7 === 0 ? 1 : 0), (a + b + i + level) % (r + 1))
          ) as [number, number, number]
      );
      return { type: 'DECAY', unused };
    }
    case 10:
      return { type: 'DEITY_POWER', seat };
    case 11:
      return opts.effects
        ? {
            type: 'ADJUST',
            seat,
            pile: PILES[b % PILES.length],
            delta: (c % 11) - 6 || 1,
            ...(a % 2 ? { bounded: true } : {})
          }
        : { type: 'NO_ATTACK' };
    case 12:
      return { type: 'NEXT' };
    case 13: {
      const from = PILES[b % PILES.length];
      const why = ([undefined, 'scheme', 'slain', 'limit'] as const)[c % 4];
      return {
        type: 'MOVE',
        seat,
        from,
        to: c % 5 === 0 ? 'destroyed' : 'discard',
        cards: 1 + (c % 3),
        ...(why ? { why } : {})
      };
    }
    default:
      return c % 3 === 0 ? { type: 'END_TURN', place: ((b % 3) + 1) as 1 | 2 | 3 } : { type: 'END_TURN' };
  }
}

const tap = fc.tuple(fc.nat(TAPS * 4), fc.nat(50), fc.nat(50), fc.nat(50));

const total = (ctx: TwilightContext) =>
  ctx.players.reduce(
    (s, p) =>
      s +
      p.life +
      p.hand +
      p.discard +
      p.destroyed +
      p.aspect +
      p.resource[0] +
      p.resource[1] +
      p.resource[2] +
      p.creatures[0] +
      p.creatures[1] +
      p.creatures[2] +
      p.play,
    0
  );

function checkInvariants(d: TwilightDriver, conserved: number | null) {
  const ctx = d.ctx;
  for (const p of ctx.players) {
    for (const v of [
      p.life,
      p.hand,
      p.discard,
      p.destroyed,
      p.aspect,
      ...p.resource,
      ...p.creatures,
      p.play
    ]) {
      expect(Number.isInteger(v) && v >= 0).toBe(true);
    }
    expect(p.out).toBe(p.life === 0);
  }
  if (conserved !== null) expect(total(ctx)).toBe(conserved);
  const standing = new Set(ctx.players.flatMap((p, seat) => (p.out ? [] : [sideOf(ctx, seat)])));
  const done = d.snapshot.status === 'done';
  expect(done).toBe(ctx.outcome !== null);
  expect(done).toBe(standing.size <= 1);
  if (done) expect(ctx.outcome!.winners.length).toBeGreaterThan(0);
}

const tables = [
  { players: 2 },
  { players: 3 },
  { players: 4, teams: [0, 1, 0, 1] },
  { players: 5 },
  { players: 6, teams: [0, 1, 2, 0, 1, 2] }
];

describe('Twilight: invariants over generated games', () => {
  it('piles stay whole and ≥ 0, cards are conserved, refusals explain and change nothing, the end comes exactly when one side is left', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tables),
        fc.array(tap, { minLength: 20, maxLength: 200 }),
        (table, taps) => {
          const d = new TwilightDriver(twilightSetup(table.players, { teams: table.teams ?? null })).begin();
          const cards = total(d.ctx);
          for (const t of taps) {
            if (d.snapshot.status !== 'active') break;
            const event = eventFor(d.ctx, t, { effects: false });
            const next = step(twilightLogic, d.snapshot, event);
            if (next) {
              d.send(event);
              // A turn starts at the Draw exactly when it is that player's first.
              if (event.type === 'END_TURN' && d.snapshot.status === 'active') {
                expect(d.step === 'draw').toBe(d.ctx.players[d.ctx.active].turns === 1);
              }
            } else {
              const reason = gameRefusal(twilightLogic, d.snapshot, event, d.setup);
              expect(reason, JSON.stringify(event)).toMatch(/\w+.*[.]$/);
            }
            checkInvariants(d, cards);
          }
          // Replay of the accepted events equals the live state.
          const replayed = replay(twilightLogic, initialState(twilightLogic, d.setup), d.log);
          expect(sameState(replayed, d.snapshot)).toBe(true);
        }
      ),
      { numRuns: 100 }
    );
  }, 60_000);

  it('with card effects and corrections too, nothing goes below 0 and the end still comes exactly right', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tables),
        fc.array(tap, { minLength: 20, maxLength: 200 }),
        (table, taps) => {
          const d = new TwilightDriver(twilightSetup(table.players, { teams: table.teams ?? null })).begin();
          for (const t of taps) {
            if (d.snapshot.status !== 'active') break;
            const event = eventFor(d.ctx, t, { effects: true });
            if (step(twilightLogic, d.snapshot, event)) d.send(event);
            else expect(gameRefusal(twilightLogic, d.snapshot, event, d.setup)).toBeTruthy();
            checkInvariants(d, null);
          }
        }
      ),
      { numRuns: 100 }
    );
  }, 60_000);

  it('every accepted event gets a history line, and the home line and result are always readable', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tables),
        fc.array(tap, { minLength: 10, maxLength: 120 }),
        (table, taps) => {
          const d = new TwilightDriver(twilightSetup(table.players, { teams: table.teams ?? null })).begin();
          for (const t of taps) {
            if (d.snapshot.status !== 'active') break;
            const event = eventFor(d.ctx, t, { effects: true });
            if (!step(twilightLogic, d.snapshot, event)) continue;
            const line = d.line(event);
            expect(line).toMatch(/\w/);
            expect(line).not.toMatch(/undefined|NaN|\[object/);
          }
          expect(twilightLogic.summarize(d.snapshot, d.setup)).not.toMatch(/undefined|NaN/);
          const r = twilightLogic.result(d.snapshot, d.setup);
          expect(r.players).toHaveLength(table.players);
          expect(r.finished).toBe(d.snapshot.status === 'done');
        }
      ),
      { numRuns: 80 }
    );
  }, 60_000);
});

describe('Twilight: Guide me and the quick flow agree', () => {
  const HOME: Partial<Record<TwilightEvent['type'], StepId>> = {
    TRADE: 'trade',
    FORCED_TRADE: 'trade',
    SEIZE: 'seize',
    RESOURCE: 'resource',
    SUMMON: 'summoning',
    HIT_DISCARD: 'combat.discard',
    HIT_LIFE: 'combat.life',
    DECAY: 'end.decay'
  };
  it('the same taps, with or without walking every step, leave the same game behind', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tables),
        fc.array(tap, { minLength: 10, maxLength: 150 }),
        (table, taps) => {
          const setup = twilightSetup(table.players, { teams: table.teams ?? null });
          const quick = new TwilightDriver(setup).begin();
          const guided = new TwilightDriver(setup).begin();
          for (const t of taps) {
            if (quick.snapshot.status !== 'active') break;
            const event = eventFor(quick.ctx, t, { effects: true });
            if (event.type === 'NEXT' || event.type === 'NO_ATTACK') continue;
            if (!step(twilightLogic, quick.snapshot, event)) continue;
            quick.send(event);
            // Guide me: walk to the event's own step first (never past it), then send the same event.
            const home = HOME[event.type];
            while (home && guided.step && STEPS.indexOf(guided.step) < STEPS.indexOf(home)) {
              // Guide me stops at the Resource step until the level is in; the event may come first.
              if (!step(twilightLogic, guided.snapshot, { type: 'NEXT' })) break;
              guided.send({ type: 'NEXT' });
            }
            guided.send(event);
            expect(guided.ctx).toEqual(quick.ctx);
          }
          expect(guided.snapshot.status).toBe(quick.snapshot.status);
        }
      ),
      { numRuns: 80 }
    );
  }, 60_000);
});

describe('Twilight: events from a damaged log', () => {
  const types = [
    'DRAFT_KEEP',
    'DRAFT_PICK',
    'PILE_DONE',
    'CHOOSE_DEITY',
    'MULLIGAN',
    'BEGIN',
    'NEXT',
    'NO_ATTACK',
    'TRADE',
    'FORCED_TRADE',
    'SEIZE',
    'RESOURCE',
    'SUMMON',
    'HIT_DISCARD',
    'HIT_LIFE',
    'DECAY',
    'DEITY_POWER',
    'ADJUST',
    'MOVE',
    'END_TURN'
  ];
  const junk = fc.oneof(
    fc.anything(),
    fc.integer({ min: -3, max: 8 }),
    fc.constantFrom('hand', 'life', 'own', 'mars')
  );
  it('any shape of event is either accepted soundly or refused with a reason; nothing throws', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(
          fc.record({
            type: fc.constantFrom(...types),
            seat: junk,
            with: junk,
            from: junk,
            target: junk,
            level: junk,
            source: junk,
            give: junk,
            get: junk,
            cards: junk,
            life: junk,
            unused: fc.oneof(junk, fc.array(fc.array(junk, { maxLength: 4 }), { maxLength: 4 })),
            pile: fc.oneof(junk, fc.constantFrom('life', 'aspect', 'resource2')),
            delta: junk,
            deity: junk,
            conviction: junk,
            card: fc.oneof(junk, fc.constantFrom('creature', 'other')),
            over: fc.oneof(junk, fc.constantFrom('discard', 'outside')),
            to: fc.oneof(junk, fc.constantFrom('discard', 'destroyed')),
            why: fc.oneof(junk, fc.constantFrom('scheme', 'slain', 'limit')),
            bounded: junk
          }),
          { maxLength: 60 }
        ),
        (draft, events) => {
          const d = new TwilightDriver(twilightSetup(3, { draft }));
          if (!draft) d.begin();
          for (const event of events) {
            const e = event as unknown as TwilightEvent;
            if (step(twilightLogic, d.snapshot, e)) {
              d.send(e);
              checkInvariants(d, null);
            } else if (d.snapshot.status === 'active') {
              expect(gameRefusal(twilightLogic, d.snapshot, e, d.setup)).toMatch(/\w/);
            }
          }
        }
      ),
      { numRuns: 200 }
    );
  }, 60_000);
});

describe('Twilight: the session runtime', () => {
  it('replay equals live: a game sent through the runtime, reloaded, undone step by step and redone', async () => {
    const db = freshDb();
    const setup = twilightSetup(2);
    const rt = await SessionRuntime.create(db, twilightLogic, 'twilight', setup, { snapshotEvery: 7 });
    const events: TwilightEvent[] = [
      { type: 'MULLIGAN', seat: 1 },
      { type: 'BEGIN' },
      { type: 'NEXT' },
      { type: 'TRADE', with: 1, give: 2, get: 2 },
      { type: 'RESOURCE', level: 1 },
      { type: 'SUMMON', cards: 1 },
      { type: 'NEXT' },
      { type: 'NEXT' },
      { type: 'HIT_LIFE', target: 1, life: 3 },
      {
        type: 'DECAY',
        unused: [
          [1, 0, 0],
          [0, 0, 0]
        ]
      },
      { type: 'END_TURN' },
      { type: 'SEIZE', from: 0, level: 2, source: 'hand' },
      { type: 'RESOURCE', level: 2 },
      { type: 'HIT_DISCARD', target: 0, life: 5 },
      { type: 'DEITY_POWER', seat: 1 },
      { type: 'END_TURN' }
    ];
    const states = [storeState(rt.snapshot)];
    for (const e of events) {
      expect(await rt.send(e)).toEqual({ ok: true });
      states.push(storeState(rt.snapshot));
    }
    expect(rt.history[0].label).toBe('Ben ends the turn · Turn 3: Ana draws 2 (Life Stack 39)');
    expect(rt.history.map((h) => h.label)).toContain(
      'Ben −3 Life Stack, unblocked attacker of Life 3 (40 left)'
    );
    // A reload (a new tab, a crash) rebuilds exactly the same state.
    const fresh = await SessionRuntime.open(reopen(db), twilightLogic, rt.session.id);
    expect(storeState(fresh.snapshot)).toEqual(states.at(-1));
    // Undo works at every step, back to the start; redo brings every step back.
    for (let i = events.length - 1; i >= 0; i--) {
      expect((await rt.undo()).ok).toBe(true);
      expect(storeState(rt.snapshot)).toEqual(states[i]);
    }
    expect(rt.canUndo).toBe(false);
    while (rt.canRedo) expect((await rt.redo()).ok).toBe(true);
    expect(storeState(rt.snapshot)).toEqual(states.at(-1));
  });

  it('refusals reach the runtime as plain reasons, and nothing is written', async () => {
    const rt = await SessionRuntime.create(freshDb(), twilightLogic, 'twilight', twilightSetup(2));
    await rt.send({ type: 'BEGIN' });
    const head = rt.session.head;
    expect(await rt.send({ type: 'SEIZE', from: 1, level: 3, source: 'hand' })).toEqual({ ok: true });
    expect(await rt.send({ type: 'SEIZE', from: 1, level: 3, source: 'hand' })).toEqual({
      ok: false,
      reason: 'Seizing an Exalted (III) from Ben sets aside 5 cards; Ana has 3 in Hand.'
    });
    expect(await rt.send({ type: 'ADJUST', seat: 1, pile: 'life', delta: -50 })).toEqual({
      ok: false,
      reason: 'Ben’s Life Stack has 43 cards; it cannot lose 50.'
    });
    expect(rt.session.head).toBe(head + 1);
  });

  it('a finished game reports its result through the runtime; undo reopens it', async () => {
    const rt = await SessionRuntime.create(freshDb(), twilightLogic, 'twilight', twilightSetup(2));
    await rt.send({ type: 'BEGIN' });
    await rt.send({ type: 'HIT_LIFE', target: 1, life: 50 });
    expect(rt.snapshot.status).toBe('done');
    expect(twilightLogic.result(rt.snapshot, rt.setup)).toMatchObject({ finished: true, winners: ['p1'] });
    expect(await rt.send({ type: 'END_TURN' })).toEqual({
      ok: false,
      reason: 'The game is over. Undo the last step to change it.'
    });
    await rt.undo();
    expect(rt.snapshot.status).toBe('active');
  });
});
