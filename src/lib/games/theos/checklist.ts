/**
 * What to set out for a Theos setup, as short lines for the setup screen and the first step of
 * play: the god sleeves and their starting faces, the die, the Supply, Demigod Cards, seats and
 * decks. Pure; names are only ever joined into text.
 */
import { GOD_NAMES, cardLabel } from './cards';
import { prebuiltGroup, rosterSet } from './decks';
import { DRAFT_PLANS } from './draft';
import { deckSize, playerName, realmName, teamName, type TheosSetup } from './format';

export function setupChecklist(setup: TheosSetup): string[] {
  const lines: string[] = [];
  const realms = setup.faces.length;
  const pairs = setup.pairs.map(([a, b]) => `${GOD_NAMES[a]} against ${GOD_NAMES[b]}`).join(' and ');
  lines.push(`Sleeve the Symbol Cards back to back in two pairs: ${pairs}.`);
  setup.faces.forEach((faces, r) => {
    const where = realms > 1 ? `${realmName(r)}: ` : '';
    lines.push(`${where}${faces.map((g) => GOD_NAMES[g]).join(' and ')} face up to start.`);
  });
  lines.push('The Ascension Die on 10, between the god pairs.');
  lines.push('Follower tokens and Blank cards in a Supply everyone can reach.');
  if (realms > 1) {
    for (const r of [0, 1]) {
      const here = setup.players.filter((p) => setup.realmOf[p.id] === r).map((p) => p.name);
      lines.push(`Demigod Cards by ${realmName(r)}: ${here.join(', ')}.`);
    }
  }
  lines.push(seating(setup));
  lines.push(...decks(setup));
  return lines;
}

function seating(setup: TheosSetup): string {
  const teams = setup.teams.map((_, t) => teamName(setup, t));
  switch (setup.format) {
    case '1v1':
      return `${teams.join(' and ')} sit across from each other, the Realm between them.`;
    case 'ffa':
      return setup.players.length <= 4
        ? 'Everyone sits around the one Realm.'
        : 'Sit anywhere; each player plays into the Realm of their Demigod Card.';
    default:
      return `Teammates sit side by side: ${teams.join(', then ')}${setup.teams.length === 2 ? ', the two teams facing each other' : ''}.`;
  }
}

function decks(setup: TheosSetup): string[] {
  const d = setup.decks;
  const size = deckSize(setup.players.length);
  if (d.kind === 'prebuilt' || d.kind === 'roster') {
    const group = d.kind === 'prebuilt' ? prebuiltGroup(d.group)! : rosterSet(d.set)!;
    const each = setup.players.map((p) => {
      const deck = group.decks[d.deckOf[p.id]];
      return d.kind === 'prebuilt'
        ? `${p.name}: ${deck.name}, ${deck.cards.map(cardLabel).join(', ')}.`
        : `${p.name}: the ${deck.name} roster (${deck.cards.length} cards); build ${size} of them in secret.`;
    });
    return [`${d.kind === 'prebuilt' ? 'Decks' : 'Rosters'} from ${group.name}:`, ...each];
  }
  if (d.kind === 'draft') {
    const draft = d.draft;
    if (draft.mode === 'two') {
      return [
        `Draft: lay out the ${draft.pool.length} cards of the pool face up, a row per god; the other cards stay in the box.`,
        `${playerName(setup, draft.first)} picks first; picks alternate until each of you has 12.`
      ];
    }
    const plan = DRAFT_PLANS[setup.players.length];
    const lines = [
      `Draft in seat order (${setup.players.map((p) => p.name).join(', ')}), passing left first.`
    ];
    if (draft.setAside.length) {
      lines.push(`Set aside face up: ${draft.setAside.map(cardLabel).join(', ')}.`);
    }
    lines.push(
      `Deal ${plan.rounds === 2 ? 'two packets' : 'one packet'} of ${plan.packet} to each player, as the packet list shows.`
    );
    return lines;
  }
  return [`Everyone brings a ${size}-card deck of their own, built from this game's Card Pool.`];
}
