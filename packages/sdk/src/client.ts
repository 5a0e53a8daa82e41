import { BaseNimbus } from './base-client';
import { Docs } from './resources/docs';
import { Mock } from './resources/mock';
import { ActivityLogs } from './resources/v1/activity-logs';
import { Anomalies } from './resources/v1/anomalies';
import { ApiProducts } from './resources/v1/api-products';
import { Assignments } from './resources/v1/assignments';
import { AuditLogs } from './resources/v1/audit-logs';
import { Auth } from './resources/v1/auth';
import { BackupPolicies } from './resources/v1/backup-policies';
import { BackupVaults } from './resources/v1/backup-vaults';
import { Backups } from './resources/v1/backups';
import { BandwidthPolicies } from './resources/v1/bandwidth-policies';
import { Billing } from './resources/v1/billing';
import { Buckets } from './resources/v1/buckets';
import { Budgets } from './resources/v1/budgets';
import { CacheInstances } from './resources/v1/cache-instances';
import { CdnProfiles } from './resources/v1/cdn-profiles';
import { Clusters } from './resources/v1/clusters';
import { Compliance } from './resources/v1/compliance';
import { Databases } from './resources/v1/databases';
import { DdosPlans } from './resources/v1/ddos-plans';
import { DrPlans } from './resources/v1/dr-plans';
import { Firewalls } from './resources/v1/firewalls';
import { Functions } from './resources/v1/functions';
import { GlobalLoadBalancers } from './resources/v1/global-load-balancers';
import { Iam } from './resources/v1/iam';
import { Instances } from './resources/v1/instances';
import { LoadBalancers } from './resources/v1/load-balancers';
import { Logs } from './resources/v1/logs';
import { MetricRules } from './resources/v1/metric-rules';
import { Metrics } from './resources/v1/metrics';
import { Policies } from './resources/v1/policies';
import { PrivateEndpoints } from './resources/v1/private-endpoints';
import { Projects } from './resources/v1/projects';
import { ProvisioningMetrics } from './resources/v1/provisioning-metrics';
import { Quotas } from './resources/v1/quotas';
import { Registries } from './resources/v1/registries';
import { Reports } from './resources/v1/reports';
import { ResourceGroups } from './resources/v1/resource-groups';
import { ServiceStatusResource } from './resources/v1/service-status';
import { Snapshots } from './resources/v1/snapshots';
import { Topics } from './resources/v1/topics';
import { TransitHubAttachments } from './resources/v1/transit-hub-attachments';
import { TransitHubs } from './resources/v1/transit-hubs';
import { Users } from './resources/v1/users';
import { Vaults } from './resources/v1/vaults';
import { VpcPeerings } from './resources/v1/vpc-peerings';
import { Vpcs } from './resources/v1/vpcs';
import { VpnGateways } from './resources/v1/vpn-gateways';
import { WebApps } from './resources/v1/webapps';
import { Zones } from './resources/v1/zones';
import { Video } from './resources/v2/video';
import { Webhooks } from './resources/webhooks';

/**
 * Typed client for the Nimbus platform (/api/v1), video management (/v2) and the reference
 * server's control routes (/__mock). Every method calls a route generated from the contract,
 * so routes, statuses and types are declared once. This class sends through
 * `globalThis.fetch` unless given `fetch`; the Node entry's `Nimbus` extends it with undici.
 *
 * @example
 * import { Nimbus } from '@nimbus/sdk';
 *
 * const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010' });
 * await client.auth.login({ email: 'ada@example.com', password: 'correct horse' });
 * const project = await client.projects.create({ name: 'demo' });
 *
 * const demo = client.withProject(project.id);
 * const vm = await demo.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
 * await demo.instances.waitFor(vm.id, 'running');
 */
export class Nimbus extends BaseNimbus {
  // One line per family. Nested groups (`client.video.cameras`) are a resource whose fields are resources.
  readonly auth = new Auth(this);
  readonly users = new Users(this);
  readonly projects = new Projects(this);
  readonly instances = new Instances(this);
  readonly buckets = new Buckets(this);
  readonly functions = new Functions(this);
  readonly cdnProfiles = new CdnProfiles(this);
  readonly cacheInstances = new CacheInstances(this);
  readonly apiProducts = new ApiProducts(this);
  readonly topics = new Topics(this);
  readonly billing = new Billing(this);
  readonly quotas = new Quotas(this);
  readonly budgets = new Budgets(this);
  readonly anomalies = new Anomalies(this);
  readonly reports = new Reports(this);
  readonly policies = new Policies(this);
  readonly assignments = new Assignments(this);
  readonly compliance = new Compliance(this);
  readonly activityLogs = new ActivityLogs(this);
  readonly metricRules = new MetricRules(this);
  readonly vpcs = new Vpcs(this);
  readonly transitHubs = new TransitHubs(this);
  readonly transitHubAttachments = new TransitHubAttachments(this);
  readonly vpcPeerings = new VpcPeerings(this);
  readonly vpnGateways = new VpnGateways(this);
  readonly loadBalancers = new LoadBalancers(this);
  readonly globalLoadBalancers = new GlobalLoadBalancers(this);
  readonly bandwidthPolicies = new BandwidthPolicies(this);
  readonly privateEndpoints = new PrivateEndpoints(this);
  readonly ddosPlans = new DdosPlans(this);
  readonly databases = new Databases(this);
  readonly backupVaults = new BackupVaults(this);
  readonly backups = new Backups(this);
  readonly backupPolicies = new BackupPolicies(this);
  readonly snapshots = new Snapshots(this);
  readonly drPlans = new DrPlans(this);
  readonly provisioningMetrics = new ProvisioningMetrics(this);
  readonly resourceGroups = new ResourceGroups(this);
  readonly iam = new Iam(this);
  readonly auditLogs = new AuditLogs(this);
  readonly metrics = new Metrics(this);
  readonly logs = new Logs(this);
  readonly serviceStatus = new ServiceStatusResource(this);
  readonly zones = new Zones(this);
  readonly vaults = new Vaults(this);
  readonly clusters = new Clusters(this);
  readonly registries = new Registries(this);
  readonly webapps = new WebApps(this);
  readonly firewalls = new Firewalls(this);
  readonly video = new Video(this);
  readonly mock = new Mock(this);
  readonly docs = new Docs(this);
  readonly webhooks = new Webhooks(this);
}
