import { describe, expect, it } from 'vitest';
import { SetupDraft } from '../../src/lib/ui/setup/draft.svelte';
import { setupCode } from '../../src/lib/games/twilight/share';
import { twilight } from '../../src/lib/games/twilight/index';
import { titans } from '../../src/lib/games/titans/index';

const note = 'The seed decides.';

describe('SetupDraft (what every new-game screen keeps the same way)', () => {
  it('seats as a setup names them: typed names trimmed, a blank seat a guest under its stand-in', () => {
    const draft = new SetupDraft(titans, { note });
    expect(draft.count).toBe(2);
    draft.names[0] = '  Ana ';
    draft.guests[1] = true;
    draft.names[1] = 'Ben';
    expect(draft.players).toEqual([
      { id: 'p1', name: 'Ana' },
      { id: 'p2', name: 'Ben', guest: true }
    ]);
    draft.count = 3;
    expect(draft.players[2]).toEqual({ id: 'p3', name: 'Player 3', guest: true });
  });

  it('keeps the count in the range the form allows now, and the names of seats not shown', () => {
    let range = { min: 2, max: 6 };
    const draft = new SetupDraft(titans, { note, range: () => range });
    draft.count = 9;
    expect(draft.count).toBe(6);
    draft.names[5] = 'Fay';
    range = { min: 2, max: 2 };
    expect(draft.count).toBe(2);
    draft.fitRange();
    range = { min: 2, max: 6 };
    expect(draft.count).toBe(2);
    draft.count = 6;
    expect(draft.players[5].name).toBe('Fay');
  });

  it('holds Start back while two players share a name, in the words of the one name rule', () => {
    const draft = new SetupDraft(titans, { note });
    draft.names[0] = 'Ana';
    draft.names[1] = 'ana ';
    expect(draft.namesProblem).toMatch(/^two players are called “Ana”: give one of them another name/);
    draft.names[1] = '';
    expect(draft.namesProblem).toBeUndefined();
    // A blank seat plays as "Player 2": typed in, that name is taken.
    draft.names[0] = 'player 2';
    expect(draft.namesProblem).toMatch(/two players are called “player 2”/);
    draft.names[0] = 'x'.repeat(41);
    expect(draft.namesProblem).toMatch(/longer than 40 characters/);
  });

  it('takes a shared setup’s seats and seed as it is made, and says so', () => {
    const initial = { seed: 'k7qm', players: [1, 2, 3, 4].map((i) => ({ id: `p${i}`, name: '' })) };
    const draft = new SetupDraft(twilight, { note, initial, initialMessage: 'From the link.' });
    expect([draft.count, draft.seed, draft.message]).toEqual([4, 'K7QM', 'From the link.']);
    expect(new SetupDraft(twilight, { note }).message).toBe('');
  });

  it('applies a typed code with the game’s codec, or gives the reason it is refused', () => {
    const draft = new SetupDraft(twilight, { note });
    const code = setupCode.encode({
      players: 5,
      teams: 0,
      extended: false,
      draft: true,
      firstBy: 'random',
      randomSeats: false,
      seed: 'ABCD'
    });
    let taken: unknown;
    expect(draft.useCode(setupCode, code, (s) => (taken = s.players), 'Applied.')).toBeUndefined();
    expect([taken, draft.message]).toEqual([5, 'Applied.']);
    expect(draft.useCode(setupCode, '', () => {}, 'Applied.')).toBe('Enter a setup code first.');
  });
});
