/**
 * The play screens ask "is the game in this step?" with one helper, `stepIs(path, 'round.playing.turn')`,
 * instead of xstate's `matches`. Its path is typed by the machine (npm run check refuses a misspelt
 * one), but a screen could still pass a loosely typed path; a path that names no state (a typo, or
 * a state renamed in the machine) would then quietly answer false and hide a part of the screen.
 * This reads every .svelte file of every game in the registry, checks each step it asks about
 * against its game's machine, and that no screen asks another way.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import { GAMES } from '../../src/lib/games/registry';
import { titansLogic } from '../../src/lib/games/titans/logic';

/** Every state's dotted path in a machine, top level down. */
function statePaths(machine: AnyStateMachine): Set<string> {
  const paths = new Set<string>();
  const walk = (states: Record<string, { states?: Record<string, unknown> }>, prefix: string) => {
    for (const [name, node] of Object.entries(states)) {
      const path = prefix ? `${prefix}.${name}` : name;
      paths.add(path);
      if (node.states) walk(node.states as never, path);
    }
  };
  walk(machine.root.states as never, '');
  return paths;
}

const HELPER = /\bstepIs\(/g;
const CALL = /\bstepIs\(path, '([\w.-]+)'\)/g;
/** Other ways to ask, which the helper replaced: none may come back. */
const OTHER_WAYS = /\binStep\(|\.matches\(/;

/** What a screen's source asks: the steps named, and whether every call names one plainly. */
function asked(source: string): { steps: string[]; plain: boolean; otherWays: boolean } {
  const steps = [...source.matchAll(CALL)].map(([, step]) => step);
  return {
    steps,
    plain: steps.length === [...source.matchAll(HELPER)].length,
    otherWays: OTHER_WAYS.test(source)
  };
}

const unknownSteps = (source: string, machine: AnyStateMachine) => {
  const known = statePaths(machine);
  return asked(source).steps.filter((step) => !known.has(step));
};

const screens = (game: string) => {
  const dir = new URL(`../../src/lib/games/${game}/`, import.meta.url);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.svelte'))
    .map((file) => ({ file, source: readFileSync(new URL(file, dir), 'utf8') }));
};

describe('the steps each play screen asks about', () => {
  it('a step that names no state is caught', () => {
    const source = "{#if stepIs(path, 'turn.age.now') || stepIs(path, 'turn.age.nw')}";
    expect(unknownSteps(source, titansLogic.machine)).toEqual(['turn.age.nw']);
  });

  for (const game of GAMES) {
    it(`${game.id}: every step its screens name is a state of its machine, asked through stepIs`, async () => {
      const { machine } = (await game.load()).logic;
      const files = screens(game.id);
      let count = 0;
      for (const { file, source } of files) {
        const { steps, plain, otherWays } = asked(source);
        count += steps.length;
        expect(plain, `${file}: stepIs(path, '…') with a literal step`).toBe(true);
        expect(otherWays, `${file}: asks without stepIs`).toBe(false);
        expect(unknownSteps(source, machine), file).toEqual([]);
      }
      // The screens do ask (a changed helper name would otherwise make this pass on nothing).
      expect(count).toBeGreaterThan(0);
    });
  }
});
