// Schemas the network namespaces share, and the list of those namespaces as `v1` spreads them.
export * from './shared';

import { bandwidthPolicies } from '../bandwidth-policies';
import { ddosPlans } from '../ddos-plans';
import { globalLoadBalancers } from '../global-load-balancers';
import { loadBalancers } from '../load-balancers';
import { privateEndpoints } from '../private-endpoints';
import { transitHubAttachments } from '../transit-hub-attachments';
import { transitHubs } from '../transit-hubs';
import { vpcPeerings } from '../vpc-peerings';
import { vpcs } from '../vpcs';
import { vpnGateways } from '../vpn-gateways';

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
