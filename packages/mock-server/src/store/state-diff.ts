import type { State } from './state';

/** Records of one table an edit added, removed or changed. */
export interface TableDiff {
  added: number;
  removed: number;
  changed: number;
}

/** What an edit of the state file did to the server's state: totals, and per table that differs. */
export interface StateDiff extends TableDiff {
  tables: Record<string, TableDiff>;
}

/**
 * Compares the server's state with an edit of it, record by record (by id, then by value), so an
 * edit made from an older copy shows every write it reverted, flushed or not.
 */
export function diffStates(server: State, edit: State): StateDiff {
  const diff: StateDiff = { added: 0, removed: 0, changed: 0, tables: {} };
  const names = new Set([...Object.keys(server.tables), ...Object.keys(edit.tables)]);
  for (const name of names) {
    const before = server.tables[name] ?? {};
    const after = edit.tables[name] ?? {};
    const table: TableDiff = { added: 0, removed: 0, changed: 0 };
    for (const id in before) {
      if (!Object.hasOwn(after, id)) table.removed++;
      else if (!sameValue(before[id], after[id])) table.changed++;
    }
    for (const id in after) if (!Object.hasOwn(before, id)) table.added++;
    if (table.added + table.removed + table.changed === 0) continue;
    diff.tables[name] = table;
    diff.added += table.added;
    diff.removed += table.removed;
    diff.changed += table.changed;
  }
  return diff;
}

/** Deep equality of JSON values, whatever the order of the keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(right, key) || !sameValue(left[key], right[key])) return false;
  }
  return true;
}
