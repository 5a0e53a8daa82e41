import type { StoredRecord } from '../../store/state';
import type { TableSpec } from '../../store/store';
import { assertQuota } from '../services/quotas';
import type { Context } from './handler';
import { HttpError } from './http-error';

/** Fields a family supplies for a new project record; the core adds id, project and times. */
export type NewFields<T extends StoredRecord> = Omit<T, 'id' | 'created_at' | 'updated_at' | 'project_id'>;

export interface CreateOptions {
  /** Resource type for policies and events, e.g. `compute.instance`. */
  type: string;
  /** Quota name checked before creating (defaults to the table name). `false` for no quota. */
  quota?: string | false;
}

/**
 * Creates a record in the caller's project the way every family should: quota check,
 * admission (policies), insert, and a `<type>.created` platform event.
 */
export function createInProject<T extends StoredRecord>(
  ctx: Context,
  spec: TableSpec<T>,
  fields: NewFields<T>,
  options: CreateOptions,
): T {
  const table = ctx.runtime.store.table(spec);
  const quota = options.quota ?? spec.name;
  if (quota !== false) assertQuota(ctx.runtime.store, ctx.projectId, quota, table.list(ctx.projectId).length);
  admit(ctx, options.type, fields as Record<string, unknown>);
  const now = ctx.now();
  // Object.assign, not `{ ...fields, id, ... }`: V8 builds an object with properties after a
  // spread several times slower, and every created record went through here.
  const record = table.insert(
    Object.assign({}, fields, {
      id: crypto.randomUUID(),
      project_id: ctx.projectId,
      created_at: now,
      updated_at: now,
    }) as T,
  );
  emit(ctx, options.type, 'created', record);
  return record;
}

/** Runs the admission hooks (policies) on a resource about to be created or changed. */
export function admit(ctx: Context, type: string, record: Record<string, unknown>): void {
  for (const hook of ctx.runtime.admission) hook(ctx, { type, record });
}

/** Publishes `<type>.<action>` about a record of the caller's project (publish copies the data). */
export function emit(ctx: Context, type: string, action: string, record: StoredRecord): void {
  const projectId = record.project_id ?? ctx.projectId;
  ctx.runtime.publish({
    type: `${type}.${action}`,
    subject: `/projects/${projectId}/${type}/${record.id}`,
    project_id: projectId,
    data: record,
  });
}

/**
 * Removes a record the way every family should: its pending transitions (lifecycle) cancelled,
 * its row deleted, and, given its resource `type`, a `<type>.deleted` platform event.
 */
export function removeRecord<T extends StoredRecord>(
  ctx: Context,
  spec: TableSpec<T>,
  record: T,
  type?: string,
): void {
  ctx.runtime.lifecycle.cancel(spec.name, record.id);
  ctx.runtime.store.table(spec).delete(record.id);
  if (type !== undefined) emit(ctx, type, 'deleted', record);
}

/** The record with this id in the caller's project, or 404 (another project's id included). */
export function findInProject<T extends StoredRecord>(
  ctx: Context,
  spec: TableSpec<T>,
  id: string,
  what: string,
): T {
  const row = ctx.runtime.store.table(spec).getIn(ctx.projectId, id);
  if (!row) throw HttpError.notFound(what);
  return row;
}

/** 409 INVALID_STATE unless the record is in one of `allowed`. */
export function assertState(
  record: StoredRecord,
  allowed: readonly string[],
  action: string,
  field = 'status',
): void {
  const current = record[field];
  if (!allowed.includes(current as string)) {
    throw HttpError.invalidState(`Cannot ${action} while ${field} is ${String(current)}`, {
      [field]: current,
      allowed,
    });
  }
}
