import { vpcPeerings as vpcPeeringsEndpoints } from '@nimbus/sdk/contract/v1/vpc-peerings';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { overlaps } from './network/cidr';
import { findReferenced, storedCidr } from './network/shared';
import { vpcPeerings, vpcs } from './network/tables';

export const vpcPeeringsFamily: FamilyModule = {
  handlers: defineHandlers(vpcPeeringsEndpoints, {
    list: (ctx) =>
      paginate(ctx, filterRows(ctx.runtime.store.table(vpcPeerings).list(ctx.projectId), ctx.query)),

    create(ctx) {
      const vpc = findReferenced(ctx, vpcs, ctx.body.vpc_id, 'VPC', 'body.vpc_id');
      const peer = findReferenced(ctx, vpcs, ctx.body.peer_vpc_id, 'VPC', 'body.peer_vpc_id');
      const existing = ctx.runtime.store.table(vpcPeerings).byKey('pair', [vpc.id, peer.id].sort().join(':'));
      if (existing) {
        throw HttpError.conflict(`VPCs ${vpc.name} and ${peer.name} are already peered`, {
          peering_id: existing.id,
        });
      }
      // Routing between overlapping ranges would be ambiguous, so real clouds refuse it too.
      if (overlaps(storedCidr(vpc.cidr), storedCidr(peer.cidr))) {
        throw HttpError.conflict(
          `The ranges of ${vpc.name} (${vpc.cidr}) and ${peer.name} (${peer.cidr}) overlap`,
          {
            vpc_cidr: vpc.cidr,
            peer_vpc_cidr: peer.cidr,
          },
        );
      }
      return createInProject(
        ctx,
        vpcPeerings,
        { vpc_id: vpc.id, peer_vpc_id: peer.id, status: 'active' },
        { type: 'network.vpc_peering' },
      );
    },
  }),
};
