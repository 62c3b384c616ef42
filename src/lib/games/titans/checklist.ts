/**
 * What to set out on the table for a Titans of Eden setup, as short lines for the setup screen.
 */
import { FORMATS, handSize, matsFor, type TitansSetup } from './format';
import { teamName } from './format';

export function setupChecklist(setup: TitansSetup): string[] {
  const arenas = FORMATS[setup.format].arenas;
  const players = setup.players.length;
  const lines: string[] = [];
  const perArena = arenas > 1 ? ` in each of the ${arenas} arenas` : '';
  // Players who play two arenas alone: two spellbooks, two mats (three arenas), a hand of 9.
  const alone = setup.players.filter((p) => handSize(setup, p.id) === 9).map((p) => p.name);

  if (setup.mode === 'classic') {
    lines.push(`16 ritual piles${perArena} (4 copies of each chosen card), as shown above.`);
  } else {
    lines.push(
      'No ritual piles: each player brings a secret 32-card spellbook (storm, fire, ice and rock cards only).'
    );
    if (alone.length) {
      lines.push(
        `${alone.join(' and ')} ${alone.length > 1 ? 'play' : 'plays'} two arenas alone: one spellbook for each arena.`
      );
    }
    lines.push('Whenever you awaken or gain a card from your spellbook, show it to everyone.');
  }
  lines.push(
    `12 Ghosts and 8 Travelers${perArena || ' next to the arena'}${arenas > 1 ? ' (each arena keeps its own)' : ''}.`
  );
  lines.push(
    setup.mode === 'classic' && arenas === 1
      ? 'The subversions the chosen cards use, 8 of each (or simply all of them).'
      : 'All the subversions, shared by every arena.'
  );
  lines.push(
    `For each of the ${players} players: 8 Monks and 4 Wizards (the starting deck), a Reference Sheet, and a Surge Mat with 2 tokens.`
  );

  const mats = matsFor(setup);
  if (setup.format === 'duel') lines.push('A Temple Mat with 3 tokens for each player.');
  else if (setup.format === 'two-arenas')
    lines.push('One Temple Mat with 3 tokens per team, shared by its players.');
  else {
    lines.push(
      `A Temple Mat with 2 tokens on each side of each arena (${mats.length} mats)${alone.length ? `; ${alone.join(' and ')} ${alone.length > 1 ? 'each keep' : 'keeps'} two separate mats, one per arena` : ''}.`
    );
  }
  lines.push(
    alone.length
      ? `Shuffle and draw a starting hand of 6 cards; ${alone.join(' and ')} ${alone.length > 1 ? 'draw' : 'draws'} 9 (playing two arenas alone).`
      : 'Shuffle your deck and draw a starting hand of 6 cards.'
  );
  lines.push(`The Avatar Mat starts with ${teamName(setup, setup.avatarTeam)} (drawn with the seed).`);
  return lines;
}
