// The state × rule table from the axe reports the play-access test writes (AXE_REPORT=1):
// node scripts/shots/axe-table.mjs  →  one row per state, the number of nodes per rule.
import { readdirSync, readFileSync } from 'node:fs';
const dir = new URL('../../screenshots/axe/', import.meta.url);
/** @type {[string, Record<string, number>][]} One row per state: the number of nodes per rule. */
const rows = [];
/** @type {Set<string>} */
const rules = new Set();
for (const f of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  /** @type {Record<string, string[]>} Per state, one "rule: node" line per node found. */
  const found = JSON.parse(readFileSync(new URL(f, dir), 'utf8'));
  for (const [state, list] of Object.entries(found)) {
    /** @type {Record<string, number>} */
    const count = {};
    for (const line of list) {
      const rule = line.split(':')[0];
      rules.add(rule);
      count[rule] = (count[rule] ?? 0) + 1;
    }
    rows.push([state, count]);
  }
}
const cols = [...rules].sort();
console.log(`| State | ${cols.join(' | ')} |`);
console.log(`|---|${cols.map(() => '---').join('|')}|`);
for (const [state, count] of rows)
  console.log(`| ${state} | ${cols.map((c) => count[c] ?? '').join(' | ')} |`);
console.log(
  `\n${rows.length} states with violations; nodes: ${cols.map((c) => `${c} ${rows.reduce((n, [, k]) => n + (k[c] ?? 0), 0)}`).join(', ')}`
);
