import { transitHubAttachments as transitHubAttachmentsEndpoints } from '@nimbus/sdk/contract/v1/transit-hub-attachments';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { findReferenced } from './network/shared';
import { transitHubAttachments, transitHubs, vpcs } from './network/tables';

export const transitHubAttachmentsFamily: FamilyModule = {
  handlers: defineHandlers(transitHubAttachmentsEndpoints, {
    list: (ctx) =>
      paginate(
        ctx,
        filterRows(ctx.runtime.store.table(transitHubAttachments).list(ctx.projectId), ctx.query),
      ),

    create(ctx) {
      const hub = findReferenced(ctx, transitHubs, ctx.body.hub_id, 'Transit hub', 'body.hub_id');
      const vpc = findReferenced(ctx, vpcs, ctx.body.vpc_id, 'VPC', 'body.vpc_id');
      const existing = ctx.runtime.store.table(transitHubAttachments).byKey('pair', `${hub.id}:${vpc.id}`);
      if (existing) {
        throw HttpError.conflict(`VPC ${vpc.name} is already attached to transit hub ${hub.name}`, {
          attachment_id: existing.id,
        });
      }
      return createInProject(
        ctx,
        transitHubAttachments,
        { hub_id: hub.id, vpc_id: vpc.id, status: 'available' },
        { type: 'network.transit_hub_attachment' },
      );
    },
  }),
};
