/**
 * Titans of Eden for the session runtime: the machine plus plain-words refusals, history lines,
 * the home-list summary and the step banner adapted to the age and format.
 */
import type { GameLogic, StepMeta } from '../kit';
import { gameLogic } from '../logic';
import { buildResult } from '../kit';
import { titansFields } from './fields';
import {
  arenaName,
  titansChecks,
  titansMachine,
  type TitansContext,
  type TitansEvent
} from '../../machines/titans';
import { handSize, playerName, teamName, titansSetupProblem, type TitansSetup } from './format';

export function battleLines(setup: TitansSetup, ctx: TitansContext): string[] {
  const battle = ctx.lastBattle;
  if (!battle) return [];
  const lines = ctx.arenas.map((a, i) => {
    const where = ctx.arenas.length > 1 ? `Arena ${i + 1}: ` : '';
    const [p0, p1] = a.power;
    const score = `${playerName(setup, a.players[0])} ${p0} – ${p1} ${playerName(setup, a.players[1])}`;
    const w = battle.arenaWinners[i];
    const side = w === null ? null : a.teams.indexOf(w);
    return `${where}${score}, ${side === null ? 'nobody wins' : `${playerName(setup, a.players[side])} wins`}`;
  });
  for (const c of battle.changes) {
    const where = c.arena === null ? '' : ` in Arena ${c.arena + 1}`;
    lines.push(
      c.kind === 'capture'
        ? `${teamName(setup, c.winner)} captures a temple from ${teamName(setup, c.loser)}${where}`
        : `${teamName(setup, c.winner)} destroys a temple of ${teamName(setup, c.loser)}${where}`
    );
  }
  if (battle.changes.length === 0) lines.push('No temple changes hands');
  return lines;
}

