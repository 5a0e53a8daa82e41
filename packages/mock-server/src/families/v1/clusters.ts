import type { Cluster } from '@nimbus/sdk/contract';
import { clusters as clustersEndpoints } from '@nimbus/sdk/contract/v1/clusters';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject, findInProject } from '../../core/pipeline/resources';
import { quotaResources } from '../../core/services/quotas';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

export type ClusterRow = Cluster & StoredRecord;

export const clusters = defineTable<ClusterRow>('clusters', {
  unique: { name: (c) => `${c.project_id}:${c.name}` },
});
quotaResources.add('clusters');

const TYPE = 'container.cluster';

/** The API server's host: the name made DNS-safe, plus the project, so it is unique platform-wide. */
function endpointOf(name: string, projectId: string, region: string): string {
  const label = name.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return `https://${label}-${projectId.slice(0, 8)}.${region}.k8s.nimbus.local`;
}

export const clustersFamily: FamilyModule = {
  setup(runtime) {
    runtime.lifecycle.register(clusters);
    runtime.lifecycle.on(clusters.name, ({ record, to }) => {
      runtime.publish({
        type: `${TYPE}.${to}`,
        subject: `/projects/${record.project_id}/${TYPE}/${record.id}`,
        project_id: record.project_id!,
        data: record,
      });
    });
  },

  handlers: defineHandlers(clustersEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(clusters).list(ctx.projectId);
      const { status, region, name } = ctx.query;
      return paginate(ctx, filterRows(rows, { status, region, name }));
    },

    create(ctx) {
      const { name, region, kubernetes_version, node_pools } = ctx.body;
      if (ctx.runtime.store.table(clusters).byKey('name', `${ctx.projectId}:${name}`)) {
        throw HttpError.conflict(`A cluster named ${name} already exists in this project`, { field: 'name' });
      }
      const pools = node_pools.map((pool) => ({ ...pool, autoscale: pool.autoscale ?? null }));
      const record = createInProject(
        ctx,
        clusters,
        {
          name,
          region,
          kubernetes_version,
          node_pools: pools,
          node_count: pools.reduce((sum, pool) => sum + pool.count, 0),
          endpoint: endpointOf(name, ctx.projectId, region),
          status: 'provisioning',
        },
        { type: TYPE },
      );
      ctx.runtime.lifecycle.plan(clusters, record, ['running']);
      return record;
    },

    retrieve: (ctx) => findInProject(ctx, clusters, ctx.params.id, 'Cluster'),
  }),
};
