/**
 * The table's setup checklist for every format and mode, with the rulebook's counts.
 */
import { describe, expect, it } from 'vitest';
import { setupChecklist } from '../../src/lib/games/titans/checklist';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { titansSetup, TitansDriver } from '../fixtures/titans';
import type { StepMeta } from '../../src/lib/session/types';

const text = (lines: string[]) => lines.join('\n');

describe('Titans of Eden setup checklist', () => {
  it('Duel: 16 piles, 12 Ghosts and 8 Travelers, starting decks, 3 temples each, hands of 6', () => {
    const t = text(setupChecklist(titansSetup('duel')));
    expect(t).toContain('16 ritual piles');
    expect(t).toContain('12 Ghosts and 8 Travelers next to the arena');
    expect(t).toContain('8 Monks and 4 Wizards');
    expect(t).toContain('Surge Mat with 2 tokens');
    expect(t).toContain('Reference Sheet');
    expect(t).toContain('A Temple Mat with 3 tokens for each player');
    expect(t).toContain('starting hand of 6 cards.');
    expect(t).toContain('The Avatar Mat starts with Ana');
  });
  it('Two arenas, 3 players: one mat of 3 per team, and the player alone draws 9', () => {
    const t = text(setupChecklist(titansSetup('two-arenas', 3)));
    expect(t).toContain('in each of the 2 arenas');
    expect(t).toContain('One Temple Mat with 3 tokens per team');
    expect(t).toContain('Ana draws 9');
  });
  it('Three arenas, 5 players: 2 tokens on each side of each arena, the one-person team keeps two mats', () => {
    const t = text(setupChecklist(titansSetup('three-arenas', 5)));
    expect(t).toContain('12 Ghosts and 8 Travelers in each of the 3 arenas');
    expect(t).toContain('2 tokens on each side of each arena (6 mats); Ana keeps two separate mats');
    expect(t).toContain('For each of the 5 players');
  });
  it('Constructed: no ritual piles, secret 32-card spellbooks, two for a player alone, gains are shown', () => {
    const t = text(setupChecklist(titansSetup('two-arenas', 3, { mode: 'constructed' })));
    expect(t).not.toContain('16 ritual piles');
    expect(t).toContain('secret 32-card spellbook');
    expect(t).toContain('Ana plays two arenas alone: one spellbook for each arena.');
    expect(t).toContain('show it to everyone');
  });
  it('Constructed: the awaken step says to awaken from the spellbook and reveal the gain', () => {
    const d = new TitansDriver(titansSetup('duel', 2, { mode: 'constructed' }));
    d.send({ type: 'BEGIN_AGES' }).send({ type: 'NEXT' }).send({ type: 'NEXT' }).send({ type: 'NEXT' });
    expect(d.is({ turn: { age: 'awaken' } })).toBe(true);
    const meta = Object.values(d.snapshot.getMeta()).at(-1) as StepMeta;
    const step = titansLogic.describeStep!(d.snapshot, d.setup, meta);
    expect(step.now).toMatch(/spellbook.*Show everyone the card you gain/);
    expect(step.rules).toContain('constructed');
  });
});
