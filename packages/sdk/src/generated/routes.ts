// Generated from the contract by scripts/generate-sdk-types.mjs. Do not edit.

import type { Route } from '../core/route';
import { refreshRoute } from './client-routes';
import type {
  ActivityLog,
  Anomaly,
  ApiKeyCreated,
  ApiProduct,
  ApiSubscription,
  ApiSubscriptionCreated,
  Assignment,
  AuditLog,
  AuthLogoutResponse,
  Backup,
  BackupPolicy,
  BackupVault,
  BandwidthPolicy,
  BillingSubscription,
  Bucket,
  BucketGrant,
  BucketNameAvailability,
  Budget,
  CacheInstance,
  Camera,
  CameraList,
  CdnEndpoint,
  CdnProfile,
  ClockState,
  Cluster,
  ComplianceResult,
  CostBreakdown,
  Database,
  DatabasePool,
  DatabaseReplica,
  DdosPlan,
  Delegation,
  DrDrill,
  DrPlan,
  EventPlayback,
  Fault,
  Firewall,
  FunctionInvocation,
  FunctionRecord,
  FunctionTrigger,
  GlobalLoadBalancer,
  HealthProbe,
  IamRole,
  IamUser,
  Instance,
  Invoice,
  LoadBalancer,
  LogEntry,
  LoginResult,
  MetricRule,
  MetricSeries,
  MfaEnrollment,
  MockFaultListResponse,
  MockQuotaUpdateResponse,
  MockRequestListResponse,
  MockResetResponse,
  MockStateImportResponse,
  MockWebhookDeliveryListResponse,
  PlaybackTimeline,
  Policy,
  PrivateEndpoint,
  Project,
  ProvisioningMetric,
  Quota,
  Registry,
  Report,
  ResourceGroup,
  RouteTable,
  ServiceStatus,
  Snapshot,
  Subnet,
  Topic,
  TopicEvent,
  TopicSubscription,
  TopicSubscriptionWithSecret,
  TransitHub,
  TransitHubAttachment,
  Usage,
  User,
  Vault,
  VideoEvent,
  VideoEventList,
  VideoHealth,
  VideoReadiness,
  VideoTenantPlan,
  Vpc,
  VpcPeering,
  VpnGateway,
  WebApp,
  WebhookDelivery,
  WorkloadToken,
  Zone,
} from './types';

export const VIDEO_EVENT_STREAM_PATH = "/v2/ws/events";

