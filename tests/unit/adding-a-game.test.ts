/**
 * docs/architecture.md "Adding a game", followed for a made-up game (tests/fixtures/counter-game):
 * the files it names are exactly the files every game has, the kit pieces it names exist and
 * are used, and the made-up game built from it fits the contract, shares its setup as a code and
 * plays to a result. A walk-through that drifts from the code fails here.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createActor } from 'xstate';
import { render } from 'svelte/server';
import type { GameEntry, GamePlayModule } from '../../src/lib/games/types';
import { GAMES } from '../../src/lib/games/registry';
import { counter } from '../fixtures/counter-game/index';
import { counterLogic } from '../fixtures/counter-game/logic';
import { counterMachine } from '../fixtures/counter-game/machine';
import { setupCode } from '../fixtures/counter-game/share';
import type { CounterSetup } from '../fixtures/counter-game/format';
import CounterSetupScreen from '../fixtures/counter-game/Setup.svelte';
import { setupCode as titansCode } from '../../src/lib/games/titans/share';

const root = resolve(__dirname, '../..');
const fixture = resolve(root, 'tests/fixtures/counter-game');
const doc = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
const section = doc.slice(
  doc.indexOf('## Adding a game'),
  doc.indexOf('\n## ', doc.indexOf('## Adding a game') + 1)
);
/** Every `path` with <game> in it: the files a new game writes. */
const files = [...new Set([...section.matchAll(/`(src\/lib\/[^`]*<game>[^`]*)`/g)].map((m) => m[1]))];
/** Where the fixture keeps a file the walk-through names (its machine beside the rest). */
const inFixture = (path: string) =>
  resolve(
    fixture,
    path === 'src/lib/machines/<game>.ts' ? 'machine.ts' : path.replace('src/lib/games/<game>/', '')
  );
/** The kit pieces it names: capitalised names in backticks after "The setup kit". */
const kit = [...section.slice(section.indexOf('The setup kit')).matchAll(/`([A-Z]\w+)`/g)].map((m) => m[1]);

const setup: CounterSetup = {
  seed: 'K7Q2',
  target: 10,
  starts: 'drawn',
  players: [
    { id: 'p1', name: 'Ana' },
    { id: 'p2', name: 'Ben' }
  ]
};

