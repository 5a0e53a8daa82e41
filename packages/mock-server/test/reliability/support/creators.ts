import { type Endpoint, type Operation, operations } from '@nimbus/sdk/contract';
import type { Answer } from './harness';
import { type Credentials, type RouteInput, requestFor } from './routes';

type Made = ReadonlyMap<string, Record<string, unknown>>;

/** How to create one resource through one operation, given what was created before it. */
export interface Creator {
  op: string;
  input(made: Made, unique: string, credentials: Credentials & { userId: string }): RouteInput;
}

const id = (made: Made, op: string) => {
  const record = made.get(op);
  if (!record) throw new Error(`${op} must run before this creator`);
  return record.id as string;
};

/** Never matched by a platform event, so subscriptions receive nothing (no background deliveries). */
export const QUIET_EVENT_TYPES = 'reliability.never';
export const LOOPBACK_WEBHOOK = 'http://127.0.0.1:9/hook';
export const RTSP_URL = 'rtsp://admin:s3cret-pass@10.0.0.5:554/stream1';

/**
 * One resource per family, in dependency order, keyed by the operation that creates it.
 * Bodies are the smallest valid ones; names carry `unique` because some are global (buckets,
 * vaults, registries).
 */
export const CREATORS: readonly Creator[] = [
  {
    op: 'v1.instances.create',
    input: (_, u) => ({ body: { name: `vm-${u}`, flavor: 'nano', region: 'hn' } }),
  },
  { op: 'v1.buckets.create', input: (_, u) => ({ body: { name: `bucket-${u}`, region: 'hn' } }) },
  {
    op: 'v1.functions.create',
    input: (_, u) => ({ body: { name: `fn-${u}`, runtime: 'nodejs20', region: 'hn' } }),
  },
  {
    op: 'v1.functions.triggers.create',
    input: (made) => ({ params: { id: id(made, 'v1.functions.create') }, body: { type: 'http' } }),
  },
  { op: 'v1.cdnProfiles.create', input: (_, u) => ({ body: { name: `cdn-${u}` } }) },
  {
    op: 'v1.cdnProfiles.endpoints.create',
    input: (made, u) => ({
      params: { id: id(made, 'v1.cdnProfiles.create') },
      body: { name: `ep-${u}`, origin_host: 'origin.example.com' },
    }),
  },
  { op: 'v1.cacheInstances.create', input: (_, u) => ({ body: { name: `cache-${u}`, region: 'hn' } }) },
  { op: 'v1.apiProducts.create', input: (_, u) => ({ body: { name: `api-${u}` } }) },
  {
    op: 'v1.apiProducts.subscriptions.create',
    input: (made) => ({ params: { id: id(made, 'v1.apiProducts.create') }, body: { app_name: 'app' } }),
  },
  { op: 'v1.topics.create', input: (_, u) => ({ body: { name: `topic-${u}` } }) },
  {
    op: 'v1.topics.subscriptions.create',
    input: (made) => ({
      params: { id: id(made, 'v1.topics.create') },
      body: { webhook_url: LOOPBACK_WEBHOOK, event_types: QUIET_EVENT_TYPES },
    }),
  },
  {
    op: 'v1.topics.publish',
    input: (made) => ({
      params: { id: id(made, 'v1.topics.create') },
      body: { event_type: 'order.created', subject: 'orders/1', data: { total: 1 } },
    }),
  },
  { op: 'v1.budgets.create', input: (_, u) => ({ body: { name: `budget-${u}`, amount: 1000 } }) },
  {
    op: 'v1.anomalies.detect',
    input: () => ({ body: { resource_type: 'compute.instance', expected_cost: 10, actual_cost: 1000 } }),
  },
  { op: 'v1.reports.create', input: (_, u) => ({ body: { name: `report-${u}`, period: 'monthly' } }) },
  {
    op: 'v1.policies.create',
    input: (_, u) => ({
      body: { name: `policy-${u}`, definition: '{"if":{"field":"name","equals":"never-matches"}}' },
    }),
  },
  {
    op: 'v1.assignments.create',
    input: (made) => ({ body: { policy_id: id(made, 'v1.policies.create'), scope: 'project' } }),
  },
  {
    op: 'v1.compliance.evaluate',
    input: (made) => ({
      body: {
        policy_id: id(made, 'v1.policies.create'),
        resource_type: 'compute.instance',
        resource_id: id(made, 'v1.instances.create'),
      },
    }),
  },
  {
    op: 'v1.vpcs.create',
    input: (_, u) => ({ body: { name: `vpc-${u}`, region: 'hn', cidr: '10.0.0.0/16' } }),
  },
  {
    op: 'v1.vpcs.subnets.create',
    input: (made, u) => ({
      params: { id: id(made, 'v1.vpcs.create') },
      body: { name: `subnet-${u}`, cidr: '10.0.1.0/24' },
    }),
  },
  {
    op: 'v1.vpcs.routeTables.create',
    input: (made, u) => ({ params: { id: id(made, 'v1.vpcs.create') }, body: { name: `rt-${u}` } }),
  },
  { op: 'v1.transitHubs.create', input: (_, u) => ({ body: { name: `hub-${u}`, region: 'hn' } }) },
  {
    op: 'v1.transitHubAttachments.create',
    input: (made) => ({
      body: { hub_id: id(made, 'v1.transitHubs.create'), vpc_id: id(made, 'v1.vpcs.create') },
    }),
  },
  {
    op: 'v1.vpnGateways.create',
    input: (made, u) => ({ body: { name: `vpn-${u}`, region: 'hn', vpc_id: id(made, 'v1.vpcs.create') } }),
  },
  { op: 'v1.loadBalancers.create', input: (_, u) => ({ body: { name: `lb-${u}`, region: 'hn' } }) },
  {
    op: 'v1.loadBalancers.healthProbes.create',
    input: (made) => ({
      params: { id: id(made, 'v1.loadBalancers.create') },
      body: { protocol: 'tcp', port: 80 },
    }),
  },
  {
    op: 'v1.globalLoadBalancers.create',
    input: (made, u) => ({
      body: { name: `glb-${u}`, backends: [{ load_balancer_id: id(made, 'v1.loadBalancers.create') }] },
    }),
  },
  {
    op: 'v1.bandwidthPolicies.create',
    input: (made, u) => ({
      body: { name: `bw-${u}`, target: { type: 'vpc', id: id(made, 'v1.vpcs.create') }, max_mbps: 100 },
    }),
  },
  {
    op: 'v1.privateEndpoints.create',
    input: (made, u) => ({
      body: { name: `pe-${u}`, subnet_id: id(made, 'v1.vpcs.subnets.create'), service: 'storage' },
    }),
  },
  { op: 'v1.ddosPlans.create', input: (_, u) => ({ body: { name: `ddos-${u}` } }) },
  {
    op: 'v1.databases.create',
    input: (_, u) => ({ body: { name: `db-${u}`, engine: 'postgres', region: 'hn' } }),
  },
  {
    op: 'v1.databases.replicas.create',
    input: (made) => ({ params: { id: id(made, 'v1.databases.create') }, body: { region: 'hcm' } }),
  },
  { op: 'v1.backupVaults.create', input: (_, u) => ({ body: { name: `vault-${u}`, region: 'hn' } }) },
  {
    op: 'v1.backups.create',
    input: (made) => ({
      body: {
        vault_id: id(made, 'v1.backupVaults.create'),
        resource_type: 'instance',
        resource_id: id(made, 'v1.instances.create'),
      },
    }),
  },
  {
    op: 'v1.backupPolicies.create',
    input: (made, u) => ({ body: { name: `bp-${u}`, vault_id: id(made, 'v1.backupVaults.create') } }),
  },
  {
    op: 'v1.snapshots.create',
    input: (made) => ({
      body: { resource_type: 'instance', resource_id: id(made, 'v1.instances.create') },
    }),
  },
  {
    op: 'v1.drPlans.create',
    input: (_, u) => ({ body: { name: `dr-${u}`, primary_region: 'hn', secondary_region: 'hcm' } }),
  },
  {
    op: 'v1.drPlans.steps.create',
    input: (made) => ({
      params: { id: id(made, 'v1.drPlans.create') },
      body: { name: 'tell the team', action: 'notify' },
    }),
  },
  { op: 'v1.provisioningMetrics.start', input: () => ({ body: { resource_type: 'compute.instance' } }) },
  { op: 'v1.resourceGroups.create', input: (_, u) => ({ body: { name: `rg-${u}`, region: 'hn' } }) },
  {
    op: 'v1.iam.roles.create',
    input: (_, u) => ({ body: { name: `auditor-${u}`, permissions: ['compute:read'] } }),
  },
  { op: 'v1.iam.keys.create', input: (_, u) => ({ body: { name: `key-${u}`, role: 'editor' } }) },
  {
    op: 'v1.iam.bucketGrants.create',
    input: (_, u, who) => ({ body: { user_id: who.userId, bucket_name: `bucket-${u}`, access: 'read' } }),
  },
  { op: 'v1.zones.create', input: (_, u) => ({ body: { name: `z${u}.example.com` } }) },
  { op: 'v1.vaults.create', input: (_, u) => ({ body: { name: `kv${u}`, region: 'hn' } }) },
  {
    op: 'v1.clusters.create',
    input: (_, u) => ({
      body: { name: `k8s-${u}`, region: 'hn', node_pools: [{ name: 'system', flavor: 'small' }] },
    }),
  },
  { op: 'v1.registries.create', input: (_, u) => ({ body: { name: `reg${u}`, region: 'hn' } }) },
  {
    op: 'v1.webapps.create',
    input: (_, u) => ({ body: { name: `app-${u}`, region: 'hn', runtime: 'node' } }),
  },
  { op: 'v1.firewalls.create', input: (_, u) => ({ body: { name: `fw-${u}`, region: 'hn' } }) },
  {
    op: 'v2.cameras.create',
    input: () => ({ body: { name: 'Front door', rtsp_url: RTSP_URL, features: ['motion', 'person'] } }),
  },
  {
    op: 'mock.videoEvents.create',
    input: (made) => ({ body: { camera_id: id(made, 'v2.cameras.create'), type: 'motion' } }),
  },
];

