import { type LazyFamily, lazyFamily } from '../core/pipeline/families';

/** The billing ledger: loaded with each family whose resources accrue cost (see its module). */
const ledger = () => import('./v1/billing').then((m) => m.ledgerFamily);

/**
 * Every family the reference server runs, each loaded on the first request for one of its
 * operations (core/pipeline/families.ts). Families load together where one's `setup` must run before the
 * other's first request: the ledger before a metered resource exists, budgets with the billing
 * route that creates them, policy enforcement with the assignments it enforces.
 */
export const families: readonly LazyFamily[] = [
  lazyFamily(['mock'], () => import('./mock/control').then((m) => m.controlFamily)),
  lazyFamily(['mock.dashboard'], () => import('./mock/dashboard').then((m) => m.dashboardFamily)),
  lazyFamily(['mock.webhookDeliveries'], () =>
    import('./mock/webhooks').then((m) => m.webhookDeliveriesFamily),
  ),
  lazyFamily(['docs'], () => import('./docs').then((m) => m.docsFamily)),
  lazyFamily(['v1.auth'], () => import('./v1/auth').then((m) => m.authFamily)),
  lazyFamily(['v1.users'], () => import('./v1/users').then((m) => m.usersFamily)),
  lazyFamily(['v1.projects'], () => import('./v1/projects').then((m) => m.projectsFamily)),
  lazyFamily(['v1.instances'], () => import('./v1/instances').then((m) => m.instancesFamily), ledger),
  lazyFamily(['v1.buckets'], () => import('./v1/buckets').then((m) => m.bucketsFamily), ledger),
  lazyFamily(['v1.functions'], () => import('./v1/functions').then((m) => m.functionsFamily)),
  lazyFamily(['v1.cdnProfiles'], () => import('./v1/cdn-profiles').then((m) => m.cdnProfilesFamily)),
  lazyFamily(['v1.cdnProfiles.endpoints'], () =>
    import('./v1/cdn-profiles/endpoints').then((m) => m.cdnEndpointsFamily),
  ),
  lazyFamily(
    ['v1.cacheInstances'],
    () => import('./v1/cache-instances').then((m) => m.cacheInstancesFamily),
    ledger,
  ),
  lazyFamily(['v1.apiProducts'], () => import('./v1/api-products').then((m) => m.apiProductsFamily)),
  lazyFamily(['v1.apiProducts.subscriptions'], () =>
    import('./v1/api-products/subscriptions').then((m) => m.apiSubscriptionsFamily),
  ),
  lazyFamily(
    ['v1.topics'],
    () => import('./v1/topics/topics').then((m) => m.topicsFamily),
    () => import('./v1/topics/subscriptions').then((m) => m.topicSubscriptionsFamily),
  ),
  lazyFamily(
    ['v1.billing', 'v1.budgets'],
    ledger,
    () => import('./v1/billing/billing').then((m) => m.billingFamily),
    () => import('./v1/budgets').then((m) => m.budgetsFamily),
  ),
  lazyFamily(['v1.quotas'], () => import('./v1/quotas').then((m) => m.quotasFamily)),
  lazyFamily(['v1.anomalies'], () => import('./v1/anomalies').then((m) => m.anomaliesFamily)),
  lazyFamily(['v1.reports'], () => import('./v1/reports').then((m) => m.reportsFamily)),
  lazyFamily(
    ['v1.policies', 'v1.assignments', 'v1.compliance'],
    () => import('./v1/policies').then((m) => m.policiesFamily),
    () => import('./v1/assignments').then((m) => m.assignmentsFamily),
    () => import('./v1/compliance').then((m) => m.complianceFamily),
  ),
  lazyFamily(['v1.activityLogs'], () => import('./v1/activity-logs').then((m) => m.activityLogsFamily)),
  lazyFamily(['v1.metricRules'], () => import('./v1/metric-rules').then((m) => m.metricRulesFamily)),
  lazyFamily(['v1.vpcs'], () => import('./v1/vpcs').then((m) => m.vpcsFamily)),
  lazyFamily(['v1.vpcs.subnets'], () => import('./v1/vpcs/subnets').then((m) => m.subnetsFamily)),
  lazyFamily(['v1.vpcs.routeTables'], () =>
    import('./v1/vpcs/route-tables').then((m) => m.routeTablesFamily),
  ),
  lazyFamily(['v1.transitHubs'], () => import('./v1/transit-hubs').then((m) => m.transitHubsFamily)),
  lazyFamily(['v1.transitHubAttachments'], () =>
    import('./v1/transit-hub-attachments').then((m) => m.transitHubAttachmentsFamily),
  ),
  lazyFamily(['v1.vpcPeerings'], () => import('./v1/vpc-peerings').then((m) => m.vpcPeeringsFamily)),
  lazyFamily(['v1.vpnGateways'], () => import('./v1/vpn-gateways').then((m) => m.vpnGatewaysFamily)),
  lazyFamily(['v1.loadBalancers'], () => import('./v1/load-balancers').then((m) => m.loadBalancersFamily)),
  lazyFamily(['v1.globalLoadBalancers'], () =>
    import('./v1/global-load-balancers').then((m) => m.globalLoadBalancersFamily),
  ),
  lazyFamily(['v1.bandwidthPolicies'], () =>
    import('./v1/bandwidth-policies').then((m) => m.bandwidthPoliciesFamily),
  ),
  lazyFamily(['v1.privateEndpoints'], () =>
    import('./v1/private-endpoints').then((m) => m.privateEndpointsFamily),
  ),
  lazyFamily(['v1.ddosPlans'], () => import('./v1/ddos-plans').then((m) => m.ddosPlansFamily)),
  lazyFamily(['v1.databases'], () => import('./v1/databases').then((m) => m.databasesFamily)),
  lazyFamily(['v1.backupVaults'], () => import('./v1/backup-vaults').then((m) => m.backupVaultsFamily)),
  lazyFamily(['v1.backups'], () => import('./v1/backups').then((m) => m.backupsFamily)),
  lazyFamily(['v1.backupPolicies'], () => import('./v1/backup-policies').then((m) => m.backupPoliciesFamily)),
  lazyFamily(['v1.snapshots'], () => import('./v1/snapshots').then((m) => m.snapshotsFamily)),
  lazyFamily(['v1.drPlans'], () => import('./v1/dr-plans').then((m) => m.drPlansFamily)),
  lazyFamily(['v1.provisioningMetrics'], () =>
    import('./v1/provisioning-metrics').then((m) => m.provisioningMetricsFamily),
  ),
  lazyFamily(['v1.resourceGroups'], () => import('./v1/resource-groups').then((m) => m.resourceGroupsFamily)),
  lazyFamily(['v1.iam'], () => import('./v1/iam').then((m) => m.iamFamily)),
  lazyFamily(['v1.auditLogs'], () => import('./v1/audit-logs').then((m) => m.auditLogsFamily)),
  lazyFamily(['v1.metrics'], () => import('./v1/metrics').then((m) => m.metricsFamily)),
  lazyFamily(['v1.logs'], () => import('./v1/logs').then((m) => m.logsFamily)),
  lazyFamily(['v1.serviceStatus'], () => import('./v1/service-status').then((m) => m.serviceStatusFamily)),
  lazyFamily(['v1.zones'], () => import('./v1/zones').then((m) => m.zonesFamily)),
  lazyFamily(['v1.vaults'], () => import('./v1/vaults').then((m) => m.vaultsFamily)),
  lazyFamily(['v1.clusters'], () => import('./v1/clusters').then((m) => m.clustersFamily)),
  lazyFamily(['v1.registries'], () => import('./v1/registries').then((m) => m.registriesFamily)),
  lazyFamily(['v1.webapps'], () => import('./v1/webapps').then((m) => m.webappsFamily)),
  lazyFamily(['v1.firewalls'], () => import('./v1/firewalls').then((m) => m.firewallsFamily)),
  lazyFamily(
    ['v2', 'mock.videoTenants', 'mock.videoEvents'],
    () => import('./v2').then((m) => m.videoFamily),
    () => import('./mock/video').then((m) => m.videoControlFamily),
  ),
];