describe('Adding a game, as docs/architecture.md says', () => {
  it('names the files every game has, and the made-up game has exactly those', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const game of GAMES) {
      for (const f of files)
        expect(existsSync(resolve(root, f.replace('<game>', game.id))), `${game.id}: ${f}`).toBe(true);
    }
    const written = files.map((f) => inFixture(f).slice(fixture.length + 1)).sort();
    expect(readdirSync(fixture).sort()).toEqual(written);
  });

  it('names kit pieces that exist, each used by a game; the frame and the end by the made-up one', () => {
    const setupKit = readFileSync(resolve(root, 'src/lib/ui/setup/index.ts'), 'utf8');
    const screens = [...GAMES.map((g) => `src/lib/games/${g.id}`), 'tests/fixtures/counter-game'].flatMap(
      (dir) =>
        [
          'Setup.svelte',
          'Play.svelte',
          ...readdirSync(resolve(root, dir)).filter((f) => f.endsWith('.svelte'))
        ].map((f) => readFileSync(resolve(root, dir, f), 'utf8'))
    );
    expect(kit).toEqual(expect.arrayContaining(['SetupForm', 'Choice', 'GameOver', 'FacingToggle']));
    // A piece is a component (used as <Piece>) or a class a screen keeps its state in (new Piece),
    // itself or as a kit class built on it (SetupDraft extends SeedAndCode).
    const uiModules = [
      ...readdirSync(resolve(root, 'src/lib/ui')).map((f) => `src/lib/ui/${f}`),
      ...readdirSync(resolve(root, 'src/lib/ui/setup')).map((f) => `src/lib/ui/setup/${f}`)
    ]
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(resolve(root, f), 'utf8'));
    for (const piece of kit) {
      const exists =
        new RegExp(`as ${piece}\\b`).test(setupKit) ||
        existsSync(resolve(root, `src/lib/ui/${piece}.svelte`)) ||
        uiModules.some((m) => new RegExp(`export class ${piece}\\b`).test(m));
      expect(exists, piece).toBe(true);
      const builtOn = uiModules
        .map((m) => new RegExp(`export class (\\w+)(?:<[^>]*>)? extends ${piece}\\b`).exec(m)?.[1])
        .filter((c): c is string => !!c);
      expect(
        screens.some((s) => [piece, ...builtOn].some((p) => new RegExp(`<${p}[\\s>/]|new ${p}\\(`).test(s))),
        `${piece} in use`
      ).toBe(true);
    }
    const own = (f: string) => readFileSync(resolve(fixture, f), 'utf8');
    for (const piece of ['SetupForm', 'Choice', 'PlayerNames', 'SeedShare', 'TableChecklist'])
      expect(own('Setup.svelte')).toContain(`<${piece}`);
    for (const piece of ['Counter', 'FacingToggle', 'TableLayout', 'GameOver'])
      expect(own('Play.svelte')).toContain(`<${piece}`);
  });

  it('the made-up game is built from exactly the documented pieces', () => {
    const own = (f: string) => readFileSync(resolve(fixture, f), 'utf8');
    // Each piece the walk-through names for a file, used there by the made-up game.
    const uses: [string, RegExp][] = [
      ['index.ts', /= defineGame\(\{/],
      ['logic.ts', /= gameLogic<CounterSetup, CounterContext, CounterEvent>\(\{/],
      ['logic.ts', /notNow: \{/],
      ['Setup.svelte', /new SetupDraft\(counter, /],
      ['Play.svelte', /playState<CounterSetup, CounterContext, typeof counterMachine>\(session\)/],
      ['share.ts', /= setupCodec<SharedSetup>\(\{/],
      ['setup.ts', /setupFromCode\(setupCode, /]
    ];
    for (const [file, piece] of uses) expect(own(file), `${file}: ${piece}`).toMatch(piece);
    for (const piece of ['defineGame', 'gameLogic', 'SetupDraft', 'playState', 'setupCodec', 'setupFromCode'])
      expect(section, `the walk-through names ${piece}`).toContain(`\`${piece}`);
  });

  it('a game reaches the app through the kit only, and nothing outside its folder names it but the registry', () => {
    const files = (dir: string): string[] =>
      readdirSync(resolve(root, dir), { withFileTypes: true }).flatMap((d) =>
        d.isDirectory()
          ? files(`${dir}/${d.name}`)
          : /\.(ts|svelte|js)$/.test(d.name)
            ? [`${dir}/${d.name}`]
            : []
      );
    const source = files('src');
    for (const game of GAMES) {
      const quoted = new RegExp(`['"\`]${game.id}['"\`]`);
      // Outside the games' own folders and machines (WiZ has cards called titans) and the registry.
      const naming = source.filter(
        (f) =>
          !GAMES.some((g) => f.startsWith(`src/lib/games/${g.id}/`)) &&
          !f.startsWith('src/lib/machines/') &&
          f !== 'src/lib/games/registry.ts' &&
          quoted.test(readFileSync(resolve(root, f), 'utf8'))
      );
      expect(naming, game.id).toEqual([]);
      // A game's files import the games-facing contract (games/kit.ts), never storage or the runtime.
      for (const f of [...files(`src/lib/games/${game.id}`), ...files('tests/fixtures/counter-game')]) {
        expect(readFileSync(resolve(root, f), 'utf8'), f).not.toMatch(
          /from '[./]*(src\/lib\/)?(db|session)\//
        );
      }
    }
    const registry = readFileSync(resolve(root, 'src/lib/games/registry.ts'), 'utf8');
    for (const game of GAMES) expect(registry).toContain(`import { ${game.id} } from './${game.id}';`);
    // The made-up game is in no list of the app's: it is one folder.
    expect(source.filter((f) => readFileSync(resolve(root, f), 'utf8').includes('counter-game'))).toEqual([]);
  });

  it('fits the contract: a GameEntry that loads its logic and play screen, and its setup screen apart', async () => {
    const entry: GameEntry = counter;
    expect(GAMES.map((g) => g.codePrefix)).not.toContain(entry.codePrefix);
    const module: GamePlayModule<CounterSetup> = await entry.load();
    expect(module.logic).toBe(counterLogic);
    expect(typeof module.Play).toBe('function');
    // A game opened loads no setup screen (its kit, scripts and styles).
    expect(module).not.toHaveProperty('Setup');
    expect(counterLogic.setupProblem(setup)).toBeUndefined();
    expect(counterLogic.setupProblem({ ...setup, players: setup.players.slice(0, 1) })).toBe(
      'Counter is for two players'
    );
    expect(entry.describeSetup(setup as never)).toBe('To 10');
    // The new-game page paints from loadSetup: the same screen and code reader, no logic or Play.
    const setupOnly = await entry.loadSetup();
    expect(typeof setupOnly.Setup).toBe('function');
    expect(typeof setupOnly.decodeSetup).toBe('function');
    expect(setupOnly).not.toHaveProperty('logic');
    expect(setupOnly).not.toHaveProperty('Play');
  });

  it('its setup screen is the kit: labelled choices, the table checklist and Start', () => {
    const { body } = render(CounterSetupScreen, { props: { onstart: async () => {} } });
    expect(body).toContain('Who starts');
    expect(body).toContain('Set out on the table');
    expect(body).toContain('Start the game');
  });

  it('shares its setup as a code that reads back, and names a code of another game', () => {
    const code = setupCode.encode(setup);
    expect(code).toMatch(/^C2-/);
    expect(setupCode.decode(code)).toEqual({
      ok: true,
      value: { target: 10, starts: 'drawn', seed: 'K7Q2' }
    });
    expect(setupCode.decode(code.toLowerCase().replace(/-/g, ''))).toMatchObject({ ok: true });
    const other = setupCode.decode(titansCode.encode({ format: 'duel', mode: 'constructed', piles: [] }));
    expect(other).toEqual({
      ok: false,
      reason: expect.stringContaining('Titans of Eden setup code, not a Counter one')
    });
  });

  it('its machine plays to a result: the first to the target wins, and a bad count is refused', () => {
    const actor = createActor(counterMachine, { input: counterLogic.input(setup) as CounterSetup }).start();
    actor.send({ type: 'COUNT', player: 'p2', delta: -1 });
    expect(counterLogic.refusal(actor.getSnapshot(), { type: 'COUNT', player: 'p2', delta: -1 }, setup)).toBe(
      'a score cannot go below 0'
    );
    for (let i = 0; i < 9; i++) actor.send({ type: 'COUNT', player: 'p1', delta: 1 });
    actor.send({ type: 'NEXT_TURN' });
    actor.send({ type: 'COUNT', player: 'p2', delta: 1 });
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'COUNT', player: 'p1', delta: 1 });
    const end = actor.getSnapshot();
    expect(end.status).toBe('done');
    const result = counterLogic.result(end, setup);
    expect(result).toMatchObject({ finished: true, winners: ['p1'], length: { unit: 'turn', number: 2 } });
    expect(result.players.map((p) => [p.name, p.score, p.rank])).toEqual([
      ['Ana', 10, 1],
      ['Ben', 1, 2]
    ]);
    expect(counterLogic.summarize(end, setup)).toBe('Ana 10, Ben 1');
  });
});
