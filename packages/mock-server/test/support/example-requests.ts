import { DEMO_USER } from '../../src/seed/demo';
import type { FixedRequest, FixedRequestContext } from './generated-traffic';

/**
 * Requests the examples of the published documents are recorded from where generated ones fall
 * short: the operations generated input cannot bring to 2xx (the session, and bodies naming
 * other resources or following rules given in prose). Values are the demo tenant's (its user,
 * regions and flavors), so an example sent from the `/docs` page of `npm start` works as it is.
 */

/** Top-level body fields set to values the demo tenant uses, wherever the document accepts them. */
export const DEMO_FIELD_VALUES: Record<string, unknown> = {
  region: 'hn',
  primary_region: 'hn',
  destination_region: 'hcm',
  secondary_region: 'hcm',
  flavor: 'small',
  image: 'ubuntu-24.04',
  // What a reader would write: the server sends webhooks to loopback unless told otherwise.
  webhook_url: 'http://127.0.0.1:3000/hooks',
  rtsp_url: 'rtsp://camera.local:554/stream',
  email: 'dev@example.com',
  full_name: 'Ada Lovelace',
  description: 'Created from the API reference',
  event_type: 'order.created',
  event_types: '*',
  origin_host: 'origin.example.com',
};

/**
 * Body fields by operation, over DEMO_FIELD_VALUES and the generated ones: names and amounts a
 * person would give (generated ones read `q._9n6Et5h` and 754632130294241.4). Each is put in where
 * the document accepts it; the examples test finds any value of a recorded body not written here.
 */
export const OPERATION_FIELD_VALUES: Record<string, Record<string, unknown>> = {
  'v1.anomalies.detect': { resource_type: 'compute.instance', expected_cost: 120, actual_cost: 310 },
  'v1.apiProducts.create': { name: 'orders-api', version: 'v1' },
  'v1.apiProducts.subscriptions.create': { app_name: 'Checkout web app' },
  'v1.auth.workloadToken': { scopes: ['cameras:read', 'playback:read'], ttl_seconds: 3600 },
  'v1.backupPolicies.create': { name: 'nightly-instances', frequency: 'daily', retention_days: 14 },
  'v1.backupPolicies.update': { frequency: 'weekly', retention_days: 30 },
  'v1.backupVaults.create': { name: 'primary-vault' },
  'v1.billing.budgets.create': { name: 'Team budget', amount: 5_000_000, currency: 'VND' },
  'v1.buckets.create': { name: 'shop-assets', storage_class: 'STANDARD' },
  'v1.budgets.create': { name: 'Compute, monthly', amount: 500, period: 'monthly' },
  'v1.backups.create': { resource_type: 'instance' },
  'v1.budgets.update': { amount: 750 },
  'v1.cacheInstances.create': { name: 'sessions-cache' },
  'v1.cacheInstances.scale': { sku: 'Standard' },
  'v1.cdnProfiles.create': { name: 'static-site', sku: 'Standard' },
  'v1.cdnProfiles.endpoints.create': { name: 'shop-static', https_only: true },
  'v1.clusters.create': { name: 'apps-cluster', node_pools: [{ name: 'general', flavor: 'small' }] },
  'v1.databases.create': { name: 'orders-db', engine: 'postgres' },
  'v1.databases.replicas.create': { name: 'orders-db-replica', region: 'hcm' },
  'v1.ddosPlans.create': { name: 'edge-protection' },
  'v1.drPlans.create': { name: 'orders-failover', rto_minutes: 60 },
  'v1.drPlans.steps.create': { name: 'Notify the on-call team', action: 'notify', target_id: 'ops-oncall' },
  'v1.firewalls.create': { name: 'web-firewall' },
  'v1.functions.create': { name: 'resize-image', runtime: 'nodejs20' },
  'v1.functions.update': { runtime: 'nodejs20' },
  'v1.iam.roles.create': { name: 'functions-deployer', permissions: ['serverless:read', 'serverless:write'] },
  'v1.instances.create': { name: 'api-server-1', image: 'ubuntu-24.04' },
  'v1.loadBalancers.create': { name: 'web-lb' },
  'v1.databases.pool.update': { idle_timeout_sec: 300 },
  'v1.loadBalancers.healthProbes.create': { protocol: 'http', port: 8080, path: '/healthz' },
  'v1.policies.create': { name: 'deny-public-buckets', severity: 'high' },
  'v1.policies.update': { category: 'security', enforcement_mode: 'disabled' },
  'v1.projects.create': { name: 'checkout-service' },
  'v1.provisioningMetrics.start': { resource_type: 'compute.instance' },
  'v1.registries.create': { name: 'shopimages', sku: 'standard' },
  'v1.reports.create': { name: 'Monthly costs', period: 'monthly' },
  'v1.resourceGroups.create': { name: 'checkout-prod' },
  'v1.topics.create': { name: 'orders' },
  'v1.topics.publish': { subject: '/orders/1001', data: { order_id: 1001, total: 42.5 } },
  'v1.transitHubs.create': { name: 'core-hub', asn: 64512 },
  'v1.vaults.create': { name: 'shop-secrets' },
  'v1.vpcs.create': { name: 'prod-net' },
  'v1.vpcs.routeTables.create': { name: 'private-routes' },
  'v1.webapps.create': { name: 'storefront', runtime: 'node' },
  'v1.zones.create': { name: 'shop.example.com' },
  'v2.cameras.create': { name: 'Loading dock', features: ['person', 'vehicle'], enabled: true },
  'v2.cameras.update': { name: 'Loading dock, east', fps: 15 },
};