const byId = new Map(operations().map((op) => [op.id, op]));

export function operation(id: string): Operation {
  const op = byId.get(id);
  if (!op) throw new Error(`No operation ${id} in the contract`);
  return op;
}

/** The record an answer carries: `data` of the v1 envelope, the bare body elsewhere. */
export function recordOf(endpoint: Endpoint, answer: Answer): Record<string, unknown> {
  const body = answer.body as Record<string, unknown>;
  return (endpoint.api === 'v1' ? body.data : body) as Record<string, unknown>;
}

/** Runs every creator for one tenant; answers the records by creator operation id. */
export async function createAll(
  send: (request: Request) => Promise<Answer>,
  credentials: Credentials & { userId: string },
): Promise<Map<string, Record<string, unknown>>> {
  const made = new Map<string, Record<string, unknown>>();
  made.set('project', { id: credentials.projectId });
  const unique = crypto.randomUUID().replace(/-/g, '').slice(0, 10);
  for (const creator of CREATORS) {
    const { endpoint } = operation(creator.op);
    const answer = await send(requestFor(endpoint, creator.input(made, unique, credentials), credentials));
    if (answer.status !== endpoint.status) {
      throw new Error(`Creator ${creator.op} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
    made.set(creator.op, recordOf(endpoint, answer));
  }
  return made;
}

/** The value a path parameter takes for a record: buckets are named by name, the rest by id. */
export function paramValue(param: string, record: Record<string, unknown>): string {
  return String(param === 'name' ? record.name : record.id);
}
