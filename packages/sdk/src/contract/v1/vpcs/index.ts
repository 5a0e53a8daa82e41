import * as z from 'zod';
import { listQuery, ProjectRecord, Region, ResourceName } from '../../common';
import { endpoint } from '../../define';
import { ipv4CidrWithPrefix, networkRoute } from '../network/shared';
import { routeTables } from './route-tables';
import { subnets } from './subnets';

/** VPCs are usable at once: there is no provisioning phase to wait for. */
export const VpcStatus = z.enum(['available']);

export const Vpc = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  cidr: z.string().describe('IPv4 address range of the VPC'),
  status: VpcStatus,
});

export const VpcCreateBody = z.object({
  name: ResourceName.describe('VPC name'),
  region: Region.describe('Region the VPC lives in, e.g. hn'),
  cidr: ipv4CidrWithPrefix(16, 28)
    .default('10.0.0.0/16')
    .describe(
      'IPv4 range of the VPC, prefix /16 to /28, written as its network address (10.0.0.1/16 is refused); default 10.0.0.0/16',
    ),
});

export const VpcListQuery = listQuery({
  name: z.string().optional().describe('Only VPCs with this name'),
  region: Region.optional().describe('Only VPCs of this region'),
  status: VpcStatus.optional().describe('Only VPCs in this status'),
});

export const vpcs = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/vpcs',
    summary: 'List VPCs',
    query: VpcListQuery,
    response: Vpc,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/vpcs',
    summary: 'Create a VPC (quota: 20 per project)',
    example: `const vpc = await client.vpcs.create({ name: 'prod', region: 'hn', cidr: '10.20.0.0/16' });`,
    body: VpcCreateBody,
    response: Vpc,
    status: 201,
  }),
  subnets,
  routeTables,
};

export type Vpc = z.infer<typeof Vpc>;
