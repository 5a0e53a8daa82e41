// Generated from the contract by scripts/generate-sdk-types.mjs. Do not edit.

import type { z } from 'zod';
import type { Endpoint, EndpointConfig } from '../contract/define';
import type * as T from './types';

// Constants, functions and plain types as the contract declares them; the names below replace
// its schemas, endpoint groups and inferred types.
export * from '../contract/index';

// Schemas declared beside their type of the same name.
export {
  ActivityLog,
  ActivityLogListQuery,
  ActorType,
  Anomaly,
  AnomalyListQuery,
  AnomalySeverity,
  AnomalyStatus,
  ApiKey,
  ApiKeyCreated,
  ApiProduct,
  ApiProductCreateBody,
  ApiProductListQuery,
  ApiProductSubscriptionCreateBody,
  ApiSubscription,
  ApiSubscriptionCreated,
  Assignment,
  AssignmentListQuery,
  AssignmentScope,
  AuditLog,
  AuditLogListQuery,
  AuditOutcome,
  AuthWorkloadTokenBody,
  Autoscale,
  Backup,
  BackupCreateBody,
  BackupFrequency,
  BackupPolicy,
  BackupPolicyCreateBody,
  BackupResourceType,
  BackupStatus,
  BackupVault,
  BackupVaultCreateBody,
  BandwidthPolicy,
  BandwidthPolicyListQuery,
  BandwidthTarget,
  BandwidthTargetType,
  BgpStatus,
  BillingSubscription,
  BooleanQuery,
  Bucket,
  BucketAccess,
  BucketCreateBody,
  BucketGrant,
  BucketListQuery,
  BucketNameAvailability,
  Budget,
  BudgetCreateBody,
  BudgetListQuery,
  BudgetPeriod,
  BuiltinRoleName,
  CacheInstance,
  CacheInstanceCreateBody,
  CacheInstanceListQuery,
  CacheSku,
  CacheStatus,
  Camera,
  CameraCreateBody,
  CameraList,
  CameraStatus,
  CdnEndpoint,
  CdnEndpointStatus,
  CdnProfile,
  CdnProfileCreateBody,
  CdnProfileEndpointCreateBody,
  CdnProfileEndpointListQuery,
  CdnProfileListQuery,
  CdnSku,
  Cidr,
  ClockState,
  Cluster,
  ClusterCreateBody,
  ClusterListQuery,
  ClusterStatus,
  ComplianceForPolicyQuery,
  ComplianceListQuery,
  ComplianceResult,
  ComplianceSource,
  CostBreakdown,
  CostPeriod,
  Currency,
  Database,
  DatabaseCreateBody,
  DatabaseEngine,
  DatabaseListQuery,
  DatabasePool,
  DatabaseReplica,
  DatabaseStatus,
  DatabaseTier,
  DayOfWeek,
  DdosPlan,
  DdosPlanCreateBody,
  DdosPlanListQuery,
  DdosPlanStatus,
  DdosTier,
  Delegation,
  DeliveryStatus,
  DetectionBox,
  DetectionPayload,
  DocsAssetName,
  DrDrill,
  DrDrillStepResult,
  DrExecution,
  DrExecutionStep,
  DrExecutionStepStatus,
  DrPlan,
  DrPlanCreateBody,
  DrPlanListQuery,
  DrPlanStatus,
  DrStep,
  DrStepAction,
  DrStepOutcome,
  EnforcementMode,
  ErrorBody,
  ErrorDetail,
  EventListQuery,
  EventPlayback,
  Fault,
  Firewall,
  FirewallCreateBody,
  FirewallListQuery,
  FirewallRule,
  FirewallRuleInput,
  Flavor,
  FunctionCreateBody,
  FunctionInvocation,
  FunctionInvocationStatus,
  FunctionListQuery,
  FunctionRecord,
  FunctionRuntime,
  FunctionStatus,
  FunctionTrigger,
  FunctionTriggerListQuery,
  FunctionTriggerType,
  GlobalBackend,
  GlobalBackendInput,
  GlobalLoadBalancer,
  GlobalLoadBalancerCreateBody,
  GlobalLoadBalancerListQuery,
  GlobalLoadBalancerStatus,
  GlobalRouting,
  HealthProbe,
  HealthProbeProtocol,
  IamRole,
  IamRoleCreateBody,
  IamRoleListQuery,
  IamUser,
  IamUserListQuery,
  Instance,
  InstanceCreateBody,
  InstanceListQuery,
  InstanceStatus,
  Invoice,
  InvoiceLine,
  InvoiceStatus,
  KubernetesVersion,
  LastFailover,
  LoadBalancer,
  LoadBalancerCreateBody,
  LoadBalancerHealthProbeCreateBody,
  LoadBalancerListQuery,
  LoadBalancerScheme,
  LoadBalancerStatus,
  LoadBalancerType,
  LogEntry,
  LogLevel,
  LogQueryQuery,
  LogSource,
  LoginResult,
  MetricName,
  MetricOperator,
  MetricPoint,
  MetricQueryQuery,
  MetricRule,
  MetricRuleListQuery,
  MetricRuleSeverity,
  MetricSeries,
  MfaEnrollment,
  MockRequestListResponse,
  MockWebhookDelivery,
  NodePool,
  NodePoolInput,
  PageMeta,
  PageQuery,
  PlaybackTimeline,
  Policy,
  PolicyCategory,
  PolicyCreateBody,
  PolicyListQuery,
  PolicySeverity,
  PolicyType,
  PoolMode,
  PrivateEndpoint,
  PrivateEndpointListQuery,
  PrivateEndpointService,
  PrivateEndpointStatus,
  Project,
  ProjectCreateBody,
  ProjectRecord,
  ProvisioningMetric,
  ProvisioningMetricStatus,
  Quota,
  QuotaLimits,
  ReadinessCheck,
  RecordBase,
  RecordSet,
  RecordSetInput,
  RecordType,
  RecordedRequest,
  Registry,
  RegistryCreateBody,
  RegistryListQuery,
  RegistrySku,
  ReplicaStatus,
  Report,
  ReportListQuery,
  ReportStatus,
  ResourceCost,
  ResourceGroup,
  ResourceGroupCreateBody,
  RouteTable,
  RouteTargetType,
  RuleAction,
  RuleDirection,
  RuleProtocol,
  Service,
  ServiceCost,
  ServiceHealth,
  ServiceState,
  ServiceStatus,
  Snapshot,
  SnapshotCreateBody,
  SnapshotResourceType,
  SnapshotStatus,
  StorageClass,
  Subnet,
  SubnetStatus,
  SubscriptionStatus,
  Tags,
  TokenPair,
  Topic,
  TopicCreateBody,
  TopicEvent,
  TopicListQuery,
  TopicSubscription,
  TopicSubscriptionCreateBody,
  TopicSubscriptionDeliveryListQuery,
  TopicSubscriptionWithSecret,
  TransitHub,
  TransitHubAttachment,
  TransitHubAttachmentListQuery,
  TransitHubAttachmentStatus,
  TransitHubCreateBody,
  TransitHubListQuery,
  TransitHubStatus,
  Usage,
  UsageItem,
  User,
  V1Error,
  V2Error,
  Vault,
  VaultCreateBody,
  VaultListQuery,
  VaultRedundancy,
  VaultSecret,
  VaultSku,
  VideoEvent,
  VideoEventEnvelope,
  VideoEventList,
  VideoEventStreamQuery,
  VideoEventType,
  VideoHealth,
  VideoReadiness,
  VideoTenantPlan,
  Vpc,
  VpcCreateBody,
  VpcListQuery,
  VpcPeering,
  VpcPeeringListQuery,
  VpcPeeringStatus,
  VpcRoute,
  VpcRouteInput,
  VpcRouteTableCreateBody,
  VpcRouteTableListQuery,
  VpcStatus,
  VpcSubnetListQuery,
  VpnBgpConfig,
  VpnGateway,
  VpnGatewayListQuery,
  VpnGatewayStatus,
  WebApp,
  WebAppPlan,
  WebAppRuntime,
  WebappCreateBody,
  WebappListQuery,
  WebhookDelivery,
  WorkloadScope,
  WorkloadToken,
  Zone,
  ZoneCreateBody,
  ZoneListQuery,
  ZoneType,
} from './types';

