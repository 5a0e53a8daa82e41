// Generated from the contract by scripts/generate-sdk-types.mjs. Do not edit.

/** Error codes (docs/decisions/0002-v1-envelopes-and-errors.md, 0006-video-service.md). */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'INVALID_JSON'
  | 'PROJECT_HEADER_REQUIRED'
  | 'UNAUTHENTICATED'
  | 'INVALID_CREDENTIALS'
  | 'MFA_REQUIRED'
  | 'INVALID_MFA_CODE'
  | 'REFRESH_TOKEN_REUSED'
  | 'FORBIDDEN'
  | 'PROJECT_FORBIDDEN'
  | 'QUOTA_EXCEEDED'
  | 'POLICY_VIOLATION'
  | 'INSUFFICIENT_SCOPE'
  | 'CAMERA_LIMIT_REACHED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'INVALID_STATE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE';

export interface ActivityLog extends ProjectRecord {
  /** Who made the call: user:<id> or api_key:<id> */
  actor: string;
  actor_type: ActorType;
  /** Contract operation, e.g. instances.create */
  operation: string;
  method: string;
  path: string;
  /** The {id} or {name} of the path; null for creations and collection calls */
  resource_id: string | null;
  /** HTTP status of the answer */
  status: number;
  /** X-Request-Id of the call */
  request_id: string;
}

export interface ActivityLogListParams extends PageParams {
  /** Only this operation: its OpenAPI operation id (v1.instances.create) or the short form entries show (instances.create); an unknown one is 400 */
  operation?: string;
  /** Only calls answered with this HTTP status */
  status?: number;
  /** Only calls of this actor (user:<id> or api_key:<id>) */
  actor?: string;
  /** Only calls about this resource */
  resource_id?: string;
  /** Only calls at or after this time (ISO-8601) */
  since?: string;
  /** desc: newest first (default); asc: oldest first */
  order?: 'desc' | 'asc';
}

export type ActorType = 'user' | 'workload' | 'api_key';

export interface Anomaly extends ProjectRecord {
  resource_type: string;
  resource_id: string | null;
  expected_cost: number;
  actual_cost: number;
  /** |actual - expected| / expected x 100; null when expected_cost is 0 */
  deviation_percent: number | null;
  /** From the deviation: low < 25 %, medium < 50 %, high < 100 %, critical from 100 % */
  severity: AnomalySeverity;
  status: AnomalyStatus;
  acknowledged_at: string | null;
}

export interface AnomalyDetectParams {
  /** Kind of resource, e.g. instance or bucket */
  resource_type: string;
  /** The resource the cost belongs to */
  resource_id?: string;
  /** Cost the resource usually has, VND, >= 0 */
  expected_cost: number;
  /** Cost observed, VND, >= 0 */
  actual_cost: number;
}

export interface AnomalyListParams extends PageParams {
  /** Only open or only acknowledged anomalies */
  status?: AnomalyStatus;
  /** Only anomalies of this severity */
  severity?: AnomalySeverity;
  /** Only anomalies of this resource type */
  resource_type?: string;
}

/** From the deviation: low < 25 %, medium < 50 %, high < 100 %, critical from 100 % */
export type AnomalySeverity = 'low' | 'medium' | 'high' | 'critical';

export type AnomalyStatus = 'open' | 'acknowledged';

export interface ApiKey extends ProjectRecord {
  name: string;
  /** owner, editor, viewer or a custom role name */
  role: string;
  /** First characters of the key, to recognise it */
  prefix: string;
  created_by: string;
  expires_at: string | null;
}

export interface ApiKeyCreated extends ApiKey {
  /** The key (nk_...), shown once: send it as X-API-Key */
  key: string;
}

export interface ApiProduct extends ProjectRecord {
  name: string;
  description: string;
  version: string;
}

export interface ApiProductCreateParams {
  /** Product name */
  name: string;
  /** What the API offers */
  description?: string;
  /** Version label, e.g. v1 or 2024-06-01 */
  version?: string;
}

export interface ApiProductListParams extends PageParams {
  /** Only products with this name */
  name?: string;
  /** Only products with this version */
  version?: string;
}

export interface ApiProductSubscriptionCreateParams {
  /** Name of the application that calls the API */
  app_name: string;
  /** Calls per month the key may make, 1..100000000 */
  quota?: number;
}

export interface ApiSubscription extends ProjectRecord {
  product_id: string;
  app_name: string;
  /** Calls per month the key may make */
  quota: number;
  /** First 12 characters of the API key */
  key_prefix: string;
}

export interface ApiSubscriptionCreated extends ApiSubscription {
  /** The API key, shown once: store it now */
  api_key: string;
}

export interface Assignment extends ProjectRecord {
  policy_id: string;
  scope: AssignmentScope;
  /** The project id, resource group id or resource id the assignment covers */
  scope_id: string;
  /** The JSON parameter overrides, as given (normalised) */
  parameters: string | null;
  /** Override of the policy's enforcement mode; null: the policy's */
  enforcement_mode: EnforcementMode | null;
}

export interface AssignmentCreateParams {
  /** Policy to assign: a builtin or one of the project (404 otherwise) */
  policy_id: string;
  /** project: every resource of the project; resource-group: resources with that resource_group_id; resource: one resource */
  scope: 'project' | 'resource-group' | 'resource';
  /** Required for resource-group (a resource group id) and resource (a resource id); for project it may only be the project id */
  scope_id?: string;
  /** JSON object of parameter values overriding the policy defaults, e.g. {"allowedRegions":["hn","hcm"]} */
  parameters?: string;
  /** Overrides the policy's enforcement mode for this assignment (audit, deny, disabled); default: the policy's */
  enforcement_mode?: EnforcementMode;
}

export interface AssignmentListParams extends PageParams {
  /** Only assignments of this policy */
  policy_id?: string;
  /** Only this scope kind */
  scope?: AssignmentScope;
  /** Only this scope id */
  scope_id?: string;
}

export type AssignmentScope = 'project' | 'resource-group' | 'resource';

export interface AuditLog extends RecordBase {
  project_id: string | null;
  /** The user the event is about (null for a failed login of an unknown email) */
  user_id: string | null;
  /** e.g. login, mfa.enabled, api_key.created, role.created, member.added */
  event: string;
  outcome: AuditOutcome;
  details: Record<string, unknown>;
  request_id: string;
}

export interface AuditLogListParams extends PageParams {
  /** Only this event, e.g. login */
  event?: string;
  /** success or failure */
  outcome?: AuditOutcome;
  /** Only events about this user */
  user_id?: string;
  /** Events at or after this time */
  from?: string;
  /** Events before this time */
  to?: string;
}

export type AuditOutcome = 'success' | 'failure';

export interface AuthLoginParams {
  email: string;
  password: string;
  /** Current TOTP code; required once MFA is enabled */
  totp_code?: string;
}

export interface AuthMfaEnrollParams {
  /** Omit to start enrolment; send the current code to enable MFA */
  code?: string;
}

export interface AuthRefreshParams {
  refresh_token: string;
}

export interface AuthRegisterParams {
  email: string;
  password: string;
  /** 1..200 characters; surrounding whitespace is trimmed */
  full_name: string;
}

export interface AuthWorkloadTokenParams {
  project_id: string;
  scopes: WorkloadScope[];
  ttl_seconds?: number;
}

export interface Autoscale {
  /** Fewest nodes */
  min: number;
  /** Most nodes */
  max: number;
}

export type AvailabilityZone = string;

export type DestinationZone = AvailabilityZone;

export type ZoneName = AvailabilityZone;

export interface Backup extends ProjectRecord {
  name: string;
  vault_id: string;
  resource_type: BackupResourceType;
  /** Id of the backed-up resource */
  resource_id: string;
  /** Name of the resource when it was backed up */
  resource_name: string;
  /** The vault's region, where the backup is stored */
  region: string;
  /** running -> completed */
  status: 'running' | 'completed';
  /** Backup size; the same resource always gives the same size */
  size_gb: number;
  retention_days: number;
  /** created_at plus retention_days */
  expires_at: string;
  completed_at: string | null;
}

export interface BackupCreateParams {
  /** Backup vault to store the backup in */
  vault_id: string;
  /** Kind of resource to back up: instance, database or bucket */
  resource_type: 'instance' | 'database' | 'bucket';
  /** Id of an instance or database of the project; for a bucket its id or its name */
  resource_id: string;
  /** Backup name; default <resource name>-<time> */
  name?: string;
  /** Days the backup is kept, 1..3650 */
  retention_days?: number;
}

export type BackupFrequency = 'daily' | 'weekly';

export interface BackupPolicy extends ProjectRecord {
  name: string;
  vault_id: string;
  /** When backups run, as a 5-field cron expression in UTC (derived from frequency when set) */
  schedule: string;
  /** custom when the policy was given a cron schedule */
  frequency: 'daily' | 'weekly' | 'custom';
  /** HH:MM UTC for daily and weekly policies */
  time: string | null;
  /** Day of weekly policies */
  day_of_week: DayOfWeek | null;
  retention_days: number;
  /** Region backups are copied to */
  destination_region: string;
  /** Zone of destination_region, or null for any zone */
  destination_zone: string | null;
  enabled: boolean;
}

export interface BackupPolicyCreateParams {
  /** Policy name, unique in the project */
  name: string;
  /** Vault the backups go to */
  vault_id: string;
  /** Cron expression (5 fields, UTC), e.g. "30 2 * * *"; give either schedule or frequency (default: daily at 02:00) */
  schedule?: string;
  /** Simple schedule instead of cron: daily or weekly, at `time` */
  frequency?: 'daily' | 'weekly';
  /** HH:MM UTC for frequency daily or weekly; default 02:00 */
  time?: string;
  /** Day for frequency weekly; default sun */
  day_of_week?: 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';
  /** Days each backup is kept, 1..3650 */
  retention_days?: number;
  /** Region backups are copied to; default the vault's region */
  destination_region?: string;
  /** Zone of destination_region (<region>-<digit><letter>, e.g. hn-1a) */
  destination_zone?: string;
  /** Whether the schedule runs */
  enabled?: boolean;
}

export interface BackupPolicyUpdateParams {
  /** Policy name, unique in the project */
  name?: string;
  /** Vault the backups go to */
  vault_id?: string;
  /** Cron expression (5 fields, UTC), e.g. "30 2 * * *"; give either schedule or frequency (default: daily at 02:00) */
  schedule?: string;
  /** Simple schedule instead of cron: daily or weekly, at `time` */
  frequency?: 'daily' | 'weekly';
  /** HH:MM UTC for frequency daily or weekly; default 02:00 */
  time?: string;
  /** Day for frequency weekly; default sun */
  day_of_week?: 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';
  /** Days each backup is kept, 1..3650 */
  retention_days?: number;
  /** Region backups are copied to; default the vault's region */
  destination_region?: string;
  /** Zone of destination_region, or null for any zone */
  destination_zone?: string | null;
  /** Whether the schedule runs */
  enabled?: boolean;
}

export type BackupResourceType = 'instance' | 'database' | 'bucket';

export type BackupStatus = 'running' | 'completed';

export interface BackupVault extends ProjectRecord {
  name: string;
  region: string;
  redundancy: VaultRedundancy;
  immutable: boolean;
  description: string;
}

export interface BackupVaultCreateParams {
  /** Vault name, unique in the project */
  name: string;
  /** Region the vault stores backups in */
  region: string;
  /** Copies kept: local (one datacenter), zone (across zones of the region) or geo (also in a paired region) */
  redundancy?: VaultRedundancy;
  /** Backups in an immutable vault cannot be deleted or shortened before they expire */
  immutable?: boolean;
  /** Free text, up to 500 characters */
  description?: string;
}

export interface BandwidthPolicy extends ProjectRecord {
  name: string;
  target: BandwidthTarget;
  max_mbps: number;
  burst_mbps: number;
}

export interface BandwidthPolicyCreateParams {
  /** Policy name */
  name: string;
  /** Resource the policy limits, as JSON: { "type": "vpc", "id": "..." } */
  target: {
    /** vpc, vpn_gateway or load_balancer */
    type: 'vpc' | 'vpn_gateway' | 'load_balancer';
    /** Id of that resource in this project; a resource takes one policy */
    id: string;
  };
  /** Sustained limit in Mbit/s, 1..100000 */
  max_mbps: number;
  /** Short burst limit in Mbit/s, at least max_mbps; default max_mbps (no burst) */
  burst_mbps?: number;
}

