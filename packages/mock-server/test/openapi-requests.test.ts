import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, type SeededTenant, seedTenant, startMockServer } from '../src/entries/testing';
import {
  GeneratedTraffic,
  NO_2XX_FROM_GENERATED_INPUT,
  NOT_GENERATED,
  type Outcome,
} from './support/generated-traffic';
import {
  documentOperations,
  type Json,
  publishedDocuments,
  SampleGenerator,
} from './support/openapi-samples';

/**
 * Every rule the server enforces on the shape of a request is in the published documents: a
 * request they accept never gets 400 VALIDATION_ERROR, and answers 2xx when the resources it
 * names exist. Requests come from the documents alone (json-schema-faker proposes, ajv keeps
 * what the document accepts); path ids come from resources created the same way.
 */

const SAMPLES_PER_OPERATION = 3;
const WORKLOAD_SCOPES = ['cameras:read', 'cameras:write', 'events:read', 'playback:read'] as const;

/**
 * Rules the documents give in prose only, by operation: they compare two fields or two
 * parameters, items of a list, or a request with stored state, which JSON Schema cannot. A 400
 * naming only these fields is the server applying such a rule; any other 400 is a gap in the document.
 */
const PROSE_ONLY: Record<string, { fields: RegExp; rule: string }> = {
  'v1.billing.usage.retrieve': {
    fields: /^query\.(from|to)$/,
    rule: 'from before to; from before the default to',
  },
  'v1.billing.cost.retrieve': {
    fields: /^query\.(from|to|period)$/,
    rule: 'period or from/to; from before to',
  },
  'v1.logs.query': { fields: /^query\.(from|to)$/, rule: 'from before to' },
  'v1.activityLogs.list': {
    fields: /^query\.operation$/,
    rule: 'an operation id of the document that changes something, or its short form',
  },
  'v2.events.list': { fields: /^query\.cursor$/, rule: 'a cursor from an earlier page' },
  'v1.clusters.create': {
    fields: /^body\.node_pools\.\d+\.(count|autoscale\.min|name)$/,
    rule: 'min <= count <= max; pool names unique',
  },
  'v1.bandwidthPolicies.create': { fields: /^body\.burst_mbps$/, rule: 'burst_mbps >= max_mbps' },
  'v1.bandwidthPolicies.update': {
    fields: /^body\.burst_mbps$/,
    rule: 'burst_mbps >= max_mbps, with the stored values',
  },
  'v1.loadBalancers.healthProbes.create': {
    fields: /^body\.timeout_sec$/,
    rule: 'timeout_sec < interval_sec',
  },
  'v1.databases.pool.update': {
    fields: /^body\.(min_idle|max_connections)$/,
    rule: 'min_idle <= max_connections <= the tier limit',
  },
  'v1.cacheInstances.scale': {
    fields: /^body\.capacity_gb$/,
    rule: 'capacity within the stored sku when sku is not given',
  },
  'v1.iam.users.create': { fields: /^body\.role$/, rule: 'a built-in role or a custom role of the project' },
  'v1.iam.keys.create': {
    fields: /^body\.role$/,
    rule: 'a built-in role (not owner) or a custom role of the project',
  },
  'v1.vpcs.subnets.create': {
    fields: /^body\.cidr$/,
    rule: 'the network address, inside the VPC range, overlapping no other subnet',
  },
  'v1.vpcs.create': { fields: /^body\.cidr$/, rule: 'the network address (no host bits)' },
  'v1.vpcs.routeTables.create': {
    fields: /^body\.routes\.\d+\.destination$/,
    rule: 'network addresses; destinations unique',
  },
  'v1.policies.create': { fields: /^body\.definition/, rule: 'a JSON policy definition in a string' },
  'v1.policies.update': { fields: /^body\.definition/, rule: 'a JSON policy definition in a string' },
  'v1.projects.delegate': { fields: /^body\.role$/, rule: 'a built-in role or a custom role of the project' },
  'v1.vpnGateways.create': { fields: /^body\.region$/, rule: "the VPC's region" },
  'v1.backupPolicies.create': { fields: /^body\.destination_zone$/, rule: 'a zone of destination_region' },
  'v1.backupPolicies.update': {
    fields: /^body\.(destination_zone|day_of_week|frequency)$/,
    rule: 'a zone of destination_region; a day for weekly policies, with the stored schedule',
  },
  'v1.assignments.create': {
    fields: /^body\.(scope_id|parameters)$/,
    rule: 'a resource group or resource of the project; parameters: a JSON object in a string',
  },
  'v1.firewalls.create': {
    fields: /^body\.rules\.\d+\.(ports|priority|name)$/,
    rule: 'port ranges low to high; rule names and priorities per direction unique',
  },
  'v1.globalLoadBalancers.create': {
    fields: /^body\.backends\.\d+\.(load_balancer_id|priority)$/,
    rule: 'load balancers and failover priorities unique among the backends',
  },
};

/** Whether a 400 names only fields whose rules the document gives in prose. */
function proseOnly(outcome: Outcome): boolean {
  const prose = PROSE_ONLY[outcome.id];
  const details = ((outcome.answer as Json)?.error?.details ?? []) as { path: string }[];
  return prose !== undefined && details.length > 0 && details.every((d) => prose.fields.test(d.path));
}

const allOperations = [
  ...documentOperations(publishedDocuments.v1),
  ...documentOperations(publishedDocuments.v2),
];

