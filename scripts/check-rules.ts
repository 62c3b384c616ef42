/**
 * Checks one game's rules reference while writing it:  npx tsx scripts/check-rules.ts <game>
 * Prints format errors, runs of 12+ words shared with a rulebook, and unmapped rulebook headings.
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseRules } from '../src/lib/rules/parse';
import { loadRulebooks, rulebookHeadings, sharedRuns, cleanHeading } from '../src/lib/rules/verify';

const BOOKS = await loadRulebooks();

const game = process.argv[2];
if (!game || !BOOKS[game]) {
  console.error(`usage: npx tsx scripts/check-rules.ts <${Object.keys(BOOKS).join('|')}>`);
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..');
const md = readFileSync(resolve(root, `src/lib/games/${game}/rules.md`), 'utf8');
let problems = 0;
const problem = (msg: string) => (problems++, console.log(`- ${msg}`));

try {
  const rules = parseRules(game, md);
  const ids = new Set(rules.sections.map((s) => s.id));
  console.log(
    `${rules.title}: ${rules.pages.length} pages, ${rules.sections.length} sections, ${rules.sections.filter((s) => s.kind === 'term').length} terms, ${rules.sections.filter((s) => s.kind === 'ruling').length} rulings`
  );
  for (const id of ['overview', 'setup', 'turn', 'winning', 'variants', 'glossary', 'examples']) {
    if (!rules.pages.some((p) => p.id === id)) problem(`missing page ## … {#${id}}`);
  }
  const mapPath = resolve(root, `src/lib/games/${game}/rules-coverage.json`);
  const headings = rulebookHeadings(
    BOOKS[game].headings,
    readFileSync(resolve(root, '../shared/seeds', BOOKS[game].file), 'utf8')
  );
  if (!existsSync(mapPath)) problem('rules-coverage.json is missing');
  else {
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as Record<string, string | string[]>;
    for (const h of headings) if (!(h in map)) problem(`rulebook heading not mapped: ${JSON.stringify(h)}`);
    for (const [k, v] of Object.entries(map)) {
      if (!headings.includes(cleanHeading(k)))
        problem(`map key is not a rulebook heading: ${JSON.stringify(k)}`);
      for (const id of [v].flat()) if (!ids.has(id)) problem(`map target #${id} does not exist`);
    }
  }
} catch (e) {
  problem((e as Error).message);
}
for (const [other, { file }] of Object.entries(BOOKS)) {
  const theirs = readFileSync(resolve(root, '../shared/seeds', file), 'utf8');
  for (const run of sharedRuns(md, theirs, 12))
    problem(`shares ${run.split(' ').length} words with the ${other} rulebook: “${run}”`);
}
console.log(problems ? `${problems} problem(s)` : 'all checks pass');
process.exit(problems ? 1 : 0);
