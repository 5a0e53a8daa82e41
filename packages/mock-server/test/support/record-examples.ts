import { startMockServer } from '../../src/entries/testing';
import type { OperationExample } from '../../src/openapi/examples';
import { DEMO_USER } from '../../src/seed/demo';
import { DEMO_FIELD_VALUES, exampleRequests, OPERATION_FIELD_VALUES } from './example-requests';
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
 * One request and its 2xx answer per operation, recorded as the demo tenant (`seed: true`, what
 * `npm start` serves) from a reference server with default settings (webhooks to loopback only)
 * running in this process: requests generated from the published documents (GeneratedTraffic)
 * with the demo's regions and flavors and the values a reader would write (DEMO_FIELD_VALUES,
 * and names and amounts per operation in OPERATION_FIELD_VALUES), no optional
 * query parameters (Swagger UI's "Try it out" pre-fills a parameter's example, and a filter of
 * generated text lists nothing), and the requests of example-requests.ts where generated ones
 * cannot answer 2xx. `npm run generate` writes them to
 * packages/mock-server/src/openapi/generated/examples.json.
 */
export async function recordExamples(): Promise<Record<string, OperationExample>> {
  const mock = await startMockServer({
    seed: true,
    webhookFetch: async () => new Response(null, { status: 204 }),
  });
  try {
    const demo = mock.server.demo!;
    const client = mock.createClient({ accessToken: demo.accessToken });
    const user = await client.users.me();
    const workload = await client.auth.workloadToken({
      project_id: demo.projectId,
      scopes: ['cameras:read', 'cameras:write', 'events:read', 'playback:read'],
      ttl_seconds: 86_400,
    });
    const traffic = new GeneratedTraffic(
      {
        baseUrl: mock.url,
        accessToken: demo.accessToken,
        projectId: demo.projectId,
        userId: user.id,
        workloadToken: workload.token,
      },
      17,
      {
        optionalQuery: false,
        fieldValues: DEMO_FIELD_VALUES,
        operationFieldValues: OPERATION_FIELD_VALUES,
        requests: exampleRequests(),
        // Read again once everything is created, so lists show records.
        reread: (op) => op.method === 'GET',
      },
    );
    await traffic.run(1);
    const examples: Record<string, OperationExample> = {};
    for (const outcome of traffic.outcomes) {
      if (outcome.status >= 300) continue;
      // A read keeps its last answer (after the writes), any other operation its first.
      if (examples[outcome.id] && outcome.request.method !== 'GET') continue;
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
  if (typeof answer !== 'string') return answer;
  // Playlists repeat the caller's token in their segment URIs.
  const text = answer.replace(/([?&]token=)[^&\s]+/g, '$1<token>');
  if (text.length <= MAX_TEXT) return text;
  return `${text.slice(0, text.lastIndexOf('\n', MAX_TEXT))}\n`;
}

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(redact);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    // The demo user's password is published (README, `npm start`): the login example uses it.
    const secret = SECRET_FIELDS.test(key) && typeof item === 'string' && item !== DEMO_USER.password;
    out[key] = secret ? `<${key}>` : redact(item);
  }
  return out;
}

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIME = /\d{4}-\d\d-\d\dT[\d:.]+Z/g;
/** A playback path's date and hour: the recording's current hour when recorded. */
const HOUR = /\/\d{4}-\d\d-\d\d\/\d\d\//g;
/** Any date the patterns above left (a timeline's `date` query): the day of the recording. */
const DATE = /\d{4}-\d\d-\d\d/g;

/** A request with the ids, times, days and hours a new recording makes afresh replaced. */
export function requestShape(request: OperationExample['request'] | undefined): string {
  return JSON.stringify(request)
    .replace(ID, '<id>')
    .replace(TIME, '<time>')
    .replace(HOUR, '/<date>/<hour>/')
    .replace(DATE, '<date>');
}

/**
 * @public scripts/openapi-examples.mjs bundles this module and calls it.
 * Whether two recordings show the same exchanges: the same operations, statuses and requests
 * but for ids, times and hours. Answers are not compared: they hold the recording's ids, times,
 * keys and the demo's running costs, new each time.
 */
export function sameRecording(
  a: Record<string, OperationExample>,
  b: Record<string, OperationExample>,
): boolean {
  const shape = (examples: Record<string, OperationExample>) =>
    JSON.stringify(
      Object.entries(examples).map(([id, { status, request }]) => [id, status, requestShape(request)]),
    );
  return shape(a) === shape(b);
}
