/**
 * The browser build's chunks, drawn around the home page's first paint (vite.config.ts).
 */
import { posix } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The home page's first paint, fenced (browser build only). Left alone, Rollup gives every set of
 * pages that share modules a chunk of its own, and the home page asked for 25 scripts, most under
 * 1 KB. Rollup's remedy, merging chunks under a size into ones that load with them
 * (`experimentalMinChunkSize`), guessed into the home page: the small modules of later screens
 * (the journal's messages, the profiles, the table pictures' facts, the seeded random source)
 * joined chunks the home imports, 10 KB the home never ran, and chunks merged by size came out
 * differently from one checkout's paths to another's.
 *
 * So there is no merge, and what the home page imports statically goes in two chunks of its own
 * (`fenceFirstPaint`), which every page shares:
 * - `svelte`: the part of Svelte's runtime the home and the layout use (followed name by name, `definedIn`); the rest,
 *   for the other screens, is `svelte-more`;
 * - `first-paint`: everything else they import statically (SvelteKit's client, the layout's and
 *   the home's modules, the games' registry), but for route files, which stay with their pages,
 *   and components only one module imports, which stay with it (fenced, a component would take
 *   its stylesheet with it: one more file).
 * One chunk rather than a layout's and a home's: SvelteKit leaves out of a page's preload links a
 * chunk it first meets through a dynamic import, and the home's second chunk, which the database
 * module's lazy imports reach too, was left out and fetched late.
 * Not in the server build, where SvelteKit checks each route module's own exports.
 */
export function fencedFirstPaint(): Plugin {
  const svelte = /\/node_modules\/svelte\/src\//;
  const bindings = new Map<string, Bindings>();
  return {
    name: 'tableside:fenced-first-paint',
    apply: 'build',
    async moduleParsed(module) {
      if (this.environment?.name !== 'client' || !module.ast || module.id.startsWith('\0')) return;
      const inSvelte = svelte.test(module.id);
      // Only what Svelte's modules export and what is imported from them matters here.
      const resolve = async (spec: string) =>
        inSvelte && spec.startsWith('.')
          ? posix.join(posix.dirname(module.id), spec)
          : spec.startsWith('svelte')
            ? (await this.resolve(spec, module.id))?.id
            : undefined;
      const found = await readBindings(module.ast as unknown as Node, module.code ?? '', resolve, inSvelte);
      if (found) bindings.set(module.id, found);
    },
    outputOptions(output) {
      if (this.environment?.name !== 'client') return;
      let fences: Map<string, string> | undefined;
      return {
        ...output,
        manualChunks: (id, { getModuleIds, getModuleInfo }) => {
          fences ??= fenceFirstPaint([...getModuleIds()], getModuleInfo, bindings);
          return fences.get(id) ?? (svelte.test(id) ? 'svelte-more' : undefined);
        }
      };
    }
  };
}

type ModuleInfoOf = (
  id: string
) => { importedIds: readonly string[]; importers: readonly string[]; isEntry: boolean } | null;

/**
 * What a module imports from Svelte's modules (the names, per module), and, for one of Svelte's
 * own, what it passes on from others (`export { x } from`, `export * from`).
 */
interface Bindings {
  /** By module: the names imported from it (none for `import './x.js'`). */
  imports: Map<string, Set<string>>;
  reexports: Map<string, { from: string; name: string }>;
  /** The names it exports that it declares itself. */
  locals: Set<string>;
  stars: string[];
}

/** Which module a name a Svelte module exports is written in, through its re-exports. */
function definedIn(id: string, name: string, bindings: Map<string, Bindings>, depth = 0): string[] {
  const own = bindings.get(id);
  if (!own || depth > 20) return [id];
  const passed = own.reexports.get(name);
  if (passed) return definedIn(passed.from, passed.name, bindings, depth + 1);
  if (own.locals.has(name) || !own.stars.length) return [id];
  return own.stars.flatMap((star) => definedIn(star, name, bindings, depth + 1));
}

interface Node {
  type: string;
  [key: string]: unknown;
}

