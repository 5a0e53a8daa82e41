import { type Subnet, type Vpc, VpcCreateBody, VpcSubnetCreateBody } from '@nimbus/sdk/contract';
import * as z from 'zod';
import { bodyFields, changedFields, collect, type Kind } from '../kind';

type SubnetEntry = z.output<typeof VpcSubnetCreateBody>;

/** Subnets, nested in their VPC's entry (which is how a subnet names its VPC). No update route. */
const subnetsKind: Kind<SubnetEntry, Subnet> = {
  key: 'subnets',
  group: 'vpcs.subnets',
  noun: 'subnet',
  entry: VpcSubnetCreateBody,
  available: (client) => 'vpcs' in client && 'subnets' in client.vpcs,
  nameOf: (item) => item.name,
  recordName: (record) => record.name,
  idOf: (record) => record.id,
  list: (api, vpcId) => collect(api.client.vpcs.subnets.list(vpcId!, { per_page: 100 })),
  diff: (item, record) => changedFields(item, record),
  create: (item, api, vpcId) => api.client.vpcs.subnets.create(vpcId!, item, api.writeOnce()),
  export: (record) => bodyFields(VpcSubnetCreateBody, record),
};

const VpcEntry = VpcCreateBody.extend({
  subnets: z.array(VpcSubnetCreateBody).default([]).describe('Subnets of the VPC, created after it'),
});

type Item = z.output<typeof VpcEntry>;

/** VPCs with their subnets. No update route: another CIDR or region needs a new VPC. */
export const vpcsKind: Kind<Item, Vpc> = {
  key: 'vpcs',
  group: 'vpcs',
  noun: 'VPC',
  entry: VpcEntry,
  child: { field: 'subnets', kind: subnetsKind },
  available: (client) => 'vpcs' in client,
  nameOf: (item) => item.name,
  recordName: (record) => record.name,
  idOf: (record) => record.id,
  list: (api) => collect(api.client.vpcs.list({ per_page: 100 })),
  diff: (item, record) => changedFields(item, record, { skip: ['subnets'] }),
  create: ({ subnets: _later, ...body }, api) => api.client.vpcs.create(body, api.writeOnce()),
  export: (record) => bodyFields(VpcCreateBody, record),
};
