import * as z from 'zod';
import { listQuery, ProjectRecord, ResourceName, Uuid } from '../common';
import { endpoint } from '../define';
import { Ipv4Address, networkRoute } from './network/shared';

/** Platform services reachable through a private endpoint. */
export const PrivateEndpointService = z.enum(['storage', 'sql', 'cache', 'keyvault', 'registry']);
export const PrivateEndpointStatus = z.enum(['available']);

export const PrivateEndpoint = ProjectRecord.extend({
  name: z.string(),
  subnet_id: Uuid,
  vpc_id: Uuid,
  service: PrivateEndpointService,
  target_resource_id: Uuid.nullable(),
  private_ip: z.string().describe("Address inside the subnet's range, unique in the subnet"),
  status: PrivateEndpointStatus,
});

export const PrivateEndpointCreateBody = z.object({
  name: ResourceName.describe('Private endpoint name'),
  subnet_id: Uuid.describe('Subnet of this project the endpoint gets its address from'),
  service: PrivateEndpointService.describe('storage, sql, cache, keyvault or registry'),
  target_resource_id: Uuid.optional().describe(
    'The service resource (bucket, database, vault...) the endpoint reaches',
  ),
  private_ip: Ipv4Address.optional().describe(
    'Address to take, inside the subnet and not reserved (first four, last); default: the lowest free one',
  ),
});

export const PrivateEndpointListQuery = listQuery({
  name: z.string().optional().describe('Only endpoints with this name'),
  subnet_id: Uuid.optional().describe('Only endpoints of this subnet'),
  vpc_id: Uuid.optional().describe('Only endpoints of this VPC'),
  service: PrivateEndpointService.optional().describe('Only endpoints of this service'),
});

export const privateEndpoints = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/private-endpoints',
    summary: 'List private endpoints',
    query: PrivateEndpointListQuery,
    response: PrivateEndpoint,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/private-endpoints',
    summary: 'Create a private endpoint with an address from a subnet (a full subnet or taken address: 409)',
    body: PrivateEndpointCreateBody,
    response: PrivateEndpoint,
    status: 201,
  }),
};

export type PrivateEndpoint = z.infer<typeof PrivateEndpoint>;
