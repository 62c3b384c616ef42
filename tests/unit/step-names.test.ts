/**
 * The play screens ask "is the game in this step?" with dotted state paths ('round.playing.turn')
 * instead of xstate's `matches`. A path is only a string, so one that names no state (a typo, or
 * a state renamed in the machine) would quietly answer false and hide a part of the screen. This
 * reads every path each screen asks about and checks it against its game's machine.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import { epicLogic } from '../../src/lib/games/epic/logic';
import { theosLogic } from '../../src/lib/games/theos/logic';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { twilightLogic } from '../../src/lib/games/twilight/logic';
import { wizLogic } from '../../src/lib/games/wiz/logic';

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

/**
 * The paths a screen asks about: the string each helper call starts with (`opening` is the call
 * up to its opening quote, as a pattern), with the helper's prefix.
 */
function askedPaths(file: string, helpers: Record<string, string>): string[] {
  const source = readFileSync(new URL(`../../src/lib/games/${file}`, import.meta.url), 'utf8');
  const asked: string[] = [];
  for (const [opening, prefix] of Object.entries(helpers)) {
    const call = new RegExp(`\\b${opening}'([\\w.]+)'\\s*\\)`, 'g');
    for (const [, step] of source.matchAll(call)) asked.push(prefix + step);
  }
  return asked;
}

const screens: [string, AnyStateMachine, Record<string, string>][] = [
  ['titans/Play.svelte', titansLogic.machine, { 'stepIs\\(': 'turn.', 'ageStepIs\\(': 'turn.age.' }],
  ['epic/Play.svelte', epicLogic.machine, { 'at\\(': '' }],
  ['theos/Play.svelte', theosLogic.machine, { 'is\\(': '' }],
  // WiZ's screen by part: the round's phase, the turns, the scoring steps.
  ['wiz/Play.svelte', wizLogic.machine, { 'inStep\\(path, ': '' }],
  ['wiz/Playing.svelte', wizLogic.machine, { 'is\\(': '' }],
  ['wiz/Scoring.svelte', wizLogic.machine, { 'inStep\\(path, ': '' }],
  ['twilight/Play.svelte', twilightLogic.machine, { 'inStep\\(path, ': '' }]
];

describe('the steps each play screen asks about', () => {
  for (const [file, machine, helpers] of screens) {
    it(`${file}: every step it names is a state of its machine`, () => {
      const asked = askedPaths(file, helpers);
      // The screen does ask (a changed helper name would otherwise make this pass on nothing).
      expect(asked.length).toBeGreaterThan(0);
      const known = statePaths(machine);
      expect(asked.filter((path) => !known.has(path))).toEqual([]);
    });
  }
});
