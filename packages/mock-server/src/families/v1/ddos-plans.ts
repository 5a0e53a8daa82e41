import { ddosPlans as ddosPlansEndpoints } from '@nimbus/sdk/contract/v1/ddos-plans';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { ddosPlans, loadBalancers, vpcs, vpnGateways } from './network/tables';

export const ddosPlansFamily: FamilyModule = {
  handlers: defineHandlers(ddosPlansEndpoints, {
    list: (ctx) =>
      paginate(ctx, filterRows(ctx.runtime.store.table(ddosPlans).list(ctx.projectId), ctx.query)),

    create(ctx) {
      const { name, tier, protected_resources, alert_email } = ctx.body;
      const { store } = ctx.runtime;
      const known = (id: string) =>
        store.table(vpcs).getIn(ctx.projectId, id) ??
        store.table(loadBalancers).getIn(ctx.projectId, id) ??
        store.table(vpnGateways).getIn(ctx.projectId, id);
      // The ids are untyped, so an unknown one is a bad value in the list (400), not a missing resource.
      const unknown: { path: string; message: string }[] = [];
      protected_resources.forEach((id, i) => {
        const message = 'no VPC, load balancer or VPN gateway of this project has this id';
        if (!known(id)) unknown.push({ path: `body.protected_resources.${i}`, message });
      });
      const [first] = unknown;
      if (first) throw HttpError.validation(unknown, `${first.path}: ${first.message}`);
      return createInProject(
        ctx,
        ddosPlans,
        { name, tier, protected_resources, alert_email: alert_email ?? null, status: 'active' },
        { type: 'network.ddos_plan' },
      );
    },
  }),
};