/** The bindings of a module (see `Bindings`), from its syntax tree; undefined when it has none. */
async function readBindings(
  ast: Node,
  code: string,
  resolve: (spec: string) => Promise<string | undefined>,
  inSvelte: boolean
): Promise<Bindings | undefined> {
  const found: Bindings = { imports: new Map(), reexports: new Map(), locals: new Set(), stars: [] };
  const nameOf = (n: unknown) => {
    const node = n as { name?: string; value?: string };
    return node.name ?? node.value ?? '';
  };
  for (const node of ast.body as Node[]) {
    const source = (node.source as { value?: string } | null | undefined)?.value;
    if (!source) {
      if (inSvelte && node.type === 'ExportNamedDeclaration') {
        const declared = node.declaration as Node | null;
        const declarations = (declared?.declarations as Node[] | undefined) ?? [declared];
        for (const d of declarations) if (d?.id) found.locals.add(nameOf(d.id));
        for (const spec of (node.specifiers ?? []) as Node[]) found.locals.add(nameOf(spec.exported));
      }
      continue;
    }
    const from = await resolve(source);
    if (!from) continue;
    const specifiers = (node.specifiers ?? []) as Node[];
    if (node.type === 'ImportDeclaration') {
      const names = found.imports.get(from) ?? new Set<string>();
      found.imports.set(from, names);
      for (const spec of specifiers) {
        if (spec.type === 'ImportSpecifier') names.add(nameOf(spec.imported));
        else if (spec.type === 'ImportDefaultSpecifier') names.add('default');
        else {
          // `import * as $ from 'svelte/internal/client'`, as compiled components do: the names
          // are the members the code reads (`$.each`).
          const local = nameOf(spec.local).replace(/[$]/g, '\\$');
          for (const m of code.matchAll(new RegExp(`(?<![\\w$.])${local}\\.([\\w$]+)`, 'g')))
            names.add(m[1]);
        }
      }
    } else if (inSvelte && node.type === 'ExportNamedDeclaration') {
      for (const spec of specifiers)
        found.reexports.set(nameOf(spec.exported), { from, name: nameOf(spec.local) });
    } else if (inSvelte && node.type === 'ExportAllDeclaration') found.stars.push(from);
  }
  const none = !found.imports.size && !found.reexports.size && !found.stars.length;
  return none && !found.locals.size ? undefined : found;
}

/**
 * Which fenced chunk each module of the home page's static import graph goes in (see
 * `fencedFirstPaint`): `svelte` for the part of Svelte's runtime it uses, `first-paint` for the
 * rest of it; the modules of other screens are not in the map.
 */
export function fenceFirstPaint(
  ids: string[],
  info: ModuleInfoOf,
  bindings: Map<string, Bindings>
): Map<string, string> {
  const roots = ids.filter((id) =>
    /(\/\.svelte-kit\/generated\/client-optimized\/app\.js|\/@sveltejs\/kit\/src\/runtime\/client\/entry\.js|\/src\/routes\/\+(layout|page)\.(svelte|ts))$/.test(
      id
    )
  );
  const svelte = (id: string) => /\/node_modules\/svelte\/src\//.test(id);
  const firstPaint = reach(roots, (id) => info(id)?.importedIds.filter((d) => !svelte(d)) ?? []);
  // Followed by name, not by module: Svelte's entry points (`svelte`, `svelte/internal/client`)
  // pass on the whole runtime, and a module of it that imports one name from one of them would
  // bring all of it.
  const importsOf = (id: string) =>
    [...(bindings.get(id)?.imports ?? [])].flatMap(([from, names]) =>
      names.size ? [...names].flatMap((name) => definedIn(from, name, bindings)) : [from]
    );
  const runtime = reach([...firstPaint].flatMap(importsOf), (id) =>
    svelte(id) ? importsOf(id) : []
  );
  const fences = new Map<string, string>();
  const route = (id: string) => /\/src\/routes\/|\/\.svelte-kit\/generated\//.test(id);
  const fenced = (id: string) => {
    const module = info(id);
    if (!module || module.isEntry || id.startsWith('\0') || route(id)) return false;
    if (/\.css$|[?&]svelte&type=style/.test(id)) return false;
    return !id.endsWith('.svelte') || module.importers.length > 1;
  };
  for (const id of firstPaint) if (fenced(id)) fences.set(id, 'first-paint');
  for (const id of runtime) if (svelte(id)) fences.set(id, 'svelte');
  // What the runtime itself imports (esm-env, clsx) goes with it: in `first-paint`, which imports
  // the runtime, the two chunks would import each other.
  const theirs = [...runtime].flatMap((id) =>
    svelte(id) ? (info(id)?.importedIds.filter((d) => !svelte(d)) ?? []) : []
  );
  for (const id of reach(theirs, (id) => info(id)?.importedIds ?? []))
    if (fenced(id) || svelte(id)) fences.set(id, 'svelte');
  return fences;
}

/** Every module reached from `roots` through `next`, the roots included. */
function reach(roots: string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...next(id));
  }
  return seen;
}
