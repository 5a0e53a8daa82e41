import { vpcs as vpcsEndpoints } from '@nimbus/sdk/contract/v1/vpcs';
import type { FamilyModule } from '../../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { createInProject } from '../../../core/pipeline/resources';
import { requireCidr, VPC_PREFIX } from '../network/shared';
import { vpcs } from '../network/tables';

export const vpcsFamily: FamilyModule = {
  handlers: defineHandlers(vpcsEndpoints, {
    list: (ctx) => paginate(ctx, filterRows(ctx.runtime.store.table(vpcs).list(ctx.projectId), ctx.query)),

    create(ctx) {
      requireCidr(ctx.body.cidr, 'body.cidr', VPC_PREFIX);
      // Counts against the `vpcs` quota (20 per project, docs/decisions/0002-v1-envelopes-and-errors.md).
      return createInProject(ctx, vpcs, { ...ctx.body, status: 'available' }, { type: 'network.vpc' });
    },
  }),
};
