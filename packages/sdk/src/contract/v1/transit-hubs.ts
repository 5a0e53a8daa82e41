import * as z from 'zod';
import { listQuery, ProjectRecord, Region, ResourceName } from '../common';
import { endpoint } from '../define';
import { networkRoute, PrivateAsn } from './network/shared';

export const TransitHubStatus = z.enum(['available']);

export const TransitHub = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  asn: z.number().int().nonnegative().describe("The hub's private ASN for BGP"),
  status: TransitHubStatus,
});

export const TransitHubCreateBody = z.object({
  name: ResourceName.describe('Transit hub name'),
  region: Region.describe('Region of the hub, e.g. hn'),
  asn: PrivateAsn.default(64_512).describe(
    "The hub's BGP ASN, private: 64512..65534 or 4200000000..4294967294; default 64512",
  ),
});

export const TransitHubListQuery = listQuery({
  name: z.string().optional().describe('Only hubs with this name'),
  region: Region.optional().describe('Only hubs of this region'),
});

export const transitHubs = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/transit-hubs',
    summary: 'List transit hubs',
    query: TransitHubListQuery,
    response: TransitHub,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/transit-hubs',
    summary: 'Create a transit hub that VPCs attach to',
    body: TransitHubCreateBody,
    response: TransitHub,
    status: 201,
  }),
};

export type TransitHub = z.infer<typeof TransitHub>;
