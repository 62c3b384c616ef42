/**
 * Replaying a long log without paying xstate's general-purpose step for every event.
 *
 * xstate's `transition()` handles everything a statechart can be (parallel regions, history,
 * entry and exit actions, spawned actors, raised events), and pays for it on every event: about
 * 5 µs even for a two-state machine, so 10,000 events cost 50 ms before a game's own rules run.
 * Our game machines use a small part of that: nested states, guarded transitions, `always`,
 * `assign`, and one top-level final state. For a machine built only from those, this module
 * compiles xstate's own parsed state nodes once into per-state tables (which transitions an event
 * type can take from here, in xstate's order) and steps through them with the machine's own
 * guards and assigners. The rules stay in the machine definitions; only the walking is ours.
 *
 * It follows xstate's semantics for that subset exactly, refusals included (an event that changes
 * neither the state nor the context is refused, as `transition()` hands back the same snapshot);
 * `fast-replay.test.ts` checks it against xstate for every game over random logs. A machine that
 * uses anything else is not compiled, and replay goes through xstate as before.
 */
import { matchesState, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode } from 'xstate';

type Context = Record<string, unknown>;
type Event = { type: string };
type GuardFn = (args: { context: Context; event: Event }, params: undefined) => boolean;
type Assignment =
  | ((args: AssignArgs, params: undefined) => Partial<Context>)
  | Record<string, unknown | ((args: AssignArgs, params: undefined) => unknown)>;
interface AssignArgs {
  context: Context;
  event: Event;
  spawn: () => never;
  self: unknown;
  system: unknown;
}

interface Move {
  guard?: GuardFn;
  /** For the message when a guard throws, worded as xstate words it. */
  guardName?: string;
  sourceId: string;
  assignments: Assignment[];
  /** Where the move lands (a leaf: its initial descendants resolved); undefined stays put. */
  to?: Leaf;
}

interface Leaf {
  node: AnyStateNode;
  /** A top-level final state: entering it ends the game. */
  final: boolean;
  /** The state value of this leaf, as xstate writes it. */
  value: string | Record<string, unknown>;
  /** Per event type, the moves to try in order: this leaf's own first, then each ancestor's. */
  on: Map<string, Move[]>;
  /** The eventless moves, in the same order. */
  always: Move[];
}

/** Where a replay is: the active leaf, the context, and the end once reached. */
export interface FastState {
  leaf: Leaf;
  context: Context;
  done: boolean;
  output?: unknown;
}

export interface CompiledMachine {
  /** The state a snapshot is in, or undefined when the snapshot is not an active or done one. */
  fromSnapshot(snapshot: AnyMachineSnapshot): FastState | undefined;
  /** A real xstate snapshot for a state (what the screen and the cache use). */
  toSnapshot(state: FastState): AnyMachineSnapshot;
  /**
   * A snapshot for reading, made real only if needed: `value`, `context`, `status`, `output`,
   * `matches` and `getMeta` come from the state itself; anything else (tags, what xstate reads
   * when it steps) resolves the real snapshot once, on first use. For reading many states one
   * after the other (an import's history lines), where resolving each would cost as much as the
   * step, and for a tap's new state, which the screen reads at once.
   */
  view(state: FastState): AnyMachineSnapshot;
  /**
   * The next state; undefined when the machine refuses the event; 'xstate' for the events only
   * xstate itself can take (its own `xstate.*` events), which the caller steps through xstate.
   */
  step(state: FastState, event: Event): FastState | undefined | 'xstate';
  /**
   * Whether the state has a transition for this event type at all (guarded or not): the
   * difference between "not now" and "not like that" when the machine refuses.
   */
  takes(state: FastState, type: string): boolean;
}

class Unsupported extends Error {}

/** On a view (CompiledMachine.view), the real snapshot behind it; undefined on anything else. */
const REAL = Symbol('real snapshot');
/** On a view, the state it shows and the compiled machine it came from. */
const VIEWED = Symbol('viewed state');

/** The snapshot itself, or the real one behind a view: what xstate itself must be given. */
export function realSnapshot(snapshot: AnyMachineSnapshot): AnyMachineSnapshot {
  return (snapshot as unknown as { [REAL]?: AnyMachineSnapshot })[REAL] ?? snapshot;
}

const compiled = new WeakMap<AnyStateMachine, CompiledMachine | null>();

/** The machine compiled for fast replay, or undefined when it uses more than the subset. */
export function compileMachine(machine: AnyStateMachine): CompiledMachine | undefined {
  let entry = compiled.get(machine);
  if (entry === undefined) {
    try {
      entry = compile(machine);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      entry = null;
    }
    compiled.set(machine, entry);
  }
  return entry ?? undefined;
}

/** Why a machine cannot be compiled (undefined when it can); for tests and curious readers. */
export function whyNotCompiled(machine: AnyStateMachine): string | undefined {
  try {
    compile(machine);
    return undefined;
  } catch (error) {
    if (error instanceof Unsupported) return error.message;
    throw error;
  }
}

