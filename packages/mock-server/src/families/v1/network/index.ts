import type { FamilyModule } from '../../../core/app';
import { bandwidthPoliciesFamily } from './bandwidth-policies';
import { ddosPlansFamily } from './ddos-plans';
import { globalLoadBalancersFamily } from './global-load-balancers';
import { loadBalancersFamily } from './load-balancers';
import { privateEndpointsFamily } from './private-endpoints';
import { routeTablesFamily } from './route-tables';
import { subnetsFamily } from './subnets';
import { transitHubAttachmentsFamily } from './transit-hub-attachments';
import { transitHubsFamily } from './transit-hubs';
import { vpcPeeringsFamily } from './vpc-peerings';
import { vpcsFamily } from './vpcs';
import { vpnGatewaysFamily } from './vpn-gateways';

/** The network family, one module per contract group (spread into the server's family list). */
export const networkFamilies: readonly FamilyModule[] = [
  vpcsFamily,
  subnetsFamily,
  routeTablesFamily,
  transitHubsFamily,
  transitHubAttachmentsFamily,
  vpcPeeringsFamily,
  vpnGatewaysFamily,
  loadBalancersFamily,
  globalLoadBalancersFamily,
  bandwidthPoliciesFamily,
  privateEndpointsFamily,
  ddosPlansFamily,
];
