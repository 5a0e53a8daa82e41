import type { FamilyModule } from '../core/app';
import { docsFamily } from './docs';
import { controlFamily } from './mock/control';
import { dashboardFamily } from './mock/dashboard';
import { videoControlFamily } from './mock/video';
import { webhookDeliveriesFamily } from './mock/webhooks';
import { activityLogsFamily } from './v1/activity-logs';
import { anomaliesFamily } from './v1/anomalies';
import { apiProductsFamily } from './v1/api-products';
import { apiSubscriptionsFamily } from './v1/api-products/subscriptions';
import { assignmentsFamily } from './v1/assignments';
import { auditLogsFamily } from './v1/audit-logs';
import { authFamily } from './v1/auth';
import { backupPoliciesFamily } from './v1/backup-policies';
import { backupVaultsFamily } from './v1/backup-vaults';
import { backupsFamily } from './v1/backups';
import { bandwidthPoliciesFamily } from './v1/bandwidth-policies';
import { billingFamilies } from './v1/billing';
import { bucketsFamily } from './v1/buckets';
import { budgetsFamily } from './v1/budgets';
import { cacheInstancesFamily } from './v1/cache-instances';
import { cdnProfilesFamily } from './v1/cdn-profiles';
import { cdnEndpointsFamily } from './v1/cdn-profiles/endpoints';
import { clustersFamily } from './v1/clusters';
import { complianceFamily } from './v1/compliance';
import { databasesFamily } from './v1/databases';
import { ddosPlansFamily } from './v1/ddos-plans';
import { drPlansFamily } from './v1/dr-plans';
import { firewallsFamily } from './v1/firewalls';
import { functionsFamily } from './v1/functions';
import { globalLoadBalancersFamily } from './v1/global-load-balancers';
import { iamFamily } from './v1/iam';
import { instancesFamily } from './v1/instances';
import { loadBalancersFamily } from './v1/load-balancers';
import { logsFamily } from './v1/logs';
import { metricRulesFamily } from './v1/metric-rules';
import { metricsFamily } from './v1/metrics';
import { policiesFamily } from './v1/policies';
import { privateEndpointsFamily } from './v1/private-endpoints';
import { projectsFamily } from './v1/projects';
import { provisioningMetricsFamily } from './v1/provisioning-metrics';
import { quotasFamily } from './v1/quotas';
import { registriesFamily } from './v1/registries';
import { reportsFamily } from './v1/reports';
import { resourceGroupsFamily } from './v1/resource-groups';
import { serviceStatusFamily } from './v1/service-status';
import { snapshotsFamily } from './v1/snapshots';
import { topicsFamilies } from './v1/topics';
import { transitHubAttachmentsFamily } from './v1/transit-hub-attachments';
import { transitHubsFamily } from './v1/transit-hubs';
import { usersFamily } from './v1/users';
import { vaultsFamily } from './v1/vaults';
import { vpcPeeringsFamily } from './v1/vpc-peerings';
import { vpcsFamily } from './v1/vpcs';
import { routeTablesFamily } from './v1/vpcs/route-tables';
import { subnetsFamily } from './v1/vpcs/subnets';
import { vpnGatewaysFamily } from './v1/vpn-gateways';
import { webappsFamily } from './v1/webapps';
import { zonesFamily } from './v1/zones';
import { videoFamily } from './v2';

/** Every family the reference server runs. */
export const families: readonly FamilyModule[] = [
  controlFamily,
  dashboardFamily,
  docsFamily,
  authFamily,
  usersFamily,
  projectsFamily,
  instancesFamily,
  bucketsFamily,
  functionsFamily,
  cdnProfilesFamily,
  cdnEndpointsFamily,
  cacheInstancesFamily,
  apiProductsFamily,
  apiSubscriptionsFamily,
  ...topicsFamilies,
  ...billingFamilies,
  quotasFamily,
  budgetsFamily,
  anomaliesFamily,
  reportsFamily,
  webhookDeliveriesFamily,
  policiesFamily,
  assignmentsFamily,
  complianceFamily,
  activityLogsFamily,
  metricRulesFamily,
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
  databasesFamily,
  backupVaultsFamily,
  backupsFamily,
  backupPoliciesFamily,
  snapshotsFamily,
  drPlansFamily,
  provisioningMetricsFamily,
  resourceGroupsFamily,
  iamFamily,
  auditLogsFamily,
  metricsFamily,
  logsFamily,
  serviceStatusFamily,
  zonesFamily,
  vaultsFamily,
  clustersFamily,
  registriesFamily,
  webappsFamily,
  firewallsFamily,
  videoFamily,
  videoControlFamily,
];
