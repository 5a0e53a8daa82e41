import { snapshots as snapshotsEndpoints } from '@nimbus/sdk/contract/v1/snapshots';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { createInProject } from '../../core/pipeline/resources';
import { stamp } from './backups';
import { findSource } from './backups/sources';
import { completeOnTransition, snapshots } from './backups/tables';

const TYPE = 'backup.snapshot';

export const snapshotsFamily: FamilyModule = {
  setup(runtime) {
    completeOnTransition(runtime, snapshots, TYPE);
  },

  handlers: defineHandlers(snapshotsEndpoints, {
    list(ctx) {
      const { resource_type, resource_id, status } = ctx.query;
      const rows = ctx.runtime.store.table(snapshots).list(ctx.projectId);
      return paginate(ctx, filterRows(rows, { resource_type, resource_id, status }));
    },

    create(ctx) {
      const { resource_type, resource_id, name, description } = ctx.body;
      const source = findSource(ctx, resource_type, resource_id);
      const record = createInProject(
        ctx,
        snapshots,
        {
          name: name ?? `${source.name}-snap-${stamp(ctx.now())}`,
          resource_type,
          resource_id: source.id,
          resource_name: source.name,
          region: source.region,
          description,
          status: 'pending',
          size_gb: source.size_gb,
          completed_at: null,
        },
        { type: TYPE },
      );
      ctx.runtime.lifecycle.plan(snapshots, record, ['completed']);
      return record;
    },
  }),
};
