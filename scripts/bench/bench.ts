/**
 * Benchmarks: sizes and speeds, printed as a table. Not tests; rerun and compare.
 *   npm run build && npm run bench
 *
 * - Home first load: every JS and CSS file Chromium fetches to show the home screen, gzipped.
 * - Rules page first load: the same for a rules page (HTML included).
 * - Precache: everything the service worker stores for offline use, gzipped.
 * - Replay: 10,000 events through the fixture machine and each of the five games
 *   (tests/fixtures/long-logs.ts), by the fast walk and through xstate event by event.
 * - Stats: 1,000 finished games replayed to their results and counted per player, game and pair.
 * - Import: checking a 100,000-event backup of one Theos game (read, every record checked, every
 *   step replayed and its history line rebuilt), best of 3.
 * - Append: one event committed through the session runtime (fake-indexeddb in Node), and one
 *   IndexedDB write in Chromium (the browser's own cost of a committed event).
 * - Search: the index's gzipped size, and the time per keystroke over the whole corpus.
 * - Tap to paint (scripts/bench/bench-taps.ts): Chromium at 4x CPU, five kinds of tap at 0 and 5,000
 *   events, the cold open of a 5,000-event game, and key to painted results in rules search.
 * - Recovery journal (scripts/bench/bench-journal.ts): main-thread time per stored tap, commit to
 *   flushed, the start-up check over 20 games, reading one long game's journal.
 * - Shared games, tap to paint (scripts/bench/bench-sync-paint.ts): Chromium, a Duel shared between two
 *   phones through the sync server on 127.0.0.1, tap on one to the frame painting it on the other.
 * - Shared games (scripts/bench/bench-sync.ts, Node): merging two phones that each played 5,000 events
 *   offline, bytes per tap, tap on one phone to observed on the other through the sync server.
 */
import 'fake-indexeddb/auto';
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { launch, openTab, serve } from '../../tests/browser/harness';
import { titansLogic } from '../../src/lib/games/titans/logic';
import { initialState, replay, replaySlowly, step, storeState } from '../../src/lib/session/replay';
import { longLogs, titansDuelSetup } from '../../tests/fixtures/long-logs';
import { theosLogic } from '../../src/lib/games/theos/logic';
import { tallyLogic, tallySetup } from '../../tests/fixtures/tally';
import { SessionRuntime } from '../../src/lib/session/runtime';
import { TablesideDB } from '../../src/lib/db/schema';
import { loadSearchIndex, searchRules } from '../../src/lib/rules/search';
import { GAMES } from '../../src/lib/games/registry';
import type { RulesText } from '../../src/lib/rules/text';
import { benchTaps, tapTable } from './bench-taps';
import { benchSizes } from './bench-sizes';
import { gameStats, headToHead, playerStats, playRecord, type GameInfo } from '../../src/lib/results/stats';
import type { EventRecord, GameEvent, SessionRecord, SnapshotRecord } from '../../src/lib/db/records';
import { checkBackup } from '../../src/lib/backup/check';
import { longBackup } from '../../tests/fixtures/long-backup';
import { benchJournal } from './bench-journal';
import { benchSync } from './bench-sync';
import { benchSyncPaint } from './bench-sync-paint';

