import { loadBalancers as loadBalancersEndpoints } from '@nimbus/sdk/contract/v1/load-balancers';
import type { FamilyModule } from '../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { fieldError } from '../../core/pipeline/http-error';
import { createInProject, findInProject } from '../../core/pipeline/resources';
import { dnsLabel, dnsSuffix, findReferenced } from './network/shared';
import { healthProbes, type LoadBalancerRow, loadBalancers, vpcs } from './network/tables';

const TYPE = 'network.load_balancer';

export const loadBalancersFamily: FamilyModule = {
  setup(runtime) {
    runtime.lifecycle.register(loadBalancers);
    // The settled state is a platform event too (network.load_balancer.active).
    runtime.lifecycle.on(loadBalancers.name, ({ record, to }) => {
      runtime.publish({
        type: `${TYPE}.${to}`,
        subject: `/projects/${record.project_id}/${TYPE}/${record.id}`,
        project_id: record.project_id!,
        data: record,
      });
    });
  },

  handlers: defineHandlers(loadBalancersEndpoints, {
    list(ctx) {
      const page = paginate(
        ctx,
        filterRows(ctx.runtime.store.table(loadBalancers).list(ctx.projectId), ctx.query),
      );
      return { ...page, items: page.items.map((row) => withProbes(ctx, row)) };
    },

    create(ctx) {
      const { name, region, type, scheme, vpc_id } = ctx.body;
      if (vpc_id !== undefined) {
        const vpc = findReferenced(ctx, vpcs, vpc_id, 'VPC', 'body.vpc_id');
        if (region !== vpc.region)
          throw fieldError('body.region', `must be the VPC's region (${vpc.region})`);
      }
      // AWS-style names: internal balancers say so, so nobody mistakes them for public ones.
      const prefix = scheme === 'internal' ? 'internal-' : '';
      const record = createInProject(
        ctx,
        loadBalancers,
        {
          name,
          region,
          type,
          scheme,
          vpc_id: vpc_id ?? null,
          dns_name: `${prefix}${dnsLabel(name)}-${dnsSuffix()}.${region}.lb.nimbus.example`,
          status: 'provisioning',
        },
        { type: TYPE },
      );
      ctx.runtime.lifecycle.plan(loadBalancers, record, ['active']);
      return withProbes(ctx, record);
    },

    healthProbes: {
      /** Probes may be added in any state: a balancer is configured while it provisions. */
      create(ctx) {
        const balancer = findInProject(ctx, loadBalancers, ctx.params.id, 'Load balancer');
        const { name, path, ...settings } = ctx.body;
        return createInProject(
          ctx,
          healthProbes,
          {
            ...settings,
            load_balancer_id: balancer.id,
            name: name ?? `${settings.protocol}-${settings.port}`,
            path: path ?? null,
          },
          { type: 'network.health_probe' },
        );
      },
    },
  }),
};

/** The balancer as the API shows it: with its probes, oldest first. */
function withProbes(ctx: Context, row: LoadBalancerRow) {
  const probes = ctx.runtime.store
    .table(healthProbes)
    .filter((p) => p.load_balancer_id === row.id, row.project_id);
  return { ...row, health_probes: probes };
}
