/**
 * The Theos rules reference against the companion: every step the table can see links to sections
 * that exist (as the machine's meta says and as each game adapts it), every reading the app makes
 * of an unclear rule is written down, and the entries a review found too close to the rulebook
 * now say it in their own words.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRules } from '../../src/lib/rules/content';
import { sharedRuns } from '../../src/lib/rules/verify';
import { theosLogic, deepestMeta } from '../../src/lib/games/theos/logic';
import { deckKindsFor } from '../../src/lib/games/theos/format';
import { GAME_TYPES, TheosDriver, theosSetup } from '../fixtures/theos';

const rules = () => allRules().theos;
const RULEBOOK = readFileSync(resolve(__dirname, '../../../shared/seeds/004_8a6704bfbb5de3c8.txt'), 'utf8');

describe('Theos rules links', () => {
  it('every step of every game type and deck type links to existing sections', () => {
    const ids = new Set(rules().sections.map((s) => s.id));
    const seen = new Set<string>();
    const check = (d: TheosDriver) => {
      const step = theosLogic.describeStep!(d.snapshot, d.setup, deepestMeta(d.snapshot));
      expect(step.title.length).toBeGreaterThan(0);
      expect(step.now.length).toBeGreaterThan(0);
      for (const link of step.rules) {
        expect(ids.has(link), `#${link}`).toBe(true);
        seen.add(link);
      }
    };
    for (const [format, n] of GAME_TYPES) {
      for (const kind of deckKindsFor(n)) {
        const d = new TheosDriver(theosSetup(format, n, kind));
        check(d);
        if (d.is('draft')) {
          d.send(
            d.ctx.draft!.mode === 'two' ? { type: 'PICK', card: d.ctx.draft!.pool[0] } : { type: 'PICKED' }
          );
          check(d);
          d.send({ type: 'DRAFT_DONE' });
        }
        check(d);
        for (let round = 0; round < 2; round++) {
          d.send({ type: 'NEXT' });
          check(d);
          for (let turn = 0; turn < 7; turn++) {
            while (d.snapshot.can({ type: 'NEXT' })) {
              d.send({ type: 'NEXT' });
              check(d);
            }
            d.send({ type: turn < 6 ? 'TURN_DONE' : 'END_PLAY' });
            check(d);
          }
          d.cleanup({ p1: { keep: 1, back: 0 } });
          check(d);
          if (d.snapshot.can({ type: 'NEXT' })) d.send({ type: 'NEXT' });
          check(d);
          d.send({ type: 'NEXT_ROUND' });
        }
        d.playRound({ p1: 40 });
        expect(d.done).toBe(true);
        check(d);
      }
    }
    for (const id of [
      'draft-two',
      'draft-picking',
      'blank',
      'two-realms',
      'ruling-two-realm-order',
      'roster'
    ]) {
      expect(seen, id).toContain(id);
    }
  }, 60_000);
});

describe('Theos: the app’s readings of unclear rules are written in the rules text', () => {
  // Each is a decision the companion makes and tests (cards, speed, drafts, setup, End Phase).
  const readings = [
    'ruling-god-speed',
    'ruling-path-of-rebirth',
    'ruling-war-of-the-giants',
    'ruling-card-ids',
    'ruling-draft-fix-tie',
    'ruling-draft-pool',
    'ruling-same-roster',
    'ruling-starting-gods',
    'ruling-second-realm-pairs',
    'ruling-prebuilt-counts',
    'ruling-two-realm-order',
    'ruling-cleanup-tie',
    'ruling-max-partial',
    'ruling-supply',
    'ruling-unlikely-allies'
  ];
  it.each(readings)('%s', (id) => {
    const section = rules().sections.find((s) => s.id === id);
    expect(section?.kind).toBe('ruling');
    expect(section!.text.length).toBeGreaterThan(150);
  });

  // Rulebook, Game Components: 60 Follower Tokens; Keywords, Add: taken from the Supply.
  it('the supply reading refuses Followers past the box’s 60, all players together, and keeps Blanks unlimited', () => {
    const text = rules().sections.find((s) => s.id === 'ruling-supply')!.text;
    expect(text).toMatch(
      /refuses a Follower change that would put more than the box's 60 tokens on the table's cards, all players together/
    );
    expect(text).toMatch(/Blanks are unlimited/);
    expect(text).not.toMatch(/treats both as unlimited/);
  });

  it('the God Speed reading says the app asks once per pair of gods and remembers', () => {
    const text = rules().sections.find((s) => s.id === 'ruling-god-speed')!.text;
    expect(text).toMatch(/Poseidon \(VII\) beats Gaia \(X\)/);
    expect(text).toMatch(/asks the table once/);
  });
});

describe('Theos rules text in its own words (review errata)', () => {
  it('the win condition and the Destroy, Devoted and Secluded entries share no 6-word run with the rulebook', () => {
    for (const id of ['goal', 'win-check', 'term-destroy', 'term-devoted', 'term-secluded']) {
      const text = rules().sections.find((s) => s.id === id)!.text;
      expect(sharedRuns(text, RULEBOOK, 6), id).toEqual([]);
    }
  });
});

describe('Theos rules text counts what the rulebook counts', () => {
  it('the Ascension Die sets a team’s total (die × team size), never a per-member share', () => {
    const all = rules()
      .sections.map((s) => s.text)
      .join('\n');
    expect(all).not.toMatch(/each team member (must bring|needs)/);
    const die = rules().sections.find((s) => s.id === 'ascension-die')!.text;
    expect(die).toMatch(/times the number of players on a team/);
    expect(die).toMatch(/total/);
  });
});
