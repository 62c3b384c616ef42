/**
 * What the Theos setup screen says to set out: god sleeves and faces, the die, the Supply,
 * Demigod Cards by Realm, seats and decks, for each kind of setup.
 */
import { describe, expect, it } from 'vitest';
import { setupChecklist } from '../../src/lib/games/theos/checklist';
import { theosSetup } from '../fixtures/theos';

describe('Theos setup checklist', () => {
  it('1v1 with prebuilt decks: pairs, faces, die, Supply, seats and each deck card by card', () => {
    const setup = theosSetup('1v1', 2, 'prebuilt');
    setup.faces = [['gaia', 'hades']];
    setup.decks = { kind: 'prebuilt', group: 'tutorial', deckOf: { p1: 1, p2: 0 } };
    const lines = setupChecklist(setup);
    expect(lines.slice(0, 5)).toEqual([
      'Sleeve the Symbol Cards back to back in two pairs: Poseidon against Gaia and Hades against Demeter.',
      'Gaia and Hades face up to start.',
      'The Ascension Die on 10, between the god pairs.',
      'Follower tokens and Blank cards in a Supply everyone can reach.',
      'Ana and Ben sit across from each other, the Realm between them.'
    ]);
    expect(lines[5]).toBe('Decks from Tutorial Game:');
    expect(lines[6]).toMatch(
      /^Ana: Gaia's Wisdom, Forbidden Feast \(D1\), Blossom \(D10\), .+, Priestess \(G13\)\.$/
    );
    expect(lines[7]).toMatch(/^Ben: Demeter's Guidance, War Fleet \(P4\), /);
  });

  it('two Realms: faces and Demigod Cards for each Realm', () => {
    const setup = theosSetup('2v2v2', 6, 'draft');
    const lines = setupChecklist(setup);
    expect(lines.filter((l) => /^Realm [12]: .+ face up to start\.$/.test(l))).toHaveLength(2);
    const demigods = lines.filter((l) => l.startsWith('Demigod Cards by'));
    expect(demigods).toHaveLength(2);
    expect(lines).toContain('Teammates sit side by side: Ana & Ben, then Cy & Dee, then Eli & Fay.');
    expect(lines).toContain('Draft in seat order (Ana, Ben, Cy, Dee, Eli, Fay), passing left first.');
    expect(lines).toContain('Deal one packet of 10 to each player, as the packet list shows.');
  });

  it('rosters, drafts with cards set aside, a 2 player draft and decks of your own', () => {
    expect(
      setupChecklist(theosSetup('ffa', 3, 'roster')).filter((l) =>
        /roster \(20 cards\); build 12 of them in secret\.$/.test(l)
      )
    ).toHaveLength(3);
    const three = setupChecklist(theosSetup('ffa', 3, 'draft'));
    expect(three.find((l) => l.startsWith('Set aside face up:'))!.match(/\(/g)).toHaveLength(12);
    expect(three).toContain('Deal two packets of 8 to each player, as the packet list shows.');
    const two = setupChecklist(theosSetup('1v1', 2, 'draft'));
    expect(
      two.some((l) => /^(Ana|Ben) picks first; picks alternate until each of you has 12\.$/.test(l))
    ).toBe(true);
    expect(setupChecklist(theosSetup('ffa', 6, 'own')).at(-1)).toBe(
      "Everyone brings a 10-card deck of their own, built from this game's Card Pool."
    );
    expect(setupChecklist(theosSetup('2v2', 4, 'own'))).toContain(
      'Teammates sit side by side: Ana & Ben, then Cy & Dee, the two teams facing each other.'
    );
  });
});