export interface BandwidthPolicyListParams extends PageParams {
  /** Only policies with this name */
  name?: string;
}

export interface BandwidthPolicyUpdateParams {
  /** Policy name */
  name?: string;
  /** Resource the policy limits, as JSON: { "type": "vpc", "id": "..." } */
  target?: {
    /** vpc, vpn_gateway or load_balancer */
    type: 'vpc' | 'vpn_gateway' | 'load_balancer';
    /** Id of that resource in this project; a resource takes one policy */
    id: string;
  };
  /** Sustained limit in Mbit/s, 1..100000 */
  max_mbps?: number;
  /** Short burst limit in Mbit/s, at least max_mbps; default max_mbps (no burst) */
  burst_mbps?: number;
}

export interface BandwidthTarget {
  /** vpc, vpn_gateway or load_balancer */
  type: 'vpc' | 'vpn_gateway' | 'load_balancer';
  /** Id of that resource in this project; a resource takes one policy */
  id: string;
}

export type BandwidthTargetType = 'vpc' | 'vpn_gateway' | 'load_balancer';

export type BgpStatus = 'unconfigured' | 'configured' | 'established';

export interface BillingCostRetrieveParams extends BillingUsageRetrieveParams {
  /** A calendar period instead of from/to */
  period?: CostPeriod;
}

export interface BillingSubscription extends ProjectRecord {
  plan: 'free' | 'pay-as-you-go' | 'business' | 'enterprise';
  status: 'active' | 'suspended' | 'cancelled';
  started_at: string;
  support_level: 'basic' | 'standard' | 'premium';
  billing_cycle: "monthly";
  currency: "VND";
  payment_terms_days: number;
}

export interface BillingUsageRetrieveParams {
  /** Start of the period (inclusive); default: start of the current month */
  from?: string | string;
  /** End of the period: a date-time is exclusive, a date includes that whole day; default: end of the current month */
  to?: string | string;
}

export type BooleanQuery = boolean;

export interface Bucket extends ProjectRecord {
  name: string;
  region: string;
  /** STANDARD for hot data, NEARLINE for monthly access, COLDLINE for yearly access */
  storage_class: StorageClass;
  versioning: boolean;
  /** Bytes stored in the bucket */
  size_bytes: number;
  /** Objects stored in the bucket */
  object_count: number;
}

export type BucketAccess = 'read' | 'write';

export interface BucketCreateParams {
  /** Globally unique name: 3-63 lowercase letters, digits, dots and hyphens */
  name: string;
  /** Region that stores the data, e.g. hn */
  region: string;
  /** STANDARD for hot data, NEARLINE for monthly access, COLDLINE for yearly access */
  storage_class?: StorageClass;
  /** Keep every version of an overwritten or deleted object */
  versioning?: boolean;
}

export interface BucketGrant extends ProjectRecord {
  user_id: string;
  bucket_id: string;
  bucket_name: string;
  access: BucketAccess;
  granted_by: string;
}

export interface BucketListParams extends PageParams {
  /** Only buckets in this region */
  region?: string;
  /** Only buckets of this storage class */
  storage_class?: StorageClass;
}

/** Globally unique name: 3-63 lowercase letters, digits, dots and hyphens */
export type BucketName = string;

export interface BucketNameAvailability {
  name: string;
  /** false when any project has a bucket of that name */
  available: boolean;
}

export interface Budget extends ProjectRecord {
  name: string;
  amount: number;
  /** ISO 4217 currency code */
  currency: Currency;
  /** Calendar period the amount applies to (UTC) */
  period: BudgetPeriod;
  alert_threshold: number;
  /** The period now running, e.g. 2026-03, 2026-Q1, 2026 */
  current_period: string;
  /** Cost of the project in the current period, in the budget currency */
  current_spend: number;
  /** current_spend as a percent of amount */
  spend_percent: number;
  /** The last period an alert was published for */
  alerted_period: string | null;
  last_alert_at: string | null;
}

export interface BudgetCreateParams {
  /** Budget name */
  name: string;
  /** Spending limit per period, in the budget currency */
  amount: number;
  /** ISO 4217 currency code */
  currency?: Currency;
  /** Calendar period the amount applies to (UTC) */
  period?: BudgetPeriod;
  /** Percent of the amount at which a budget.threshold_exceeded event is published, 1..100 */
  alert_threshold?: number;
}

export interface BudgetListParams extends PageParams {
  /** Only budgets of this period */
  period?: BudgetPeriod;
  /** Only budgets in this currency */
  currency?: Currency;
}

/** Calendar period the amount applies to (UTC) */
export type BudgetPeriod = 'monthly' | 'quarterly' | 'yearly';

export interface BudgetUpdateParams {
  /** Budget name */
  name?: string;
  /** Spending limit per period, in the budget currency */
  amount?: number;
  /** ISO 4217 currency code */
  currency?: Currency;
  /** Calendar period the amount applies to (UTC) */
  period?: BudgetPeriod;
  /** Percent of the amount at which a budget.threshold_exceeded event is published, 1..100 */
  alert_threshold?: number;
}

export type BuiltinRoleName = 'owner' | 'editor' | 'viewer';

export interface CacheInstance extends ProjectRecord {
  name: string;
  region: string;
  /** Basic (single node), Standard (replicated) or Premium (replicated, larger sizes) */
  sku: CacheSku;
  capacity_gb: number;
  redis_version: string;
  /** provisioning -> available; scale: available -> scaling -> available */
  status: 'provisioning' | 'available' | 'scaling';
  /** When the instance first became available */
  provisioned_at: string | null;
}

export interface CacheInstanceCreateParams {
  /** Instance name */
  name: string;
  /** Region the cache runs in, e.g. hn */
  region: string;
  /** Basic (single node), Standard (replicated) or Premium (replicated, larger sizes) */
  sku?: CacheSku;
  /** Memory in GB: Basic 1-4, Standard 1-32, Premium 6-120 */
  capacity_gb?: number;
  /** Redis protocol version: 6.2 or 7.2 */
  redis_version?: '6.2' | '7.2';
}

export interface CacheInstanceListParams extends PageParams {
  /** Only instances in this status */
  status?: CacheStatus;
  /** Only instances in this region */
  region?: string;
  /** Only instances of this sku */
  sku?: CacheSku;
}

export interface CacheInstanceScaleParams {
  /** New sku (the capacity must fit it) */
  sku?: CacheSku;
  /** Memory in GB: Basic 1-4, Standard 1-32, Premium 6-120 */
  capacity_gb?: number;
}

/** Basic (single node), Standard (replicated) or Premium (replicated, larger sizes) */
export type CacheSku = 'Basic' | 'Standard' | 'Premium';

export type CacheStatus = 'provisioning' | 'available' | 'scaling';

export interface Camera extends RecordBase {
  tenant_id: string;
  name: string;
  /** With the password masked as *** */
  rtsp_url: string;
  features: VideoEventType[];
  fps: number;
  enabled: boolean;
  record: boolean;
  status: CameraStatus;
}

export interface CameraCreateParams {
  /** Display name, 1..100 characters; surrounding whitespace is trimmed */
  name: string;
  /** RTSP address, e.g. rtsp://user:password@10.0.0.5:554/stream1; the password is never shown back */
  rtsp_url: string;
  /** Detection features to run (motion, person, vehicle, face, license_plate, fire_smoke, intrusion, loitering); those outside the tenant plan are dropped */
  features: VideoEventType[];
  /** Frames per second analysed, 1..60 */
  fps?: number;
  /** Analyse the stream (false: the camera is disabled) */
  enabled?: boolean;
  /** Keep recordings for playback */
  record?: boolean;
}

export interface CameraList {
  items: Camera[];
}

export type CameraStatus = 'connecting' | 'online' | 'offline' | 'error' | 'disabled';

export interface CameraUpdateParams {
  /** Display name, 1..100 characters; surrounding whitespace is trimmed */
  name?: string;
  /** RTSP address, e.g. rtsp://user:password@10.0.0.5:554/stream1; the password is never shown back */
  rtsp_url?: string;
  /** Detection features to run (motion, person, vehicle, face, license_plate, fire_smoke, intrusion, loitering); those outside the tenant plan are dropped */
  features?: VideoEventType[];
  /** Frames per second analysed, 1..60 */
  fps?: number;
  /** false disables the camera; true reconnects it */
  enabled?: boolean;
  /** Keep recordings for playback */
  record?: boolean;
}

/** Your own domain for the endpoint (unique across all endpoints), e.g. cdn.example.com */
export type CdnCustomDomain = string;

export interface CdnEndpoint extends ProjectRecord {
  profile_id: string;
  name: string;
  /** Host the endpoint serves on: <name>.nimbuscdn.net */
  host_name: string;
  origin_host: string;
  custom_domain: string | null;
  https_only: boolean;
  status: CdnEndpointStatus;
}

export type CdnEndpointStatus = 'provisioning' | 'active';

/** Host the CDN fetches content from, e.g. origin.example.com */
export type CdnOriginHost = string;

export interface CdnProfile extends ProjectRecord {
  name: string;
  /** Standard, or Premium for rules engine and real-time analytics */
  sku: CdnSku;
}

export interface CdnProfileCreateParams {
  /** Profile name */
  name: string;
  /** Standard, or Premium for rules engine and real-time analytics */
  sku?: CdnSku;
}

export interface CdnProfileEndpointCreateParams {
  /** Endpoint name, unique across all projects: it becomes <name>.nimbuscdn.net */
  name: string;
  /** Host the CDN fetches content from, e.g. origin.example.com */
  origin_host: string;
  /** Your own domain for the endpoint (unique across all endpoints), e.g. cdn.example.com */
  custom_domain?: string;
  /** Redirect plain HTTP requests to HTTPS */
  https_only?: boolean;
}

export interface CdnProfileEndpointListParams extends PageParams {
  /** Only endpoints in this status */
  status?: CdnEndpointStatus;
}

export interface CdnProfileListParams extends PageParams {
  /** Only profiles of this sku */
  sku?: CdnSku;
}

/** Standard, or Premium for rules engine and real-time analytics */
export type CdnSku = 'Standard' | 'Premium';

export type Cidr = string | string;

export interface ClockState {
  /** Simulated time, ISO-8601 */
  now: string;
  /** How far the simulated clock is ahead of real time */
  offset_ms: number;
  /** Whether simulated time stands still until advanced */
  frozen: boolean;
}

export interface Cluster extends ProjectRecord {
  name: string;
  region: string;
  kubernetes_version: KubernetesVersion;
  node_pools: NodePool[];
  /** Nodes across every pool */
  node_count: number;
  /** API server URL */
  endpoint: string;
  status: ClusterStatus;
}

export interface ClusterCreateParams {
  /** Cluster name, unique in the project */
  name: string;
  /** Region, e.g. hn */
  region: string;
  /** One of 1.29, 1.30, 1.31 */
  kubernetes_version?: KubernetesVersion;
  /** Node pools, 1..10: [{ name, flavor, count, autoscale? }] */
  node_pools: NodePoolParams[];
}

export interface ClusterListParams extends PageParams {
  status?: ClusterStatus;
  region?: string;
  name?: string;
}

export type ClusterStatus = 'provisioning' | 'running';

export interface ComplianceEvaluateParams {
  /** Policy to evaluate: a builtin or one of the project */
  policy_id: string;
  /** Type of the resource, e.g. compute.instance or storage.bucket */
  resource_type: string;
  /** Id of the resource (a bucket may also be named) */
  resource_id: string;
  /** JSON parameter values; default: those of the project's assignment of the policy covering the resource, else the policy defaults */
  parameters?: string;
}

export interface ComplianceForPolicyParams extends PageParams {
  /** Only compliant (true) or non-compliant (false) results */
  compliant?: BooleanQuery;
  /** Only results for this resource type */
  resource_type?: string;
  /** Only results for this resource */
  resource_id?: string;
}

export interface ComplianceListParams extends ComplianceForPolicyParams {
  /** Only results of this policy */
  policy_id?: string;
}

export interface ComplianceResult extends ProjectRecord {
  policy_id: string;
  /** The assignment whose parameters were used; null: the policy defaults or given ones */
  assignment_id: string | null;
  resource_type: string;
  resource_id: string;
  resource_name: string | null;
  compliant: boolean;
  /** Which part of the rule decided, with the values seen */
  reason: string;
  /** evaluation: POST /compliance/evaluate; admission: an audit-mode policy at creation */
  source: 'evaluation' | 'admission';
  evaluated_at: string;
}

