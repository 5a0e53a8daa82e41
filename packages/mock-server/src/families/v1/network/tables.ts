import type {
  BandwidthPolicy,
  DdosPlan,
  GlobalLoadBalancer,
  HealthProbe,
  LoadBalancer,
  PrivateEndpoint,
  RouteTable,
  Subnet,
  TransitHub,
  TransitHubAttachment,
  Vpc,
  VpcPeering,
  VpnGateway,
} from '@nimbus/sdk/contract';
import { quotaResources } from '../../../core/services/quotas';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

// Every table of the network family in one place: the groups reference each other's records
// (a subnet's VPC, a route's peering, a policy's target), so one module avoids import cycles.
// Rows are the public records, minus what is computed at read time, plus internal fields.

type Row<T> = StoredRecord & T;

export type VpcRow = Row<Vpc>;
/** `available_ip_count` is computed from the subnet's private endpoints when read. */
export type SubnetRow = Row<Omit<Subnet, 'available_ip_count'>>;
export type RouteTableRow = Row<RouteTable>;
export type TransitHubRow = Row<TransitHub>;
export type TransitHubAttachmentRow = Row<TransitHubAttachment>;
export type VpcPeeringRow = Row<VpcPeering>;
export type VpnGatewayRow = Row<
  VpnGateway & {
    /** The BGP MD5 key, sealed with the server secret; the response schema has no such field. */
    bgp_auth_key_sealed: string | null;
  }
>;
/** `health_probes` is joined from the probes table when read. */
export type LoadBalancerRow = Row<Omit<LoadBalancer, 'health_probes'>>;
export type HealthProbeRow = Row<HealthProbe>;
export type GlobalLoadBalancerRow = Row<GlobalLoadBalancer>;
export type BandwidthPolicyRow = Row<BandwidthPolicy>;
export type PrivateEndpointRow = Row<PrivateEndpoint>;
export type DdosPlanRow = Row<DdosPlan>;

export const vpcs = defineTable<VpcRow>('vpcs');
export const subnets = defineTable<SubnetRow>('subnets');
export const routeTables = defineTable<RouteTableRow>('route_tables');
export const transitHubs = defineTable<TransitHubRow>('transit_hubs');
export const transitHubAttachments = defineTable<TransitHubAttachmentRow>('transit_hub_attachments', {
  unique: { pair: (row) => `${row.hub_id}:${row.vpc_id}` },
});
export const vpcPeerings = defineTable<VpcPeeringRow>('vpc_peerings', {
  // Unordered: A->B and B->A are the same link.
  unique: { pair: (row) => [row.vpc_id, row.peer_vpc_id].sort().join(':') },
});
export const vpnGateways = defineTable<VpnGatewayRow>('vpn_gateways', {
  // Public addresses are global: no two gateways of any project share one.
  unique: { public_ip: (row) => row.public_ip },
});
export const loadBalancers = defineTable<LoadBalancerRow>('load_balancers');
export const healthProbes = defineTable<HealthProbeRow>('health_probes');
export const globalLoadBalancers = defineTable<GlobalLoadBalancerRow>('global_load_balancers');
export const bandwidthPolicies = defineTable<BandwidthPolicyRow>('bandwidth_policies', {
  unique: { target: (row) => `${row.target.type}:${row.target.id}` },
});
export const privateEndpoints = defineTable<PrivateEndpointRow>('private_endpoints', {
  unique: { address: (row) => `${row.subnet_id}:${row.private_ip}` },
});
export const ddosPlans = defineTable<DdosPlanRow>('ddos_plans');

// vpcs has its own limit (20) in DEFAULT_QUOTAS; the others count against the default of 100.
for (const spec of [
  subnets,
  routeTables,
  transitHubs,
  transitHubAttachments,
  vpcPeerings,
  vpnGateways,
  loadBalancers,
  healthProbes,
  globalLoadBalancers,
  bandwidthPolicies,
  privateEndpoints,
  ddosPlans,
]) {
  quotaResources.add(spec.name);
}