export const v1 = {
  auth: {
    register: { id: 'v1.auth.register', api: 'v1', method: 'POST', path: '/api/v1/auth/register', status: 201, auth: 'none' } as Route<User>,
    login: { id: 'v1.auth.login', api: 'v1', method: 'POST', path: '/api/v1/auth/login', status: 200, auth: 'none' } as Route<LoginResult>,
    refresh: refreshRoute,
    logout: { id: 'v1.auth.logout', api: 'v1', method: 'POST', path: '/api/v1/auth/logout', status: 200, auth: 'bearer' } as Route<AuthLogoutResponse>,
    mfaEnroll: { id: 'v1.auth.mfaEnroll', api: 'v1', method: 'POST', path: '/api/v1/auth/mfa/enroll', status: 200, auth: 'bearer' } as Route<MfaEnrollment>,
    workloadToken: { id: 'v1.auth.workloadToken', api: 'v1', method: 'POST', path: '/api/v1/auth/workload-token', status: 200, auth: 'bearer' } as Route<WorkloadToken>,
  },
  users: {
    me: { id: 'v1.users.me', api: 'v1', method: 'GET', path: '/api/v1/users/me', status: 200, auth: 'bearer' } as Route<User>,
  },
  projects: {
    list: { id: 'v1.projects.list', api: 'v1', method: 'GET', path: '/api/v1/projects', status: 200, auth: 'bearer', list: true } as Route<Project>,
    create: { id: 'v1.projects.create', api: 'v1', method: 'POST', path: '/api/v1/projects', status: 201, auth: 'bearer' } as Route<Project>,
    delegate: { id: 'v1.projects.delegate', api: 'v1', method: 'POST', path: '/api/v1/projects/{id}/members/delegate', status: 201, auth: 'bearer' } as Route<Delegation>,
  },
  instances: {
    list: { id: 'v1.instances.list', api: 'v1', method: 'GET', path: '/api/v1/instances', status: 200, auth: 'bearer', project: true, list: true } as Route<Instance>,
    create: { id: 'v1.instances.create', api: 'v1', method: 'POST', path: '/api/v1/instances', status: 201, auth: 'bearer', project: true } as Route<Instance>,
    retrieve: { id: 'v1.instances.retrieve', api: 'v1', method: 'GET', path: '/api/v1/instances/{id}', status: 200, auth: 'bearer', project: true } as Route<Instance>,
    delete: { id: 'v1.instances.delete', api: 'v1', method: 'DELETE', path: '/api/v1/instances/{id}', status: 204, auth: 'bearer', project: true } as Route<void>,
    start: { id: 'v1.instances.start', api: 'v1', method: 'POST', path: '/api/v1/instances/{id}/start', status: 200, auth: 'bearer', project: true } as Route<Instance>,
    stop: { id: 'v1.instances.stop', api: 'v1', method: 'POST', path: '/api/v1/instances/{id}/stop', status: 200, auth: 'bearer', project: true } as Route<Instance>,
  },
  buckets: {
    list: { id: 'v1.buckets.list', api: 'v1', method: 'GET', path: '/api/v1/buckets', status: 200, auth: 'bearer', project: true, list: true } as Route<Bucket>,
    create: { id: 'v1.buckets.create', api: 'v1', method: 'POST', path: '/api/v1/buckets', status: 201, auth: 'bearer', project: true } as Route<Bucket>,
    delete: { id: 'v1.buckets.delete', api: 'v1', method: 'DELETE', path: '/api/v1/buckets/{name}', status: 204, auth: 'bearer', project: true } as Route<void>,
  },
  functions: {
    list: { id: 'v1.functions.list', api: 'v1', method: 'GET', path: '/api/v1/functions', status: 200, auth: 'bearer', project: true, list: true } as Route<FunctionRecord>,
    create: { id: 'v1.functions.create', api: 'v1', method: 'POST', path: '/api/v1/functions', status: 201, auth: 'bearer', project: true } as Route<FunctionRecord>,
    retrieve: { id: 'v1.functions.retrieve', api: 'v1', method: 'GET', path: '/api/v1/functions/{id}', status: 200, auth: 'bearer', project: true } as Route<FunctionRecord>,
    update: { id: 'v1.functions.update', api: 'v1', method: 'PUT', path: '/api/v1/functions/{id}', status: 200, auth: 'bearer', project: true } as Route<FunctionRecord>,
    delete: { id: 'v1.functions.delete', api: 'v1', method: 'DELETE', path: '/api/v1/functions/{id}', status: 204, auth: 'bearer', project: true } as Route<void>,
    invoke: { id: 'v1.functions.invoke', api: 'v1', method: 'POST', path: '/api/v1/functions/{id}/invoke', status: 200, auth: 'bearer', project: true } as Route<FunctionInvocation>,
    triggers: {
      list: { id: 'v1.functions.triggers.list', api: 'v1', method: 'GET', path: '/api/v1/functions/{id}/triggers', status: 200, auth: 'bearer', project: true, list: true } as Route<FunctionTrigger>,
      create: { id: 'v1.functions.triggers.create', api: 'v1', method: 'POST', path: '/api/v1/functions/{id}/triggers', status: 201, auth: 'bearer', project: true } as Route<FunctionTrigger>,
    },
  },
  cdnProfiles: {
    list: { id: 'v1.cdnProfiles.list', api: 'v1', method: 'GET', path: '/api/v1/cdn-profiles', status: 200, auth: 'bearer', project: true, list: true } as Route<CdnProfile>,
    create: { id: 'v1.cdnProfiles.create', api: 'v1', method: 'POST', path: '/api/v1/cdn-profiles', status: 201, auth: 'bearer', project: true } as Route<CdnProfile>,
    retrieve: { id: 'v1.cdnProfiles.retrieve', api: 'v1', method: 'GET', path: '/api/v1/cdn-profiles/{id}', status: 200, auth: 'bearer', project: true } as Route<CdnProfile>,
    delete: { id: 'v1.cdnProfiles.delete', api: 'v1', method: 'DELETE', path: '/api/v1/cdn-profiles/{id}', status: 204, auth: 'bearer', project: true } as Route<void>,
    endpoints: {
      list: { id: 'v1.cdnProfiles.endpoints.list', api: 'v1', method: 'GET', path: '/api/v1/cdn-profiles/{id}/endpoints', status: 200, auth: 'bearer', project: true, list: true } as Route<CdnEndpoint>,
      create: { id: 'v1.cdnProfiles.endpoints.create', api: 'v1', method: 'POST', path: '/api/v1/cdn-profiles/{id}/endpoints', status: 201, auth: 'bearer', project: true } as Route<CdnEndpoint>,
    },
  },
  cacheInstances: {
    list: { id: 'v1.cacheInstances.list', api: 'v1', method: 'GET', path: '/api/v1/cache-instances', status: 200, auth: 'bearer', project: true, list: true } as Route<CacheInstance>,
    create: { id: 'v1.cacheInstances.create', api: 'v1', method: 'POST', path: '/api/v1/cache-instances', status: 201, auth: 'bearer', project: true } as Route<CacheInstance>,
    retrieve: { id: 'v1.cacheInstances.retrieve', api: 'v1', method: 'GET', path: '/api/v1/cache-instances/{id}', status: 200, auth: 'bearer', project: true } as Route<CacheInstance>,
    delete: { id: 'v1.cacheInstances.delete', api: 'v1', method: 'DELETE', path: '/api/v1/cache-instances/{id}', status: 204, auth: 'bearer', project: true } as Route<void>,
    scale: { id: 'v1.cacheInstances.scale', api: 'v1', method: 'POST', path: '/api/v1/cache-instances/{id}/scale', status: 200, auth: 'bearer', project: true } as Route<CacheInstance>,
  },
  apiProducts: {
    list: { id: 'v1.apiProducts.list', api: 'v1', method: 'GET', path: '/api/v1/api-products', status: 200, auth: 'bearer', project: true, list: true } as Route<ApiProduct>,
    create: { id: 'v1.apiProducts.create', api: 'v1', method: 'POST', path: '/api/v1/api-products', status: 201, auth: 'bearer', project: true } as Route<ApiProduct>,
    retrieve: { id: 'v1.apiProducts.retrieve', api: 'v1', method: 'GET', path: '/api/v1/api-products/{id}', status: 200, auth: 'bearer', project: true } as Route<ApiProduct>,
    delete: { id: 'v1.apiProducts.delete', api: 'v1', method: 'DELETE', path: '/api/v1/api-products/{id}', status: 204, auth: 'bearer', project: true } as Route<void>,
    subscriptions: {
      list: { id: 'v1.apiProducts.subscriptions.list', api: 'v1', method: 'GET', path: '/api/v1/api-products/{id}/subscriptions', status: 200, auth: 'bearer', project: true, list: true } as Route<ApiSubscription>,
      create: { id: 'v1.apiProducts.subscriptions.create', api: 'v1', method: 'POST', path: '/api/v1/api-products/{id}/subscriptions', status: 201, auth: 'bearer', project: true } as Route<ApiSubscriptionCreated>,
    },
  },
  topics: {
    list: { id: 'v1.topics.list', api: 'v1', method: 'GET', path: '/api/v1/topics', status: 200, auth: 'bearer', project: true, list: true } as Route<Topic>,
    create: { id: 'v1.topics.create', api: 'v1', method: 'POST', path: '/api/v1/topics', status: 201, auth: 'bearer', project: true } as Route<Topic>,
    retrieve: { id: 'v1.topics.retrieve', api: 'v1', method: 'GET', path: '/api/v1/topics/{id}', status: 200, auth: 'bearer', project: true } as Route<Topic>,
    delete: { id: 'v1.topics.delete', api: 'v1', method: 'DELETE', path: '/api/v1/topics/{id}', status: 204, auth: 'bearer', project: true } as Route<void>,
    publish: { id: 'v1.topics.publish', api: 'v1', method: 'POST', path: '/api/v1/topics/{id}/publish', status: 201, auth: 'bearer', project: true } as Route<TopicEvent>,
    subscriptions: {
      list: { id: 'v1.topics.subscriptions.list', api: 'v1', method: 'GET', path: '/api/v1/topics/{id}/subscriptions', status: 200, auth: 'bearer', project: true, list: true } as Route<TopicSubscription>,
      create: { id: 'v1.topics.subscriptions.create', api: 'v1', method: 'POST', path: '/api/v1/topics/{id}/subscriptions', status: 201, auth: 'bearer', project: true } as Route<TopicSubscriptionWithSecret>,
      retrieve: { id: 'v1.topics.subscriptions.retrieve', api: 'v1', method: 'GET', path: '/api/v1/topics/{id}/subscriptions/{subscriptionId}', status: 200, auth: 'bearer', project: true } as Route<TopicSubscription>,
      delete: { id: 'v1.topics.subscriptions.delete', api: 'v1', method: 'DELETE', path: '/api/v1/topics/{id}/subscriptions/{subscriptionId}', status: 204, auth: 'bearer', project: true } as Route<void>,
      deliveries: {
        list: { id: 'v1.topics.subscriptions.deliveries.list', api: 'v1', method: 'GET', path: '/api/v1/topics/{id}/subscriptions/{subscriptionId}/deliveries', status: 200, auth: 'bearer', project: true, list: true } as Route<WebhookDelivery>,
      },
    },
  },
  billing: {
    usage: {
      retrieve: { id: 'v1.billing.usage.retrieve', api: 'v1', method: 'GET', path: '/api/v1/billing/usage', status: 200, auth: 'bearer', project: true } as Route<Usage>,
    },
    invoices: {
      list: { id: 'v1.billing.invoices.list', api: 'v1', method: 'GET', path: '/api/v1/billing/invoices', status: 200, auth: 'bearer', project: true, list: true } as Route<Invoice>,
    },
    cost: {
      retrieve: { id: 'v1.billing.cost.retrieve', api: 'v1', method: 'GET', path: '/api/v1/billing/cost', status: 200, auth: 'bearer', project: true } as Route<CostBreakdown>,
    },
    budgets: {
      create: { id: 'v1.billing.budgets.create', api: 'v1', method: 'POST', path: '/api/v1/billing/budgets', status: 201, auth: 'bearer', project: true } as Route<Budget>,
    },
    subscriptions: {
      list: { id: 'v1.billing.subscriptions.list', api: 'v1', method: 'GET', path: '/api/v1/subscriptions', status: 200, auth: 'bearer', project: true, list: true } as Route<BillingSubscription>,
    },
  },
  quotas: {
    list: { id: 'v1.quotas.list', api: 'v1', method: 'GET', path: '/api/v1/quotas', status: 200, auth: 'bearer', project: true, list: true } as Route<Quota>,
  },
  budgets: {
    list: { id: 'v1.budgets.list', api: 'v1', method: 'GET', path: '/api/v1/budgets', status: 200, auth: 'bearer', project: true, list: true } as Route<Budget>,
    create: { id: 'v1.budgets.create', api: 'v1', method: 'POST', path: '/api/v1/budgets', status: 201, auth: 'bearer', project: true } as Route<Budget>,
    retrieve: { id: 'v1.budgets.retrieve', api: 'v1', method: 'GET', path: '/api/v1/budgets/{id}', status: 200, auth: 'bearer', project: true } as Route<Budget>,
    update: { id: 'v1.budgets.update', api: 'v1', method: 'PUT', path: '/api/v1/budgets/{id}', status: 200, auth: 'bearer', project: true } as Route<Budget>,
    delete: { id: 'v1.budgets.delete', api: 'v1', method: 'DELETE', path: '/api/v1/budgets/{id}', status: 204, auth: 'bearer', project: true } as Route<void>,
  },
  anomalies: {
    list: { id: 'v1.anomalies.list', api: 'v1', method: 'GET', path: '/api/v1/anomalies', status: 200, auth: 'bearer', project: true, list: true } as Route<Anomaly>,
    detect: { id: 'v1.anomalies.detect', api: 'v1', method: 'POST', path: '/api/v1/anomalies/detect', status: 201, auth: 'bearer', project: true } as Route<Anomaly>,
    acknowledge: { id: 'v1.anomalies.acknowledge', api: 'v1', method: 'POST', path: '/api/v1/anomalies/{id}/acknowledge', status: 200, auth: 'bearer', project: true } as Route<Anomaly>,
  },
  reports: {
    list: { id: 'v1.reports.list', api: 'v1', method: 'GET', path: '/api/v1/reports', status: 200, auth: 'bearer', project: true, list: true } as Route<Report>,
    create: { id: 'v1.reports.create', api: 'v1', method: 'POST', path: '/api/v1/reports', status: 201, auth: 'bearer', project: true } as Route<Report>,
    retrieve: { id: 'v1.reports.retrieve', api: 'v1', method: 'GET', path: '/api/v1/reports/{id}', status: 200, auth: 'bearer', project: true } as Route<Report>,
  },
  policies: {
    list: { id: 'v1.policies.list', api: 'v1', method: 'GET', path: '/api/v1/policies', status: 200, auth: 'bearer', project: true, list: true } as Route<Policy>,
    create: { id: 'v1.policies.create', api: 'v1', method: 'POST', path: '/api/v1/policies', status: 201, auth: 'bearer', project: true } as Route<Policy>,
    retrieve: { id: 'v1.policies.retrieve', api: 'v1', method: 'GET', path: '/api/v1/policies/{id}', status: 200, auth: 'bearer', project: true } as Route<Policy>,
    update: { id: 'v1.policies.update', api: 'v1', method: 'PUT', path: '/api/v1/policies/{id}', status: 200, auth: 'bearer', project: true } as Route<Policy>,
    delete: { id: 'v1.policies.delete', api: 'v1', method: 'DELETE', path: '/api/v1/policies/{id}', status: 204, auth: 'bearer', project: true } as Route<void>,
  },
  assignments: {
    list: { id: 'v1.assignments.list', api: 'v1', method: 'GET', path: '/api/v1/assignments', status: 200, auth: 'bearer', project: true, list: true } as Route<Assignment>,
    create: { id: 'v1.assignments.create', api: 'v1', method: 'POST', path: '/api/v1/assignments', status: 201, auth: 'bearer', project: true } as Route<Assignment>,
  },
  compliance: {
    list: { id: 'v1.compliance.list', api: 'v1', method: 'GET', path: '/api/v1/compliance', status: 200, auth: 'bearer', project: true, list: true } as Route<ComplianceResult>,
    evaluate: { id: 'v1.compliance.evaluate', api: 'v1', method: 'POST', path: '/api/v1/compliance/evaluate', status: 201, auth: 'bearer', project: true } as Route<ComplianceResult>,
    forPolicy: { id: 'v1.compliance.forPolicy', api: 'v1', method: 'GET', path: '/api/v1/compliance/policy/{policyId}', status: 200, auth: 'bearer', project: true, list: true } as Route<ComplianceResult>,
  },
  activityLogs: {
    list: { id: 'v1.activityLogs.list', api: 'v1', method: 'GET', path: '/api/v1/activity-logs', status: 200, auth: 'bearer', project: true, list: true } as Route<ActivityLog>,
  },
  metricRules: {
    list: { id: 'v1.metricRules.list', api: 'v1', method: 'GET', path: '/api/v1/metric-rules', status: 200, auth: 'bearer', project: true, list: true } as Route<MetricRule>,
  },
  vpcs: {
    list: { id: 'v1.vpcs.list', api: 'v1', method: 'GET', path: '/api/v1/vpcs', status: 200, auth: 'bearer', project: true, list: true } as Route<Vpc>,
    create: { id: 'v1.vpcs.create', api: 'v1', method: 'POST', path: '/api/v1/vpcs', status: 201, auth: 'bearer', project: true } as Route<Vpc>,
    subnets: {
      list: { id: 'v1.vpcs.subnets.list', api: 'v1', method: 'GET', path: '/api/v1/vpcs/{id}/subnets', status: 200, auth: 'bearer', project: true, list: true } as Route<Subnet>,
      create: { id: 'v1.vpcs.subnets.create', api: 'v1', method: 'POST', path: '/api/v1/vpcs/{id}/subnets', status: 201, auth: 'bearer', project: true } as Route<Subnet>,
    },
    routeTables: {
      list: { id: 'v1.vpcs.routeTables.list', api: 'v1', method: 'GET', path: '/api/v1/vpcs/{id}/route-tables', status: 200, auth: 'bearer', project: true, list: true } as Route<RouteTable>,
      create: { id: 'v1.vpcs.routeTables.create', api: 'v1', method: 'POST', path: '/api/v1/vpcs/{id}/route-tables', status: 201, auth: 'bearer', project: true } as Route<RouteTable>,
    },
  },
  transitHubs: {
    list: { id: 'v1.transitHubs.list', api: 'v1', method: 'GET', path: '/api/v1/transit-hubs', status: 200, auth: 'bearer', project: true, list: true } as Route<TransitHub>,
    create: { id: 'v1.transitHubs.create', api: 'v1', method: 'POST', path: '/api/v1/transit-hubs', status: 201, auth: 'bearer', project: true } as Route<TransitHub>,
  },
  transitHubAttachments: {
    list: { id: 'v1.transitHubAttachments.list', api: 'v1', method: 'GET', path: '/api/v1/transit-hub-attachments', status: 200, auth: 'bearer', project: true, list: true } as Route<TransitHubAttachment>,
    create: { id: 'v1.transitHubAttachments.create', api: 'v1', method: 'POST', path: '/api/v1/transit-hub-attachments', status: 201, auth: 'bearer', project: true } as Route<TransitHubAttachment>,
  },
  vpcPeerings: {
    list: { id: 'v1.vpcPeerings.list', api: 'v1', method: 'GET', path: '/api/v1/vpc-peerings', status: 200, auth: 'bearer', project: true, list: true } as Route<VpcPeering>,
    create: { id: 'v1.vpcPeerings.create', api: 'v1', method: 'POST', path: '/api/v1/vpc-peerings', status: 201, auth: 'bearer', project: true } as Route<VpcPeering>,
  },
  vpnGateways: {
    list: { id: 'v1.vpnGateways.list', api: 'v1', method: 'GET', path: '/api/v1/vpn-gateways', status: 200, auth: 'bearer', project: true, list: true } as Route<VpnGateway>,
    create: { id: 'v1.vpnGateways.create', api: 'v1', method: 'POST', path: '/api/v1/vpn-gateways', status: 201, auth: 'bearer', project: true } as Route<VpnGateway>,
    configureBgp: { id: 'v1.vpnGateways.configureBgp', api: 'v1', method: 'POST', path: '/api/v1/vpn-gateways/{id}/bgp', status: 200, auth: 'bearer', project: true } as Route<VpnGateway>,
    activateBgp: { id: 'v1.vpnGateways.activateBgp', api: 'v1', method: 'POST', path: '/api/v1/vpn-gateways/{id}/bgp/activate', status: 200, auth: 'bearer', project: true } as Route<VpnGateway>,
  },
  loadBalancers: {
    list: { id: 'v1.loadBalancers.list', api: 'v1', method: 'GET', path: '/api/v1/load-balancers', status: 200, auth: 'bearer', project: true, list: true } as Route<LoadBalancer>,
    create: { id: 'v1.loadBalancers.create', api: 'v1', method: 'POST', path: '/api/v1/load-balancers', status: 201, auth: 'bearer', project: true } as Route<LoadBalancer>,
    healthProbes: {
      create: { id: 'v1.loadBalancers.healthProbes.create', api: 'v1', method: 'POST', path: '/api/v1/load-balancers/{id}/health-probes', status: 201, auth: 'bearer', project: true } as Route<HealthProbe>,
    },
  },
  globalLoadBalancers: {
    list: { id: 'v1.globalLoadBalancers.list', api: 'v1', method: 'GET', path: '/api/v1/global-load-balancers', status: 200, auth: 'bearer', project: true, list: true } as Route<GlobalLoadBalancer>,
    create: { id: 'v1.globalLoadBalancers.create', api: 'v1', method: 'POST', path: '/api/v1/global-load-balancers', status: 201, auth: 'bearer', project: true } as Route<GlobalLoadBalancer>,
  },
  bandwidthPolicies: {
    list: { id: 'v1.bandwidthPolicies.list', api: 'v1', method: 'GET', path: '/api/v1/bandwidth-policies', status: 200, auth: 'bearer', project: true, list: true } as Route<BandwidthPolicy>,
    create: { id: 'v1.bandwidthPolicies.create', api: 'v1', method: 'POST', path: '/api/v1/bandwidth-policies', status: 201, auth: 'bearer', project: true } as Route<BandwidthPolicy>,
    update: { id: 'v1.bandwidthPolicies.update', api: 'v1', method: 'PUT', path: '/api/v1/bandwidth-policies/{id}', status: 200, auth: 'bearer', project: true } as Route<BandwidthPolicy>,
  },
  privateEndpoints: {
    list: { id: 'v1.privateEndpoints.list', api: 'v1', method: 'GET', path: '/api/v1/private-endpoints', status: 200, auth: 'bearer', project: true, list: true } as Route<PrivateEndpoint>,
    create: { id: 'v1.privateEndpoints.create', api: 'v1', method: 'POST', path: '/api/v1/private-endpoints', status: 201, auth: 'bearer', project: true } as Route<PrivateEndpoint>,
  },
  ddosPlans: {
    list: { id: 'v1.ddosPlans.list', api: 'v1', method: 'GET', path: '/api/v1/ddos/plans', status: 200, auth: 'bearer', project: true, list: true } as Route<DdosPlan>,
    create: { id: 'v1.ddosPlans.create', api: 'v1', method: 'POST', path: '/api/v1/ddos/plans', status: 201, auth: 'bearer', project: true } as Route<DdosPlan>,
  },
  databases: {
    list: { id: 'v1.databases.list', api: 'v1', method: 'GET', path: '/api/v1/databases', status: 200, auth: 'bearer', project: true, list: true } as Route<Database>,
    create: { id: 'v1.databases.create', api: 'v1', method: 'POST', path: '/api/v1/databases', status: 201, auth: 'bearer', project: true } as Route<Database>,
    retrieve: { id: 'v1.databases.retrieve', api: 'v1', method: 'GET', path: '/api/v1/databases/{id}', status: 200, auth: 'bearer', project: true } as Route<Database>,
    delete: { id: 'v1.databases.delete', api: 'v1', method: 'DELETE', path: '/api/v1/databases/{id}', status: 204, auth: 'bearer', project: true } as Route<void>,
    pool: {
      retrieve: { id: 'v1.databases.pool.retrieve', api: 'v1', method: 'GET', path: '/api/v1/databases/{id}/pool', status: 200, auth: 'bearer', project: true } as Route<DatabasePool>,
      update: { id: 'v1.databases.pool.update', api: 'v1', method: 'PUT', path: '/api/v1/databases/{id}/pool', status: 200, auth: 'bearer', project: true } as Route<DatabasePool>,
    },
    replicas: {
      list: { id: 'v1.databases.replicas.list', api: 'v1', method: 'GET', path: '/api/v1/databases/{id}/replicas', status: 200, auth: 'bearer', project: true, list: true } as Route<DatabaseReplica>,
      create: { id: 'v1.databases.replicas.create', api: 'v1', method: 'POST', path: '/api/v1/databases/{id}/replicas', status: 201, auth: 'bearer', project: true } as Route<DatabaseReplica>,
    },
    failover: { id: 'v1.databases.failover', api: 'v1', method: 'POST', path: '/api/v1/databases/{id}/failover', status: 200, auth: 'bearer', project: true } as Route<Database>,
  },
  backupVaults: {
    list: { id: 'v1.backupVaults.list', api: 'v1', method: 'GET', path: '/api/v1/backup-vaults', status: 200, auth: 'bearer', project: true, list: true } as Route<BackupVault>,
    create: { id: 'v1.backupVaults.create', api: 'v1', method: 'POST', path: '/api/v1/backup-vaults', status: 201, auth: 'bearer', project: true } as Route<BackupVault>,
  },
  backups: {
    list: { id: 'v1.backups.list', api: 'v1', method: 'GET', path: '/api/v1/backups', status: 200, auth: 'bearer', project: true, list: true } as Route<Backup>,
    create: { id: 'v1.backups.create', api: 'v1', method: 'POST', path: '/api/v1/backups', status: 201, auth: 'bearer', project: true } as Route<Backup>,
  },
  backupPolicies: {
    create: { id: 'v1.backupPolicies.create', api: 'v1', method: 'POST', path: '/api/v1/backups/policies', status: 201, auth: 'bearer', project: true } as Route<BackupPolicy>,
    update: { id: 'v1.backupPolicies.update', api: 'v1', method: 'PUT', path: '/api/v1/backups/policies/{id}', status: 200, auth: 'bearer', project: true } as Route<BackupPolicy>,
  },
  snapshots: {
    list: { id: 'v1.snapshots.list', api: 'v1', method: 'GET', path: '/api/v1/snapshots', status: 200, auth: 'bearer', project: true, list: true } as Route<Snapshot>,
    create: { id: 'v1.snapshots.create', api: 'v1', method: 'POST', path: '/api/v1/snapshots', status: 201, auth: 'bearer', project: true } as Route<Snapshot>,
  },
  drPlans: {
    list: { id: 'v1.drPlans.list', api: 'v1', method: 'GET', path: '/api/v1/dr/plans', status: 200, auth: 'bearer', project: true, list: true } as Route<DrPlan>,
    create: { id: 'v1.drPlans.create', api: 'v1', method: 'POST', path: '/api/v1/dr/plans', status: 201, auth: 'bearer', project: true } as Route<DrPlan>,
    steps: {
      create: { id: 'v1.drPlans.steps.create', api: 'v1', method: 'POST', path: '/api/v1/dr/plans/{id}/steps', status: 201, auth: 'bearer', project: true } as Route<DrPlan>,
    },
    drill: { id: 'v1.drPlans.drill', api: 'v1', method: 'POST', path: '/api/v1/dr/plans/{id}/drills', status: 201, auth: 'bearer', project: true } as Route<DrDrill>,
    execute: { id: 'v1.drPlans.execute', api: 'v1', method: 'POST', path: '/api/v1/dr/plans/{id}/execute', status: 200, auth: 'bearer', project: true } as Route<DrPlan>,
  },
  provisioningMetrics: {
    start: { id: 'v1.provisioningMetrics.start', api: 'v1', method: 'POST', path: '/api/v1/provisioning-metrics', status: 201, auth: 'bearer', project: true } as Route<ProvisioningMetric>,
    complete: { id: 'v1.provisioningMetrics.complete', api: 'v1', method: 'PUT', path: '/api/v1/provisioning-metrics/{metricId}/complete', status: 200, auth: 'bearer', project: true } as Route<ProvisioningMetric>,
  },
  resourceGroups: {
    list: { id: 'v1.resourceGroups.list', api: 'v1', method: 'GET', path: '/api/v1/resource-groups', status: 200, auth: 'bearer', project: true, list: true } as Route<ResourceGroup>,
    create: { id: 'v1.resourceGroups.create', api: 'v1', method: 'POST', path: '/api/v1/resource-groups', status: 201, auth: 'bearer', project: true } as Route<ResourceGroup>,
  },
  iam: {
    users: {
      list: { id: 'v1.iam.users.list', api: 'v1', method: 'GET', path: '/api/v1/iam/users', status: 200, auth: 'bearer', project: true, list: true } as Route<IamUser>,
      create: { id: 'v1.iam.users.create', api: 'v1', method: 'POST', path: '/api/v1/iam/users', status: 201, auth: 'bearer', project: true } as Route<IamUser>,
    },
    roles: {
      list: { id: 'v1.iam.roles.list', api: 'v1', method: 'GET', path: '/api/v1/iam/roles', status: 200, auth: 'bearer', project: true, list: true } as Route<IamRole>,
      create: { id: 'v1.iam.roles.create', api: 'v1', method: 'POST', path: '/api/v1/iam/roles', status: 201, auth: 'bearer', project: true } as Route<IamRole>,
    },
    keys: {
      create: { id: 'v1.iam.keys.create', api: 'v1', method: 'POST', path: '/api/v1/iam/keys', status: 201, auth: 'bearer', project: true } as Route<ApiKeyCreated>,
    },
    bucketGrants: {
      create: { id: 'v1.iam.bucketGrants.create', api: 'v1', method: 'POST', path: '/api/v1/iam/authorize-bucket', status: 201, auth: 'bearer', project: true } as Route<BucketGrant>,
    },
  },
  auditLogs: {
    list: { id: 'v1.auditLogs.list', api: 'v1', method: 'GET', path: '/api/v1/audit/logs', status: 200, auth: 'bearer', project: true, list: true } as Route<AuditLog>,
  },
  metrics: {
    query: { id: 'v1.metrics.query', api: 'v1', method: 'GET', path: '/api/v1/metrics', status: 200, auth: 'bearer', project: true } as Route<MetricSeries>,
  },
  logs: {
    query: { id: 'v1.logs.query', api: 'v1', method: 'GET', path: '/api/v1/logs/query', status: 200, auth: 'bearer', project: true, list: true } as Route<LogEntry>,
  },
  serviceStatus: {
    retrieve: { id: 'v1.serviceStatus.retrieve', api: 'v1', method: 'GET', path: '/api/v1/service-status', status: 200, auth: 'bearer', project: false } as Route<ServiceStatus>,
  },
  zones: {
    list: { id: 'v1.zones.list', api: 'v1', method: 'GET', path: '/api/v1/zones', status: 200, auth: 'bearer', project: true, list: true } as Route<Zone>,
    create: { id: 'v1.zones.create', api: 'v1', method: 'POST', path: '/api/v1/zones', status: 201, auth: 'bearer', project: true } as Route<Zone>,
  },
  vaults: {
    list: { id: 'v1.vaults.list', api: 'v1', method: 'GET', path: '/api/v1/vaults', status: 200, auth: 'bearer', project: true, list: true } as Route<Vault>,
    create: { id: 'v1.vaults.create', api: 'v1', method: 'POST', path: '/api/v1/vaults', status: 201, auth: 'bearer', project: true } as Route<Vault>,
  },
  clusters: {
    list: { id: 'v1.clusters.list', api: 'v1', method: 'GET', path: '/api/v1/clusters', status: 200, auth: 'bearer', project: true, list: true } as Route<Cluster>,
    create: { id: 'v1.clusters.create', api: 'v1', method: 'POST', path: '/api/v1/clusters', status: 201, auth: 'bearer', project: true } as Route<Cluster>,
    retrieve: { id: 'v1.clusters.retrieve', api: 'v1', method: 'GET', path: '/api/v1/clusters/{id}', status: 200, auth: 'bearer', project: true } as Route<Cluster>,
  },
  registries: {
    list: { id: 'v1.registries.list', api: 'v1', method: 'GET', path: '/api/v1/registries', status: 200, auth: 'bearer', project: true, list: true } as Route<Registry>,
    create: { id: 'v1.registries.create', api: 'v1', method: 'POST', path: '/api/v1/registries', status: 201, auth: 'bearer', project: true } as Route<Registry>,
  },
  webapps: {
    list: { id: 'v1.webapps.list', api: 'v1', method: 'GET', path: '/api/v1/webapps', status: 200, auth: 'bearer', project: true, list: true } as Route<WebApp>,
    create: { id: 'v1.webapps.create', api: 'v1', method: 'POST', path: '/api/v1/webapps', status: 201, auth: 'bearer', project: true } as Route<WebApp>,
  },
  firewalls: {
    list: { id: 'v1.firewalls.list', api: 'v1', method: 'GET', path: '/api/v1/firewalls', status: 200, auth: 'bearer', project: true, list: true } as Route<Firewall>,
    create: { id: 'v1.firewalls.create', api: 'v1', method: 'POST', path: '/api/v1/firewalls', status: 201, auth: 'bearer', project: true } as Route<Firewall>,
  },
};