export type ComplianceSource = 'evaluation' | 'admission';

export interface CostBreakdown {
  from: string;
  /** End of the measured window: the requested end, or now if that is earlier */
  to: string;
  currency: "VND";
  /** VND, before tax */
  total: number;
  by_service: ServiceCost[];
  by_resource: ResourceCost[];
}

/** The current UTC day, ISO week (from Monday) or calendar month */
export type CostPeriod = 'daily' | 'weekly' | 'monthly';

export type CronExpression = string;

/** ISO 4217 currency code */
export type Currency = 'VND' | 'USD' | 'EUR' | 'JPY' | 'SGD';

export type CustomRoleName = string;

export interface Database extends ProjectRecord {
  name: string;
  engine: DatabaseEngine;
  version: string;
  tier: DatabaseTier;
  storage_gb: number;
  /** Region the database was created in; it does not change on failover */
  region: string;
  /** Region the primary (the writable node) runs in now; changes on failover */
  primary_region: string;
  high_availability: boolean;
  admin_username: string;
  /** Whether an administrator password was given (the password is never returned) */
  admin_password_set: boolean;
  /** provisioning -> available; failover: available -> failing_over -> available */
  status: 'provisioning' | 'available' | 'failing_over';
  /** Connection host name; stays the same across failovers */
  host: string;
  port: number;
  replica_count: number;
  /** Manual failovers so far */
  failover_count: number;
  last_failover_at: string | null;
  /** The most recent manual failover */
  last_failover: LastFailover | null;
}

export interface DatabaseCreateParams {
  /** Database server name, unique in the project */
  name: string;
  /** Database engine: postgres, mysql or sqlserver */
  engine: 'postgres' | 'mysql' | 'sqlserver';
  /** Engine major version: postgres 14|15|16|17, mysql 8.0|8.4, sqlserver 2019|2022; default the newest of the engine */
  version?: '14' | '15' | '16' | '17' | '2019' | '2022' | '8.0' | '8.4';
  /** Compute tier: basic, general_purpose or memory_optimized; bounds the connection pool */
  tier?: DatabaseTier;
  /** Allocated storage in GB, 10..16384 */
  storage_gb?: number;
  /** Region of the primary */
  region: string;
  /** Keep a synchronous standby in another zone of the region */
  high_availability?: boolean;
  /** Administrator login name */
  admin_username?: string;
  /** Administrator password, 12..128 characters; write-only: stored hashed and never returned */
  admin_password?: string;
}

export type DatabaseEngine = 'postgres' | 'mysql' | 'sqlserver';

export interface DatabaseFailoverParams {
  /** Replica to promote; default the oldest available replica */
  replica_id?: string;
}

export interface DatabaseListParams extends PageParams {
  status?: DatabaseStatus;
  engine?: DatabaseEngine;
  tier?: DatabaseTier;
  region?: string;
  name?: string;
}

export interface DatabasePool {
  database_id: string;
  /** session: one server connection per client session; transaction: per transaction */
  mode: 'session' | 'transaction';
  max_connections: number;
  min_idle: number;
  idle_timeout_sec: number;
  /** The tier's bound on max_connections */
  max_connections_limit: number;
  /** True until a configuration is PUT */
  is_default: boolean;
  /** When the configuration was last PUT; null for the default */
  updated_at: string | null;
}

export interface DatabasePoolUpdateParams {
  /** Pooling mode: session or transaction */
  mode?: PoolMode;
  /** Server connections the pool may open, 1..5000 and at most the tier limit (basic 100, general_purpose 1000, memory_optimized 5000) */
  max_connections?: number;
  /** Idle connections kept open; at most max_connections */
  min_idle?: number;
  /** Seconds before an idle connection is closed, 10..3600 */
  idle_timeout_sec?: number;
}

export interface DatabaseReplica extends ProjectRecord {
  database_id: string;
  name: string;
  /** Region of this replica. After a failover that promoted it, the region the primary left (the former primary is now this replica) */
  region: string;
  /** Region of the primary it replicates from */
  source_region: string;
  status: ReplicaStatus;
  /** Read-only connection host name */
  host: string;
  /** When a failover last swapped this replica with the primary */
  role_swapped_at: string | null;
}

export interface DatabaseReplicaCreateParams {
  /** Region to place the replica in */
  region: string;
  /** Replica name, unique per database; default <database>-replica-<n> */
  name?: string;
}

export type DatabaseStatus = 'provisioning' | 'available' | 'failing_over';

export type DatabaseTier = 'basic' | 'general_purpose' | 'memory_optimized';

export type DayOfWeek = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';

export interface DdosPlan extends ProjectRecord {
  name: string;
  tier: DdosTier;
  /** VPC, load balancer and VPN gateway ids the plan protects */
  protected_resources: string[];
  alert_email: string | null;
  status: DdosPlanStatus;
}

export interface DdosPlanCreateParams {
  /** DDoS protection plan name */
  name: string;
  /** basic (always-on mitigation) or standard (tuned, with alerts); default standard */
  tier?: DdosTier;
  /** Ids of VPCs, load balancers or VPN gateways of this project to protect */
  protected_resources?: string[];
  /** Where attack alerts go */
  alert_email?: string;
}

export interface DdosPlanListParams extends PageParams {
  /** Only plans with this name */
  name?: string;
  /** Only plans of this tier */
  tier?: DdosTier;
}

export type DdosPlanStatus = 'active';

export type DdosTier = 'basic' | 'standard';

export interface Delegation extends ProjectRecord {
  user_id: string;
  /** owner, editor, viewer or a custom role name */
  role: string;
  granted_by: string;
  expires_at: string | null;
}

/** delivered: 2xx; retrying: failed, another attempt follows; failed: failed, no attempt follows; not_sent: the server does not send to this host (error says why), no attempt follows */
export type DeliveryStatus = 'delivered' | 'retrying' | 'failed' | 'not_sent';

export interface DetectionBox {
  x: number;
  y: number;
  w: number;
  h: number;
  label?: string;
}

export interface DetectionPayload {
  boxes: DetectionBox[];
  /** Identifies one tracked object across events */
  track_id: number;
}

export interface Divergence {
  /** Contract operation id, or `METHOD /path` for an unknown route */
  operation: string;
  check: 'status' | 'envelope' | 'schema' | 'error-code' | 'header' | 'pagination' | 'unknown-route';
  /** JSON path (`$.data.name`) or header name */
  path: string;
  expected: string;
  actual: string;
  /** The answer's X-Request-Id */
  request_id: string | null;
}

export type DnsZoneName = string;

export type DocsAssetName = 'swagger-ui.css' | 'swagger-ui-bundle.js' | 'swagger-ui-standalone-preset.js' | 'favicon.svg';

export interface DrDrill {
  id: string;
  plan_id: string;
  /** running while the plan is drilling */
  status: 'running' | 'completed';
  started_at: string;
  finished_at: string | null;
  /** Sum of the simulated step durations */
  total_duration_sec: number;
  /** Whether total_duration_sec fits in the plan's rto_minutes */
  rto_met: boolean;
  steps: DrDrillStepResult[];
}

export interface DrDrillStepResult {
  step_id: string;
  order: number;
  name: string;
  action: DrStepAction;
  target_id: string | null;
  outcome: DrStepOutcome;
  /** Simulated time the step would take */
  duration_sec: number;
}

export interface DrExecution {
  id: string;
  status: 'running' | 'succeeded';
  started_at: string;
  finished_at: string | null;
  /** In run order; each step takes one transition on the simulated clock */
  steps: DrExecutionStep[];
}

export interface DrExecutionStep {
  step_id: string;
  order: number;
  name: string;
  action: DrStepAction;
  target_id: string | null;
  status: DrExecutionStepStatus;
  outcome: DrStepOutcome | null;
  started_at: string | null;
  finished_at: string | null;
}

export type DrExecutionStepStatus = 'pending' | 'running' | 'succeeded';

export interface DrPlan extends ProjectRecord {
  name: string;
  description: string;
  primary_region: string;
  secondary_region: string;
  rpo_minutes: number;
  rto_minutes: number;
  /** draft -> ready (has steps) -> drilling -> ready; execute: ready -> executing -> completed */
  status: 'draft' | 'ready' | 'drilling' | 'executing' | 'completed';
  /** Ordered by order */
  steps: DrStep[];
  drill_count: number;
  last_drill: DrDrill | null;
  last_execution: DrExecution | null;
}

export interface DrPlanCreateParams {
  /** Plan name */
  name: string;
  /** Free text, up to 1000 characters */
  description?: string;
  /** Region the workload runs in */
  primary_region: string;
  /** Region to recover into; must differ from primary_region */
  secondary_region: string;
  /** Recovery point objective: data loss tolerated, 0..1440 minutes */
  rpo_minutes?: number;
  /** Recovery time objective: downtime tolerated, 1..1440 minutes */
  rto_minutes?: number;
}

export interface DrPlanListParams extends PageParams {
  /** Only the plan with this id (what waitFor polls) */
  id?: string;
  status?: DrPlanStatus;
  primary_region?: string;
  secondary_region?: string;
  name?: string;
}

export type DrPlanStatus = 'draft' | 'ready' | 'drilling' | 'executing' | 'completed';

export interface DrPlanStepCreateParams {
  /** What the step does, e.g. "Promote orders replica" */
  name: string;
  /** failover_database, promote_replica, switch_dns, scale_out, run_script or notify */
  action: 'failover_database' | 'promote_replica' | 'switch_dns' | 'scale_out' | 'run_script' | 'notify';
  /** Resource the step acts on (database, replica, zone...) */
  target_id?: string;
  /** Position, 1..1000, unique in the plan; default after the last step */
  order?: number;
}

export interface DrStep {
  id: string;
  /** Position in the plan; steps run in ascending order */
  order: number;
  name: string;
  action: DrStepAction;
  /** Resource the step acts on */
  target_id: string | null;
  created_at: string;
}

export type DrStepAction = 'failover_database' | 'promote_replica' | 'switch_dns' | 'scale_out' | 'run_script' | 'notify';

export type DrStepOutcome = 'succeeded';

export type Email = string;

export type EnforcementMode = 'audit' | 'deny' | 'disabled';

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface EventListParams {
  /** Only events of this camera */
  camera_id?: string;
  /** Only events of this type */
  type?: VideoEventType;
  /** Only events at or after this time (ISO-8601) */
  since?: string;
  /** Events per page, 1..100 */
  limit?: number;
  /** next_cursor of the previous page */
  cursor?: string;
}

export interface EventPlayback {
  event_id: string;
  camera_id: string;
  /** Path of the hour playlist; add ?token=<JWT> to load it */
  playlist_url: string;
  /** Where the event is in that playlist, in seconds */
  offset_sec: number;
}

export type EventType = string;

/** Comma-separated event types to deliver: "*" for all, "compute.*" for a prefix, or exact types */
export type EventTypeFilter = string;

export interface Fault {
  /** Only requests of this method: GET, POST, PUT, PATCH or DELETE (any case) */
  method?: string;
  /** Exact path, a prefix ending in * (/api/v1/*), or a template whose {name} segments match any one segment (/api/v1/instances/{id}) */
  path?: string;
  /** Query parameters the request must carry with these values (others may be there too) */
  query?: Record<string, string>;
  /** Headers the request must carry with these values (names in any case; others may be there too) */
  headers?: Record<string, string>;
  /** Status to answer instead of the route */
  status?: number;
  /** Error code of the answer, in the envelope of the API the path belongs to (default by status) */
  code?: string;
  /** Error message of the answer */
  message?: string;
  /** A raw body to answer instead of the error envelope (malformed JSON, HTML from a proxy, ...) */
  body?: string;
  /** Content type of `body` (default application/json) */
  content_type?: string;
  /** Wait this long before answering */
  delay_ms?: number;
  /** Answer nothing: the connection is closed (a fetch rejects with a network error) */
  drop_connection?: boolean;
  /** Send the body in pieces over this many milliseconds (the status and headers at once) */
  slow_body_ms?: number;
  /** Chance (0 to 1) that a matching request meets the fault; 1 when omitted */
  probability?: number;
  /** Seed of the random draws of `probability`, so a run repeats; random when omitted */
  seed?: number;
  /** How many requests it applies to; unlimited when omitted */
  times?: number;
  id: string;
  /** Requests it still applies to; null when unlimited */
  remaining: number | null;
}

