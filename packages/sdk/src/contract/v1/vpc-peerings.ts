import * as z from 'zod';
import { listQuery, ProjectRecord, Uuid } from '../common';
import { endpoint } from '../define';
import { networkRoute } from './network/shared';

export const VpcPeeringStatus = z.enum(['active']);

export const VpcPeering = ProjectRecord.extend({
  vpc_id: Uuid.describe('The requesting VPC'),
  peer_vpc_id: Uuid.describe('The accepting VPC'),
  status: VpcPeeringStatus,
});

export const VpcPeeringCreateBody = z
  .object({
    vpc_id: Uuid.describe('VPC of this project that requests the peering'),
    peer_vpc_id: Uuid.describe('Another VPC of this project; its range must not overlap the first'),
  })
  .superRefine((body, ctx) => {
    if (body.peer_vpc_id === body.vpc_id) {
      ctx.addIssue({ code: 'custom', path: ['peer_vpc_id'], message: 'must be another VPC than vpc_id' });
    }
  });

export const VpcPeeringListQuery = listQuery({
  vpc_id: Uuid.optional().describe('Only peerings requested by this VPC'),
  peer_vpc_id: Uuid.optional().describe('Only peerings accepted by this VPC'),
  status: VpcPeeringStatus.optional().describe('Only peerings in this status'),
});

export const vpcPeerings = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/vpc-peerings',
    summary: 'List VPC peerings',
    query: VpcPeeringListQuery,
    response: VpcPeering,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/vpc-peerings',
    summary: 'Peer two VPCs of the project (overlapping ranges or an existing peering: 409)',
    body: VpcPeeringCreateBody,
    response: VpcPeering,
    status: 201,
  }),
};

export type VpcPeering = z.infer<typeof VpcPeering>;
