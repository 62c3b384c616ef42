/**
 * The battle helper against the rulebook's numbers: negative offense, Damage Ward (an event and the
 * group example), breakthrough, range first, and what reaches the defending player.
 */
import { describe, expect, it } from 'vitest';
import {
  afterWard,
  breakthroughDamage,
  damageDealt,
  isBroken,
  netOffense,
  resolveAttack
} from '../../src/lib/games/epic/battle';

describe('Epic battle helper: the rulebook’s examples', () => {
  it('offense 4 reduced by 5 is −1 and deals 0; a later +2 makes it 1, which deals 1', () => {
    const reduced = netOffense(4, -5);
    expect(reduced).toBe(-1);
    expect(damageDealt(reduced)).toBe(0);
    const raised = netOffense(4, -5, 2);
    expect(raised).toBe(1);
    expect(damageDealt(raised)).toBe(1);
    expect(resolveAttack([{ offense: reduced, defense: 3 }], []).toPlayer).toBe(0);
  });

  it('Damage Ward 5 against a 7-damage event takes 2', () => {
    expect(afterWard(7, 5)).toBe(2);
    expect(afterWard(4, 5)).toBe(0);
    expect(afterWard(7)).toBe(7);
  });

  it('Damage Ward 5 blocking a group of 3 (range), 5 and 4 takes 7', () => {
    const out = resolveAttack(
      [
        { offense: 3, defense: 2, range: true },
        { offense: 5, defense: 5 },
        { offense: 4, defense: 4 }
      ],
      [{ offense: 2, defense: 8, ward: 5 }]
    );
    expect(out.blocked).toBe(true);
    expect(out.toPlayer).toBe(0);
    expect(out.blockers).toEqual([{ deals: 2, takes: 7, broken: false }]);
    // The blocker's 2 damage is split among the attackers as its controller likes.
    expect(out.splits).toEqual([{ by: 'blockers', range: 0, other: 2 }]);
    expect(out.attackers.map((a) => a.takes)).toEqual([null, null, null]);
  });

  it('breakthrough deals offense minus the blockers’ total defense to the player', () => {
    expect(breakthroughDamage(7, [4])).toBe(3);
    expect(breakthroughDamage(7, [4, 4])).toBe(0);
    expect(breakthroughDamage(-2, [1])).toBe(0);
    const out = resolveAttack([{ offense: 7, defense: 3, breakthrough: true }], [{ offense: 1, defense: 4 }]);
    expect(out.toPlayer).toBe(3);
    expect(out.blockers[0]).toEqual({ deals: 1, takes: 7, broken: true });
    expect(out.attackers[0]).toEqual({ deals: 7, takes: 1, broken: false });
  });
});

describe('Epic battle helper: attacks', () => {
  it('unblocked attackers deal their offense to the defending player; negative counts as 0', () => {
    const out = resolveAttack(
      [
        { offense: 4, defense: 2 },
        { offense: 3, defense: 3 },
        { offense: -2, defense: 1 }
      ],
      []
    );
    expect(out).toMatchObject({ blocked: false, toPlayer: 7 });
    expect(out.attackers.map((a) => a.deals)).toEqual([4, 3, 0]);
  });

  it('a blocked attack sends nothing to the player without breakthrough', () => {
    expect(resolveAttack([{ offense: 9, defense: 9 }], [{ offense: 0, defense: 1 }]).toPlayer).toBe(0);
  });

  it('range deals first: a blocker broken by range damage deals nothing back', () => {
    const out = resolveAttack([{ offense: 4, defense: 2, range: true }], [{ offense: 5, defense: 3 }]);
    expect(out.blockers[0]).toEqual({ deals: 5, takes: 4, broken: true });
    expect(out.attackers[0]).toEqual({ deals: 4, takes: 0, broken: false });
  });

  it('range against range: both deal at once', () => {
    const out = resolveAttack(
      [{ offense: 4, defense: 2, range: true }],
      [{ offense: 5, defense: 3, range: true }]
    );
    expect(out.attackers[0]).toEqual({ deals: 4, takes: 5, broken: true });
    expect(out.blockers[0]).toEqual({ deals: 5, takes: 4, broken: true });
  });

  it('a blocker with range that breaks the attacker first takes no damage', () => {
    const out = resolveAttack([{ offense: 6, defense: 2 }], [{ offense: 3, defense: 4, range: true }]);
    expect(out.attackers[0]).toEqual({ deals: 6, takes: 3, broken: true });
    expect(out.blockers[0]).toEqual({ deals: 3, takes: 0, broken: false });
  });

  it('damage equal to defense breaks; a defense of 0 or less breaks with no damage', () => {
    expect(isBroken(5, 5)).toBe(true);
    expect(isBroken(5, 7)).toBe(true);
    expect(isBroken(5, 4)).toBe(false);
    expect(isBroken(0, 0)).toBe(true);
    expect(isBroken(-1, 0)).toBe(true);
  });

  it('a lone attacker against several blockers takes all their damage, ward once', () => {
    const out = resolveAttack(
      [{ offense: 6, defense: 5, ward: 2 }],
      [
        { offense: 3, defense: 2 },
        { offense: 3, defense: 2 }
      ]
    );
    expect(out.attackers[0]).toEqual({ deals: 6, takes: 4, broken: false });
    expect(out.blockers).toEqual([
      { deals: 3, takes: null, broken: null },
      { deals: 3, takes: null, broken: null }
    ]);
    expect(out.splits).toEqual([{ by: 'attackers', range: 0, other: 6 }]);
  });

  it('a lone champion with range against several: what it breaks first depends on its split', () => {
    const out = resolveAttack(
      [
        { offense: 2, defense: 2 },
        { offense: 2, defense: 2 }
      ],
      [{ offense: 2, defense: 5, range: true }]
    );
    expect(out.blockers[0]).toEqual({ deals: 2, takes: null, broken: null });
  });

  it('groups against groups give the totals each side splits', () => {
    const out = resolveAttack(
      [
        { offense: 3, defense: 3, range: true },
        { offense: 4, defense: 4, breakthrough: true }
      ],
      [
        { offense: 2, defense: 1 },
        { offense: 1, defense: 1 }
      ]
    );
    expect(out.toPlayer).toBe(2);
    expect(out.splits).toEqual([
      { by: 'attackers', range: 3, other: 4 },
      { by: 'blockers', range: 0, other: 3 }
    ]);
  });

  it('our worked example: a group of 4 (range) and 3 blocked by a 6/5 champion', () => {
    const out = resolveAttack(
      [
        { offense: 4, defense: 3, range: true },
        { offense: 3, defense: 3 }
      ],
      [{ offense: 6, defense: 5 }]
    );
    expect(out.blockers[0]).toEqual({ deals: 6, takes: 7, broken: true });
    expect(out.toPlayer).toBe(0);
    expect(
      resolveAttack(
        [
          { offense: 4, defense: 3, range: true },
          { offense: 3, defense: 3 }
        ],
        []
      ).toPlayer
    ).toBe(7);
  });
});