function compile(machine: AnyStateMachine): CompiledMachine {
  const root = machine.root as AnyStateNode;
  const guards = (machine.implementations.guards ?? {}) as Record<string, unknown>;
  const actions = (machine.implementations.actions ?? {}) as Record<string, unknown>;
  const leaves = new Map<AnyStateNode, Leaf>();
  const moves = new Map<object, Move>();
  const self = { id: '(replay)' };
  const noSpawn = (): never => {
    throw new Error('Spawning actors is not possible while replaying a log.');
  };

  const check = (ok: unknown, why: string) => {
    if (!ok) throw new Unsupported(why);
  };

  function checkNode(node: AnyStateNode): void {
    const where = `state “${node.id}”`;
    check(node.type !== 'parallel' && node.type !== 'history', `${where} is ${node.type}`);
    check(node.entry.length === 0 && node.exit.length === 0, `${where} has entry or exit actions`);
    check(node.invoke.length === 0, `${where} invokes actors`);
    check(!node.config.after, `${where} has delayed transitions`);
    check(!node.config.onDone, `${where} has onDone`);
    if (node.type === 'final') {
      check(node.parent === root, `${where} is a final state below the top level`);
      check(node.config.output === undefined, `${where} has its own output`);
    }
    if (node.type === 'compound') {
      check(node.initial.actions.length === 0, `${where} has initial actions`);
      check(node.initial.target.length === 1, `${where} has no single initial state`);
    }
    for (const key of node.transitions.keys()) check(!key.includes('*'), `${where} has a wildcard event`);
    for (const child of Object.values(node.states) as AnyStateNode[]) checkNode(child);
  }

  function guardOf(guard: unknown): { fn: GuardFn; name?: string } | undefined {
    if (guard === undefined) return undefined;
    const fn = typeof guard === 'string' ? guards[guard] : guard;
    check(typeof fn === 'function' && !('check' in fn), `guard ${String(guard)} is not a plain function`);
    return { fn: fn as GuardFn, name: typeof guard === 'string' ? guard : undefined };
  }

  function assignmentOf(action: unknown): Assignment {
    const resolved = typeof action === 'string' ? actions[action] : action;
    const builtin = resolved as { type?: string; assignment?: Assignment } | undefined;
    check(
      typeof resolved === 'function' && builtin?.type === 'xstate.assign' && builtin.assignment !== undefined,
      `action ${typeof action === 'string' ? action : '(inline)'} is not an assign`
    );
    return builtin!.assignment!;
  }

  const pending: [Move, AnyStateNode][] = [];

  function moveOf(transition: {
    guard?: unknown;
    actions: readonly unknown[];
    target?: readonly AnyStateNode[];
    source: AnyStateNode;
  }): Move {
    let move = moves.get(transition);
    if (!move) {
      check(!transition.target || transition.target.length === 1, 'a transition has several targets');
      const guard = guardOf(transition.guard);
      move = {
        guard: guard?.fn,
        guardName: guard?.name,
        sourceId: transition.source.id,
        assignments: transition.actions.map(assignmentOf)
      };
      moves.set(transition, move);
      // Targets are resolved once every leaf exists (a move can land on a leaf not built yet).
      if (transition.target) pending.push([move, transition.target[0]]);
    }
    return move;
  }

  function leafOf(node: AnyStateNode): Leaf {
    const chain: AnyStateNode[] = [];
    for (let n: AnyStateNode | undefined = node; n; n = n.parent) chain.push(n);
    const on = new Map<string, Move[]>();
    const always: Move[] = [];
    for (const n of chain) {
      for (const [type, list] of n.transitions) {
        const tried = on.get(type) ?? on.set(type, []).get(type)!;
        for (const t of list) tried.push(moveOf(t));
      }
      for (const t of n.always ?? []) always.push(moveOf(t));
    }
    const path = node.path as string[];
    let value: string | Record<string, unknown> = path.at(-1)!;
    for (let i = path.length - 2; i >= 0; i--) value = { [path[i]]: value };
    return { node, final: node.type === 'final', value, on, always };
  }

  function initialLeaf(node: AnyStateNode): AnyStateNode {
    let n = node;
    while (n.type === 'compound') n = n.initial.target[0];
    return n;
  }

  checkNode(root);
  check(root.type === 'compound', 'the machine has no states');
  const walk = (node: AnyStateNode) => {
    if (node.type === 'atomic' || node.type === 'final') leaves.set(node, leafOf(node));
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(root);
  for (const [move, target] of pending) move.to = leaves.get(initialLeaf(target));

  const rootOutput = root.output as
    ((args: { context: Context; event: Event; self: unknown }) => unknown) | undefined;

  function apply(move: Move, state: FastState, event: Event): FastState {
    let context = state.context;
    for (const assignment of move.assignments) {
      const args: AssignArgs = { context, event, spawn: noSpawn, self, system: undefined };
      let partial: Partial<Context>;
      if (typeof assignment === 'function') partial = assignment(args, undefined);
      else {
        partial = {};
        for (const key of Object.keys(assignment)) {
          const value = assignment[key];
          partial[key] =
            typeof value === 'function'
              ? (value as (a: AssignArgs, p: undefined) => unknown)(args, undefined)
              : value;
        }
      }
      context = { ...context, ...partial };
    }
    const leaf = move.to ?? state.leaf;
    if (!leaf.final) return { leaf, context, done: false };
    const output =
      typeof rootOutput === 'function'
        ? rootOutput({ context, event: { type: `xstate.done.state.${leaf.node.id}` }, self })
        : rootOutput;
    return { leaf, context, done: true, output };
  }

  function pick(list: readonly Move[], context: Context, event: Event): Move | undefined {
    for (const move of list) {
      if (!move.guard) return move;
      let passed: boolean;
      try {
        passed = move.guard({ context, event }, undefined);
      } catch (error) {
        const name = move.guardName ? `'${move.guardName}' ` : '';
        throw new Error(
          `Unable to evaluate guard ${name}in transition for event '${event.type}' in state node '${move.sourceId}':\n${(error as Error)?.message}`
        );
      }
      if (passed) return move;
    }
    return undefined;
  }

  /**
   * xstate's `getMeta()`, read from the leaf: each active state node's meta by its id, the top
   * level first, as xstate lists them (its active nodes are the leaf and its ancestors here).
   */
  const metas = new Map<Leaf, Record<string, unknown>>();
  function metaOf(leaf: Leaf): Record<string, unknown> {
    let meta = metas.get(leaf);
    if (!meta) {
      const chain: AnyStateNode[] = [];
      for (let node: AnyStateNode | undefined = leaf.node; node; node = node.parent) chain.unshift(node);
      meta = {};
      for (const node of chain) if (node.meta !== undefined) meta[node.id] = node.meta;
      metas.set(leaf, meta);
    }
    return { ...meta };
  }

  /** What xstate does to a snapshot for a move: a new one when the state or the context changes. */
  const changes = (move: Move, state: FastState) =>
    move.assignments.length > 0 || (move.to !== undefined && move.to !== state.leaf);

  /** What a view of this machine's states carries, so that it is read back without xstate. */
  const owner = {};

  return {
    fromSnapshot(snapshot) {
      const viewed = (snapshot as unknown as { [VIEWED]?: { state: FastState; of: unknown } })[VIEWED];
      if (viewed) return viewed.of === owner ? viewed.state : undefined;
      if (snapshot.machine !== machine) return undefined;
      if (snapshot.status !== 'active' && snapshot.status !== 'done') return undefined;
      const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
      const leaf = nodes.map((n) => leaves.get(n)).find((l) => l !== undefined);
      if (!leaf) return undefined;
      return {
        leaf,
        context: snapshot.context as Context,
        done: snapshot.status === 'done',
        output: snapshot.output
      };
    },

    toSnapshot(state) {
      return machine.resolveState({
        value: state.leaf.value as never,
        context: state.context as never,
        status: state.done ? 'done' : 'active',
        output: state.output as never
      }) as AnyMachineSnapshot;
    },

    view(state) {
      const toSnapshot = this.toSnapshot;
      let real: AnyMachineSnapshot | undefined;
      const light: Record<PropertyKey, unknown> = {
        value: state.leaf.value,
        context: state.context,
        status: state.done ? 'done' : 'active',
        output: state.output,
        matches: (value: unknown) => matchesState(value as never, state.leaf.value as never),
        getMeta: () => metaOf(state.leaf),
        [VIEWED]: { state, of: owner }
      };
      return new Proxy(light, {
        get(target, key) {
          if (Object.prototype.hasOwnProperty.call(target, key)) return target[key];
          real ??= toSnapshot(state);
          if (key === REAL) return real;
          const value = Reflect.get(real, key, real);
          return typeof value === 'function' ? value.bind(real) : value;
        },
        has: (target, key) => key in target || key in (real ??= toSnapshot(state))
      }) as unknown as AnyMachineSnapshot;
    },

    takes(state, type) {
      return !state.done && state.leaf.on.has(type);
    },

    step(state, event) {
      if (state.done) return undefined;
      if (event.type.startsWith('xstate.') || event.type === '*') return 'xstate';
      let changed = false;
      let now = state;
      const tried = state.leaf.on.get(event.type);
      const move = tried && pick(tried, now.context, event);
      if (move) {
        changed = changes(move, now);
        now = apply(move, now, event);
      }
      // xstate then takes eventless moves, with the same event, until one leaves the snapshot as it
      // was (or none is enabled): even after a refused event, so that is followed here too.
      let again = true;
      while (again && !now.done && now.leaf.always.length) {
        const next = pick(now.leaf.always, now.context, event);
        if (!next) break;
        again = changes(next, now);
        changed ||= again;
        now = apply(next, now, event);
      }
      return changed ? now : undefined;
    }
  };
}
