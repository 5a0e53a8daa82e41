// The network family's SDK resources, one file per contract group.
export { BandwidthPolicies } from './bandwidth-policies';
export { DdosPlans } from './ddos-plans';
export { GlobalLoadBalancers } from './global-load-balancers';
export { LoadBalancers } from './load-balancers';
export { PrivateEndpoints } from './private-endpoints';
export { VpcRouteTables } from './route-tables';
export { VpcSubnets } from './subnets';
export { TransitHubAttachments } from './transit-hub-attachments';
export { TransitHubs } from './transit-hubs';
export { VpcPeerings } from './vpc-peerings';
export { Vpcs } from './vpcs';
export { VpnGateways } from './vpn-gateways';