export const v2 = {
  health: {
    live: { id: 'v2.health.live', api: 'v2', method: 'GET', path: '/v2/health', status: 200, auth: 'none' } as Route<VideoHealth>,
    ready: { id: 'v2.health.ready', api: 'v2', method: 'GET', path: '/v2/health/ready', status: 200, auth: 'none' } as Route<VideoReadiness>,
    metrics: { id: 'v2.health.metrics', api: 'v2', method: 'GET', path: '/v2/metrics', status: 200, auth: 'basic', responseKind: 'text' } as Route<string>,
  },
  cameras: {
    list: { id: 'v2.cameras.list', api: 'v2', method: 'GET', path: '/v2/api/cameras', status: 200, auth: 'bearer' } as Route<CameraList>,
    create: { id: 'v2.cameras.create', api: 'v2', method: 'POST', path: '/v2/api/cameras', status: 201, auth: 'bearer' } as Route<Camera>,
    update: { id: 'v2.cameras.update', api: 'v2', method: 'PATCH', path: '/v2/api/cameras/{id}', status: 200, auth: 'bearer' } as Route<Camera>,
    delete: { id: 'v2.cameras.delete', api: 'v2', method: 'DELETE', path: '/v2/api/cameras/{id}', status: 204, auth: 'bearer' } as Route<void>,
  },
  events: {
    list: { id: 'v2.events.list', api: 'v2', method: 'GET', path: '/v2/api/events', status: 200, auth: 'bearer' } as Route<VideoEventList>,
  },
  playback: {
    timeline: { id: 'v2.playback.timeline', api: 'v2', method: 'GET', path: '/v2/api/playback/timeline', status: 200, auth: 'bearer' } as Route<PlaybackTimeline>,
    forEvent: { id: 'v2.playback.forEvent', api: 'v2', method: 'GET', path: '/v2/api/playback/event/{id}', status: 200, auth: 'bearer' } as Route<EventPlayback>,
    playlist: { id: 'v2.playback.playlist', api: 'v2', method: 'GET', path: '/v2/hls/{cam}/{date}/{hour}/index.m3u8', status: 200, auth: 'query-token', responseKind: 'text' } as Route<string>,
    segment: { id: 'v2.playback.segment', api: 'v2', method: 'GET', path: '/v2/hls/{cam}/{date}/{hour}/{segment}', status: 200, auth: 'query-token', responseKind: 'binary' } as Route<string>,
    snapshot: { id: 'v2.playback.snapshot', api: 'v2', method: 'GET', path: '/v2/hls/{cam}/{date}/{hour}/snapshots/{file}', status: 200, auth: 'query-token', responseKind: 'binary' } as Route<string>,
  },
};