export interface Firewall extends ProjectRecord {
  name: string;
  region: string;
  vpc_id: string | null;
  rules: FirewallRule[];
  status: "active";
}

export interface FirewallCreateParams {
  /** Firewall name, unique in the project */
  name: string;
  /** Region, e.g. hn */
  region: string;
  /** VPC of the project the firewall protects */
  vpc_id?: string;
  /** Rules: [{ name, direction, action, protocol, ports, source, destination, priority }] */
  rules?: FirewallRuleParams[];
}

export interface FirewallListParams extends PageParams {
  region?: string;
  vpc_id?: string;
  name?: string;
}

export interface FirewallRule {
  name: string;
  direction: RuleDirection;
  action: RuleAction;
  protocol: RuleProtocol;
  /** Null for icmp */
  ports: string | null;
  source: string;
  destination: string;
  priority: number;
}

export interface FirewallRuleInput extends FirewallRuleParams {
  /** tcp, udp, icmp or any */
  protocol: RuleProtocol;
  /** Source CIDR */
  source: Cidr;
  /** Destination CIDR */
  destination: Cidr;
}

export type Flavor = 'nano' | 'micro' | 'small' | 'medium' | 'large' | 'xlarge';

export interface FunctionCreateParams {
  /** Name, unique in the project */
  name: string;
  /** Language runtime: nodejs20, python3.12, go1.22 or java21 */
  runtime: FunctionRuntime;
  /** Region the function runs in, e.g. hn */
  region: string;
  /** Entry point the runtime calls, e.g. index.handler */
  handler?: string;
  /** Memory in MB, 128..10240 in steps of 64 (CPU grows with it) */
  memory_mb?: number;
  /** Seconds an invocation may run before it fails, 1..900 */
  timeout_sec?: number;
  /** Environment variables passed to the function (at most 50, values up to 1024 characters) */
  env?: Record<string, string>;
}

export interface FunctionInvocation extends ProjectRecord {
  function_id: string;
  /** failed when the run hit the function timeout */
  status: 'succeeded' | 'failed';
  /** How long the run took */
  duration_ms: number;
  /** duration_ms rounded up to the next 100 ms */
  billed_ms: number;
  /** Memory the function had for this run */
  memory_mb: number;
  /** What the function returned: its payload, echoed */
  result: Record<string, unknown> | null;
  /** Log lines of the run */
  logs: string[];
}

export type FunctionInvocationStatus = 'succeeded' | 'failed';

export interface FunctionInvokeParams {
  /** JSON object handed to the function as its event */
  payload?: Record<string, unknown>;
}

export interface FunctionListParams extends PageParams {
  /** Only functions in this status */
  status?: FunctionStatus;
  /** Only functions of this runtime */
  runtime?: FunctionRuntime;
  /** Only functions in this region */
  region?: string;
  /** Only the function with this name */
  name?: string;
}

export interface FunctionRecord extends ProjectRecord {
  name: string;
  /** Language runtime: nodejs20, python3.12, go1.22 or java21 */
  runtime: FunctionRuntime;
  region: string;
  handler: string;
  memory_mb: number;
  timeout_sec: number;
  env: Record<string, string>;
  /** deploying after create or update, then active (only active functions run) */
  status: 'deploying' | 'active';
  /** Deployment number: 1 at creation, +1 on each update */
  version: number;
}

/** Language runtime: nodejs20, python3.12, go1.22 or java21 */
export type FunctionRuntime = 'nodejs20' | 'python3.12' | 'go1.22' | 'java21';

export type FunctionStatus = 'deploying' | 'active';

export interface FunctionTrigger extends ProjectRecord {
  function_id: string;
  /** What fires the function: http (a URL), schedule (cron) or topic (Event Grid events) */
  type: FunctionTriggerType;
  /** Cron expression of a schedule trigger */
  schedule: string | null;
  /** Topic of a topic trigger */
  topic_id: string | null;
  /** Path that invokes the function, for an http trigger */
  url: string | null;
}

export interface FunctionTriggerCreateParams {
  /** What fires the function: http (a URL), schedule (cron) or topic (Event Grid events) */
  type: FunctionTriggerType;
  /** 5-field cron expression (UTC), e.g. "*\/5 * * * *"; type schedule only */
  schedule?: string;
  /** Event Grid topic whose events fire the function; type topic only */
  topic_id?: string;
}

export interface FunctionTriggerListParams extends PageParams {
  /** Only triggers of this type */
  type?: FunctionTriggerType;
}

/** What fires the function: http (a URL), schedule (cron) or topic (Event Grid events) */
export type FunctionTriggerType = 'http' | 'schedule' | 'topic';

export interface FunctionUpdateParams {
  /** New name, unique in the project */
  name?: string;
  /** Language runtime: nodejs20, python3.12, go1.22 or java21 */
  runtime?: FunctionRuntime;
  /** Entry point the runtime calls, e.g. index.handler */
  handler?: string;
  /** Memory in MB, 128..10240 in steps of 64 (CPU grows with it) */
  memory_mb?: number;
  /** Seconds an invocation may run before it fails, 1..900 */
  timeout_sec?: number;
  /** Replaces every environment variable */
  env?: Record<string, string>;
}

export interface GlobalBackend {
  load_balancer_id: string;
  weight: number | null;
  priority: number | null;
}

export interface GlobalBackendInput {
  /** An internet-facing load balancer of this project */
  load_balancer_id: string;
  /** Share of traffic, 1..100; required for weighted routing */
  weight?: number;
  /** 1..1000, lower serves first; required and unique for failover routing */
  priority?: number;
}

export interface GlobalLoadBalancer extends ProjectRecord {
  name: string;
  routing: GlobalRouting;
  backends: GlobalBackend[];
  /** Global name clients resolve */
  dns_name: string;
  status: GlobalLoadBalancerStatus;
}

export interface GlobalLoadBalancerCreateParams {
  /** Global load balancer name */
  name: string;
  /** latency, weighted or failover; default latency */
  routing?: GlobalRouting;
  /** Regional load balancers as JSON: [{ "load_balancer_id": "...", "weight": 50 }] */
  backends: GlobalBackendInput[];
}

export interface GlobalLoadBalancerListParams extends PageParams {
  /** Only global load balancers with this name */
  name?: string;
  /** Only global load balancers with this routing */
  routing?: GlobalRouting;
}

export type GlobalLoadBalancerStatus = 'active';

export type GlobalRouting = 'latency' | 'weighted' | 'failover';

export interface HealthProbe extends ProjectRecord {
  load_balancer_id: string;
  name: string;
  protocol: HealthProbeProtocol;
  port: number;
  /** Request path of http(s) probes; null for tcp */
  path: string | null;
  interval_sec: number;
  timeout_sec: number;
  healthy_threshold: number;
  unhealthy_threshold: number;
}

export type HealthProbeProtocol = 'http' | 'https' | 'tcp';

export interface IamBucketGrantCreateParams {
  /** A member of the project */
  user_id: string;
  /** A bucket of the project */
  bucket_name: string;
  /** read or write (write implies read) */
  access: 'read' | 'write';
}

export interface IamKeyCreateParams {
  /** What the key is for */
  name: string;
  /** editor, viewer or a custom role; owner is refused (keys never administer IAM) */
  role: string;
  /** When the key stops working; never when omitted */
  expires_at?: string;
}

export interface IamRole {
  /** Null for built-in roles */
  id: string | null;
  project_id: string;
  name: string;
  description: string;
  permissions: string[];
  builtin: boolean;
  created_at: string | null;
  updated_at: string | null;
}

export interface IamRoleCreateParams {
  /** Role name, unique in the project; not owner, editor or viewer */
  name: string;
  /** What the role is for */
  description?: string;
  /** Permissions, e.g. ["compute:write", "storage:read"]; write implies read */
  permissions: string[];
}

export interface IamRoleListParams {
  /** Page number, from 1 */
  page?: number;
  /** Items per page, 1..100 */
  per_page?: number;
}

export interface IamUser {
  /** The user id */
  id: string;
  project_id: string;
  email: string;
  full_name: string;
  /** Membership role */
  role: string;
  /** Roles granted through delegation that are still live */
  delegated_roles: Array<{
    /** owner, editor, viewer or a custom role name */
    role: string;
    expires_at: string | null;
  }>;
  mfa_enabled: boolean;
  joined_at: string;
}

export interface IamUserCreateParams {
  /** Email of a registered user */
  email: string;
  /** owner, editor, viewer or a custom role of this project */
  role: string;
}

export interface IamUserListParams extends PageParams {
  /** Only members with this membership role */
  role?: string;
}

export interface Instance extends ProjectRecord {
  name: string;
  flavor: Flavor;
  region: string;
  image: string;
  status: InstanceStatus;
  resource_group_id: string | null;
}

export interface InstanceCreateParams {
  name: string;
  flavor: Flavor;
  region: string;
  image?: string;
  /** Resource group to place the instance in */
  resource_group_id?: string;
}

export interface InstanceListParams extends PageParams {
  status?: InstanceStatus;
  region?: string;
  flavor?: Flavor;
  name?: string;
}

export type InstanceStatus = 'provisioning' | 'running' | 'stopping' | 'stopped' | 'starting';

export interface Invoice extends ProjectRecord {
  /** Invoice number, e.g. INV-202603-1A2B3C4D */
  number: string;
  period_start: string;
  period_end: string;
  /** open: the month is running; issued: closed */
  status: InvoiceStatus;
  currency: "VND";
  lines: InvoiceLine[];
  subtotal: number;
  /** VAT rate, 0.1 */
  tax_rate: number;
  tax: number;
  total: number;
  issued_at: string | null;
  /** Payment due date: 30 days after issue */
  due_at: string | null;
}

export interface InvoiceLine {
  service: Service;
  meter: string;
  description: string;
  unit: string;
  unit_price: number;
  quantity: number;
  /** VND */
  amount: number;
}

/** open: the month is running; issued: closed */
export type InvoiceStatus = 'open' | 'issued';

export type Ipv4Address = string;

export type Ipv4Cidr = string;

export type KubernetesVersion = '1.29' | '1.30' | '1.31';

/** The most recent manual failover */
export interface LastFailover {
  /** Region the primary ran in before the failover */
  from_region: string;
  /** Region of the promoted replica, where the primary runs now */
  to_region: string;
  /** The replica record that was swapped with the primary */
  replica_id: string;
}

export interface LoadBalancer extends ProjectRecord {
  name: string;
  region: string;
  type: LoadBalancerType;
  scheme: LoadBalancerScheme;
  vpc_id: string | null;
  /** Name clients resolve to reach the load balancer */
  dns_name: string;
  status: LoadBalancerStatus;
  /** Health probes of the load balancer, oldest first */
  health_probes: HealthProbe[];
}

export interface LoadBalancerCreateParams {
  /** Load balancer name */
  name: string;
  /** Region of the load balancer, e.g. hn */
  region: string;
  /** application (HTTP, layer 7) or network (TCP, layer 4); default application */
  type?: LoadBalancerType;
  /** internet (public address) or internal (VPC only); default internet */
  scheme?: LoadBalancerScheme;
  /** VPC of this project the load balancer serves; required for internal ones */
  vpc_id?: string;
}

export interface LoadBalancerHealthProbeCreateParams {
  /** Probe name; default <protocol>-<port> */
  name?: string;
  /** http, https or tcp */
  protocol: 'http' | 'https' | 'tcp';
  /** Backend port to probe, 1..65535 */
  port: number;
  /** Request path of http(s) probes, e.g. /healthz; required for them, refused for tcp */
  path?: string;
  /** Seconds between probes, 5..300; default 30 */
  interval_sec?: number;
  /** Seconds before a probe fails, below interval_sec; default 5 */
  timeout_sec?: number;
  /** Successes that mark a backend healthy, 1..10; default 3 */
  healthy_threshold?: number;
  /** Failures that mark a backend unhealthy, 1..10; default 3 */
  unhealthy_threshold?: number;
}

export interface LoadBalancerListParams extends PageParams {
  /** Only the load balancer with this id */
  id?: string;
  /** Only load balancers with this name */
  name?: string;
  /** Only load balancers of this region */
  region?: string;
  /** Only load balancers of this type */
  type?: LoadBalancerType;
  /** Only load balancers of this scheme */
  scheme?: LoadBalancerScheme;
  /** Only load balancers in this status */
  status?: LoadBalancerStatus;
}

