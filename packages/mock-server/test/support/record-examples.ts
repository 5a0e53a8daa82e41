import { seedTenant, startMockServer } from '../../src/entries/testing';
import type { OperationExample } from '../../src/openapi/examples';
import { GeneratedTraffic, type Outcome } from './generated-traffic';
import type { Json } from './openapi-samples';

/** Fields whose values are credentials: recorded as a placeholder, never in clear. */
const SECRET_FIELDS =
  /^(?:access_token|refresh_token|token|secret|key|password|admin_password|totp_secret|otpauth_url)$/;
/** Lists keep this many items: an example shows the shape, not a page of data. */
const MAX_ITEMS = 2;
/** Text answers (Prometheus metrics) keep their first lines up to this length. */
const MAX_TEXT = 2000;

/**
 * One request and its 2xx answer per operation, recorded from a reference server running in
 * this process and sent requests generated from the published documents (GeneratedTraffic).
 * `npm run openapi:examples` writes them to packages/mock-server/src/openapi/examples.json.
 */
export async function recordExamples(): Promise<Record<string, OperationExample>> {
  const mock = await startMockServer({
    webhookAllowHosts: '*',
    webhookFetch: async () => new Response(null, { status: 204 }),
  });
  try {
    const tenant = await seedTenant(mock, { name: 'example', email: 'owner@example.com' });
    const workload = await tenant.client.auth.workloadToken({
      project_id: tenant.project.id,
      scopes: ['cameras:read', 'cameras:write', 'events:read', 'playback:read'],
      ttl_seconds: 86_400,
    });
    const traffic = new GeneratedTraffic({
      baseUrl: mock.url,
      accessToken: tenant.accessToken,
      projectId: tenant.project.id,
      userId: tenant.user.id,
      workloadToken: workload.token,
    });
    await traffic.run(3);
    const examples: Record<string, OperationExample> = {};
    for (const outcome of traffic.outcomes) {
      if (examples[outcome.id] || outcome.status >= 300) continue;
      examples[outcome.id] = exampleOf(outcome);
    }
    return Object.fromEntries(Object.entries(examples).sort(([a], [b]) => (a < b ? -1 : 1)));
  } finally {
    await mock.close();
  }
}

function exampleOf(outcome: Outcome): OperationExample {
  const { request } = outcome;
  return {
    request: {
      path: request.path,
      ...(request.query && { query: request.query }),
      ...(request.body !== undefined && { body: redact(request.body) }),
    },
    status: outcome.status,
    ...(outcome.answer !== '' && { response: redact(shortened(outcome.answer)) }),
  };
}

function shortened(answer: unknown): unknown {
  if (typeof answer !== 'string' || answer.length <= MAX_TEXT) return answer;
  return `${answer.slice(0, answer.lastIndexOf('\n', MAX_TEXT))}\n`;
}

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(redact);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_FIELDS.test(key) && typeof item === 'string' ? `<${key}>` : redact(item);
  }
  return out;
}
