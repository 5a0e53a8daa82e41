/**
 * The Nimbus contract: every endpoint of /api/v1, /v2 and the reference server's
 * control routes, declared once. The SDK, the server, the OpenAPI documents and the
 * msw handlers all derive from these objects.
 */
import { type Endpoint, isEndpoint } from './define';
import { docs } from './docs';
import { mock } from './mock';
import { activityLogs } from './v1/activity-logs';
import { anomalies } from './v1/anomalies';
import { apiProducts } from './v1/api-products';
import { assignments } from './v1/assignments';
import { auditLogs } from './v1/audit-logs';
import { auth } from './v1/auth';
import { backupPolicies } from './v1/backup-policies';
import { backupVaults } from './v1/backup-vaults';
import { backups } from './v1/backups';
import { billing } from './v1/billing';
import { buckets } from './v1/buckets';
import { budgets } from './v1/budgets';
import { cacheInstances } from './v1/cache-instances';
import { cdnProfiles } from './v1/cdn-profiles';
import { clusters } from './v1/clusters';
import { compliance } from './v1/compliance';
import { databases } from './v1/databases';
import { drPlans } from './v1/dr-plans';
import { firewalls } from './v1/firewalls';
import { functions } from './v1/functions';
import { iam } from './v1/iam';
import { instances } from './v1/instances';
import { logs } from './v1/logs';
import { metricRules } from './v1/metric-rules';
import { metrics } from './v1/metrics';
import { networkGroups } from './v1/network';
import { policies } from './v1/policies';
import { projects } from './v1/projects';
import { provisioningMetrics } from './v1/provisioning-metrics';
import { quotas } from './v1/quotas';
import { registries } from './v1/registries';
import { reports } from './v1/reports';
import { resourceGroups } from './v1/resource-groups';
import { serviceStatus } from './v1/service-status';
import { snapshots } from './v1/snapshots';
import { topics } from './v1/topics';
import { users } from './v1/users';
import { vaults } from './v1/vaults';
import { webapps } from './v1/webapps';
import { zones } from './v1/zones';
import { cameras } from './v2/cameras';
import { events } from './v2/events';
import { health } from './v2/health';
import { playback } from './v2/playback';

export * from './common';
export * from './define';
export * from './docs';
export * from './generated/operation-routes';
export * from './mock';
export * from './namespaces';
export * from './secrets';
export * from './unknown-fields';
export * from './v1/activity-logs';
export * from './v1/anomalies';
export * from './v1/api-products';
export * from './v1/api-products/subscriptions';
export * from './v1/assignments';
export * from './v1/audit-logs';
export * from './v1/auth';
export * from './v1/backup-policies';
export * from './v1/backup-vaults';
export * from './v1/backups';
export * from './v1/bandwidth-policies';
export * from './v1/billing';
export * from './v1/buckets';
export * from './v1/budgets';
export * from './v1/cache-instances';
export * from './v1/cdn-profiles';
export * from './v1/cdn-profiles/endpoints';
export * from './v1/clusters';
export * from './v1/compliance';
export * from './v1/cron';
export * from './v1/databases';
export * from './v1/ddos-plans';
export * from './v1/dr-plans';
export * from './v1/firewalls';
export * from './v1/functions';
export * from './v1/global-load-balancers';
export * from './v1/iam';
export * from './v1/instances';
export * from './v1/load-balancers';
export * from './v1/logs';
export * from './v1/metric-rules';
export * from './v1/metrics';
export * from './v1/network';
export * from './v1/policies';
export * from './v1/policy-rule';
export * from './v1/private-endpoints';
export * from './v1/projects';
export * from './v1/provisioning-metrics';
export * from './v1/quotas';
export * from './v1/registries';
export * from './v1/reports';
export * from './v1/resource-groups';
export * from './v1/service-status';
export * from './v1/snapshots';
export * from './v1/topics';
export * from './v1/transit-hub-attachments';
export * from './v1/transit-hubs';
export * from './v1/users';
export * from './v1/vaults';
export * from './v1/vpc-peerings';
export * from './v1/vpcs';
export * from './v1/vpcs/route-tables';
export * from './v1/vpcs/subnets';
export * from './v1/vpn-gateways';
export * from './v1/webapps';
export * from './v1/zones';
export * from './v2/cameras';
export * from './v2/events';
export * from './v2/health';
export * from './v2/playback';

/** /api/v1, one entry per resource group (the CLI's command groups use the same keys). */
export const v1 = {
  auth,
  users,
  projects,
  instances,
  buckets,
  functions,
  cdnProfiles,
  cacheInstances,
  apiProducts,
  topics,
  billing,
  quotas,
  budgets,
  anomalies,
  reports,
  policies,
  assignments,
  compliance,
  activityLogs,
  metricRules,
  ...networkGroups,
  databases,
  backupVaults,
  backups,
  backupPolicies,
  snapshots,
  drPlans,
  provisioningMetrics,
  resourceGroups,
  iam,
  auditLogs,
  metrics,
  logs,
  serviceStatus,
  zones,
  vaults,
  clusters,
  registries,
  webapps,
  firewalls,
};

/** /v2, the video management service. */
export const v2 = {
  health,
  cameras,
  events,
  playback,
};

export const contract = { v1, v2, mock, docs };

/** One endpoint with its operation id, e.g. `v1.instances.create`. */
export interface Operation {
  id: string;
  endpoint: Endpoint;
}

/** Every endpoint of the contract, in declaration order. */
export function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [api, families] of Object.entries(contract)) {
    walk(api, families as Record<string, unknown>, out);
  }
  return out;
}

function walk(prefix: string, node: Record<string, unknown>, out: Operation[]): void {
  for (const [key, value] of Object.entries(node)) {
    if (isEndpoint(value)) out.push({ id: `${prefix}.${key}`, endpoint: value });
    else if (value && typeof value === 'object')
      walk(`${prefix}.${key}`, value as Record<string, unknown>, out);
  }
}