describe('requests generated from the published OpenAPI documents', () => {
  let mock: MockServer;
  let tenant: SeededTenant;
  let traffic: GeneratedTraffic;

  beforeAll(async () => {
    // Webhook targets are a server setting (loopback by default): here any host, never called.
    mock = await startMockServer({
      webhookAllowHosts: '*',
      webhookFetch: async () => new Response(null, { status: 204 }),
    });
    tenant = await seedTenant(mock);
    const workload = await tenant.client.auth.workloadToken({
      project_id: tenant.project.id,
      scopes: [...WORKLOAD_SCOPES],
      ttl_seconds: 86_400,
    });
    traffic = new GeneratedTraffic(
      {
        baseUrl: mock.url,
        accessToken: tenant.accessToken,
        projectId: tenant.project.id,
        userId: tenant.user.id,
        workloadToken: workload.token,
      },
      // Another seed sends other requests: OPENAPI_SAMPLES_SEED=5 explores beyond the fixed run.
      Number(process.env.OPENAPI_SAMPLES_SEED ?? 17),
    );
    await traffic.run(SAMPLES_PER_OPERATION);
  }, 120_000);
  afterAll(() => mock.close());

  it('never answers 400 VALIDATION_ERROR (nor 5xx) to a request the document accepts', () => {
    const refused = traffic.outcomes
      .filter((o) => (o.status === 400 && !proseOnly(o)) || o.status >= 500)
      .map(
        (o) =>
          `${o.id} ${o.status} ${JSON.stringify((o.answer as Json)?.error ?? o.answer)} <- ${JSON.stringify(o.request)}`,
      );
    expect(refused).toEqual([]);
  });

  it('answers 2xx on every operation whose resources a generated request can name', () => {
    const { outcomes, skipped } = traffic;
    const missing2xx = allOperations
      .map((op) => op.id)
      .filter((id) => !NOT_GENERATED[id] && !NO_2XX_FROM_GENERATED_INPUT[id])
      .filter((id) => !outcomes.some((o) => o.id === id && o.status < 300))
      .map((id) => `${id}: ${skipped[id] ?? JSON.stringify(outcomes.filter((o) => o.id === id))}`);
    expect(missing2xx).toEqual([]);
    // Most operations are covered: a register that grows to swallow them would hide gaps.
    const excused = Object.keys(NO_2XX_FROM_GENERATED_INPUT).length + Object.keys(NOT_GENERATED).length;
    expect(allOperations.length - excused).toBeGreaterThan(145);
  });

  it('answers JSON that matches the closed response schema, to the field', () => {
    const answers = traffic.outcomes.filter((o) => o.status < 300 && typeof o.answer === 'object');
    expect(answers.length).toBeGreaterThan(200);
    const undocumented = answers
      .filter((o) => {
        const op = allOperations.find((candidate) => candidate.id === o.id)!;
        const schema = op.operation.responses[String(o.status)]?.content?.['application/json']?.schema;
        const generator = o.id.startsWith('v1.') ? traffic.generators.v1 : traffic.generators.v2;
        return !schema || !generator.accepts(schema, o.answer);
      })
      .map((o) => `${o.id} ${o.status} ${JSON.stringify(o.answer).slice(0, 300)}`);
    expect(undocumented).toEqual([]);
  });

  it('refuses what the document refuses: emails, intervals, permissions, URLs', async () => {
    const v1 = new SampleGenerator(publishedDocuments.v1, 1);
    const schemaOf = (path: string, method: string) =>
      publishedDocuments.v1.paths[path][method].requestBody.content['application/json'].schema;
    const projectHeaders = {
      authorization: `Bearer ${tenant.accessToken}`,
      'x-project-id': tenant.project.id,
    };
    const topic = await tenant.client.topics.create({ name: 'refusals' });
    const cases: { path: string; url?: string; body: Json; project?: boolean }[] = [
      {
        path: '/api/v1/auth/register',
        body: { email: 'a@b-.cd', password: 'long-enough-1', full_name: 'A' },
      },
      {
        path: '/api/v1/auth/register',
        body: { email: 'a@-b.cd', password: 'long-enough-1', full_name: 'A' },
      },
      {
        path: '/api/v1/auth/register',
        body: { email: 'a@b.cd', password: 'long-enough-1', full_name: '   ' },
      },
      { path: '/api/v1/iam/roles', body: { name: 'ops', permissions: ['iam:*'] }, project: true },
      { path: '/api/v1/iam/roles', body: { name: 'ops', permissions: ['nosuch:read'] }, project: true },
      { path: '/api/v1/cache-instances', body: { name: 'c', region: 'hn', capacity_gb: 6 }, project: true },
      {
        path: '/api/v1/topics/{id}/subscriptions',
        url: `/api/v1/topics/${topic.id}/subscriptions`,
        body: { webhook_url: 'ftp://example.com/x', event_types: '*' },
        project: true,
      },
    ];
    for (const { path, url, body, project } of cases) {
      expect(v1.accepts(schemaOf(path, 'post'), body), `${path} ${JSON.stringify(body)}`).toBe(false);
      const response = await fetch(`${mock.url}${url ?? path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(project && projectHeaders) },
        body: JSON.stringify(body),
      });
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    const interval = await fetch(
      `${mock.url}/api/v1/metrics?resource_id=${crypto.randomUUID()}&metric=cpu_percent&interval=61`,
      { headers: projectHeaders },
    );
    expect(interval.status).toBe(400);
    const param = publishedDocuments.v1.paths['/api/v1/metrics'].get.parameters.find(
      (p: Json) => p.name === 'interval',
    );
    expect(param.schema.enum).toEqual([60, 300, 3600]);
  });
});
