import { type LazyFamily, lazyFamily } from '../core/families';

/** The billing ledger: loaded with each family whose resources accrue cost (see its module). */
const ledger = async () => (await import('./v1/billing')).ledgerFamily;

/**
 * Every family the reference server runs, each loaded on the first request for one of its
 * operations (core/families.ts). Families load together where one's `setup` must run before the
 * other's first request: the ledger before a metered resource exists, budgets with the billing
 * route that creates them, policy enforcement with the assignments it enforces.
 */
export const families: readonly LazyFamily[] = [
  lazyFamily(['mock'], async () => [await import('./mock/control').then((m) => m.controlFamily)]),
  lazyFamily(['mock.dashboard'], async () => [
    await import('./mock/dashboard').then((m) => m.dashboardFamily),
  ]),
  lazyFamily(['mock.webhookDeliveries'], async () => [
    await import('./mock/webhooks').then((m) => m.webhookDeliveriesFamily),
  ]),
  lazyFamily(['docs'], async () => [await import('./docs').then((m) => m.docsFamily)]),
  lazyFamily(['v1.auth'], async () => [await import('./v1/auth').then((m) => m.authFamily)]),
  lazyFamily(['v1.users'], async () => [await import('./v1/users').then((m) => m.usersFamily)]),
  lazyFamily(['v1.projects'], async () => [await import('./v1/projects').then((m) => m.projectsFamily)]),
  lazyFamily(['v1.instances'], async () =>
    Promise.all([import('./v1/instances').then((m) => m.instancesFamily), ledger()]),
  ),
  lazyFamily(['v1.buckets'], async () =>
    Promise.all([import('./v1/buckets').then((m) => m.bucketsFamily), ledger()]),
  ),
  lazyFamily(['v1.functions'], async () => [await import('./v1/functions').then((m) => m.functionsFamily)]),
  lazyFamily(['v1.cdnProfiles'], async () => [
    await import('./v1/cdn-profiles').then((m) => m.cdnProfilesFamily),
  ]),
  lazyFamily(['v1.cdnProfiles.endpoints'], async () => [
    await import('./v1/cdn-profiles/endpoints').then((m) => m.cdnEndpointsFamily),
  ]),
  lazyFamily(['v1.cacheInstances'], async () =>
    Promise.all([import('./v1/cache-instances').then((m) => m.cacheInstancesFamily), ledger()]),
  ),
  lazyFamily(['v1.apiProducts'], async () => [
    await import('./v1/api-products').then((m) => m.apiProductsFamily),
  ]),
  lazyFamily(['v1.apiProducts.subscriptions'], async () => [
    await import('./v1/api-products/subscriptions').then((m) => m.apiSubscriptionsFamily),
  ]),
  lazyFamily(['v1.topics'], async () =>
    Promise.all([
      import('./v1/topics/topics').then((m) => m.topicsFamily),
      import('./v1/topics/subscriptions').then((m) => m.topicSubscriptionsFamily),
    ]),
  ),
  lazyFamily(['v1.billing', 'v1.budgets'], async () =>
    Promise.all([
      ledger(),
      import('./v1/billing/billing').then((m) => m.billingFamily),
      import('./v1/budgets').then((m) => m.budgetsFamily),
    ]),
  ),
  lazyFamily(['v1.quotas'], async () => [await import('./v1/quotas').then((m) => m.quotasFamily)]),
  lazyFamily(['v1.anomalies'], async () => [await import('./v1/anomalies').then((m) => m.anomaliesFamily)]),
  lazyFamily(['v1.reports'], async () => [await import('./v1/reports').then((m) => m.reportsFamily)]),
  lazyFamily(['v1.policies', 'v1.assignments', 'v1.compliance'], async () =>
    Promise.all([
      import('./v1/policies').then((m) => m.policiesFamily),
      import('./v1/assignments').then((m) => m.assignmentsFamily),
      import('./v1/compliance').then((m) => m.complianceFamily),
    ]),
  ),
  lazyFamily(['v1.activityLogs'], async () => [
    await import('./v1/activity-logs').then((m) => m.activityLogsFamily),
  ]),
  lazyFamily(['v1.metricRules'], async () => [
    await import('./v1/metric-rules').then((m) => m.metricRulesFamily),
  ]),
  lazyFamily(['v1.vpcs'], async () => [await import('./v1/vpcs').then((m) => m.vpcsFamily)]),
  lazyFamily(['v1.vpcs.subnets'], async () => [
    await import('./v1/vpcs/subnets').then((m) => m.subnetsFamily),
  ]),
  lazyFamily(['v1.vpcs.routeTables'], async () => [
    await import('./v1/vpcs/route-tables').then((m) => m.routeTablesFamily),
  ]),
  lazyFamily(['v1.transitHubs'], async () => [
    await import('./v1/transit-hubs').then((m) => m.transitHubsFamily),
  ]),
  lazyFamily(['v1.transitHubAttachments'], async () => [
    await import('./v1/transit-hub-attachments').then((m) => m.transitHubAttachmentsFamily),
  ]),
  lazyFamily(['v1.vpcPeerings'], async () => [
    await import('./v1/vpc-peerings').then((m) => m.vpcPeeringsFamily),
  ]),
  lazyFamily(['v1.vpnGateways'], async () => [
    await import('./v1/vpn-gateways').then((m) => m.vpnGatewaysFamily),
  ]),
  lazyFamily(['v1.loadBalancers'], async () => [
    await import('./v1/load-balancers').then((m) => m.loadBalancersFamily),
  ]),
  lazyFamily(['v1.globalLoadBalancers'], async () => [
    await import('./v1/global-load-balancers').then((m) => m.globalLoadBalancersFamily),
  ]),
  lazyFamily(['v1.bandwidthPolicies'], async () => [
    await import('./v1/bandwidth-policies').then((m) => m.bandwidthPoliciesFamily),
  ]),
  lazyFamily(['v1.privateEndpoints'], async () => [
    await import('./v1/private-endpoints').then((m) => m.privateEndpointsFamily),
  ]),
  lazyFamily(['v1.ddosPlans'], async () => [await import('./v1/ddos-plans').then((m) => m.ddosPlansFamily)]),
  lazyFamily(['v1.databases'], async () => [await import('./v1/databases').then((m) => m.databasesFamily)]),
  lazyFamily(['v1.backupVaults'], async () => [
    await import('./v1/backup-vaults').then((m) => m.backupVaultsFamily),
  ]),
  lazyFamily(['v1.backups'], async () => [await import('./v1/backups').then((m) => m.backupsFamily)]),
  lazyFamily(['v1.backupPolicies'], async () => [
    await import('./v1/backup-policies').then((m) => m.backupPoliciesFamily),
  ]),
  lazyFamily(['v1.snapshots'], async () => [await import('./v1/snapshots').then((m) => m.snapshotsFamily)]),
  lazyFamily(['v1.drPlans'], async () => [await import('./v1/dr-plans').then((m) => m.drPlansFamily)]),
  lazyFamily(['v1.provisioningMetrics'], async () => [
    await import('./v1/provisioning-metrics').then((m) => m.provisioningMetricsFamily),
  ]),
  lazyFamily(['v1.resourceGroups'], async () => [
    await import('./v1/resource-groups').then((m) => m.resourceGroupsFamily),
  ]),
  lazyFamily(['v1.iam'], async () => [await import('./v1/iam').then((m) => m.iamFamily)]),
  lazyFamily(['v1.auditLogs'], async () => [await import('./v1/audit-logs').then((m) => m.auditLogsFamily)]),
  lazyFamily(['v1.metrics'], async () => [await import('./v1/metrics').then((m) => m.metricsFamily)]),
  lazyFamily(['v1.logs'], async () => [await import('./v1/logs').then((m) => m.logsFamily)]),
  lazyFamily(['v1.serviceStatus'], async () => [
    await import('./v1/service-status').then((m) => m.serviceStatusFamily),
  ]),
  lazyFamily(['v1.zones'], async () => [await import('./v1/zones').then((m) => m.zonesFamily)]),
  lazyFamily(['v1.vaults'], async () => [await import('./v1/vaults').then((m) => m.vaultsFamily)]),
  lazyFamily(['v1.clusters'], async () => [await import('./v1/clusters').then((m) => m.clustersFamily)]),
  lazyFamily(['v1.registries'], async () => [
    await import('./v1/registries').then((m) => m.registriesFamily),
  ]),
  lazyFamily(['v1.webapps'], async () => [await import('./v1/webapps').then((m) => m.webappsFamily)]),
  lazyFamily(['v1.firewalls'], async () => [await import('./v1/firewalls').then((m) => m.firewallsFamily)]),
  lazyFamily(['v2', 'mock.setVideoTenant', 'mock.injectVideoEvent'], async () =>
    Promise.all([
      import('./v2').then((m) => m.videoFamily),
      import('./mock/video').then((m) => m.videoControlFamily),
    ]),
  ),
];
