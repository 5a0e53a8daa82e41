import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, ResourceName, Uuid } from '../../common';
import { endpoint } from '../../define';
import { ipv4CidrWithPrefix, networkRoute, ZoneName } from '../network/shared';

export const SubnetStatus = z.enum(['available']);

export const Subnet = ProjectRecord.extend({
  vpc_id: Uuid,
  name: z.string(),
  cidr: z.string(),
  zone: z.string().nullable().describe('Availability zone, or null when the subnet spans the region'),
  available_ip_count: z
    .number()
    .int()
    .nonnegative()
    .describe('Addresses still free for private endpoints (the first four and the last are reserved)'),
  status: SubnetStatus,
});

export const VpcSubnetCreateBody = z.object({
  name: ResourceName.describe('Subnet name'),
  cidr: ipv4CidrWithPrefix(16, 29).describe(
    "IPv4 range of the subnet, prefix /16 to /29; must lie inside the VPC's range and overlap no other subnet of the VPC",
  ),
  zone: ZoneName.optional().describe(
    "Availability zone of the VPC's region (e.g. hn-a); omit to span the region",
  ),
});

export const VpcSubnetListQuery = listQuery({
  name: z.string().optional().describe('Only subnets with this name'),
  zone: ZoneName.optional().describe('Only subnets of this zone'),
});

export const subnets = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/vpcs/{id}/subnets',
    summary: 'List the subnets of a VPC',
    params: IdParams,
    query: VpcSubnetListQuery,
    response: Subnet,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/vpcs/{id}/subnets',
    summary: 'Create a subnet inside a VPC (its range must not overlap a sibling: 409)',
    example: `await client.vpcs.subnets.create(vpc.id, { name: 'web', cidr: '10.0.1.0/24', zone: 'hn-a' });`,
    params: IdParams,
    body: VpcSubnetCreateBody,
    response: Subnet,
    status: 201,
  }),
};

export type Subnet = z.infer<typeof Subnet>;
