import type { StoredRecord } from '../../../store/state';
import type { Store } from '../../../store/store';

// Tables other families own (buckets, vpcs, function_invocations...) are read straight from the
// state by name. Opening them with `store.table(defineTable(name))` would build their Table with
// our options, and the first opener's unique indexes win: the owner's `byKey` would then miss.

/** Every row of a table another family owns (any order). */
export function foreignRows(store: Store, table: string): StoredRecord[] {
  return Object.values(store.state.tables[table] ?? {});
}

/** The row with this id in a foreign table if it belongs to the project. */
export function foreignRowIn(
  store: Store,
  table: string,
  projectId: string,
  id: string,
): StoredRecord | undefined {
  const rows = store.state.tables[table];
  const row = rows && Object.hasOwn(rows, id) ? rows[id] : undefined;
  return row?.project_id === projectId ? row : undefined;
}
