import { transitHubs as transitHubsEndpoints } from '@nimbus/sdk/contract/v1/transit-hubs';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { createInProject } from '../../core/pipeline/resources';
import { transitHubs } from './network/tables';

export const transitHubsFamily: FamilyModule = {
  handlers: defineHandlers(transitHubsEndpoints, {
    list: (ctx) =>
      paginate(ctx, filterRows(ctx.runtime.store.table(transitHubs).list(ctx.projectId), ctx.query)),
    create: (ctx) =>
      createInProject(
        ctx,
        transitHubs,
        { ...ctx.body, status: 'available' },
        { type: 'network.transit_hub' },
      ),
  }),
};
