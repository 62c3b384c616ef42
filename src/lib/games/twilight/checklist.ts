/**
 * What to set out on the table for a Twilight of the Gods setup, as short lines for the setup
 * screen.
 */
import { deityById } from './cards';
import { DEITIES_PER_PLAYER, DRAFTED_CARDS } from './draft';
import { startingLifeStack, type TwilightSetup } from './format';

export function setupChecklist(setup: TwilightSetup): string[] {
  const n = setup.players.length;
  const lines: string[] = [];
  if (setup.draft) {
    lines.push(
      `A Deity pool of ${n * DEITIES_PER_PLAYER} cards (${DEITIES_PER_PLAYER} per player) and ${n * DRAFTED_CARDS} Action cards (${DRAFTED_CARDS} per player) to draft from.`
    );
    lines.push('After the draft, each player builds a 50-card deck and keeps one Deity face up.');
  } else {
    const gods = setup.players.map((p, seat) => `${p.name}: ${deityById(setup.deities[seat])?.name ?? '?'}`);
    lines.push(`Each Deity card face up, its Power available (${gods.join(', ')}).`);
    lines.push(
      setup.extended
        ? `Each player’s Extended deck (${setup.decks.join(', ')} cards), shuffled; an opponent may cut it.`
        : 'Each player’s 50-card deck, shuffled; an opponent may cut it.'
    );
  }
  lines.push(
    `Everyone draws 7 and may mulligan once; Life Stacks start at ${[...new Set(setup.decks.map(startingLifeStack))].join(' / ')}.`
  );
  lines.push('A mat for each player, if you use them; Damage, Blessing, Freeze and Recall markers in reach.');
  if (setup.teams)
    lines.push('Teammates are still separate players: each trades, seizes and blocks on their own.');
  return lines;
}
