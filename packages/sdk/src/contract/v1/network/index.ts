// The network family (VPCs and everything that connects, balances or guards them), one file per group.
export * from './bandwidth-policies';
export * from './ddos-plans';
export * from './global-load-balancers';
export * from './load-balancers';
export * from './private-endpoints';
export * from './route-tables';
export * from './shared';
export * from './subnets';
export * from './transit-hub-attachments';
export * from './transit-hubs';
export * from './vpc-peerings';
export * from './vpcs';
export * from './vpn-gateways';

import { bandwidthPolicies } from './bandwidth-policies';
import { ddosPlans } from './ddos-plans';
import { globalLoadBalancers } from './global-load-balancers';
import { loadBalancers } from './load-balancers';
import { privateEndpoints } from './private-endpoints';
import { transitHubAttachments } from './transit-hub-attachments';
import { transitHubs } from './transit-hubs';
import { vpcPeerings } from './vpc-peerings';
import { vpcs } from './vpcs';
import { vpnGateways } from './vpn-gateways';

/** The network groups of the v1 contract, keyed as in `v1` (spread there in one line). */
export const networkGroups = {
  vpcs,
  transitHubs,
  transitHubAttachments,
  vpcPeerings,
  vpnGateways,
  loadBalancers,
  globalLoadBalancers,
  bandwidthPolicies,
  privateEndpoints,
  ddosPlans,
};