/** A query or path field that may be left out; `Defaulted`, one filled in when left out. */
type Optional<Output, Input = Output> = z.ZodOptional<z.ZodType<Output, Input>>;
type Defaulted<Output, Input = Output> = z.ZodDefault<z.ZodType<Output, Input>>;

/**
 * An endpoint as declared, answering 200 to a bearer token unless `status` and `auth` say
 * otherwise; `summary` and `family` are documentation, typed loosely.
 */
type Declared<C extends Omit<EndpointConfig, 'summary' | 'family' | 'status' | 'auth'> & Partial<EndpointConfig>> = Endpoint<C & { status: C extends { status: infer S } ? S : 200; auth: C extends { auth: infer A } ? A : 'bearer'; summary: string; family: string }>;

export declare const AnomalyDetectBody: z.ZodType<T.AnomalyDetectParams>;
export type AnomalyDetectBody = T.AnomalyDetectParams;
export declare const AssignmentCreateBody: z.ZodType<T.AssignmentCreateParams>;
export type AssignmentCreateBody = T.AssignmentCreateParams;
export declare const AuthLoginBody: z.ZodType<T.AuthLoginParams>;
export type AuthLoginBody = T.AuthLoginParams;
export declare const AuthMfaEnrollBody: z.ZodType<T.AuthMfaEnrollParams>;
export type AuthMfaEnrollBody = T.AuthMfaEnrollParams;
export declare const AuthRefreshBody: z.ZodType<T.AuthRefreshParams>;
export type AuthRefreshBody = T.AuthRefreshParams;
export declare const AuthRegisterBody: z.ZodType<T.AuthRegisterParams>;
export type AuthRegisterBody = T.AuthRegisterParams;
export declare const AvailabilityZone: z.ZodType<string>;
export type AvailabilityZone = string;
export declare const BackupPolicyUpdateBody: z.ZodType<T.BackupPolicyUpdateParams>;
export type BackupPolicyUpdateBody = T.BackupPolicyUpdateParams;
export declare const BandwidthPolicyCreateBody: z.ZodType<T.BandwidthPolicyCreateParams>;
export type BandwidthPolicyCreateBody = T.BandwidthPolicyCreateParams;
export declare const BandwidthPolicyUpdateBody: z.ZodType<T.BandwidthPolicyUpdateParams>;
export type BandwidthPolicyUpdateBody = T.BandwidthPolicyUpdateParams;
export declare const BillingCostRetrieveQuery: z.ZodObject<{ from: Optional<string | string>; to: Optional<string | string>; period: Optional<T.CostPeriod> }>;
export type BillingCostRetrieveQuery = T.BillingCostRetrieveParams;
export declare const BillingUsageRetrieveQuery: z.ZodObject<{ from: Optional<string | string>; to: Optional<string | string> }>;
export type BillingUsageRetrieveQuery = T.BillingUsageRetrieveParams;
export declare const BucketName: z.ZodType<string>;
export type BucketName = string;
export declare const BucketNameParams: z.ZodObject<{ name: z.ZodType<string> }>;
export type BucketNameParams = {
  /** Bucket name */
  name: string;
};
export declare const BudgetUpdateBody: z.ZodType<T.BudgetUpdateParams>;
export type BudgetUpdateBody = T.BudgetUpdateParams;
export declare const CacheInstanceScaleBody: z.ZodType<T.CacheInstanceScaleParams>;
export type CacheInstanceScaleBody = T.CacheInstanceScaleParams;
export declare const CameraUpdateBody: z.ZodType<T.CameraUpdateParams>;
export type CameraUpdateBody = T.CameraUpdateParams;
export declare const CdnCustomDomain: z.ZodType<string>;
export type CdnCustomDomain = string;
export declare const CdnOriginHost: z.ZodType<string>;
export type CdnOriginHost = string;
export declare const ComplianceEvaluateBody: z.ZodType<T.ComplianceEvaluateParams>;
export type ComplianceEvaluateBody = T.ComplianceEvaluateParams;
export declare const CronExpression: z.ZodType<string>;
export type CronExpression = string;
export declare const CustomRoleName: z.ZodType<string>;
export type CustomRoleName = string;
export declare const DatabaseFailoverBody: z.ZodType<T.DatabaseFailoverParams>;
export type DatabaseFailoverBody = T.DatabaseFailoverParams;
export declare const DatabasePoolUpdateBody: z.ZodType<T.DatabasePoolUpdateParams>;
export type DatabasePoolUpdateBody = T.DatabasePoolUpdateParams;
export declare const DatabaseReplicaCreateBody: z.ZodType<T.DatabaseReplicaCreateParams>;
export type DatabaseReplicaCreateBody = T.DatabaseReplicaCreateParams;
export declare const DestinationZone: z.ZodType<string>;
export type DestinationZone = string;
export declare const DnsZoneName: z.ZodType<string>;
export type DnsZoneName = string;
export declare const DrPlanStepCreateBody: z.ZodType<T.DrPlanStepCreateParams>;
export type DrPlanStepCreateBody = T.DrPlanStepCreateParams;
export declare const Email: z.ZodType<string>;
export type Email = string;
export declare const EventType: z.ZodType<string>;
export type EventType = string;
export declare const EventTypeFilter: z.ZodType<string>;
export type EventTypeFilter = string;
export declare const FunctionInvokeBody: z.ZodType<T.FunctionInvokeParams>;
export type FunctionInvokeBody = T.FunctionInvokeParams;
export declare const FunctionTriggerCreateBody: z.ZodType<T.FunctionTriggerCreateParams>;
export type FunctionTriggerCreateBody = T.FunctionTriggerCreateParams;
export declare const FunctionUpdateBody: z.ZodType<T.FunctionUpdateParams>;
export type FunctionUpdateBody = T.FunctionUpdateParams;
export declare const IamBucketGrantCreateBody: z.ZodType<T.IamBucketGrantCreateParams>;
export type IamBucketGrantCreateBody = T.IamBucketGrantCreateParams;
export declare const IamKeyCreateBody: z.ZodType<T.IamKeyCreateParams>;
export type IamKeyCreateBody = T.IamKeyCreateParams;
export declare const IamUserCreateBody: z.ZodType<T.IamUserCreateParams>;
export type IamUserCreateBody = T.IamUserCreateParams;
export declare const IdParams: z.ZodObject<{ id: z.ZodType<string> }>;
export type IdParams = {
  id: string;
};
export declare const Ipv4Address: z.ZodType<string>;
export type Ipv4Address = string;
export declare const Ipv4Cidr: z.ZodType<string>;
export type Ipv4Cidr = string;
export declare const MetricIdParams: z.ZodObject<{ metricId: z.ZodType<string> }>;
export type MetricIdParams = {
  metricId: string;
};
export declare const MockExportStateQuery: z.ZodObject<{ include_secret: Optional<T.BooleanQuery> }>;
export type MockExportStateQuery = T.MockExportStateParams;
export declare const MockFaultCreateBody: z.ZodType<T.MockFaultCreateParams>;
export type MockFaultCreateBody = T.MockFaultCreateParams;
export declare const MockInjectVideoEventBody: z.ZodType<T.MockInjectVideoEventParams>;
export type MockInjectVideoEventBody = T.MockInjectVideoEventParams;
export declare const MockRequestListQuery: z.ZodObject<{ method: Optional<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD'>; path: Optional<string>; status: Optional<number>; after: Optional<string>; limit: Optional<number> }>;
export type MockRequestListQuery = T.MockRequestListParams;
export declare const MockSetVideoTenantBody: z.ZodType<T.MockSetVideoTenantParams>;
export type MockSetVideoTenantBody = T.MockSetVideoTenantParams;
export declare const PeerAsn: z.ZodType<number>;
export type PeerAsn = number;
export declare const Permission: z.ZodType<string>;
export type Permission = string;
export declare const PlaybackTimelineQuery: z.ZodObject<{ camera_id: z.ZodType<string>; date: z.ZodType<string> }>;
export type PlaybackTimelineQuery = T.PlaybackTimelineParams;
export declare const PolicyDefinition: z.ZodType<string>;
export type PolicyDefinition = string;
export declare const PolicyIdParams: z.ZodObject<{ policyId: z.ZodType<string> }>;
export type PolicyIdParams = {
  policyId: string;
};
export declare const PolicyUpdateBody: z.ZodType<T.PolicyUpdateParams>;
export type PolicyUpdateBody = T.PolicyUpdateParams;
export declare const PortSpec: z.ZodType<string>;
export type PortSpec = string;
export declare const PrivateAsn: z.ZodType<number>;
export type PrivateAsn = number;
export declare const PrivateEndpointCreateBody: z.ZodType<T.PrivateEndpointCreateParams>;
export type PrivateEndpointCreateBody = T.PrivateEndpointCreateParams;
export declare const ProjectDelegateBody: z.ZodType<T.ProjectDelegateParams>;
export type ProjectDelegateBody = T.ProjectDelegateParams;
export declare const ProvisioningMetricStartBody: z.ZodType<T.ProvisioningMetricStartParams>;
export type ProvisioningMetricStartBody = T.ProvisioningMetricStartParams;
export declare const RecordSetName: z.ZodType<string>;
export type RecordSetName = string;
export declare const RecordingDate: z.ZodType<string>;
export type RecordingDate = string;
export declare const RecordingHour: z.ZodType<string>;
export type RecordingHour = string;
export declare const Region: z.ZodType<string>;
export type Region = string;
export declare const RegistryName: z.ZodType<string>;
export type RegistryName = string;
export declare const ReportCreateBody: z.ZodType<T.ReportCreateParams>;
export type ReportCreateBody = T.ReportCreateParams;
export declare const ResourceName: z.ZodType<string>;
export type ResourceName = string;
export declare const ResourceType: z.ZodType<string>;
export type ResourceType = string;
export declare const Role: z.ZodType<string>;
export type Role = string;
export declare const RtspUrl: z.ZodType<string>;
export type RtspUrl = string;
export declare const SecretName: z.ZodType<string>;
export type SecretName = string;
export declare const Since: z.ZodType<string>;
export type Since = string;
export declare const SubscriptionParams: z.ZodObject<{ id: z.ZodType<string>; subscriptionId: z.ZodType<string> }>;
export type SubscriptionParams = {
  id: string;
  subscriptionId: string;
};
export declare const Timestamp: z.ZodType<string>;
export type Timestamp = string;
export declare const TopicPublishBody: z.ZodType<T.TopicPublishParams>;
export type TopicPublishBody = T.TopicPublishParams;
export declare const TransitHubAttachmentCreateBody: z.ZodType<T.TransitHubAttachmentCreateParams>;
export type TransitHubAttachmentCreateBody = T.TransitHubAttachmentCreateParams;
export declare const Uuid: z.ZodType<string>;
export type Uuid = string;
export declare const VaultName: z.ZodType<string>;
export type VaultName = string;
export declare const VideoFeature: z.ZodType<T.VideoEventType>;
export type VideoFeature = T.VideoEventType;
export declare const VpcPeeringCreateBody: z.ZodType<T.VpcPeeringCreateParams>;
export type VpcPeeringCreateBody = T.VpcPeeringCreateParams;
export declare const VpcSubnetCreateBody: z.ZodType<T.VpcSubnetCreateParams>;
export type VpcSubnetCreateBody = T.VpcSubnetCreateParams;
export declare const VpnGatewayConfigureBgpBody: z.ZodType<T.VpnGatewayConfigureBgpParams>;
export type VpnGatewayConfigureBgpBody = T.VpnGatewayConfigureBgpParams;
export declare const VpnGatewayCreateBody: z.ZodType<T.VpnGatewayCreateParams>;
export type VpnGatewayCreateBody = T.VpnGatewayCreateParams;
export declare const WebAppName: z.ZodType<string>;
export type WebAppName = string;
export declare const WebhookUrl: z.ZodType<string>;
export type WebhookUrl = string;
export declare const ZoneName: z.ZodType<string>;
export type ZoneName = string;
export declare const activityLogs: {
  list: Declared<{ method: 'GET'; path: '/api/v1/activity-logs'; project: true; list: true; query: typeof T.ActivityLogListQuery; response: typeof T.ActivityLog }>;
};
export declare const anomalies: {
  list: Declared<{ method: 'GET'; path: '/api/v1/anomalies'; project: true; list: true; query: typeof T.AnomalyListQuery; response: typeof T.Anomaly }>;
  detect: Declared<{ method: 'POST'; path: '/api/v1/anomalies/detect'; status: 201; project: true; body: typeof AnomalyDetectBody; response: typeof T.Anomaly }>;
  acknowledge: Declared<{ method: 'POST'; path: '/api/v1/anomalies/{id}/acknowledge'; project: true; params: typeof IdParams; response: typeof T.Anomaly }>;
};
export declare const apiProducts: {
  list: Declared<{ method: 'GET'; path: '/api/v1/api-products'; project: true; list: true; query: typeof T.ApiProductListQuery; response: typeof T.ApiProduct }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/api-products'; status: 201; project: true; body: typeof T.ApiProductCreateBody; response: typeof T.ApiProduct }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/api-products/{id}'; project: true; params: typeof IdParams; response: typeof T.ApiProduct }>;
  delete: Declared<{ method: 'DELETE'; path: '/api/v1/api-products/{id}'; status: 204; project: true; params: typeof IdParams; response: z.ZodType<void> }>;
  subscriptions: typeof apiSubscriptions;
};
export declare const apiSubscriptions: {
  list: Declared<{ method: 'GET'; path: '/api/v1/api-products/{id}/subscriptions'; project: true; list: true; params: typeof IdParams; query: typeof T.PageQuery; response: typeof T.ApiSubscription }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/api-products/{id}/subscriptions'; status: 201; project: true; params: typeof IdParams; body: typeof T.ApiProductSubscriptionCreateBody; response: typeof T.ApiSubscriptionCreated }>;
};
export declare const assignments: {
  list: Declared<{ method: 'GET'; path: '/api/v1/assignments'; project: true; list: true; query: typeof T.AssignmentListQuery; response: typeof T.Assignment }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/assignments'; status: 201; project: true; body: typeof AssignmentCreateBody; response: typeof T.Assignment }>;
};
export declare const auditLogs: {
  list: Declared<{ method: 'GET'; path: '/api/v1/audit/logs'; project: true; list: true; query: typeof T.AuditLogListQuery; response: typeof T.AuditLog }>;
};
export declare const auth: {
  register: Declared<{ method: 'POST'; path: '/api/v1/auth/register'; status: 201; auth: 'none'; body: typeof AuthRegisterBody; response: typeof T.User }>;
  login: Declared<{ method: 'POST'; path: '/api/v1/auth/login'; auth: 'none'; body: typeof AuthLoginBody; response: typeof T.LoginResult }>;
  refresh: Declared<{ method: 'POST'; path: '/api/v1/auth/refresh'; auth: 'none'; body: typeof AuthRefreshBody; response: typeof T.TokenPair }>;
  logout: Declared<{ method: 'POST'; path: '/api/v1/auth/logout'; response: z.ZodType<T.AuthLogoutResponse> }>;
  mfaEnroll: Declared<{ method: 'POST'; path: '/api/v1/auth/mfa/enroll'; bodyOptional: true; body: typeof AuthMfaEnrollBody; response: typeof T.MfaEnrollment }>;
  workloadToken: Declared<{ method: 'POST'; path: '/api/v1/auth/workload-token'; body: typeof T.AuthWorkloadTokenBody; response: typeof T.WorkloadToken }>;
};
export declare const backupPolicies: {
  create: Declared<{ method: 'POST'; path: '/api/v1/backups/policies'; status: 201; project: true; body: typeof T.BackupPolicyCreateBody; response: typeof T.BackupPolicy }>;
  update: Declared<{ method: 'PUT'; path: '/api/v1/backups/policies/{id}'; project: true; params: typeof IdParams; body: typeof BackupPolicyUpdateBody; response: typeof T.BackupPolicy }>;
};
export declare const backupVaults: {
  list: Declared<{ method: 'GET'; path: '/api/v1/backup-vaults'; project: true; list: true; query: z.ZodObject<{ page: Defaulted<number>; per_page: Defaulted<number>; region: Optional<string>; redundancy: Optional<T.VaultRedundancy>; name: Optional<string> }>; response: typeof T.BackupVault }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/backup-vaults'; status: 201; project: true; body: typeof T.BackupVaultCreateBody; response: typeof T.BackupVault }>;
};
export declare const backups: {
  list: Declared<{ method: 'GET'; path: '/api/v1/backups'; project: true; list: true; query: z.ZodObject<{ page: Defaulted<number>; per_page: Defaulted<number>; vault_id: Optional<string>; resource_type: Optional<T.BackupResourceType>; resource_id: Optional<string>; status: Optional<T.BackupStatus> }>; response: typeof T.Backup }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/backups'; status: 201; project: true; body: typeof T.BackupCreateBody; response: typeof T.Backup }>;
};
export declare const bandwidthPolicies: {
  list: Declared<{ method: 'GET'; path: '/api/v1/bandwidth-policies'; project: true; list: true; query: typeof T.BandwidthPolicyListQuery; response: typeof T.BandwidthPolicy }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/bandwidth-policies'; status: 201; project: true; body: typeof BandwidthPolicyCreateBody; response: typeof T.BandwidthPolicy }>;
  update: Declared<{ method: 'PUT'; path: '/api/v1/bandwidth-policies/{id}'; project: true; params: typeof IdParams; body: typeof BandwidthPolicyUpdateBody; response: typeof T.BandwidthPolicy }>;
};
export declare const billing: {
  usage: {
    retrieve: Declared<{ method: 'GET'; path: '/api/v1/billing/usage'; project: true; query: typeof BillingUsageRetrieveQuery; response: typeof T.Usage }>;
  };
  invoices: {
    list: Declared<{ method: 'GET'; path: '/api/v1/billing/invoices'; project: true; list: true; query: z.ZodObject<{ page: Defaulted<number>; per_page: Defaulted<number>; status: Optional<T.InvoiceStatus> }>; response: typeof T.Invoice }>;
  };
  cost: {
    retrieve: Declared<{ method: 'GET'; path: '/api/v1/billing/cost'; project: true; query: typeof BillingCostRetrieveQuery; response: typeof T.CostBreakdown }>;
  };
  budgets: {
    create: Declared<{ method: 'POST'; path: '/api/v1/billing/budgets'; status: 201; project: true; body: typeof T.BudgetCreateBody; response: typeof T.Budget }>;
  };
  subscriptions: {
    list: Declared<{ method: 'GET'; path: '/api/v1/subscriptions'; project: true; list: true; query: typeof T.PageQuery; response: typeof T.BillingSubscription }>;
  };
};
export declare const buckets: {
  list: Declared<{ method: 'GET'; path: '/api/v1/buckets'; project: true; list: true; query: typeof T.BucketListQuery; response: typeof T.Bucket }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/buckets'; status: 201; project: true; body: typeof T.BucketCreateBody; response: typeof T.Bucket }>;
  delete: Declared<{ method: 'DELETE'; path: '/api/v1/buckets/{name}'; status: 204; project: true; params: typeof BucketNameParams; response: z.ZodType<void> }>;
};
export declare const budgets: {
  list: Declared<{ method: 'GET'; path: '/api/v1/budgets'; project: true; list: true; query: typeof T.BudgetListQuery; response: typeof T.Budget }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/budgets'; status: 201; project: true; body: typeof T.BudgetCreateBody; response: typeof T.Budget }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/budgets/{id}'; project: true; params: typeof IdParams; response: typeof T.Budget }>;
  update: Declared<{ method: 'PUT'; path: '/api/v1/budgets/{id}'; project: true; params: typeof IdParams; body: typeof BudgetUpdateBody; response: typeof T.Budget }>;
  delete: Declared<{ method: 'DELETE'; path: '/api/v1/budgets/{id}'; status: 204; project: true; params: typeof IdParams; response: z.ZodType<void> }>;
};
export declare const cacheInstances: {
  list: Declared<{ method: 'GET'; path: '/api/v1/cache-instances'; project: true; list: true; query: typeof T.CacheInstanceListQuery; response: typeof T.CacheInstance }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/cache-instances'; status: 201; project: true; body: typeof T.CacheInstanceCreateBody; response: typeof T.CacheInstance }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/cache-instances/{id}'; project: true; params: typeof IdParams; response: typeof T.CacheInstance }>;
  delete: Declared<{ method: 'DELETE'; path: '/api/v1/cache-instances/{id}'; status: 204; project: true; params: typeof IdParams; response: z.ZodType<void> }>;
  scale: Declared<{ method: 'POST'; path: '/api/v1/cache-instances/{id}/scale'; project: true; params: typeof IdParams; body: typeof CacheInstanceScaleBody; response: typeof T.CacheInstance }>;
};
export declare const cameras: {
  list: Declared<{ method: 'GET'; path: '/v2/api/cameras'; response: typeof T.CameraList }>;
  create: Declared<{ method: 'POST'; path: '/v2/api/cameras'; status: 201; body: typeof T.CameraCreateBody; response: typeof T.Camera }>;
  update: Declared<{ method: 'PATCH'; path: '/v2/api/cameras/{id}'; params: z.ZodObject<{ id: z.ZodType<string> }>; body: typeof CameraUpdateBody; response: typeof T.Camera }>;
  delete: Declared<{ method: 'DELETE'; path: '/v2/api/cameras/{id}'; status: 204; params: z.ZodObject<{ id: z.ZodType<string> }>; response: z.ZodType<void> }>;
};
export declare const cdnEndpoints: {
  list: Declared<{ method: 'GET'; path: '/api/v1/cdn-profiles/{id}/endpoints'; project: true; list: true; params: typeof IdParams; query: typeof T.CdnProfileEndpointListQuery; response: typeof T.CdnEndpoint }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/cdn-profiles/{id}/endpoints'; status: 201; project: true; params: typeof IdParams; body: typeof T.CdnProfileEndpointCreateBody; response: typeof T.CdnEndpoint }>;
};
export declare const cdnProfiles: {
  list: Declared<{ method: 'GET'; path: '/api/v1/cdn-profiles'; project: true; list: true; query: typeof T.CdnProfileListQuery; response: typeof T.CdnProfile }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/cdn-profiles'; status: 201; project: true; body: typeof T.CdnProfileCreateBody; response: typeof T.CdnProfile }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/cdn-profiles/{id}'; project: true; params: typeof IdParams; response: typeof T.CdnProfile }>;
  delete: Declared<{ method: 'DELETE'; path: '/api/v1/cdn-profiles/{id}'; status: 204; project: true; params: typeof IdParams; response: z.ZodType<void> }>;
  endpoints: typeof cdnEndpoints;
};
export declare const clusters: {
  list: Declared<{ method: 'GET'; path: '/api/v1/clusters'; project: true; list: true; query: typeof T.ClusterListQuery; response: typeof T.Cluster }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/clusters'; status: 201; project: true; body: typeof T.ClusterCreateBody; response: typeof T.Cluster }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/clusters/{id}'; project: true; params: typeof IdParams; response: typeof T.Cluster }>;
};
export declare const compliance: {
  list: Declared<{ method: 'GET'; path: '/api/v1/compliance'; project: true; list: true; query: typeof T.ComplianceListQuery; response: typeof T.ComplianceResult }>;
  evaluate: Declared<{ method: 'POST'; path: '/api/v1/compliance/evaluate'; status: 201; project: true; body: typeof ComplianceEvaluateBody; response: typeof T.ComplianceResult }>;
  forPolicy: Declared<{ method: 'GET'; path: '/api/v1/compliance/policy/{policyId}'; project: true; list: true; params: typeof PolicyIdParams; query: typeof T.ComplianceForPolicyQuery; response: typeof T.ComplianceResult }>;
};
export declare const contract: {
  v1: typeof v1;
  v2: typeof v2;
  mock: typeof mock;
  docs: typeof docs;
};
export declare const databases: {
  list: Declared<{ method: 'GET'; path: '/api/v1/databases'; project: true; list: true; query: typeof T.DatabaseListQuery; response: typeof T.Database }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/databases'; status: 201; project: true; body: typeof T.DatabaseCreateBody; response: typeof T.Database }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/databases/{id}'; project: true; params: typeof IdParams; response: typeof T.Database }>;
  delete: Declared<{ method: 'DELETE'; path: '/api/v1/databases/{id}'; status: 204; project: true; params: typeof IdParams; response: z.ZodType<void> }>;
  pool: {
    retrieve: Declared<{ method: 'GET'; path: '/api/v1/databases/{id}/pool'; project: true; params: typeof IdParams; response: typeof T.DatabasePool }>;
    update: Declared<{ method: 'PUT'; path: '/api/v1/databases/{id}/pool'; project: true; params: typeof IdParams; body: typeof DatabasePoolUpdateBody; response: typeof T.DatabasePool }>;
  };
  replicas: {
    list: Declared<{ method: 'GET'; path: '/api/v1/databases/{id}/replicas'; project: true; list: true; params: typeof IdParams; query: z.ZodObject<{ page: Defaulted<number>; per_page: Defaulted<number>; status: Optional<T.ReplicaStatus>; region: Optional<string> }>; response: typeof T.DatabaseReplica }>;
    create: Declared<{ method: 'POST'; path: '/api/v1/databases/{id}/replicas'; status: 201; project: true; params: typeof IdParams; body: typeof DatabaseReplicaCreateBody; response: typeof T.DatabaseReplica }>;
  };
  failover: Declared<{ method: 'POST'; path: '/api/v1/databases/{id}/failover'; project: true; bodyOptional: true; params: typeof IdParams; body: typeof DatabaseFailoverBody; response: typeof T.Database }>;
};
export declare const ddosPlans: {
  list: Declared<{ method: 'GET'; path: '/api/v1/ddos/plans'; project: true; list: true; query: typeof T.DdosPlanListQuery; response: typeof T.DdosPlan }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/ddos/plans'; status: 201; project: true; body: typeof T.DdosPlanCreateBody; response: typeof T.DdosPlan }>;
};
export declare const docs: {
  cloudPlatform: Declared<{ method: 'GET'; path: '/api/v1/openapi.json'; auth: 'none'; responseKind: 'text'; query: z.ZodObject<{ tags: Optional<string> }>; response: z.ZodType<string> }>;
  video: Declared<{ method: 'GET'; path: '/v2/openapi.json'; auth: 'none'; responseKind: 'text'; response: z.ZodType<string> }>;
  page: Declared<{ method: 'GET'; path: '/docs'; auth: 'none'; responseKind: 'text'; response: z.ZodType<string> }>;
  asset: Declared<{ method: 'GET'; path: '/docs/assets/{file}'; auth: 'none'; responseKind: 'binary'; params: z.ZodObject<{ file: z.ZodType<T.DocsAssetName> }>; response: z.ZodType<string> }>;
};
export declare const drPlans: {
  list: Declared<{ method: 'GET'; path: '/api/v1/dr/plans'; project: true; list: true; query: typeof T.DrPlanListQuery; response: typeof T.DrPlan }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/dr/plans'; status: 201; project: true; body: typeof T.DrPlanCreateBody; response: typeof T.DrPlan }>;
  steps: {
    create: Declared<{ method: 'POST'; path: '/api/v1/dr/plans/{id}/steps'; status: 201; project: true; params: typeof IdParams; body: typeof DrPlanStepCreateBody; response: typeof T.DrPlan }>;
  };
  drill: Declared<{ method: 'POST'; path: '/api/v1/dr/plans/{id}/drills'; status: 201; project: true; params: typeof IdParams; response: typeof T.DrDrill }>;
  execute: Declared<{ method: 'POST'; path: '/api/v1/dr/plans/{id}/execute'; project: true; params: typeof IdParams; response: typeof T.DrPlan }>;
};
export declare const events: {
  list: Declared<{ method: 'GET'; path: '/v2/api/events'; query: typeof T.EventListQuery; response: typeof T.VideoEventList }>;
};
export declare const firewalls: {
  list: Declared<{ method: 'GET'; path: '/api/v1/firewalls'; project: true; list: true; query: typeof T.FirewallListQuery; response: typeof T.Firewall }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/firewalls'; status: 201; project: true; body: typeof T.FirewallCreateBody; response: typeof T.Firewall }>;
};
export declare const functions: {
  list: Declared<{ method: 'GET'; path: '/api/v1/functions'; project: true; list: true; query: typeof T.FunctionListQuery; response: typeof T.FunctionRecord }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/functions'; status: 201; project: true; body: typeof T.FunctionCreateBody; response: typeof T.FunctionRecord }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/functions/{id}'; project: true; params: typeof IdParams; response: typeof T.FunctionRecord }>;
  update: Declared<{ method: 'PUT'; path: '/api/v1/functions/{id}'; project: true; params: typeof IdParams; body: typeof FunctionUpdateBody; response: typeof T.FunctionRecord }>;
  delete: Declared<{ method: 'DELETE'; path: '/api/v1/functions/{id}'; status: 204; project: true; params: typeof IdParams; response: z.ZodType<void> }>;
  invoke: Declared<{ method: 'POST'; path: '/api/v1/functions/{id}/invoke'; project: true; bodyOptional: true; params: typeof IdParams; body: typeof FunctionInvokeBody; response: typeof T.FunctionInvocation }>;
  triggers: {
    list: Declared<{ method: 'GET'; path: '/api/v1/functions/{id}/triggers'; project: true; list: true; params: typeof IdParams; query: typeof T.FunctionTriggerListQuery; response: typeof T.FunctionTrigger }>;
    create: Declared<{ method: 'POST'; path: '/api/v1/functions/{id}/triggers'; status: 201; project: true; params: typeof IdParams; body: typeof FunctionTriggerCreateBody; response: typeof T.FunctionTrigger }>;
  };
};
export declare const globalLoadBalancers: {
  list: Declared<{ method: 'GET'; path: '/api/v1/global-load-balancers'; project: true; list: true; query: typeof T.GlobalLoadBalancerListQuery; response: typeof T.GlobalLoadBalancer }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/global-load-balancers'; status: 201; project: true; body: typeof T.GlobalLoadBalancerCreateBody; response: typeof T.GlobalLoadBalancer }>;
};
export declare const health: {
  live: Declared<{ method: 'GET'; path: '/v2/health'; auth: 'none'; response: typeof T.VideoHealth }>;
  ready: Declared<{ method: 'GET'; path: '/v2/health/ready'; auth: 'none'; response: typeof T.VideoReadiness }>;
  metrics: Declared<{ method: 'GET'; path: '/v2/metrics'; auth: 'basic'; responseKind: 'text'; response: z.ZodType<string> }>;
};
export declare const iam: {
  users: {
    list: Declared<{ method: 'GET'; path: '/api/v1/iam/users'; project: true; list: true; query: typeof T.IamUserListQuery; response: typeof T.IamUser }>;
    create: Declared<{ method: 'POST'; path: '/api/v1/iam/users'; status: 201; project: true; body: typeof IamUserCreateBody; response: typeof T.IamUser }>;
  };
  roles: {
    list: Declared<{ method: 'GET'; path: '/api/v1/iam/roles'; project: true; list: true; query: typeof T.IamRoleListQuery; response: typeof T.IamRole }>;
    create: Declared<{ method: 'POST'; path: '/api/v1/iam/roles'; status: 201; project: true; body: typeof T.IamRoleCreateBody; response: typeof T.IamRole }>;
  };
  keys: {
    create: Declared<{ method: 'POST'; path: '/api/v1/iam/keys'; status: 201; project: true; body: typeof IamKeyCreateBody; response: typeof T.ApiKeyCreated }>;
  };
  bucketGrants: {
    create: Declared<{ method: 'POST'; path: '/api/v1/iam/authorize-bucket'; status: 201; project: true; body: typeof IamBucketGrantCreateBody; response: typeof T.BucketGrant }>;
  };
};
export declare const instances: {
  list: Declared<{ method: 'GET'; path: '/api/v1/instances'; project: true; list: true; query: typeof T.InstanceListQuery; response: typeof T.Instance }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/instances'; status: 201; project: true; body: typeof T.InstanceCreateBody; response: typeof T.Instance }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/instances/{id}'; project: true; params: typeof IdParams; response: typeof T.Instance }>;
  delete: Declared<{ method: 'DELETE'; path: '/api/v1/instances/{id}'; status: 204; project: true; params: typeof IdParams; response: z.ZodType<void> }>;
  start: Declared<{ method: 'POST'; path: '/api/v1/instances/{id}/start'; project: true; params: typeof IdParams; response: typeof T.Instance }>;
  stop: Declared<{ method: 'POST'; path: '/api/v1/instances/{id}/stop'; project: true; params: typeof IdParams; response: typeof T.Instance }>;
};
export declare const loadBalancers: {
  list: Declared<{ method: 'GET'; path: '/api/v1/load-balancers'; project: true; list: true; query: typeof T.LoadBalancerListQuery; response: typeof T.LoadBalancer }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/load-balancers'; status: 201; project: true; body: typeof T.LoadBalancerCreateBody; response: typeof T.LoadBalancer }>;
  healthProbes: {
    create: Declared<{ method: 'POST'; path: '/api/v1/load-balancers/{id}/health-probes'; status: 201; project: true; params: typeof IdParams; body: typeof T.LoadBalancerHealthProbeCreateBody; response: typeof T.HealthProbe }>;
  };
};
export declare const logs: {
  query: Declared<{ method: 'GET'; path: '/api/v1/logs/query'; project: true; list: true; query: typeof T.LogQueryQuery; response: typeof T.LogEntry }>;
};
export declare const metricRules: {
  list: Declared<{ method: 'GET'; path: '/api/v1/metric-rules'; project: true; list: true; query: typeof T.MetricRuleListQuery; response: typeof T.MetricRule }>;
};
export declare const metrics: {
  query: Declared<{ method: 'GET'; path: '/api/v1/metrics'; project: true; query: typeof T.MetricQueryQuery; response: typeof T.MetricSeries }>;
};
export declare const mock: {
  dashboard: Declared<{ method: 'GET'; path: '/__mock/ui'; auth: 'control-page'; responseKind: 'text'; response: z.ZodType<string> }>;
  reset: Declared<{ method: 'POST'; path: '/__mock/reset'; auth: 'control'; response: z.ZodType<T.MockResetResponse> }>;
  exportState: Declared<{ method: 'GET'; path: '/__mock/state'; auth: 'control'; query: typeof MockExportStateQuery; response: z.ZodType<Record<string, unknown>> }>;
  importState: Declared<{ method: 'PUT'; path: '/__mock/state'; auth: 'control'; body: z.ZodType<T.MockImportStateParams>; response: z.ZodType<T.MockImportStateResponse> }>;
  requests: {
    list: Declared<{ method: 'GET'; path: '/__mock/requests'; auth: 'control'; query: typeof MockRequestListQuery; response: typeof T.MockRequestListResponse }>;
    clear: Declared<{ method: 'DELETE'; path: '/__mock/requests'; status: 204; auth: 'control'; response: z.ZodType<void> }>;
  };
  bucketName: Declared<{ method: 'GET'; path: '/__mock/bucket-names/{name}'; auth: 'control'; params: z.ZodObject<{ name: z.ZodType<string> }>; response: typeof T.BucketNameAvailability }>;
  clock: {
    retrieve: Declared<{ method: 'GET'; path: '/__mock/clock'; auth: 'control'; response: typeof T.ClockState }>;
    advance: Declared<{ method: 'POST'; path: '/__mock/clock/advance'; auth: 'control'; body: z.ZodType<T.MockClockAdvanceParams>; response: typeof T.ClockState }>;
    freeze: Declared<{ method: 'POST'; path: '/__mock/clock/freeze'; auth: 'control'; body: z.ZodType<T.MockClockFreezeParams>; response: typeof T.ClockState }>;
  };
  faults: {
    create: Declared<{ method: 'POST'; path: '/__mock/faults'; status: 201; auth: 'control'; body: typeof MockFaultCreateBody; response: typeof T.Fault }>;
    list: Declared<{ method: 'GET'; path: '/__mock/faults'; auth: 'control'; response: z.ZodType<T.MockFaultListResponse> }>;
    delete: Declared<{ method: 'DELETE'; path: '/__mock/faults/{id}'; status: 204; auth: 'control'; params: z.ZodObject<{ id: z.ZodType<string> }>; response: z.ZodType<void> }>;
    clear: Declared<{ method: 'DELETE'; path: '/__mock/faults'; status: 204; auth: 'control'; response: z.ZodType<void> }>;
  };
  setQuotas: Declared<{ method: 'PUT'; path: '/__mock/quotas/{project_id}'; auth: 'control'; params: z.ZodObject<{ project_id: z.ZodType<string> }>; body: z.ZodType<T.MockSetQuotasParams>; response: z.ZodType<T.MockSetQuotasResponse> }>;
  webhookDeliveries: {
    list: Declared<{ method: 'GET'; path: '/__mock/webhooks/deliveries'; auth: 'control'; query: z.ZodObject<{ project_id: Optional<string>; subscription_id: Optional<string> }>; response: z.ZodType<T.MockWebhookDeliveryListResponse> }>;
  };
  setVideoTenant: Declared<{ method: 'PUT'; path: '/__mock/v2/tenants/{tenant_id}'; auth: 'control'; params: z.ZodObject<{ tenant_id: z.ZodType<string> }>; body: typeof MockSetVideoTenantBody; response: typeof T.VideoTenantPlan }>;
  injectVideoEvent: Declared<{ method: 'POST'; path: '/__mock/v2/events'; status: 201; auth: 'control'; body: typeof MockInjectVideoEventBody; response: typeof T.VideoEvent }>;
};
export declare const networkGroups: {
  vpcs: typeof vpcs;
  transitHubs: typeof transitHubs;
  transitHubAttachments: typeof transitHubAttachments;
  vpcPeerings: typeof vpcPeerings;
  vpnGateways: typeof vpnGateways;
  loadBalancers: typeof loadBalancers;
  globalLoadBalancers: typeof globalLoadBalancers;
  bandwidthPolicies: typeof bandwidthPolicies;
  privateEndpoints: typeof privateEndpoints;
  ddosPlans: typeof ddosPlans;
};
export declare const playback: {
  timeline: Declared<{ method: 'GET'; path: '/v2/api/playback/timeline'; query: typeof PlaybackTimelineQuery; response: typeof T.PlaybackTimeline }>;
  forEvent: Declared<{ method: 'GET'; path: '/v2/api/playback/event/{id}'; params: z.ZodObject<{ id: z.ZodType<string> }>; response: typeof T.EventPlayback }>;
  playlist: Declared<{ method: 'GET'; path: '/v2/hls/{cam}/{date}/{hour}/index.m3u8'; auth: 'query-token'; responseKind: 'text'; params: z.ZodObject<{ cam: z.ZodType<string>; date: z.ZodType<string>; hour: z.ZodType<string> }>; response: z.ZodType<string> }>;
  segment: Declared<{ method: 'GET'; path: '/v2/hls/{cam}/{date}/{hour}/{segment}'; auth: 'query-token'; responseKind: 'binary'; params: z.ZodObject<{ cam: z.ZodType<string>; date: z.ZodType<string>; hour: z.ZodType<string>; segment: z.ZodType<string> }>; response: z.ZodType<string> }>;
  snapshot: Declared<{ method: 'GET'; path: '/v2/hls/{cam}/{date}/{hour}/snapshots/{file}'; auth: 'query-token'; responseKind: 'binary'; params: z.ZodObject<{ cam: z.ZodType<string>; date: z.ZodType<string>; hour: z.ZodType<string>; file: z.ZodType<string> }>; response: z.ZodType<string> }>;
};
export declare const policies: {
  list: Declared<{ method: 'GET'; path: '/api/v1/policies'; project: true; list: true; query: typeof T.PolicyListQuery; response: typeof T.Policy }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/policies'; status: 201; project: true; body: typeof T.PolicyCreateBody; response: typeof T.Policy }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/policies/{id}'; project: true; params: typeof IdParams; response: typeof T.Policy }>;
  update: Declared<{ method: 'PUT'; path: '/api/v1/policies/{id}'; project: true; params: typeof IdParams; body: typeof PolicyUpdateBody; response: typeof T.Policy }>;
  delete: Declared<{ method: 'DELETE'; path: '/api/v1/policies/{id}'; status: 204; project: true; params: typeof IdParams; response: z.ZodType<void> }>;
};
export declare const privateEndpoints: {
  list: Declared<{ method: 'GET'; path: '/api/v1/private-endpoints'; project: true; list: true; query: typeof T.PrivateEndpointListQuery; response: typeof T.PrivateEndpoint }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/private-endpoints'; status: 201; project: true; body: typeof PrivateEndpointCreateBody; response: typeof T.PrivateEndpoint }>;
};
export declare const projects: {
  list: Declared<{ method: 'GET'; path: '/api/v1/projects'; list: true; query: typeof T.PageQuery; response: typeof T.Project }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/projects'; status: 201; body: typeof T.ProjectCreateBody; response: typeof T.Project }>;
  delegate: Declared<{ method: 'POST'; path: '/api/v1/projects/{id}/members/delegate'; status: 201; params: typeof IdParams; body: typeof ProjectDelegateBody; response: typeof T.Delegation }>;
};
export declare const provisioningMetrics: {
  start: Declared<{ method: 'POST'; path: '/api/v1/provisioning-metrics'; status: 201; project: true; body: typeof ProvisioningMetricStartBody; response: typeof T.ProvisioningMetric }>;
  complete: Declared<{ method: 'PUT'; path: '/api/v1/provisioning-metrics/{metricId}/complete'; project: true; params: typeof MetricIdParams; response: typeof T.ProvisioningMetric }>;
};
export declare const quotas: {
  list: Declared<{ method: 'GET'; path: '/api/v1/quotas'; project: true; list: true; query: typeof T.PageQuery; response: typeof T.Quota }>;
};
export declare const registries: {
  list: Declared<{ method: 'GET'; path: '/api/v1/registries'; project: true; list: true; query: typeof T.RegistryListQuery; response: typeof T.Registry }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/registries'; status: 201; project: true; body: typeof T.RegistryCreateBody; response: typeof T.Registry }>;
};
export declare const reports: {
  list: Declared<{ method: 'GET'; path: '/api/v1/reports'; project: true; list: true; query: typeof T.ReportListQuery; response: typeof T.Report }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/reports'; status: 201; project: true; body: typeof ReportCreateBody; response: typeof T.Report }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/reports/{id}'; project: true; params: typeof IdParams; response: typeof T.Report }>;
};
export declare const resourceGroups: {
  list: Declared<{ method: 'GET'; path: '/api/v1/resource-groups'; project: true; list: true; query: z.ZodObject<{ page: Defaulted<number>; per_page: Defaulted<number>; region: Optional<string>; name: Optional<string> }>; response: typeof T.ResourceGroup }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/resource-groups'; status: 201; project: true; body: typeof T.ResourceGroupCreateBody; response: typeof T.ResourceGroup }>;
};
export declare const routeTables: {
  list: Declared<{ method: 'GET'; path: '/api/v1/vpcs/{id}/route-tables'; project: true; list: true; params: typeof IdParams; query: typeof T.VpcRouteTableListQuery; response: typeof T.RouteTable }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/vpcs/{id}/route-tables'; status: 201; project: true; params: typeof IdParams; body: typeof T.VpcRouteTableCreateBody; response: typeof T.RouteTable }>;
};
export declare const serviceStatus: {
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/service-status'; response: typeof T.ServiceStatus }>;
};
export declare const snapshots: {
  list: Declared<{ method: 'GET'; path: '/api/v1/snapshots'; project: true; list: true; query: z.ZodObject<{ page: Defaulted<number>; per_page: Defaulted<number>; resource_type: Optional<T.SnapshotResourceType>; resource_id: Optional<string>; status: Optional<T.SnapshotStatus> }>; response: typeof T.Snapshot }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/snapshots'; status: 201; project: true; body: typeof T.SnapshotCreateBody; response: typeof T.Snapshot }>;
};
export declare const subnets: {
  list: Declared<{ method: 'GET'; path: '/api/v1/vpcs/{id}/subnets'; project: true; list: true; params: typeof IdParams; query: typeof T.VpcSubnetListQuery; response: typeof T.Subnet }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/vpcs/{id}/subnets'; status: 201; project: true; params: typeof IdParams; body: typeof VpcSubnetCreateBody; response: typeof T.Subnet }>;
};
export declare const topics: {
  list: Declared<{ method: 'GET'; path: '/api/v1/topics'; project: true; list: true; query: typeof T.TopicListQuery; response: typeof T.Topic }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/topics'; status: 201; project: true; body: typeof T.TopicCreateBody; response: typeof T.Topic }>;
  retrieve: Declared<{ method: 'GET'; path: '/api/v1/topics/{id}'; project: true; params: typeof IdParams; response: typeof T.Topic }>;
  delete: Declared<{ method: 'DELETE'; path: '/api/v1/topics/{id}'; status: 204; project: true; params: typeof IdParams; response: z.ZodType<void> }>;
  publish: Declared<{ method: 'POST'; path: '/api/v1/topics/{id}/publish'; status: 201; project: true; params: typeof IdParams; body: typeof TopicPublishBody; response: typeof T.TopicEvent }>;
  subscriptions: {
    list: Declared<{ method: 'GET'; path: '/api/v1/topics/{id}/subscriptions'; project: true; list: true; params: typeof IdParams; query: z.ZodObject<{ page: Defaulted<number>; per_page: Defaulted<number> }>; response: typeof T.TopicSubscription }>;
    create: Declared<{ method: 'POST'; path: '/api/v1/topics/{id}/subscriptions'; status: 201; project: true; params: typeof IdParams; body: typeof T.TopicSubscriptionCreateBody; response: typeof T.TopicSubscriptionWithSecret }>;
    retrieve: Declared<{ method: 'GET'; path: '/api/v1/topics/{id}/subscriptions/{subscriptionId}'; project: true; params: typeof SubscriptionParams; response: typeof T.TopicSubscription }>;
    delete: Declared<{ method: 'DELETE'; path: '/api/v1/topics/{id}/subscriptions/{subscriptionId}'; status: 204; project: true; params: typeof SubscriptionParams; response: z.ZodType<void> }>;
    deliveries: {
      list: Declared<{ method: 'GET'; path: '/api/v1/topics/{id}/subscriptions/{subscriptionId}/deliveries'; project: true; list: true; params: typeof SubscriptionParams; query: typeof T.TopicSubscriptionDeliveryListQuery; response: typeof T.WebhookDelivery }>;
    };
  };
};
export declare const transitHubAttachments: {
  list: Declared<{ method: 'GET'; path: '/api/v1/transit-hub-attachments'; project: true; list: true; query: typeof T.TransitHubAttachmentListQuery; response: typeof T.TransitHubAttachment }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/transit-hub-attachments'; status: 201; project: true; body: typeof TransitHubAttachmentCreateBody; response: typeof T.TransitHubAttachment }>;
};
export declare const transitHubs: {
  list: Declared<{ method: 'GET'; path: '/api/v1/transit-hubs'; project: true; list: true; query: typeof T.TransitHubListQuery; response: typeof T.TransitHub }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/transit-hubs'; status: 201; project: true; body: typeof T.TransitHubCreateBody; response: typeof T.TransitHub }>;
};
export declare const users: {
  me: Declared<{ method: 'GET'; path: '/api/v1/users/me'; response: typeof T.User }>;
};
export declare const v1: {
  auth: typeof auth;
  users: typeof users;
  projects: typeof projects;
  instances: typeof instances;
  buckets: typeof buckets;
  functions: typeof functions;
  cdnProfiles: typeof cdnProfiles;
  cacheInstances: typeof cacheInstances;
  apiProducts: typeof apiProducts;
  topics: typeof topics;
  billing: typeof billing;
  quotas: typeof quotas;
  budgets: typeof budgets;
  anomalies: typeof anomalies;
  reports: typeof reports;
  policies: typeof policies;
  assignments: typeof assignments;
  compliance: typeof compliance;
  activityLogs: typeof activityLogs;
  metricRules: typeof metricRules;
  vpcs: typeof vpcs;
  transitHubs: typeof transitHubs;
  transitHubAttachments: typeof transitHubAttachments;
  vpcPeerings: typeof vpcPeerings;
  vpnGateways: typeof vpnGateways;
  loadBalancers: typeof loadBalancers;
  globalLoadBalancers: typeof globalLoadBalancers;
  bandwidthPolicies: typeof bandwidthPolicies;
  privateEndpoints: typeof privateEndpoints;
  ddosPlans: typeof ddosPlans;
  databases: typeof databases;
  backupVaults: typeof backupVaults;
  backups: typeof backups;
  backupPolicies: typeof backupPolicies;
  snapshots: typeof snapshots;
  drPlans: typeof drPlans;
  provisioningMetrics: typeof provisioningMetrics;
  resourceGroups: typeof resourceGroups;
  iam: typeof iam;
  auditLogs: typeof auditLogs;
  metrics: typeof metrics;
  logs: typeof logs;
  serviceStatus: typeof serviceStatus;
  zones: typeof zones;
  vaults: typeof vaults;
  clusters: typeof clusters;
  registries: typeof registries;
  webapps: typeof webapps;
  firewalls: typeof firewalls;
};
export declare const v2: {
  health: typeof health;
  cameras: typeof cameras;
  events: typeof events;
  playback: typeof playback;
};
export declare const vaults: {
  list: Declared<{ method: 'GET'; path: '/api/v1/vaults'; project: true; list: true; query: typeof T.VaultListQuery; response: typeof T.Vault }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/vaults'; status: 201; project: true; body: typeof T.VaultCreateBody; response: typeof T.Vault }>;
};
export declare const vpcPeerings: {
  list: Declared<{ method: 'GET'; path: '/api/v1/vpc-peerings'; project: true; list: true; query: typeof T.VpcPeeringListQuery; response: typeof T.VpcPeering }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/vpc-peerings'; status: 201; project: true; body: typeof VpcPeeringCreateBody; response: typeof T.VpcPeering }>;
};
export declare const vpcs: {
  list: Declared<{ method: 'GET'; path: '/api/v1/vpcs'; project: true; list: true; query: typeof T.VpcListQuery; response: typeof T.Vpc }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/vpcs'; status: 201; project: true; body: typeof T.VpcCreateBody; response: typeof T.Vpc }>;
  subnets: typeof subnets;
  routeTables: typeof routeTables;
};
export declare const vpnGateways: {
  list: Declared<{ method: 'GET'; path: '/api/v1/vpn-gateways'; project: true; list: true; query: typeof T.VpnGatewayListQuery; response: typeof T.VpnGateway }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/vpn-gateways'; status: 201; project: true; body: typeof VpnGatewayCreateBody; response: typeof T.VpnGateway }>;
  configureBgp: Declared<{ method: 'POST'; path: '/api/v1/vpn-gateways/{id}/bgp'; project: true; params: typeof IdParams; body: typeof VpnGatewayConfigureBgpBody; response: typeof T.VpnGateway }>;
  activateBgp: Declared<{ method: 'POST'; path: '/api/v1/vpn-gateways/{id}/bgp/activate'; project: true; params: typeof IdParams; response: typeof T.VpnGateway }>;
};
export declare const webapps: {
  list: Declared<{ method: 'GET'; path: '/api/v1/webapps'; project: true; list: true; query: typeof T.WebappListQuery; response: typeof T.WebApp }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/webapps'; status: 201; project: true; body: typeof T.WebappCreateBody; response: typeof T.WebApp }>;
};
export declare const zones: {
  list: Declared<{ method: 'GET'; path: '/api/v1/zones'; project: true; list: true; query: typeof T.ZoneListQuery; response: typeof T.Zone }>;
  create: Declared<{ method: 'POST'; path: '/api/v1/zones'; status: 201; project: true; body: typeof T.ZoneCreateBody; response: typeof T.Zone }>;
};