export const mock = {
  dashboard: {
    retrieve: { id: 'mock.dashboard.retrieve', api: 'mock', method: 'GET', path: '/__mock/ui', status: 200, auth: 'control-page', responseKind: 'text' } as Route<string>,
  },
  reset: { id: 'mock.reset', api: 'mock', method: 'POST', path: '/__mock/reset', status: 200, auth: 'control' } as Route<MockResetResponse>,
  state: {
    export: { id: 'mock.state.export', api: 'mock', method: 'GET', path: '/__mock/state', status: 200, auth: 'control' } as Route<Record<string, unknown>>,
    import: { id: 'mock.state.import', api: 'mock', method: 'PUT', path: '/__mock/state', status: 200, auth: 'control' } as Route<MockStateImportResponse>,
  },
  requests: {
    list: { id: 'mock.requests.list', api: 'mock', method: 'GET', path: '/__mock/requests', status: 200, auth: 'control' } as Route<MockRequestListResponse>,
    clear: { id: 'mock.requests.clear', api: 'mock', method: 'DELETE', path: '/__mock/requests', status: 204, auth: 'control' } as Route<void>,
  },
  bucketNames: {
    retrieve: { id: 'mock.bucketNames.retrieve', api: 'mock', method: 'GET', path: '/__mock/bucket-names/{name}', status: 200, auth: 'control' } as Route<BucketNameAvailability>,
  },
  clock: {
    retrieve: { id: 'mock.clock.retrieve', api: 'mock', method: 'GET', path: '/__mock/clock', status: 200, auth: 'control' } as Route<ClockState>,
    advance: { id: 'mock.clock.advance', api: 'mock', method: 'POST', path: '/__mock/clock/advance', status: 200, auth: 'control' } as Route<ClockState>,
    freeze: { id: 'mock.clock.freeze', api: 'mock', method: 'POST', path: '/__mock/clock/freeze', status: 200, auth: 'control' } as Route<ClockState>,
  },
  faults: {
    create: { id: 'mock.faults.create', api: 'mock', method: 'POST', path: '/__mock/faults', status: 201, auth: 'control' } as Route<Fault>,
    list: { id: 'mock.faults.list', api: 'mock', method: 'GET', path: '/__mock/faults', status: 200, auth: 'control' } as Route<MockFaultListResponse>,
    delete: { id: 'mock.faults.delete', api: 'mock', method: 'DELETE', path: '/__mock/faults/{id}', status: 204, auth: 'control' } as Route<void>,
    clear: { id: 'mock.faults.clear', api: 'mock', method: 'DELETE', path: '/__mock/faults', status: 204, auth: 'control' } as Route<void>,
  },
  quotas: {
    update: { id: 'mock.quotas.update', api: 'mock', method: 'PUT', path: '/__mock/quotas/{project_id}', status: 200, auth: 'control' } as Route<MockQuotaUpdateResponse>,
  },
  webhookDeliveries: {
    list: { id: 'mock.webhookDeliveries.list', api: 'mock', method: 'GET', path: '/__mock/webhooks/deliveries', status: 200, auth: 'control' } as Route<MockWebhookDeliveryListResponse>,
  },
  videoTenants: {
    update: { id: 'mock.videoTenants.update', api: 'mock', method: 'PUT', path: '/__mock/v2/tenants/{tenant_id}', status: 200, auth: 'control' } as Route<VideoTenantPlan>,
  },
  videoEvents: {
    create: { id: 'mock.videoEvents.create', api: 'mock', method: 'POST', path: '/__mock/v2/events', status: 201, auth: 'control' } as Route<VideoEvent>,
  },
};

export const docs = {
  cloudPlatform: { id: 'docs.cloudPlatform', api: 'v1', method: 'GET', path: '/api/v1/openapi.json', status: 200, auth: 'none', responseKind: 'text' } as Route<string>,
  video: { id: 'docs.video', api: 'v2', method: 'GET', path: '/v2/openapi.json', status: 200, auth: 'none', responseKind: 'text' } as Route<string>,
  page: { id: 'docs.page', api: 'mock', method: 'GET', path: '/docs', status: 200, auth: 'none', responseKind: 'text' } as Route<string>,
  asset: { id: 'docs.asset', api: 'mock', method: 'GET', path: '/docs/assets/{file}', status: 200, auth: 'none', responseKind: 'binary' } as Route<string>,
};
