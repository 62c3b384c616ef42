/**
 * The table in numbers: every player's stacks, what each event does to them, and the plain reason
 * when the numbers make an event impossible. The statechart (machines/twilight.ts) decides *when*
 * in the turn an event belongs; these modules decide *whether the cards allow it* and *what
 * changes*. Pure functions over plain data, so a replay is a fold. By topic: table-state.ts (the
 * shape and the questions asked of it), table-checks.ts (the reasons), table-changes.ts (the changes).
 */
export * from './table-state';
export * from './table-checks';
export * from './table-changes';
