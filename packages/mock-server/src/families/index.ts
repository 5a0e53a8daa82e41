import type { FamilyModule } from '../core/app';
import { docsFamily } from './docs';
import { controlFamily } from './mock/control';
import { authFamily } from './v1/auth';
import { instancesFamily } from './v1/instances';
import { projectsFamily } from './v1/projects';
import { apiProductsFamily } from './v1/api-products';
import { apiSubscriptionsFamily } from './v1/api-subscriptions';
import { bucketsFamily } from './v1/buckets';
import { cacheInstancesFamily } from './v1/cache-instances';
import { cdnEndpointsFamily } from './v1/cdn-endpoints';
import { cdnProfilesFamily } from './v1/cdn-profiles';
import { functionsFamily } from './v1/functions';
// <imports: storage-serverless-cdn-cache-apim>
import { webhookDeliveriesFamily } from './mock/webhooks';
import { billingFamilies } from './v1/billing';
import { eventGridFamilies } from './v1/eventgrid';
// <imports: eventgrid-billing>
import { activityLogsFamily } from './v1/activity-logs';
import { metricRulesFamily } from './v1/metric-rules';
import { assignmentsFamily } from './v1/policy/assignments';
import { complianceFamily } from './v1/policy/compliance';
import { policiesFamily } from './v1/policy/policies';
// <imports: policy-monitor-lists>
import { networkFamilies } from './v1/network';
// <imports: network>
import { backupsFamily } from './v1/backup/backups';
import { backupPoliciesFamily } from './v1/backup/policies';
import { snapshotsFamily } from './v1/backup/snapshots';
import { backupVaultsFamily } from './v1/backup/vaults';
import { drPlansFamily } from './v1/dr/plans';
import { provisioningMetricsFamily } from './v1/provisioning-metrics';
import { resourceGroupsFamily } from './v1/resource-groups';
import { databasesFamily } from './v1/sql/databases';
// <imports: sql-backup-dr>
import { clustersFamily } from './v1/clusters';
import { firewallsFamily } from './v1/firewalls';
import { iamFamily } from './v1/iam';
import { monitorFamily } from './v1/monitor';
import { registriesFamily } from './v1/registries';
import { vaultsFamily } from './v1/vaults';
import { webappsFamily } from './v1/webapps';
import { zonesFamily } from './v1/zones';
// <imports: iam-monitor-services>
import { videoControlFamily } from './mock/video';
import { videoFamily } from './v2';
// <imports: video>

/** Every family the reference server runs. */
export const families: readonly FamilyModule[] = [
  controlFamily,
  docsFamily,
  authFamily,
  projectsFamily,
  instancesFamily,
  bucketsFamily,
  functionsFamily,
  cdnProfilesFamily,
  cdnEndpointsFamily,
  cacheInstancesFamily,
  apiProductsFamily,
  apiSubscriptionsFamily,
  // <families: storage-serverless-cdn-cache-apim>
  ...eventGridFamilies,
  ...billingFamilies,
  webhookDeliveriesFamily,
  // <families: eventgrid-billing>
  policiesFamily,
  assignmentsFamily,
  complianceFamily,
  activityLogsFamily,
  metricRulesFamily,
  // <families: policy-monitor-lists>
  ...networkFamilies,
  // <families: network>
  databasesFamily,
  backupVaultsFamily,
  backupsFamily,
  backupPoliciesFamily,
  snapshotsFamily,
  drPlansFamily,
  provisioningMetricsFamily,
  resourceGroupsFamily,
  // <families: sql-backup-dr>
  iamFamily,
  monitorFamily,
  zonesFamily,
  vaultsFamily,
  clustersFamily,
  registriesFamily,
  webappsFamily,
  firewallsFamily,
  // <families: iam-monitor-services>
  videoFamily,
  videoControlFamily,
  // <families: video>
];
