import type { Runtime } from '../../core/services/runtime';
import type { State } from '../../store/state';

/** A state export: the whole state, with the signing secret only when it was asked for. */
export type StateExport = Omit<State, 'secret'> & { secret?: string };

/**
 * The state as `GET /__mock/state` gives it. Without `includeSecret` the export holds no
 * signing secret: an import elsewhere keeps that server's own, so tokens issued here stop working
 * there. With it, whoever holds the export can sign tokens for every user in it. Tables without
 * a record are left out: which ones exist says only which families have been used.
 */
export function exportState(runtime: Runtime, options: { includeSecret?: boolean } = {}): StateExport {
  const { secret, tables, ...rest } = runtime.store.state;
  const kept = Object.fromEntries(Object.entries(tables).filter(([, rows]) => Object.keys(rows).length > 0));
  return structuredClone({ ...rest, tables: kept, ...(options.includeSecret ? { secret } : {}) });
}
