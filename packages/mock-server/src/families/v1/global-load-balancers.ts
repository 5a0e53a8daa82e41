import { globalLoadBalancers as globalLoadBalancersEndpoints } from '@nimbus/sdk/contract/v1/global-load-balancers';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { fieldError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { dnsLabel, dnsSuffix, findReferenced } from './network/shared';
import { globalLoadBalancers, loadBalancers } from './network/tables';

export const globalLoadBalancersFamily: FamilyModule = {
  handlers: defineHandlers(globalLoadBalancersEndpoints, {
    list: (ctx) =>
      paginate(ctx, filterRows(ctx.runtime.store.table(globalLoadBalancers).list(ctx.projectId), ctx.query)),

    create(ctx) {
      const { name, routing } = ctx.body;
      // Weights, priorities and duplicates are checked by the contract; here, what needs the store.
      const backends = ctx.body.backends.map((backend, i) => {
        const path = `body.backends.${i}.load_balancer_id`;
        const balancer = findReferenced(ctx, loadBalancers, backend.load_balancer_id, 'Load balancer', path);
        // Global traffic arrives from the internet: an internal balancer cannot receive it.
        if (balancer.scheme === 'internal')
          throw fieldError(path, 'must be an internet-facing load balancer');
        return {
          load_balancer_id: balancer.id,
          weight: backend.weight ?? null,
          priority: backend.priority ?? null,
        };
      });
      return createInProject(
        ctx,
        globalLoadBalancers,
        {
          name,
          routing,
          backends,
          dns_name: `${dnsLabel(name)}-${dnsSuffix()}.glb.nimbus.example`,
          status: 'active',
        },
        { type: 'network.global_load_balancer' },
      );
    },
  }),
};