const RTSP_URL = 'rtsp://camera.local:554/stream';

type Build = (context: FixedRequestContext) => Promise<FixedRequest>;

/** The hand-written requests, by operation id; resources they share are made once per recording. */
export function exampleRequests(): Record<string, Build> {
  const once = <T>(make: (context: FixedRequestContext) => Promise<T>) => {
    let made: Promise<T> | undefined;
    return (context: FixedRequestContext) => {
      made ??= make(context);
      return made;
    };
  };
  const login = (c: FixedRequestContext) =>
    c.call('POST', '/api/v1/auth/login', { email: DEMO_USER.email, password: DEMO_USER.password });
  const vpc = once((c) =>
    c.call('POST', '/api/v1/vpcs', { name: 'demo-net', region: 'hn', cidr: '10.20.0.0/16' }),
  );
  const peer = once((c) =>
    c.call('POST', '/api/v1/vpcs', { name: 'demo-peer', region: 'hcm', cidr: '10.30.0.0/16' }),
  );
  const subnet = once(async (c) =>
    c.call('POST', `/api/v1/vpcs/${(await vpc(c)).id}/subnets`, { name: 'demo-app', cidr: '10.20.1.0/24' }),
  );
  const policy = once((c) =>
    c.call('POST', '/api/v1/policies', {
      name: 'require-owner-tag',
      definition: '{"if":{"field":"tags.owner","exists":false},"then":{"effect":"audit"}}',
    }),
  );
  const assigned = once(async (c) =>
    c.call('POST', '/api/v1/assignments', { policy_id: (await policy(c)).id, scope: 'project' }),
  );
  const instance = once((c) =>
    c.call('POST', '/api/v1/instances', { name: 'demo-api', flavor: 'small', region: 'hn' }),
  );
  /** A user who signed up, and is then added to the project (as a viewer) when `member`. */
  const colleague = (email: string, member: boolean) =>
    once(async (c) => {
      const user = await c.call('POST', '/api/v1/auth/register', {
        email,
        password: 'colleague-pass-123',
        full_name: 'Colleague',
      });
      if (member) await c.call('POST', '/api/v1/iam/users', { email, role: 'viewer' });
      return user;
    });
  const member = colleague('ops@nimbus.dev', true);
  const newcomer = colleague('dev@nimbus.dev', false);
  /** A recording camera with a detection, an hour of footage after its creation. */
  const footage = once(async (c) => {
    const camera = await c.call('POST', '/v2/api/cameras', {
      name: 'Lobby',
      rtsp_url: RTSP_URL,
      features: ['person', 'vehicle'],
      record: true,
    });
    await c.call('POST', '/__mock/clock/advance', { seconds: 600 });
    const event = await c.call('POST', '/__mock/v2/events', { camera_id: camera.id, type: 'person' });
    await c.call('POST', '/__mock/clock/advance', { seconds: 600 });
    const at = new Date(camera.created_at).toISOString();
    return { camera, event, date: at.slice(0, 10), hour: at.slice(11, 13) };
  });

  return {
    'v1.auth.login': async () => ({ body: { email: DEMO_USER.email, password: DEMO_USER.password } }),
    // Starts an enrolment (no code): MFA stays off until a code confirms it.
    'v1.auth.mfaEnroll': async () => ({ body: {} }),
    'v1.auth.refresh': async (c) => ({ body: { refresh_token: (await login(c)).refresh_token } }),
    // A session of its own: the tenant's goes on serving the other requests.
    'v1.auth.logout': async (c) => ({ token: (await login(c)).access_token }),
    'v1.projects.delegate': async (c) => ({
      params: { id: c.identity.projectId },
      body: { user_id: (await member(c)).id, role: 'editor', expires_at: '2030-01-01T00:00:00Z' },
    }),
    'v1.anomalies.acknowledge': async (c) => {
      const anomaly = await c.call('POST', '/api/v1/anomalies/detect', {
        resource_type: 'compute.instance',
        expected_cost: 120,
        actual_cost: 310,
      });
      return { params: { id: anomaly.id } };
    },
    'v1.compliance.evaluate': async (c) => ({
      body: {
        policy_id: (await policy(c)).id,
        resource_type: 'compute.instance',
        resource_id: (await instance(c)).id,
      },
    }),
    'v1.compliance.forPolicy': async (c) => ({ params: { policyId: (await assigned(c)).policy_id } }),
    'v1.vpcPeerings.create': async (c) => ({
      body: { vpc_id: (await vpc(c)).id, peer_vpc_id: (await peer(c)).id },
    }),
    'v1.vpcs.subnets.create': async (c) => ({
      params: { id: (await vpc(c)).id },
      body: { name: 'demo-db', cidr: '10.20.2.0/24', zone: 'hn-a' },
    }),
    'v1.vpcs.subnets.list': async (c) => ({ params: { id: (await subnet(c)).vpc_id } }),
    'v1.vpnGateways.create': async (c) => ({
      body: { name: 'demo-vpn', region: 'hn', vpc_id: (await vpc(c)).id },
    }),
    'v1.vpnGateways.configureBgp': async () => ({
      body: { asn: 65010, peer_ip: '203.0.113.10', peer_asn: 65020 },
    }),
    'v1.globalLoadBalancers.create': async (c) => {
      const balancer = await c.call('POST', '/api/v1/load-balancers', { name: 'demo-web-lb', region: 'hn' });
      return { body: { name: 'demo-global', backends: [{ load_balancer_id: balancer.id }] } };
    },
    'v1.bandwidthPolicies.create': async (c) => ({
      body: {
        name: 'demo-net-cap',
        target: { type: 'vpc', id: (await vpc(c)).id },
        max_mbps: 100,
        burst_mbps: 200,
      },
    }),
    'v1.bandwidthPolicies.update': async () => ({ body: { max_mbps: 200, burst_mbps: 400 } }),
    'v1.privateEndpoints.create': async (c) => ({
      body: { name: 'demo-storage', subnet_id: (await subnet(c)).id, service: 'storage' },
    }),
    'v1.iam.bucketGrants.create': async (c) => {
      const bucket = await c.call('POST', '/api/v1/buckets', { name: 'demo-assets', region: 'hn' });
      return { body: { user_id: (await member(c)).id, bucket_name: bucket.name, access: 'read' } };
    },
    'v1.iam.users.create': async (c) => ({ body: { email: (await newcomer(c)).email, role: 'viewer' } }),
    'v1.iam.keys.create': async () => ({
      body: { name: 'ci-deploy', role: 'editor', expires_at: '2030-01-01T00:00:00Z' },
    }),
    'v1.metrics.query': async (c) => ({
      query: { resource_id: (await instance(c)).id, metric: 'cpu_percent' },
    }),
    'v2.playback.forEvent': async (c) => ({ params: { id: (await footage(c)).event.id } }),
    'v2.playback.timeline': async (c) => {
      const { camera, date } = await footage(c);
      return { query: { camera_id: camera.id, date } };
    },
    'v2.playback.playlist': async (c) => {
      const { camera, date, hour } = await footage(c);
      return { params: { cam: camera.id, date, hour } };
    },
  } satisfies Record<string, Build>;
}
