import { backups as backupsEndpoints } from '@nimbus/sdk/contract/v1/backups';
import type { FamilyModule } from '../../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { createInProject } from '../../../core/pipeline/resources';
import { findSource } from './sources';
import { backups, completeOnTransition, findVault } from './tables';

const TYPE = 'backup.backup';
const DAY_MS = 86_400_000;

/** Default names carry the time, compact: `web-1-20260101T020000Z`. */
export function stamp(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export const backupsFamily: FamilyModule = {
  setup(runtime) {
    completeOnTransition(runtime, backups, TYPE);
  },

  handlers: defineHandlers(backupsEndpoints, {
    list(ctx) {
      const { vault_id, resource_type, resource_id, status } = ctx.query;
      const rows = ctx.runtime.store.table(backups).list(ctx.projectId);
      return paginate(ctx, filterRows(rows, { vault_id, resource_type, resource_id, status }));
    },

    create(ctx) {
      const { vault_id, resource_type, resource_id, name, retention_days } = ctx.body;
      const vault = findVault(ctx, vault_id, 'body.vault_id');
      const source = findSource(ctx, resource_type, resource_id);
      const now = ctx.now();
      const record = createInProject(
        ctx,
        backups,
        {
          name: name ?? `${source.name}-${stamp(now)}`,
          vault_id: vault.id,
          resource_type,
          resource_id: source.id,
          resource_name: source.name,
          region: vault.region,
          status: 'running',
          size_gb: source.size_gb,
          retention_days,
          expires_at: ctx.runtime.clock.iso(Date.parse(now) + retention_days * DAY_MS),
          completed_at: null,
        },
        { type: TYPE },
      );
      ctx.runtime.lifecycle.plan(backups, record, ['completed']);
      return record;
    },
  }),
};
