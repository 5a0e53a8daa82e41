import type { PlatformEvent } from '../../../core/services/events';
import type { StoredRecord } from '../../../store/state';
import { defineTable, type Store } from '../../../store/store';
import { foreignRowIn, foreignRows } from '../support/foreign-rows';

/** Which table holds the resources of a type (`id` is the type, e.g. `cache.instance`). */
interface ResourceTypeRow extends StoredRecord {
  table: string;
}

// Families name their types and tables independently (cache.instance -> cache_instances,
// apim.product -> api_products), so the mapping is learned from the `<type>.created` events
// that createInProject publishes, and kept in the state so it survives restarts and exports.
const resourceTypes = defineTable<ResourceTypeRow>('policy_resource_types');

/** Known up front, so resources of an imported state resolve before any creation is seen. */
const KNOWN: Readonly<Record<string, string>> = {
  'compute.instance': 'instances',
  'storage.bucket': 'buckets',
};

const CREATED = '.created';

/** Records the table of a type the first time one of its resources is created. */
export function learnResourceType(store: Store, event: PlatformEvent, now: string): void {
  if (!event.type.endsWith(CREATED)) return;
  const type = event.type.slice(0, -CREATED.length);
  const id = event.data.id;
  // Only events shaped like createInProject's: user-published events cannot teach a mapping.
  if (typeof id !== 'string' || event.subject !== `/projects/${event.project_id}/${type}/${id}`) return;
  if (type.startsWith('policy.') || tableOfType(store, type)) return;
  const table = Object.keys(store.state.tables).find((name) => Object.hasOwn(store.state.tables[name]!, id));
  if (table) store.table(resourceTypes).insert({ id: type, table, created_at: now, updated_at: now });
}

export function tableOfType(store: Store, type: string): string | undefined {
  return (
    store.table(resourceTypes).get(type)?.table ?? (Object.hasOwn(KNOWN, type) ? KNOWN[type] : undefined)
  );
}

/** A resource of the project by type and id (or name, for resources addressed by name like buckets). */
export function findResource(
  store: Store,
  projectId: string,
  type: string,
  idOrName: string,
): StoredRecord | undefined {
  const table = tableOfType(store, type);
  if (!table) return undefined;
  return (
    foreignRowIn(store, table, projectId, idOrName) ??
    foreignRows(store, table).find((row) => row.project_id === projectId && row.name === idOrName)
  );
}

/** The resource of the project with this id, whatever its type (for resource-scoped assignments). */
export function findAnyResource(
  store: Store,
  projectId: string,
  id: string,
): { type: string; record: StoredRecord } | undefined {
  const types = new Map<string, string>(Object.entries(KNOWN));
  for (const row of store.table(resourceTypes).list()) types.set(row.id, row.table);
  for (const [type, table] of types) {
    const record = foreignRowIn(store, table, projectId, id);
    if (record) return { type, record };
  }
  return undefined;
}