export const titansLogic: GameLogic<TitansSetup> = gameLogic<TitansSetup, TitansContext, TitansEvent>({
  machine: titansMachine,
  version: 1,
  fields: titansFields,
  setupProblem: titansSetupProblem,

  // Asked only of a step that takes the event: the value's own fault (a power out of range,
  // a surge with no token left), never when, which notNow says.
  refusal({ ctx, event: e, name }) {
    switch (e.type) {
      case 'SURGE':
        return titansChecks.surge(ctx, e, name);
      case 'POWER':
        return titansChecks.power(ctx, e);
      case 'RESOLVE_BATTLE':
        return titansChecks.resolve(ctx, name);
      case 'SUPPLY':
        return titansChecks.supply(ctx, e);
      case 'SPITE':
        return titansChecks.spite(ctx, e);
      case 'HAUNT':
        return titansChecks.haunt(ctx, e);
    }
    return undefined;
  },

  notNow: {
    SURGE: 'Surge only at the start of a turn, before any card is played.',
    BEGIN_AGES: 'The ages begin once, at the start of the turn.',
    NEXT: ({ snapshot }) =>
      snapshot.matches({ turn: 'battle' })
        ? 'Enter each side’s power and resolve the battle to go on.'
        : undefined,
    // A value that could never be a power is told first, after the battle as before it.
    POWER: ({ ctx, event }) =>
      titansChecks.power(ctx, event) ??
      'This turn’s battle is resolved: its powers are in. Undo the battle to change one.',
    RESOLVE_BATTLE: 'The battle comes after the third age: enter each side’s power first.',
    SUPPLY: 'The supply piles change during a turn.',
    SPITE: 'Spite happens at the end of the turn, after the battle.',
    HAUNT: 'Haunt is a Now ability: it happens during the ages, before the battle.',
    NEXT_TURN: 'The turn ends after the battle is resolved.'
  },

  describe(accepted) {
    const { event: e, after, ctx, prev, setup } = accepted;
    switch (e.type) {
      case 'SURGE':
        return `${playerName(setup, e.player)} surges (${ctx.surge[e.player]} token${ctx.surge[e.player] === 1 ? '' : 's'} left)`;
      case 'BEGIN_AGES':
        return `Turn ${ctx.turn}: the first age begins`;
      case 'NEXT': {
        if (after.matches('over')) return 'Game over';
        if (after.matches({ turn: 'start' })) {
          return `Turn ${ctx.turn} begins; ${teamName(setup, ctx.avatar)} takes the Avatar Mat`;
        }
        if (after.matches({ turn: 'battle' })) return 'The third age ends: battle';
        if (after.matches({ turn: 'shuffle' })) return 'End of the turn: shuffle and draw';
        const step = Object.values(after.getMeta() as Record<string, StepMeta | undefined>).at(-1);
        return `Age ${ctx.age}: ${step?.title.toLowerCase() ?? 'next step'}`;
      }
      case 'POWER': {
        const a = ctx.arenas[e.arena];
        const where = ctx.arenas.length > 1 ? ` in Arena ${e.arena + 1}` : '';
        return `${playerName(setup, a.players[e.side])}’s power${where}: ${e.power}`;
      }
      case 'RESOLVE_BATTLE': {
        const lines = battleLines(setup, ctx);
        const end = ctx.winner !== null ? `. ${teamName(setup, ctx.winner)} wins the game` : '';
        return `Battle: ${lines.join('; ')}${end}`;
      }
      case 'SUPPLY': {
        const pile = e.pile === 'ghosts' ? 'Ghosts' : 'Travelers';
        return `${arenaName(ctx, e.arena)}: ${pile} ${e.delta > 0 ? '+' : ''}${e.delta} (${ctx.arenas[e.arena][e.pile]} left)`;
      }
      case 'SPITE': {
        const a = prev.arenas[e.arena];
        const given = a.ghosts - ctx.arenas[e.arena].ghosts;
        return `Spite: ${playerName(setup, a.players[1 - e.side])} gains ${given} Ghost${given === 1 ? '' : 's'}`;
      }
      case 'HAUNT': {
        const a = prev.arenas[e.arena];
        const given = a.ghosts - ctx.arenas[e.arena].ghosts;
        const where = ctx.arenas.length > 1 ? ` in Arena ${e.arena + 1}` : '';
        return `Haunt${where}: ${playerName(setup, a.players[1 - e.side])} gains ${given} Ghost${given === 1 ? '' : 's'} (${ctx.arenas[e.arena].ghosts} left)`;
      }
      case 'NEXT_TURN':
        return `Turn ${ctx.turn} begins; ${teamName(setup, ctx.avatar)} takes the Avatar Mat`;
    }
    return accepted.event.type;
  },

  summarize(snapshot, setup) {
    const ctx = snapshot.context as TitansContext;
    const temples = summarizeTemples(setup, ctx);
    if (snapshot.status === 'done' && ctx.winner !== null)
      return `${teamName(setup, ctx.winner)} won · ${temples}`;
    return `Turn ${ctx.turn} · ${temples}`;
  },

  stepEvents: ['BEGIN_AGES', 'NEXT'],

  outcomes: ['RESOLVE_BATTLE'],
  scoring: { unit: 'temples', highestWins: true, noPoints: false },

  period: (snapshot) => ({ unit: 'turn', number: (snapshot.context as TitansContext).turn }),

  standing(snapshot, setup) {
    const temples = teamTemples(snapshot.context as TitansContext);
    const scores: Record<string, number> = {};
    setup.teams.forEach((team, t) => team.forEach((id) => (scores[id] = temples[t] ?? 0)));
    return { scores };
  },

  result(snapshot, setup) {
    const ctx = snapshot.context as TitansContext;
    const { scores } = titansLogic.standing(snapshot, setup);
    const teamOf = (id: string) => setup.teams.findIndex((t) => t.includes(id));
    return buildResult({
      finished: snapshot.status === 'done' && ctx.winner !== null,
      players: setup.players.map((p) => ({
        id: p.id,
        name: p.name,
        score: scores[p.id],
        team: teamOf(p.id)
      })),
      winners: ctx.winner !== null ? (setup.teams[ctx.winner] ?? []) : [],
      ...(ctx.winner !== null ? { winningTeam: ctx.winner } : {}),
      started: setup.teams[setup.avatarTeam] ?? [],
      length: { unit: 'turn', number: ctx.turn }
    });
  },

  describeStep(snapshot, setup, meta) {
    const ctx = snapshot.context as TitansContext;
    const multi = setup.format !== 'duel';
    const battleRules = {
      duel: 'battle-duel',
      'two-arenas': 'battle-two-arena',
      'three-arenas': 'battle-three-arena'
    }[setup.format];
    if (snapshot.matches({ turn: 'age' })) {
      let { title, now, rules } = meta;
      if (snapshot.matches({ turn: { age: 'awaken' } }) && setup.mode === 'constructed') {
        now =
          'Spend Energy in play to awaken one card from your spellbook (or a Ghost or Traveler), Avatar Mat side first. Show everyone the card you gain.';
        rules = [...rules, 'constructed'];
      }
      if (snapshot.matches({ turn: { age: 'play' } }) && setup.format === 'three-arenas') {
        now =
          'Each player picks a card from hand or the top of the deck and lays it face down: Avatar Mat team first, then clockwise. Flip them together.';
      }
      if (snapshot.matches({ turn: { age: 'opening' } }) && multi) {
        now += ' Teammates may agree to trade: each plays one card into the other’s arena.';
        rules = [...rules, 'trading-cards'];
      }
      if (snapshot.matches({ turn: { age: 'closing' } }) && ctx.age === 3) {
        title = 'End of the third age';
        now = 'End-of-third-age abilities (Substitute) happen now, just before the battle.';
      }
      if (snapshot.matches({ turn: { age: 'opening' } }) && ctx.age === 3) {
        // Sacrifice: Ritual is a Sacrifice ability: it acts in the same step, not after it.
        now = now.replace('then Sacrifice.', 'then Sacrifice (Sacrifice: Ritual included).');
      }
      return { title: `Age ${ctx.age} · ${title}`, now, rules };
    }
    if (snapshot.matches({ turn: 'battle' })) {
      return { ...meta, rules: [...meta.rules, battleRules] };
    }
    if (snapshot.matches({ turn: 'shuffle' })) {
      const sizes = new Set(setup.players.map((p) => handSize(setup, p.id)));
      const nine = setup.players.filter((p) => handSize(setup, p.id) === 9).map((p) => p.name);
      const draw =
        sizes.size > 1 ? `Draw up to 6 cards (${nine.join(', ')}: 9).` : `Draw up to ${[...sizes][0]} cards.`;
      return {
        ...meta,
        now: `${meta.now} ${draw} Then the Avatar Mat passes.`,
        rules: [...meta.rules, 'avatar-mat']
      };
    }
    return meta;
  }
});

/** Temples per team: a team's one mat, or both its mats in three arenas. */
function teamTemples(ctx: Pick<TitansContext, 'mats' | 'teamCount'>): number[] {
  const byTeam = Array.from({ length: ctx.teamCount }, () => 0);
  for (const m of ctx.mats) byTeam[m.team] += m.temples;
  return byTeam;
}

function summarizeTemples(setup: TitansSetup, ctx: TitansContext): string {
  if (setup.format === 'three-arenas') {
    // Each arena's two mats, as the table sees them: nobody's temples are pooled across arenas.
    return ctx.arenas
      .map((a, i) => {
        const [l, r] = a.teams.map((t) => ctx.mats.find((m) => m.team === t && m.arena === i)?.temples ?? 0);
        return `A${i + 1} ${l}–${r}`;
      })
      .join(' · ');
  }
  return ctx.mats.map((m) => `${teamName(setup, m.team, false)} ${m.temples}`).join(' – ') + ' temples';
}
