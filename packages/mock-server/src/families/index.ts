import type { FamilyModule } from '../core/app';
import { docsFamily } from './docs';
import { controlFamily } from './mock/control';
import { dashboardFamily } from './mock/dashboard';
import { videoControlFamily } from './mock/video';
import { webhookDeliveriesFamily } from './mock/webhooks';
import { activityLogsFamily } from './v1/activity-logs';
import { apiProductsFamily } from './v1/api-products';
import { apiSubscriptionsFamily } from './v1/api-subscriptions';
import { authFamily } from './v1/auth';
import { backupsFamily } from './v1/backup/backups';
import { backupPoliciesFamily } from './v1/backup/policies';
import { snapshotsFamily } from './v1/backup/snapshots';
import { backupVaultsFamily } from './v1/backup/vaults';
import { billingFamilies } from './v1/billing';
import { bucketsFamily } from './v1/buckets';
import { cacheInstancesFamily } from './v1/cache-instances';
import { cdnEndpointsFamily } from './v1/cdn-endpoints';
import { cdnProfilesFamily } from './v1/cdn-profiles';
import { clustersFamily } from './v1/clusters';
import { drPlansFamily } from './v1/dr/plans';
import { eventGridFamilies } from './v1/eventgrid';
import { firewallsFamily } from './v1/firewalls';
import { functionsFamily } from './v1/functions';
import { iamFamily } from './v1/iam';
import { instancesFamily } from './v1/instances';
import { metricRulesFamily } from './v1/metric-rules';
import { monitorFamily } from './v1/monitor';
import { networkFamilies } from './v1/network';
import { assignmentsFamily } from './v1/policy/assignments';
import { complianceFamily } from './v1/policy/compliance';
import { policiesFamily } from './v1/policy/policies';
import { projectsFamily } from './v1/projects';
import { provisioningMetricsFamily } from './v1/provisioning-metrics';
import { registriesFamily } from './v1/registries';
import { resourceGroupsFamily } from './v1/resource-groups';
import { databasesFamily } from './v1/sql/databases';
import { vaultsFamily } from './v1/vaults';
import { webappsFamily } from './v1/webapps';
import { zonesFamily } from './v1/zones';
import { videoFamily } from './v2';

/** Every family the reference server runs. */
export const families: readonly FamilyModule[] = [
  controlFamily,
  dashboardFamily,
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
  ...eventGridFamilies,
  ...billingFamilies,
  webhookDeliveriesFamily,
  policiesFamily,
  assignmentsFamily,
  complianceFamily,
  activityLogsFamily,
  metricRulesFamily,
  ...networkFamilies,
  databasesFamily,
  backupVaultsFamily,
  backupsFamily,
  backupPoliciesFamily,
  snapshotsFamily,
  drPlansFamily,
  provisioningMetricsFamily,
  resourceGroupsFamily,
  iamFamily,
  monitorFamily,
  zonesFamily,
  vaultsFamily,
  clustersFamily,
  registriesFamily,
  webappsFamily,
  firewallsFamily,
  videoFamily,
  videoControlFamily,
];
