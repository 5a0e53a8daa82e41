import type { Instance } from '@nimbus/sdk/contract';
import { instances as instancesEndpoints } from '@nimbus/sdk/contract/v1/instances';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { assertState, createInProject, findInProject, removeRecord } from '../../core/pipeline/resources';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

export type InstanceRow = Instance & StoredRecord;

export const instances = defineTable<InstanceRow>('instances', {
  repeated: ['name', 'flavor', 'region', 'image', 'resource_group_id'],
});

const TYPE = 'compute.instance';

export const instancesFamily: FamilyModule = {
  setup(runtime) {
    runtime.lifecycle.register(instances);
    // Each settled state is a platform event (compute.instance.running, .stopped).
    runtime.lifecycle.on(instances.name, ({ record, to }) => {
      runtime.publish({
        type: `${TYPE}.${to}`,
        subject: `/projects/${record.project_id}/${TYPE}/${record.id}`,
        project_id: record.project_id!,
        data: record,
      });
    });
  },

  handlers: defineHandlers(instancesEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(instances).list(ctx.projectId);
      const { status, region, flavor, name } = ctx.query;
      return paginate(ctx, filterRows(rows, { status, region, flavor, name }));
    },

    create(ctx) {
      const { resource_group_id, ...body } = ctx.body;
      if (resource_group_id)
        assertResourceGroup(ctx.runtime.store.state.tables, ctx.projectId, resource_group_id);
      const record = createInProject(
        ctx,
        instances,
        Object.assign({}, body, {
          status: 'provisioning' as const,
          resource_group_id: resource_group_id ?? null,
        }),
        { type: TYPE },
      );
      ctx.runtime.lifecycle.plan(instances, record, ['running']);
      return record;
    },

    retrieve: (ctx) => findInProject(ctx, instances, ctx.params.id, 'Instance'),

    delete(ctx) {
      removeRecord(ctx, instances, findInProject(ctx, instances, ctx.params.id, 'Instance'), TYPE);
    },

    start(ctx) {
      const record = findInProject(ctx, instances, ctx.params.id, 'Instance');
      assertState(record, ['stopped'], 'start');
      ctx.runtime.store.table(instances).update(record.id, { status: 'starting' }, ctx.now());
      ctx.runtime.lifecycle.plan(instances, record, ['running']);
      return record;
    },

    stop(ctx) {
      const record = findInProject(ctx, instances, ctx.params.id, 'Instance');
      assertState(record, ['running'], 'stop');
      ctx.runtime.store.table(instances).update(record.id, { status: 'stopping' }, ctx.now());
      ctx.runtime.lifecycle.plan(instances, record, ['stopped']);
      return record;
    },
  }),
};

/** Resource groups are another family's table; read it by name so compute does not depend on it. */
function assertResourceGroup(
  tables: Record<string, Record<string, StoredRecord>>,
  projectId: string,
  id: string,
) {
  const group = tables.resource_groups?.[id];
  if (!group || group.project_id !== projectId) {
    throw HttpError.validation([
      { path: 'body.resource_group_id', message: 'no such resource group in this project' },
    ]);
  }
}
