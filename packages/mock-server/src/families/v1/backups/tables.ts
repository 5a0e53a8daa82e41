import type { Backup, BackupPolicy, BackupVault, Snapshot } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import type { Context } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { quotaResources } from '../../../core/services/quotas';
import type { Runtime } from '../../../core/services/runtime';
import type { StoredRecord } from '../../../store/state';
import { defineTable, type TableSpec } from '../../../store/store';
import { publishTransitions } from '../support/transition-events';

export type VaultRow = BackupVault & StoredRecord;

export type BackupRow = Backup & StoredRecord;

export type PolicyRow = BackupPolicy & StoredRecord;

export type SnapshotRow = Snapshot & StoredRecord;

export const backupVaults = defineTable<VaultRow>('backup_vaults');
export const backups = defineTable<BackupRow>('backups');
export const backupPolicies = defineTable<PolicyRow>('backup_policies');
export const snapshots = defineTable<SnapshotRow>('snapshots');

for (const spec of [backupVaults, backups, backupPolicies, snapshots]) quotaResources.add(spec.name);

/** 404 for a resource named in the body, with the field in `details` so callers know which id was wrong. */
export function missing(what: string, path: string): HttpError {
  return HttpError.of(ErrorCode.NOT_FOUND, `${what} not found`, [
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
