import { type BackupStatus, ErrorCode, type SnapshotStatus } from '@nimbus/sdk/contract';
import type { Context } from '../../../core/handler';
import { HttpError } from '../../../core/http-error';
import { quotaResources } from '../../../core/quotas';
import type { Runtime } from '../../../core/runtime';
import type { StoredRecord } from '../../../store/state';
import { defineTable, type TableSpec } from '../../../store/store';
import { publishTransitions } from '../transition-events';

export interface VaultRow extends StoredRecord {
  project_id: string;
  name: string;
  region: string;
  redundancy: 'local' | 'zone' | 'geo';
  immutable: boolean;
  description: string;
}

export interface BackupRow extends StoredRecord {
  project_id: string;
  name: string;
  vault_id: string;
  resource_type: 'instance' | 'database' | 'bucket';
  resource_id: string;
  resource_name: string;
  region: string;
  status: BackupStatus;
  size_gb: number;
  retention_days: number;
  expires_at: string;
  completed_at: string | null;
}

export interface PolicyRow extends StoredRecord {
  project_id: string;
  name: string;
  vault_id: string;
  schedule: string;
  frequency: 'daily' | 'weekly' | 'custom';
  time: string | null;
  day_of_week: 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | null;
  retention_days: number;
  destination_region: string;
  destination_zone: string | null;
  enabled: boolean;
}

export interface SnapshotRow extends StoredRecord {
  project_id: string;
  name: string;
  resource_type: 'instance' | 'database';
  resource_id: string;
  resource_name: string;
  region: string;
  description: string;
  status: SnapshotStatus;
  size_gb: number;
  completed_at: string | null;
}

export const backupVaults = defineTable<VaultRow>('backup_vaults');
export const backups = defineTable<BackupRow>('backups');
export const backupPolicies = defineTable<PolicyRow>('backup_policies');
export const snapshots = defineTable<SnapshotRow>('snapshots');

for (const spec of [backupVaults, backups, backupPolicies, snapshots]) quotaResources.add(spec.name);

/** 404 for a resource named in the body, with the field in `details` so callers know which id was wrong. */
export function missing(what: string, path: string): HttpError {
  return new HttpError(404, ErrorCode.NOT_FOUND, `${what} not found`, [
    { path, message: `no such ${what.toLowerCase()} in this project` },
  ]);
}

export function findVault(ctx: Context, id: string, path: string): VaultRow {
  const vault = ctx.runtime.store.table(backupVaults).getIn(ctx.projectId, id);
  if (!vault) throw missing('Backup vault', path);
  return vault;
}

/**
 * Registers a table whose records end in `completed` (backups, snapshots): stamps
 * `completed_at` with the simulated time of the transition, then publishes each transition
 * as `<type>.<state>` (so the `.completed` event already carries the stamp).
 */
export function completeOnTransition<T extends StoredRecord & { completed_at: string | null }>(
  runtime: Runtime,
  spec: TableSpec<T>,
  type: string,
): void {
  runtime.lifecycle.on(spec.name, ({ record, to, at }) => {
    if (to !== 'completed') return;
    const iso = runtime.clock.iso(at);
    runtime.store.table(spec).update(record.id, { completed_at: iso } as Partial<T>, iso);
  });
  publishTransitions(runtime, spec, type);
}