export type LoadBalancerScheme = 'internet' | 'internal';

export type LoadBalancerStatus = 'provisioning' | 'active';

export type LoadBalancerType = 'application' | 'network';

export interface LogEntry {
  /** Activity log id, or "<invocation id>:<line>" for function logs */
  id: string;
  timestamp: string;
  source: LogSource;
  level: LogLevel;
  message: string;
  /** Activity: the operation, e.g. instances.create */
  operation: string | null;
  method: string | null;
  path: string | null;
  /** Activity: the HTTP status answered */
  status: number | null;
  actor: string | null;
  resource_id: string | null;
  function_id: string | null;
  request_id: string | null;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogQueryParams extends PageParams {
  /** Query, e.g. source:activity AND status:>=400 AND operation:instances.* (empty: everything) */
  q?: string;
  /** Entries at or after this time; default 24 hours before `to` */
  from?: string;
  /** Entries before this time; default now */
  to?: string;
}

export type LogSource = 'activity' | 'function';

export interface LoginResult extends TokenPair {
  user: User;
}

export type MetricName = 'cpu_percent' | 'memory_percent' | 'network_in_bytes' | 'network_out_bytes' | 'disk_read_bytes' | 'disk_write_bytes' | 'connections' | 'queries_per_second' | 'storage_used_percent' | 'hit_ratio_percent' | 'evictions' | 'requests' | 'egress_bytes' | 'storage_bytes' | 'object_count' | 'active_connections' | 'latency_ms' | 'http_5xx' | 'invocations' | 'errors' | 'duration_ms' | 'pod_count' | 'pulls' | 'pushes';

export type MetricOperator = 'gt' | 'lt' | 'ge' | 'le';

export interface MetricPoint {
  timestamp: string;
  value: number;
}

export interface MetricQueryParams {
  /** A resource of the project (instance, database, cache, bucket, load balancer...) */
  resource_id: string;
  /** Metric name; each resource type has its own list */
  metric: 'cpu_percent' | 'memory_percent' | 'network_in_bytes' | 'network_out_bytes' | 'disk_read_bytes' | 'disk_write_bytes' | 'connections' | 'queries_per_second' | 'storage_used_percent' | 'hit_ratio_percent' | 'evictions' | 'requests' | 'egress_bytes' | 'storage_bytes' | 'object_count' | 'active_connections' | 'latency_ms' | 'http_5xx' | 'invocations' | 'errors' | 'duration_ms' | 'pod_count' | 'pulls' | 'pushes';
  /** Start of the range; default one hour before `to` */
  from?: string;
  /** End of the range; default now */
  to?: string;
  /** Seconds between points: 60, 300 or 3600 */
  interval?: number;
}

export interface MetricRule extends ProjectRecord {
  name: string;
  description: string;
  /** Metric name, e.g. cpu_percent */
  metric: string;
  /** Resource type the rule watches, e.g. compute.instance */
  resource_type: string;
  /** gt >, lt <, ge >=, le <= */
  operator: 'gt' | 'lt' | 'ge' | 'le';
  threshold: number;
  /** Averaging window */
  window_minutes: number;
  severity: MetricRuleSeverity;
  enabled: boolean;
}

export interface MetricRuleListParams extends PageParams {
  /** Only enabled (true) or disabled (false) rules */
  enabled?: BooleanQuery;
  /** Only this severity */
  severity?: MetricRuleSeverity;
  /** Only rules for this resource type */
  resource_type?: string;
  /** Only rules on this metric */
  metric?: string;
}

export type MetricRuleSeverity = 'low' | 'medium' | 'high' | 'critical';

export interface MetricSeries {
  resource_id: string;
  /** Table of the resource, e.g. instances, databases */
  resource_type: string;
  metric: MetricName;
  unit: string;
  interval: number;
  from: string;
  to: string;
  points: MetricPoint[];
}

export interface MfaEnrollment {
  enabled: boolean;
  /** Base32 TOTP secret, only while enrolment is pending */
  secret?: string;
  otpauth_uri?: string;
}

export interface MockFaultCreateParams {
  /** Only requests of this method: GET, POST, PUT, PATCH or DELETE (any case) */
  method?: string;
  /** Exact path, a prefix ending in * (/api/v1/*), or a template whose {name} segments match any one segment (/api/v1/instances/{id}) */
  path?: string;
  /** Query parameters the request must carry with these values (others may be there too) */
  query?: Record<string, string>;
  /** Headers the request must carry with these values (names in any case; others may be there too) */
  headers?: Record<string, string>;
  /** Status to answer instead of the route */
  status?: number;
  /** Error code of the answer, in the envelope of the API the path belongs to (default by status) */
  code?: string;
  /** Error message of the answer */
  message?: string;
  /** A raw body to answer instead of the error envelope (malformed JSON, HTML from a proxy, ...) */
  body?: string;
  /** Content type of `body` (default application/json) */
  content_type?: string;
  /** Wait this long before answering */
  delay_ms?: number;
  /** Answer nothing: the connection is closed (a fetch rejects with a network error) */
  drop_connection?: boolean;
  /** Send the body in pieces over this many milliseconds (the status and headers at once) */
  slow_body_ms?: number;
  /** Chance (0 to 1) that a matching request meets the fault; 1 when omitted */
  probability?: number;
  /** Seed of the random draws of `probability`, so a run repeats; random when omitted */
  seed?: number;
  /** How many requests it applies to; unlimited when omitted */
  times?: number;
}

export interface MockRequestListParams {
  /** Only requests of this method */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD';
  /** Exact path, or a prefix ending in * */
  path?: string;
  /** Only requests answered with this status */
  status?: number;
  /** true: only proxied answers that differ from the contract */
  divergent?: BooleanQuery;
  /** A request_id: only requests journaled after it (a page polling the log asks for what is new). When the journal no longer holds it, every matching request, with `cursor_lost: true` */
  after?: string;
  /** At most this many requests, the oldest first: a reader pages through a full journal with `after` set to the last one it got */
  limit?: number;
}

export interface MockRequestListResponse {
  items: RecordedRequest[];
  /** How many requests the journal keeps at most (the server option `journalSize`); older ones are dropped, and fewer are kept when their bodies pass 8 MiB */
  journal_size: number;
  /** true when `after` named a request the journal no longer holds (dropped, or the log was cleared): items are every matching request */
  cursor_lost: boolean;
}

export interface MockStateExportParams {
  /** true: the export carries the signing secret, so tokens issued before it stay valid after an import elsewhere */
  include_secret?: BooleanQuery;
}

export interface MockVideoEventCreateParams {
  camera_id: string;
  type: VideoEventType;
  /** Default: a plausible random score */
  confidence?: number;
  /** Default: one box and a new track id */
  payload?: {
    boxes?: DetectionBox[];
    /** Identifies one tracked object across events */
    track_id?: number;
  };
}

export interface MockVideoTenantUpdateParams {
  /** Cameras the tenant may have (default 16) */
  camera_limit?: number;
  /** Features the tenant may enable (default motion, person, vehicle) */
  features?: VideoEventType[];
}

export interface MockWebhookDelivery extends WebhookDelivery {
  /** The CloudEvent that was POSTed */
  payload: unknown;
  /** The X-Nimbus-Signature header sent (t=<unix seconds>,v1=<hex>); null when nothing was sent */
  signature: string | null;
}

export interface NodePool {
  name: string;
  flavor: Flavor;
  count: number;
  autoscale: Autoscale | null;
}

export interface NodePoolInput extends NodePoolParams {
  /** Nodes now, 1..100 */
  count: number;
}

export interface PageMeta {
  request_id: string;
  page: number;
  per_page: number;
  total: number;
}

export interface PageParams {
  /** Page number, from 1 */
  page?: number;
  /** Items per page, 1..100 */
  per_page?: number;
}

export type PeerAsn = number;

/** e.g. compute:write, storage:read, *:read */
export type Permission = string;

export interface PlaybackTimeline {
  camera_id: string;
  date: string;
  /** Hours (UTC) that have HLS segments, ascending */
  hours: string[];
}

export interface PlaybackTimelineParams {
  /** Camera to list recordings of */
  camera_id: string;
  /** Day (UTC), YYYY-MM-DD */
  date: string;
}

export interface Policy extends RecordBase {
  /** Owning project; null for builtin policies, which every project sees */
  project_id: string | null;
  name: string;
  description: string;
  type: PolicyType;
  category: PolicyCategory | null;
  enforcement_mode: EnforcementMode;
  severity: PolicySeverity;
  /** The JSON rule; null for a policy without one (always compliant) */
  definition: string | null;
}

export type PolicyCategory = 'security' | 'cost' | 'compliance' | 'naming';

export interface PolicyCreateParams {
  /** Policy name, unique in the project (builtins included) */
  name: string;
  /** What the policy is for */
  description?: string;
  /** Only custom policies can be created; builtins come with the platform */
  type?: 'builtin' | 'custom';
  /** security, cost, compliance or naming */
  category?: 'security' | 'cost' | 'compliance' | 'naming';
  /** deny refuses violating creations (403 POLICY_VIOLATION), audit lets them through and records a non-compliant result, disabled does nothing */
  enforcement_mode?: 'audit' | 'deny' | 'disabled';
  /** How serious a violation is */
  severity?: 'low' | 'medium' | 'high' | 'critical';
  /** JSON policy rule: {"parameters"?: {name: {type, default?}}, "if": <condition>, "then"?: {"effect": "deny"|"audit"}}. A condition is {"field": "<path>", <operator>: <value>} with one operator of equals, notEquals, in, notIn, like (glob, *), match (regex), exists; or {"allOf": [...]}, {"anyOf": [...]}, {"not": {...}}. "if" describes a violating resource; field "type" is the resource type (compute.instance, storage.bucket, ...). An operand may be {"param": "<name>"}, filled from the assignment. See docs/policy-rules.md */
  definition?: string;
}

/** JSON policy rule: {"parameters"?: {name: {type, default?}}, "if": <condition>, "then"?: {"effect": "deny"|"audit"}}. A condition is {"field": "<path>", <operator>: <value>} with one operator of equals, notEquals, in, notIn, like (glob, *), match (regex), exists; or {"allOf": [...]}, {"anyOf": [...]}, {"not": {...}}. "if" describes a violating resource; field "type" is the resource type (compute.instance, storage.bucket, ...). An operand may be {"param": "<name>"}, filled from the assignment. See docs/policy-rules.md */
export type PolicyDefinition = string;

export interface PolicyListParams extends PageParams {
  /** builtin or custom */
  type?: PolicyType;
  /** Only this category */
  category?: PolicyCategory;
  /** Only this enforcement mode */
  enforcement_mode?: EnforcementMode;
  /** Only this severity */
  severity?: PolicySeverity;
  /** Exact name */
  name?: string;
}

export type PolicySeverity = 'low' | 'medium' | 'high' | 'critical';

export type PolicyType = 'builtin' | 'custom';

export interface PolicyUpdateParams {
  /** Policy name, unique in the project (builtins included) */
  name?: string;
  /** What the policy is for */
  description?: string;
  /** security, cost, compliance or naming */
  category?: 'security' | 'cost' | 'compliance' | 'naming' | null;
  /** deny refuses violating creations (403 POLICY_VIOLATION), audit lets them through and records a non-compliant result, disabled does nothing */
  enforcement_mode?: 'audit' | 'deny' | 'disabled';
  /** How serious a violation is */
  severity?: 'low' | 'medium' | 'high' | 'critical';
  /** JSON policy rule: {"parameters"?: {name: {type, default?}}, "if": <condition>, "then"?: {"effect": "deny"|"audit"}}. A condition is {"field": "<path>", <operator>: <value>} with one operator of equals, notEquals, in, notIn, like (glob, *), match (regex), exists; or {"allOf": [...]}, {"anyOf": [...]}, {"not": {...}}. "if" describes a violating resource; field "type" is the resource type (compute.instance, storage.bucket, ...). An operand may be {"param": "<name>"}, filled from the assignment. See docs/policy-rules.md */
  definition?: string;
}

export type PoolMode = 'session' | 'transaction';

export type PortSpec = string;

export type PrivateAsn = number;

export interface PrivateEndpoint extends ProjectRecord {
  name: string;
  subnet_id: string;
  vpc_id: string;
  service: PrivateEndpointService;
  target_resource_id: string | null;
  /** Address inside the subnet's range, unique in the subnet */
  private_ip: string;
  status: PrivateEndpointStatus;
}

export interface PrivateEndpointCreateParams {
  /** Private endpoint name */
  name: string;
  /** Subnet of this project the endpoint gets its address from */
  subnet_id: string;
  /** storage, sql, cache, keyvault or registry */
  service: 'storage' | 'sql' | 'cache' | 'keyvault' | 'registry';
  /** The service resource (bucket, database, vault...) the endpoint reaches */
  target_resource_id?: string;
  /** Address to take, inside the subnet and not reserved (first four, last); default: the lowest free one */
  private_ip?: string;
}

export interface PrivateEndpointListParams extends PageParams {
  /** Only endpoints with this name */
  name?: string;
  /** Only endpoints of this subnet */
  subnet_id?: string;
  /** Only endpoints of this VPC */
  vpc_id?: string;
  /** Only endpoints of this service */
  service?: PrivateEndpointService;
}

export type PrivateEndpointService = 'storage' | 'sql' | 'cache' | 'keyvault' | 'registry';

export type PrivateEndpointStatus = 'available';

export interface Project extends RecordBase {
  name: string;
  description: string;
  owner_id: string;
  /** The caller's role in this project */
  role: string;
}

export interface ProjectCreateParams {
  name: string;
  description?: string;
}

export interface ProjectDelegateParams {
  user_id: string;
  /** owner, editor, viewer or a custom role name */
  role: string;
  /** When the grant lapses */
  expires_at?: string;
}

export interface ProjectRecord extends RecordBase {
  project_id: string;
}

export interface ProvisioningMetric extends ProjectRecord {
  resource_type: string;
  resource_id: string | null;
  label: string | null;
  /** started -> completed */
  status: 'started' | 'completed';
  started_at: string;
  completed_at: string | null;
  /** completed_at - started_at on the simulated clock */
  duration_ms: number | null;
}

export interface ProvisioningMetricStartParams {
  /** Kind of resource being provisioned, e.g. instance, database, sql.database */
  resource_type: string;
  /** Id of the resource, when it already has one */
  resource_id?: string;
  /** Free label to group measurements, e.g. a pipeline run */
  label?: string;
}

export type ProvisioningMetricStatus = 'started' | 'completed';

export interface Quota {
  /** Quota name, as used by PUT /__mock/quotas */
  resource: string;
  limit: number;
  used: number;
  available: number;
}

export type QuotaLimits = Record<string, number>;

export interface ReadinessCheck {
  status: 'ok' | 'fail';
  reason?: string;
}

export interface RecordBase {
  id: string;
  created_at: string;
  updated_at: string;
}

export interface RecordSet {
  name: string;
  type: RecordType;
  ttl: number;
  values: string[];
  /** The full name, e.g. www.example.com */
  fqdn: string;
}

export type RecordSetInput = {
  /** Relative name, @ for the zone apex */
  name: string;
  type: "A";
  /** Seconds, 60..86400 */
  ttl: number;
  values: string[];
} | {
  /** Relative name, @ for the zone apex */
  name: string;
  type: "AAAA";
  /** Seconds, 60..86400 */
  ttl: number;
  values: string[];
} | {
  /** Relative name, @ for the zone apex */
  name: string;
  type: "CNAME";
  /** Seconds, 60..86400 */
  ttl: number;
  values: string[];
} | {
  /** Relative name, @ for the zone apex */
  name: string;
  type: "MX";
  /** Seconds, 60..86400 */
  ttl: number;
  values: string[];
} | {
  /** Relative name, @ for the zone apex */
  name: string;
  type: "TXT";
  /** Seconds, 60..86400 */
  ttl: number;
  values: string[];
} | {
  /** Relative name, @ for the zone apex */
  name: string;
  type: "NS";
  /** Seconds, 60..86400 */
  ttl: number;
  values: string[];
};

export type RecordSetName = string;

export type RecordType = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'NS';

export interface RecordedRequest {
  request_id: string;
  /** Simulated time the request arrived, ISO-8601 */
  time: string;
  method: string;
  path: string;
  /** Query parameters; a repeated key keeps its last value */
  query: Record<string, string>;
  /** Request headers, lower case; Authorization, cookies and API keys redacted */
  headers: Record<string, string>;
  /** The JSON body (password, secret and token fields redacted), the text of another body, or null */
  body: unknown;
  /** Status the server answered; 0 when a fault dropped the connection */
  status: number;
  /** Time the server took to answer, in milliseconds of real time */
  duration_ms: number;
  /** What the server answered */
  response: {
    status: number;
    /** Response headers, lower case; cookies redacted */
    headers: Record<string, string>;
    /** The JSON body (fields the contract marks secret redacted), the text of another text body, a note of the size of a larger or binary one, or null */
    body: unknown;
  };
  /** Body fields the contract does not declare, as paths (`disks.0.sise`); the Nimbus-Warning header names them */
  unknown_fields: string[];
  /** How a proxied answer differs from the contract (`nimbus mock proxy`) */
  divergences: Divergence[];
}

export type RecordingDate = string;

export type RecordingHour = string;

export type Region = string;

export interface Registry extends ProjectRecord {
  name: string;
  region: string;
  sku: RegistrySku;
  admin_enabled: boolean;
  /** Host to docker login / push to */
  login_server: string;
  storage_quota_gb: number;
  status: "available";
}

export interface RegistryCreateParams {
  /** Globally unique; becomes <name>.registry.nimbus.local */
  name: string;
  /** Region, e.g. hn */
  region: string;
  /** basic (10 GB), standard (100 GB) or premium (500 GB) */
  sku?: RegistrySku;
  /** Allow the admin user (username/password) login */
  admin_enabled?: boolean;
}

export interface RegistryListParams extends PageParams {
  region?: string;
  sku?: RegistrySku;
  name?: string;
}

export type RegistryName = string;

export type RegistrySku = 'basic' | 'standard' | 'premium';

export type ReplicaStatus = 'provisioning' | 'available';

export interface Report extends ProjectRecord {
  name: string;
  /** The current UTC day, ISO week (from Monday) or calendar month */
  period: CostPeriod;
  status: ReportStatus;
  /** Start of the calendar period the report covers */
  period_start: string;
  /** End of that period (exclusive) */
  period_end: string;
  /** Set on completion: the same answer as GET /billing/cost for breakdown.from and breakdown.to */
  breakdown: CostBreakdown | null;
  completed_at: string | null;
  failure_reason: string | null;
}

export interface ReportCreateParams {
  /** Report name */
  name: string;
  /** The current UTC day, ISO week (from Monday) or calendar month */
  period: CostPeriod;
}

export interface ReportListParams extends PageParams {
  /** Only reports in this state */
  status?: ReportStatus;
  /** Only reports of this period */
  period?: CostPeriod;
}

export type ReportStatus = 'pending' | 'generating' | 'completed' | 'failed';

export interface ResourceCost {
  service: Service;
  resource_type: string;
  resource_id: string;
  resource_name: string;
  cost: number;
}

export interface ResourceGroup extends ProjectRecord {
  name: string;
  /** Where the group's metadata lives; its resources may be anywhere */
  region: string;
  tags: Record<string, string>;
}

export interface ResourceGroupCreateParams {
  /** Group name, unique in the project (case-insensitive) */
  name: string;
  /** Region of the group */
  region: string;
  /** Key/value labels: up to 50, keys 1..128 characters, values up to 256 */
  tags?: Tags;
}

export type ResourceName = string;

export type ResourceType = string;

/** owner, editor, viewer or a custom role name */
export type Role = string;

export interface RouteTable extends ProjectRecord {
  vpc_id: string;
  name: string;
  routes: VpcRoute[];
}

export type RouteTargetType = 'internet' | 'nat' | 'peering' | 'vpn' | 'transit_hub' | 'local';

/** RTSP address, e.g. rtsp://user:password@10.0.0.5:554/stream1; the password is never shown back */
export type RtspUrl = string;

export type RuleAction = 'allow' | 'deny';

export type RuleDirection = 'inbound' | 'outbound';

export type RuleProtocol = 'tcp' | 'udp' | 'icmp' | 'any';

export type SecretName = string;

export type Service = 'compute' | 'storage' | 'serverless' | 'cache';

export interface ServiceCost {
  service: Service;
  cost: number;
}

export type ServiceHealth = 'operational' | 'degraded' | 'outage';

export interface ServiceState {
  /** Service (permission family), e.g. compute, storage */
  name: string;
  status: ServiceHealth;
  /** Injected faults touching the service */
  active_faults: number;
  message: string;
}

export interface ServiceStatus {
  /** The worst status of any service */
  status: 'operational' | 'degraded' | 'outage';
  checked_at: string;
  services: ServiceState[];
}

/** Only events at or after this time (ISO-8601) */
export type Since = string;

export interface Snapshot extends ProjectRecord {
  name: string;
  resource_type: SnapshotResourceType;
  resource_id: string;
  /** Name of the resource when the snapshot was taken */
  resource_name: string;
  /** The resource's region; snapshots stay next to their disk */
  region: string;
  description: string;
  /** pending -> completed */
  status: 'pending' | 'completed';
  /** Snapshot size; the same resource always gives the same size */
  size_gb: number;
  completed_at: string | null;
}

export interface SnapshotCreateParams {
  /** Kind of resource: instance or database */
  resource_type: 'instance' | 'database';
  /** Id of the instance or database */
  resource_id: string;
  /** Snapshot name; default <resource name>-snap-<time> */
  name?: string;
  /** Free text, up to 500 characters */
  description?: string;
}

export type SnapshotResourceType = 'instance' | 'database';

export type SnapshotStatus = 'pending' | 'completed';

/** STANDARD for hot data, NEARLINE for monthly access, COLDLINE for yearly access */
export type StorageClass = 'STANDARD' | 'NEARLINE' | 'COLDLINE';

export interface Subnet extends ProjectRecord {
  vpc_id: string;
  name: string;
  cidr: string;
  /** Availability zone, or null when the subnet spans the region */
  zone: string | null;
  /** Addresses still free for private endpoints (the first four and the last are reserved) */
  available_ip_count: number;
  status: SubnetStatus;
}

export type SubnetStatus = 'available';

export type SubscriptionStatus = 'active';

export type Tags = Record<string, string>;

export type Timestamp = string;

export interface TokenPair {
  /** JWT (HS256), 15 minutes by default */
  access_token: string;
  /** Opaque; single use (rotated on refresh) */
  refresh_token: string;
  token_type: "Bearer";
  /** Seconds until the access token expires */
  expires_in: number;
}

export interface Topic extends ProjectRecord {
  name: string;
  description: string;
}

export interface TopicCreateParams {
  /** Topic name, unique in the project */
  name: string;
  /** What the topic carries */
  description?: string;
}

export interface TopicEvent extends ProjectRecord {
  topic_id: string;
  event_type: string;
  subject: string;
  data: Record<string, unknown>;
  /** When the event was published */
  time: string;
  /** Subscriptions the event is being delivered to */
  matched_subscriptions: number;
}

export interface TopicListParams extends PageParams {
  /** Only the topic with this name */
  name?: string;
}

export interface TopicPublishParams {
  /** Type of the event, e.g. order.created */
  event_type: string;
  /** What the event is about, e.g. /orders/42 */
  subject: string;
  /** Event payload (a JSON object) */
  data: Record<string, unknown>;
}

export interface TopicSubscription extends ProjectRecord {
  topic_id: string;
  webhook_url: string;
  event_types: string;
  max_retries: number;
  status: SubscriptionStatus;
}

export interface TopicSubscriptionCreateParams {
  /** http(s) URL that receives the events as CloudEvents 1.0 JSON POSTs */
  webhook_url: string;
  /** Comma-separated event types to deliver: "*" for all, "compute.*" for a prefix, or exact types */
  event_types: string;
  /** Retries after a failed delivery (non-2xx or network error), 0..10 */
  max_retries?: number;
}

export interface TopicSubscriptionDeliveryListParams extends PageParams {
  /** Only attempts with this outcome */
  status?: DeliveryStatus;
  /** Only attempts for this event */
  event_id?: string;
}

export interface TopicSubscriptionWithSecret extends TopicSubscription {
  /** Signing secret of X-Nimbus-Signature (HMAC-SHA256); shown only in this response */
  secret: string;
}

export interface TransitHub extends ProjectRecord {
  name: string;
  region: string;
  /** The hub's private ASN for BGP */
  asn: number;
  status: TransitHubStatus;
}

export interface TransitHubAttachment extends ProjectRecord {
  hub_id: string;
  vpc_id: string;
  status: TransitHubAttachmentStatus;
}

export interface TransitHubAttachmentCreateParams {
  /** Transit hub of this project to attach to */
  hub_id: string;
  /** VPC of this project to attach; one attachment per hub and VPC */
  vpc_id: string;
}

export interface TransitHubAttachmentListParams extends PageParams {
  /** Only attachments to this hub */
  hub_id?: string;
  /** Only attachments of this VPC */
  vpc_id?: string;
}

export type TransitHubAttachmentStatus = 'available';

export interface TransitHubCreateParams {
  /** Transit hub name */
  name: string;
  /** Region of the hub, e.g. hn */
  region: string;
  /** The hub's BGP ASN, private: 64512..65534 or 4200000000..4294967294; default 64512 */
  asn?: number;
}

export interface TransitHubListParams extends PageParams {
  /** Only hubs with this name */
  name?: string;
  /** Only hubs of this region */
  region?: string;
}

export type TransitHubStatus = 'available';

export interface Usage {
  project_id: string;
  from: string;
  /** End of the measured window: the requested end, or now if that is earlier */
  to: string;
  currency: "VND";
  items: UsageItem[];
  /** VND, before tax */
  total: number;
}

export interface UsageItem {
  service: Service;
  /** instance, bucket, function or cache_instance */
  resource_type: string;
  /** Price table entry, e.g. compute.instance.small */
  meter: string;
  description: string;
  /** hour, GB-month, GB-second, GB-hour or invocation */
  unit: string;
  /** VND per unit */
  unit_price: number;
  quantity: number;
  /** VND, before tax */
  cost: number;
}

export interface User extends RecordBase {
  email: string;
  full_name: string;
  mfa_enabled: boolean;
}

export type Uuid = string;

export interface V1Error extends V2Error {
  success: false;
}

export interface V2Error {
  error: ErrorBody;
}

export interface Vault extends ProjectRecord {
  name: string;
  region: string;
  sku: VaultSku;
  soft_delete_days: number;
  purge_protection: boolean;
  vault_uri: string;
  secrets: VaultSecret[];
  status: "active";
}

export interface VaultCreateParams {
  /** Vault name, globally unique: it becomes <name>.vault.nimbus.local */
  name: string;
  /** Region, e.g. hn */
  region: string;
  /** standard, or premium (HSM-backed keys) */
  sku?: VaultSku;
  /** Days a deleted secret or vault can be recovered, 7..90 */
  soft_delete_days?: number;
  /** Forbid purging before the soft-delete period ends */
  purge_protection?: boolean;
  /** Initial secrets, name -> value; values are stored sealed and never returned */
  secrets?: Record<string, string>;
}

export interface VaultListParams extends PageParams {
  region?: string;
  sku?: VaultSku;
  name?: string;
}

export type VaultName = string;

export type VaultRedundancy = 'local' | 'zone' | 'geo';

export interface VaultSecret {
  name: string;
  /** Version id (32 hex characters) */
  version: string;
  created_at: string;
}

export type VaultSku = 'standard' | 'premium';

export interface VideoEvent {
  id: string;
  tenant_id: string;
  camera_id: string;
  type: VideoEventType;
  confidence: number;
  payload: DetectionPayload;
  /** Path of the snapshot JPEG; add ?token=<JWT> to fetch it */
  snapshot_url: string;
  trace_id: string;
  model_version: string;
  ts: string;
}

export interface VideoEventEnvelope {
  v: 2;
  data: VideoEvent;
}

export interface VideoEventList {
  items: VideoEvent[];
  /** Pass as cursor for the next (older) page; null on the last page */
  next_cursor: string | null;
}

export interface VideoEventStreamQuery {
  /** Only events of this camera */
  camera_id?: string;
  /** Only events of these types, comma-separated */
  type?: VideoEventType[] | undefined;
  /** Replay stored events at or after this time, then go live */
  since?: string;
}

export type VideoEventType = 'motion' | 'person' | 'vehicle' | 'face' | 'license_plate' | 'fire_smoke' | 'intrusion' | 'loitering';

export type VideoFeature = VideoEventType;

export interface VideoHealth {
  status: "ok";
}

export interface VideoReadiness {
  status: "ready";
  /** database (the state store), cache, and any others */
  checks: Record<string, ReadinessCheck>;
}

export interface VideoTenantPlan {
  tenant_id: string;
  camera_limit: number;
  features: VideoEventType[];
}

export interface Vpc extends ProjectRecord {
  name: string;
  region: string;
  /** IPv4 address range of the VPC */
  cidr: string;
  status: VpcStatus;
}

export interface VpcCreateParams {
  /** VPC name */
  name: string;
  /** Region the VPC lives in, e.g. hn */
  region: string;
  /** IPv4 range of the VPC, prefix /16 to /28, written as its network address (10.0.0.1/16 is refused); default 10.0.0.0/16 */
  cidr?: string;
}

export interface VpcListParams extends PageParams {
  /** Only VPCs with this name */
  name?: string;
  /** Only VPCs of this region */
  region?: string;
  /** Only VPCs in this status */
  status?: VpcStatus;
}

export interface VpcPeering extends ProjectRecord {
  /** The requesting VPC */
  vpc_id: string;
  /** The accepting VPC */
  peer_vpc_id: string;
  status: VpcPeeringStatus;
}

export interface VpcPeeringCreateParams {
  /** VPC of this project that requests the peering */
  vpc_id: string;
  /** Another VPC of this project; its range must not overlap the first */
  peer_vpc_id: string;
}

export interface VpcPeeringListParams extends PageParams {
  /** Only peerings requested by this VPC */
  vpc_id?: string;
  /** Only peerings accepted by this VPC */
  peer_vpc_id?: string;
  /** Only peerings in this status */
  status?: VpcPeeringStatus;
}

export type VpcPeeringStatus = 'active';

export interface VpcRoute {
  destination: string;
  target: {
    type: RouteTargetType;
    id: string | null;
  };
}

export interface VpcRouteInput {
  /** Destination range, e.g. 0.0.0.0/0 for the default route; network address only */
  destination: string;
  target: {
    /** internet, nat, peering, vpn, transit_hub or local */
    type: 'internet' | 'nat' | 'peering' | 'vpn' | 'transit_hub' | 'local';
    /** VPC peering, VPN gateway or transit hub id: required for those types, refused for the others */
    id?: string;
  };
}

export interface VpcRouteTableCreateParams {
  /** Route table name */
  name: string;
  /** Routes as JSON: [{ "destination": "0.0.0.0/0", "target": { "type": "internet" } }]; unique destinations */
  routes?: VpcRouteInput[];
}

export interface VpcRouteTableListParams extends PageParams {
  /** Only route tables with this name */
  name?: string;
}

export type VpcStatus = 'available';

export interface VpcSubnetCreateParams {
  /** Subnet name */
  name: string;
  /** IPv4 range of the subnet, prefix /16 to /29; must lie inside the VPC's range and overlap no other subnet of the VPC */
  cidr: string;
  /** Availability zone of the VPC's region (e.g. hn-a); omit to span the region */
  zone?: string;
}

export interface VpcSubnetListParams extends PageParams {
  /** Only subnets with this name */
  name?: string;
  /** Only subnets of this zone */
  zone?: string;
}

export interface VpnBgpConfig {
  asn: number;
  peer_ip: string;
  peer_asn: number;
  /** Whether an MD5 authentication key is configured */
  auth_key_set: boolean;
}

export interface VpnGateway extends ProjectRecord {
  name: string;
  region: string;
  vpc_id: string;
  /** Public address of the gateway, assigned by the platform */
  public_ip: string;
  status: VpnGatewayStatus;
  bgp_status: BgpStatus;
  /** BGP settings, null until configured */
  bgp: VpnBgpConfig | null;
}

export interface VpnGatewayConfigureBgpParams {
  /** The gateway's ASN, private: 64512..65534 or 4200000000..4294967294 */
  asn: number;
  /** IPv4 address of the customer's BGP peer */
  peer_ip: string;
  /** The customer's ASN, 1..4294967294, different from asn (eBGP) */
  peer_asn: number;
  /** MD5 authentication key shared with the peer; stored sealed, never shown again */
  auth_key?: string;
}

export interface VpnGatewayCreateParams {
  /** VPN gateway name */
  name: string;
  /** Region of the gateway: the VPC's region */
  region: string;
  /** VPC of this project the gateway serves */
  vpc_id: string;
}

export interface VpnGatewayListParams extends PageParams {
  /** Only gateways with this name */
  name?: string;
  /** Only gateways of this region */
  region?: string;
  /** Only gateways of this VPC */
  vpc_id?: string;
  /** Only gateways whose BGP session is in this state */
  bgp_status?: BgpStatus;
}

export type VpnGatewayStatus = 'available';

export interface WebApp extends ProjectRecord {
  name: string;
  region: string;
  runtime: WebAppRuntime;
  runtime_version: string;
  plan: WebAppPlan;
  instance_count: number;
  https_only: boolean;
  default_hostname: string;
  state: "running";
}

export type WebAppName = string;

export type WebAppPlan = 'free' | 'basic' | 'standard' | 'premium';

export type WebAppRuntime = 'node' | 'python' | 'dotnet' | 'java' | 'php';

export interface WebappCreateParams {
  /** App name; becomes <name>.apps.nimbus.local, so unique across the platform */
  name: string;
  /** Region, e.g. hn */
  region: string;
  /** node, python, dotnet, java or php */
  runtime: 'node' | 'python' | 'dotnet' | 'java' | 'php';
  /** Runtime version (node 18/20/22, python 3.10-3.12, dotnet 6.0/8.0, java 11/17/21, php 8.2/8.3); default the newest */
  runtime_version?: string;
  /** free (1 instance), basic, standard or premium */
  plan?: WebAppPlan;
  /** Instances serving the app, 1..30 */
  instance_count?: number;
  /** Redirect HTTP to HTTPS */
  https_only?: boolean;
}

export interface WebappListParams extends PageParams {
  region?: string;
  runtime?: WebAppRuntime;
  plan?: WebAppPlan;
  name?: string;
}

export interface WebhookDelivery extends ProjectRecord {
  topic_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  /** 1 for the first try, then 2, 3, ... */
  attempt: number;
  /** delivered: 2xx; retrying: failed, another attempt follows; failed: failed, no attempt follows; not_sent: the server does not send to this host (error says why), no attempt follows */
  status: DeliveryStatus;
  /** HTTP status the receiver answered; null on a network error or when nothing was sent */
  status_code: number | null;
  /** Why the attempt failed or was not sent; null when delivered */
  error: string | null;
  /** Time the attempt took */
  duration_ms: number;
  attempted_at: string;
  /** When the next attempt is due; null when none follows */
  next_retry_at: string | null;
}

/** http(s) URL that receives the events as CloudEvents 1.0 JSON POSTs */
export type WebhookUrl = string;

export type WorkloadScope = 'cameras:read' | 'cameras:write' | 'events:read' | 'playback:read';

export interface WorkloadToken {
  token: string;
  token_type: "Bearer";
  expires_in: number;
}

export interface Zone extends ProjectRecord {
  name: string;
  type: ZoneType;
  vpc_ids: string[];
  record_sets: RecordSet[];
  /** Delegate the domain to these (public zones) */
  name_servers: string[];
  status: "active";
}

export interface ZoneCreateParams {
  /** Zone name, e.g. example.com; unique in the project */
  name: string;
  /** public (Internet) or private (resolved inside VPCs) */
  type?: ZoneType;
  /** VPCs a private zone resolves in (required for private) */
  vpc_ids?: string[];
  /** Initial record sets */
  record_sets?: RecordSetParams[];
}

export interface ZoneListParams extends PageParams {
  type?: ZoneType;
  name?: string;
}

export type ZoneType = 'public' | 'private';

export interface AuthLogoutResponse {
  revoked: true;
}

export interface TopicSubscriptionListParams {
  /** Page number, from 1 */
  page?: number;
  /** Items per page, 1..100 */
  per_page?: number;
}

export interface BillingInvoiceListParams extends PageParams {
  /** Only open or only issued invoices */
  status?: InvoiceStatus;
}

export interface DatabaseReplicaListParams extends PageParams {
  status?: ReplicaStatus;
  region?: string;
}

export interface BackupVaultListParams extends PageParams {
  region?: string;
  redundancy?: VaultRedundancy;
  name?: string;
}

export interface BackupListParams extends PageParams {
  vault_id?: string;
  resource_type?: BackupResourceType;
  resource_id?: string;
  status?: BackupStatus;
}

export interface SnapshotListParams extends PageParams {
  resource_type?: SnapshotResourceType;
  resource_id?: string;
  status?: SnapshotStatus;
}

export interface ResourceGroupListParams extends PageParams {
  region?: string;
  name?: string;
}

export interface MockResetResponse {
  ok: true;
}

export type MockStateImportParams = Record<string, unknown>;

export interface MockStateImportResponse {
  ok: true;
}

export interface MockClockAdvanceParams {
  seconds: number;
}

export interface MockClockFreezeParams {
  /** true stops simulated time, false lets it run on */
  frozen: boolean;
}

export interface MockFaultListResponse {
  items: Fault[];
}

export interface MockQuotaUpdateParams {
  /** New limits by resource, e.g. instances=200 (instances, buckets, ...); the others keep theirs */
  limits: Record<string, number>;
}

export interface MockQuotaUpdateResponse {
  project_id: string;
  limits: QuotaLimits;
}

export interface MockWebhookDeliveryListParams {
  /** Only attempts of this project */
  project_id?: string;
  /** Only attempts of this subscription */
  subscription_id?: string;
}

export interface MockWebhookDeliveryListResponse {
  items: MockWebhookDelivery[];
}

export interface CloudPlatformParams {
  /** Only the operations of these tags (`compute,storage`) and the schemas they use */
  tags?: string;
}

export interface ActivityLogListQuery extends ActivityLogListParams {
  page: number;
  per_page: number;
  order: 'desc' | 'asc';
}

export interface AnomalyListQuery extends AnomalyListParams {
  page: number;
  per_page: number;
}

export interface ApiProductCreateBody extends ApiProductCreateParams {
  description: string;
  version: string;
}

export interface ApiProductListQuery extends ApiProductListParams {
  page: number;
  per_page: number;
}

export interface ApiProductSubscriptionCreateBody extends ApiProductSubscriptionCreateParams {
  quota: number;
}

export interface AssignmentListQuery extends AssignmentListParams {
  page: number;
  per_page: number;
}

export interface AuditLogListQuery extends AuditLogListParams {
  page: number;
  per_page: number;
}

export interface AuthWorkloadTokenBody extends AuthWorkloadTokenParams {
  ttl_seconds: number;
}

export interface BackupCreateBody extends BackupCreateParams {
  retention_days: number;
}

export interface BackupPolicyCreateBody extends BackupPolicyCreateParams {
  retention_days: number;
  enabled: boolean;
}

export interface BackupVaultCreateBody extends BackupVaultCreateParams {
  redundancy: VaultRedundancy;
  immutable: boolean;
  description: string;
}

export interface BandwidthPolicyListQuery extends BandwidthPolicyListParams {
  page: number;
  per_page: number;
}

export interface BucketCreateBody extends BucketCreateParams {
  storage_class: StorageClass;
  versioning: boolean;
}

export interface BucketListQuery extends BucketListParams {
  page: number;
  per_page: number;
}

export interface BudgetCreateBody extends BudgetCreateParams {
  currency: Currency;
  period: BudgetPeriod;
  alert_threshold: number;
}

export interface BudgetListQuery extends BudgetListParams {
  page: number;
  per_page: number;
}

export interface CacheInstanceCreateBody extends CacheInstanceCreateParams {
  sku: CacheSku;
  capacity_gb: number;
  redis_version: '6.2' | '7.2';
}

export interface CacheInstanceListQuery extends CacheInstanceListParams {
  page: number;
  per_page: number;
}

export interface CameraCreateBody extends CameraCreateParams {
  fps: number;
  enabled: boolean;
  record: boolean;
}

export interface CdnProfileCreateBody extends CdnProfileCreateParams {
  sku: CdnSku;
}

export interface CdnProfileEndpointCreateBody extends CdnProfileEndpointCreateParams {
  https_only: boolean;
}

export interface CdnProfileEndpointListQuery extends CdnProfileEndpointListParams {
  page: number;
  per_page: number;
}

export interface CdnProfileListQuery extends CdnProfileListParams {
  page: number;
  per_page: number;
}

export interface ClusterCreateBody {
  name: string;
  region: string;
  kubernetes_version: KubernetesVersion;
  node_pools: NodePoolInput[];
}

export interface ClusterListQuery extends ClusterListParams {
  page: number;
  per_page: number;
}

export interface ComplianceForPolicyQuery extends ComplianceForPolicyParams {
  page: number;
  per_page: number;
}

export interface ComplianceListQuery extends ComplianceListParams {
  page: number;
  per_page: number;
}

export interface DatabaseCreateBody extends DatabaseCreateParams {
  tier: DatabaseTier;
  storage_gb: number;
  high_availability: boolean;
  admin_username: string;
}

export interface DatabaseListQuery extends DatabaseListParams {
  page: number;
  per_page: number;
}

export interface DdosPlanCreateBody extends DdosPlanCreateParams {
  tier: DdosTier;
  protected_resources: string[];
}

export interface DdosPlanListQuery extends DdosPlanListParams {
  page: number;
  per_page: number;
}

export interface DrPlanCreateBody extends DrPlanCreateParams {
  description: string;
  rpo_minutes: number;
  rto_minutes: number;
}

export interface DrPlanListQuery extends DrPlanListParams {
  page: number;
  per_page: number;
}

export interface EventListQuery extends EventListParams {
  limit: number;
}

export interface FirewallCreateBody {
  name: string;
  region: string;
  vpc_id?: string;
  rules: FirewallRuleInput[];
}

export interface FirewallListQuery extends FirewallListParams {
  page: number;
  per_page: number;
}

export interface FirewallRuleParams {
  name: string;
  direction: 'inbound' | 'outbound';
  action: 'allow' | 'deny';
  protocol?: RuleProtocol;
  ports?: string;
  source?: Cidr;
  destination?: Cidr;
  priority: number;
}

export interface FunctionCreateBody extends FunctionCreateParams {
  handler: string;
  memory_mb: number;
  timeout_sec: number;
  env: Record<string, string>;
}

export interface FunctionListQuery extends FunctionListParams {
  page: number;
  per_page: number;
}

export interface FunctionTriggerListQuery extends FunctionTriggerListParams {
  page: number;
  per_page: number;
}

export interface GlobalLoadBalancerCreateBody extends GlobalLoadBalancerCreateParams {
  routing: GlobalRouting;
}

export interface GlobalLoadBalancerListQuery extends GlobalLoadBalancerListParams {
  page: number;
  per_page: number;
}

export interface IamRoleCreateBody extends IamRoleCreateParams {
  description: string;
}

export interface IamRoleListQuery extends IamRoleListParams {
  page: number;
  per_page: number;
}

export interface IamUserListQuery extends IamUserListParams {
  page: number;
  per_page: number;
}

export interface InstanceCreateBody extends InstanceCreateParams {
  image: string;
}

export interface InstanceListQuery extends InstanceListParams {
  page: number;
  per_page: number;
}

export interface LoadBalancerCreateBody extends LoadBalancerCreateParams {
  type: LoadBalancerType;
  scheme: LoadBalancerScheme;
}

export interface LoadBalancerHealthProbeCreateBody extends LoadBalancerHealthProbeCreateParams {
  interval_sec: number;
  timeout_sec: number;
  healthy_threshold: number;
  unhealthy_threshold: number;
}

export interface LoadBalancerListQuery extends LoadBalancerListParams {
  page: number;
  per_page: number;
}

export interface LogQueryQuery extends LogQueryParams {
  page: number;
  per_page: number;
  q: string;
}

export interface MetricQueryQuery extends MetricQueryParams {
  interval: number;
}

export interface MetricRuleListQuery extends MetricRuleListParams {
  page: number;
  per_page: number;
}

export interface NodePoolParams {
  name: string;
  flavor: 'nano' | 'micro' | 'small' | 'medium' | 'large' | 'xlarge';
  count?: number;
  autoscale?: Autoscale;
}

export interface PageQuery extends PageParams {
  page: number;
  per_page: number;
}

export interface PolicyCreateBody extends PolicyCreateParams {
  description: string;
  type: 'builtin' | 'custom';
  enforcement_mode: 'audit' | 'deny' | 'disabled';
  severity: 'low' | 'medium' | 'high' | 'critical';
}

export interface PolicyListQuery extends PolicyListParams {
  page: number;
  per_page: number;
}

export interface PrivateEndpointListQuery extends PrivateEndpointListParams {
  page: number;
  per_page: number;
}

export interface ProjectCreateBody extends ProjectCreateParams {
  description: string;
}

export type RecordSetParams = {
  name: string;
  type: "A";
  ttl?: number;
  values: string[];
} | {
  name: string;
  type: "AAAA";
  ttl?: number;
  values: string[];
} | {
  name: string;
  type: "CNAME";
  ttl?: number;
  values: string[];
} | {
  name: string;
  type: "MX";
  ttl?: number;
  values: string[];
} | {
  name: string;
  type: "TXT";
  ttl?: number;
  values: string[];
} | {
  name: string;
  type: "NS";
  ttl?: number;
  values: string[];
};

export interface RegistryCreateBody extends RegistryCreateParams {
  sku: RegistrySku;
  admin_enabled: boolean;
}

export interface RegistryListQuery extends RegistryListParams {
  page: number;
  per_page: number;
}

export interface ReportListQuery extends ReportListParams {
  page: number;
  per_page: number;
}

export interface ResourceGroupCreateBody extends ResourceGroupCreateParams {
  tags: Tags;
}

export interface SnapshotCreateBody extends SnapshotCreateParams {
  description: string;
}

export interface TopicCreateBody extends TopicCreateParams {
  description: string;
}

export interface TopicListQuery extends TopicListParams {
  page: number;
  per_page: number;
}

export interface TopicSubscriptionCreateBody extends TopicSubscriptionCreateParams {
  max_retries: number;
}

export interface TopicSubscriptionDeliveryListQuery extends TopicSubscriptionDeliveryListParams {
  page: number;
  per_page: number;
}

export interface TransitHubAttachmentListQuery extends TransitHubAttachmentListParams {
  page: number;
  per_page: number;
}

export interface TransitHubCreateBody extends TransitHubCreateParams {
  asn: number;
}

export interface TransitHubListQuery extends TransitHubListParams {
  page: number;
  per_page: number;
}

export interface VaultCreateBody extends VaultCreateParams {
  sku: VaultSku;
  soft_delete_days: number;
  purge_protection: boolean;
  secrets: Record<string, string>;
}

export interface VaultListQuery extends VaultListParams {
  page: number;
  per_page: number;
}

export interface VideoEventStreamParams {
  camera_id?: string;
  type?: string | undefined;
  since?: string;
}

export interface VpcCreateBody extends VpcCreateParams {
  cidr: string;
}

export interface VpcListQuery extends VpcListParams {
  page: number;
  per_page: number;
}

export interface VpcPeeringListQuery extends VpcPeeringListParams {
  page: number;
  per_page: number;
}

export interface VpcRouteTableCreateBody extends VpcRouteTableCreateParams {
  routes: VpcRouteInput[];
}

export interface VpcRouteTableListQuery extends VpcRouteTableListParams {
  page: number;
  per_page: number;
}

export interface VpcSubnetListQuery extends VpcSubnetListParams {
  page: number;
  per_page: number;
}

export interface VpnGatewayListQuery extends VpnGatewayListParams {
  page: number;
  per_page: number;
}

export interface WebappCreateBody extends WebappCreateParams {
  plan: WebAppPlan;
  instance_count: number;
  https_only: boolean;
}

export interface WebappListQuery extends WebappListParams {
  page: number;
  per_page: number;
}

export interface ZoneCreateBody {
  name: string;
  type: ZoneType;
  vpc_ids: string[];
  record_sets: RecordSetInput[];
}

export interface ZoneListQuery extends ZoneListParams {
  page: number;
  per_page: number;
}