const BUILD = resolve(import.meta.dirname, '../../build');
if (!existsSync(resolve(BUILD, 'index.html'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const rows: [string, string][] = [];
const report = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`${name.padEnd(48)} ${value}`);
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const ms = (t: number) => `${t.toFixed(t < 1 ? 3 : 1)} ms`;

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Best of a few runs: the machine's noise only ever makes things slower. */
function time(fn: () => void, runs = 10): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

// ---- Replay (first, in a fresh process: the browser benchmarks leave a large heap behind) -----
// The logs are in tests/fixtures/long-logs.ts, where a test also checks that the fast walk and
// xstate's own step end each of them in the same state.
for (const log of longLogs()) {
  report(`Replay 10,000 ${log.name} events`, ms(time(() => replay(log.logic, log.start, log.events), 20)));
  // The same log through xstate's own transition(), event by event: what the fast walk saves.
  report(
    '  through xstate, event by event',
    ms(time(() => replaySlowly(log.logic, log.start, log.events), 5))
  );
}

// ---- Sizes in the browser -------------------------------------------------------------------
const server = await serve();
const browser = await launch();

// Sizes (scripts/bench/bench-sizes.ts): the home first paint and the precache are budgets, checked
// at the end so every other figure is still printed.
const sizes = await benchSizes(report, BUILD, browser);

// Appending in Chromium: one IndexedDB transaction writing one event-sized record.
{
  const { page, context } = await openTab(browser);
  await page.goto(server.url);
  const perEvent = await page.evaluate(async () => {
    const db: IDBDatabase = await new Promise((ok, fail) => {
      const req = indexedDB.open('bench-append', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('events', { keyPath: ['session', 'seq'] });
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error);
    });
    const times: number[] = [];
    for (let seq = 0; seq < 300; seq++) {
      const t0 = performance.now();
      await new Promise<void>((ok, fail) => {
        const tx = db.transaction('events', 'readwrite');
        tx.objectStore('events').put({
          session: 's',
          seq,
          at: Date.now(),
          kind: 'send',
          event: { type: 'POWER', arena: 0, side: 1, power: seq }
        });
        tx.oncomplete = () => ok();
        tx.onerror = () => fail(tx.error);
      });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  });
  report('Append one event, Chromium IndexedDB (median)', ms(perEvent));
  await context.close();
}

// ---- Tap to paint (Chromium, 4x CPU) ---------------------------------------------------------
for (const [name, value] of tapTable(await benchTaps(browser, server.url))) report(name, value);

// ---- Recovery journal (Chromium, the built worker) -------------------------------------------
for (const [name, value] of await benchJournal(browser, server.url)) report(name, value);

// ---- Shared games, tap to paint (Chromium: two phones, the sync server in this process) -------
for (const [name, value] of await benchSyncPaint(browser, server.url)) report(name, value);

await browser.close();
await server.close();

// ---- Stats over 1,000 finished games (Node) ------------------------------------------------------
{
  // What the stats page does after reading the database: replay every finished game's log to its
  // result, then count per player, per game and head to head. The games are Titans Duels between
  // 12 remembered players, half walked in Guide me (every reminder a step), half in the quick
  // flow, each played until a side has lost its three temples.
  const people = Array.from({ length: 12 }, (_, i) => ({ id: `pr${i}`, name: `Player ${i}`, created: 0 }));
  const profiles = new Map(people.map((p) => [p.id, p]));
  const info: GameInfo = { title: 'Titans of Eden', describeSetup: () => 'Duel', logic: titansLogic };
  const setup = titansDuelSetup();
  const start = Date.UTC(2025, 0, 1);
  const games = Array.from({ length: 1000 }, (_, n) => {
    const id = `s${n}`;
    const created = start + n * 86_400_000;
    const log: EventRecord[] = [];
    let snapshot = initialState(titansLogic, setup);
    const play = (event: GameEvent) => {
      const next = step(titansLogic, snapshot, event);
      if (!next) return false;
      snapshot = next;
      log.push({
        sessionId: id,
        seq: log.length + 1,
        kind: 'event',
        event,
        time: created + log.length * 20_000,
        label: ''
      });
      return true;
    };
    const guided = n % 2 === 1;
    for (let turn = 0; snapshot.status === 'active' && turn < 50; turn++) {
      // One side wins each battle, the pattern varying from game to game.
      const anaWins = (n * 7 + turn * 3) % 5 < 3;
      if (guided) {
        play({ type: 'BEGIN_AGES' });
        for (let i = 0; i < 15; i++) play({ type: 'NEXT' });
      }
      play({ type: 'POWER', arena: 0, side: 0, power: anaWins ? 8 : 2 });
      play({ type: 'POWER', arena: 0, side: 1, power: anaWins ? 2 : 8 });
      play({ type: 'RESOLVE_BATTLE' });
      if (snapshot.status !== 'active') break;
      // Walk the end of the turn: Guide me one reminder at a time, the quick flow in one tap.
      for (let i = 0; guided && i < 10 && !step(titansLogic, snapshot, { type: 'BEGIN_AGES' }); i++)
        if (!play({ type: 'NEXT' })) play({ type: 'NEXT_TURN' });
      if (!guided) play({ type: 'NEXT_TURN' });
    }
    const session: SessionRecord = {
      id,
      game: 'titans',
      setup: { ...setup },
      created,
      updated: created,
      status: 'finished',
      summary: '',
      head: log.length,
      profiles: { p1: people[n % 12].id, p2: people[(n * 5 + 1) % 12].id }
    };
    // The cache the runtime writes when a game ends (runtime.ts: job).
    const cache: SnapshotRecord[] = [
      {
        sessionId: id,
        eventSeq: log.length,
        depth: log.length,
        version: titansLogic.version,
        state: storeState(snapshot)
      }
    ];
    return { session, log, cache, done: snapshot.status === 'done' };
  });
  if (games.some((g) => !g.done)) throw new Error('a generated game did not finish');
  const events = games.reduce((sum, g) => sum + g.log.length, 0);
  const stats = (withCache: boolean) => () => {
    const plays = games.map((g) => playRecord(g.session, g.log, info, profiles, withCache ? g.cache : []));
    for (const p of people) playerStats(plays, p.id);
    gameStats(plays, 'titans');
    for (let i = 1; i < people.length; i++) headToHead(plays, people[0].id, people[i].id);
  };
  const statsTime = time(stats(true), 5);
  const coldTime = time(stats(false), 3);
  report(`Stats over 1,000 finished games (${events.toLocaleString('en')} events)`, ms(statsTime));
  report('  the same with no snapshot cache (full replays)', ms(coldTime));
}

// ---- Import: checking a 100,000-event backup --------------------------------------------------------
{
  // The whole check the settings page runs before writing anything: bytes to JSON, every record,
  // every step replayed through the machine with its history line rebuilt (in slices that give
  // the page back every 8 ms; in Node the pauses cost next to nothing).
  const bytes = new TextEncoder().encode(JSON.stringify(longBackup(100_000)));
  const theosOnly = async (game: string) => (game === 'theos' ? theosLogic : undefined);
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const result = await checkBackup(bytes, theosOnly);
    best = Math.min(best, performance.now() - t0);
    if (!result.ok) throw new Error(`the benchmark backup was refused: ${result.errors.join('; ')}`);
  }
  report(`Check a 100,000-event backup (${(bytes.length / 1024 / 1024).toFixed(1)} MB)`, ms(best));
}

// ---- Append through the runtime (Node, fake-indexeddb) ------------------------------------------
{
  const db = new TablesideDB(`bench-${Date.now()}`);
  const rt = await SessionRuntime.create(db, tallyLogic, 'tally', tallySetup());
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    await rt.send({ type: 'ADD', player: i % 2, amount: 1 });
    times.push(performance.now() - t0);
  }
  report('Append one event, runtime + fake-indexeddb (median)', ms(median(times)));
  // The last taps are written after `send` returns (after the paint): closing under them logged
  // a "could not save" error into the bench's output.
  await rt.saved();
  db.close();
}

// ---- Search ------------------------------------------------------------------------------------
{
  const file = resolve(BUILD, 'rules/search-index.json');
  report('Search index (gzip)', `${kb(gz(file))} (${kb(readFileSync(file).length)} raw)`);
  const json = readFileSync(file, 'utf8');
  // The games' rules text, each stored once: search reads its results' titles and snippets there.
  const texts = GAMES.map((g) => g.rules).map(
    (game) => JSON.parse(readFileSync(resolve(BUILD, `rules/${game}/sections.json`), 'utf8')) as RulesText
  );
  const t0 = performance.now();
  const index = loadSearchIndex(json, texts);
  report('Search index load (parse + rebuild)', ms(performance.now() - t0));
  const typed = [
    'temple',
    'mulligan',
    'seize cost',
    'life pool',
    'ascension die',
    'capture',
    'haunt',
    'decay'
  ];
  const keystrokes = typed.flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)));
  for (const k of keystrokes) searchRules(index, k); // warm up
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const k of keystrokes) {
      const t = performance.now();
      searchRules(index, k);
      times.push(performance.now() - t);
    }
  }
  report('Search per keystroke, all games (median)', ms(median(times)));
  report(
    'Search per keystroke, all games (95th percentile)',
    ms(times.sort((a, b) => a - b)[Math.floor(times.length * 0.95)])
  );
}

// ---- Shared games (Node: the sync server in its own process, two phones in this one) ----------
for (const [name, value] of await benchSync()) report(name, value);

// ---- Budgets: what is over fails the run (exit 1), so a heavier build cannot land unseen -------
for (const line of sizes.over) console.error(`Over budget: ${line}.`);
if (sizes.over.length) process.exit(1);
