import * as z from 'zod';
import { endpoint } from './define';
import { BooleanQuery } from './v1/compliance';
import { WebhookDelivery } from './v1/topics';
import { MockVideoTenantUpdateBody, VideoTenantPlan } from './v2/cameras';
import { MockVideoEventCreateBody, VideoEvent } from './v2/events';

/**
 * Control routes of the reference server (docs/decisions/0007-mock-control.md). Not part of either API:
 * bare JSON bodies. A server with a control token requires it on every one of them; without one,
 * it answers callers that are not web pages, and pages on loopback origins only.
 */
const base = { family: 'mock', auth: 'control' } as const;

export const ClockState = z.object({
  now: z.string().describe('Simulated time, ISO-8601'),
  offset_ms: z.number().describe('How far the simulated clock is ahead of real time'),
  frozen: z.boolean().describe('Whether simulated time stands still until advanced'),
});

/** Request methods a fault or a journal filter names; any case is accepted (`get`), matched upper case. */
const MethodName = z
  .string()
  .regex(/^(?:GET|POST|PUT|PATCH|DELETE)$/i, { error: 'must be GET, POST, PUT, PATCH or DELETE (any case)' })
  .describe('Only requests of this method: GET, POST, PUT, PATCH or DELETE (any case)');

/** What a fault matches and what it does; the object without refinements, so the answer can extend it. */
const FaultFields = z.object({
  method: MethodName.optional(),
  path: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe(
      'Exact path, a prefix ending in * (/api/v1/*), or a template whose {name} segments match any one segment (/api/v1/instances/{id})',
    ),
  query: z
    .record(z.string(), z.string())
    .optional()
    .describe('Query parameters the request must carry with these values (others may be there too)'),
  headers: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      'Headers the request must carry with these values (names in any case; others may be there too)',
    ),
  status: z.number().int().min(200).max(599).optional().describe('Status to answer instead of the route'),
  code: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('Error code of the answer, in the envelope of the API the path belongs to (default by status)'),
  message: z.string().min(1).max(1000).optional().describe('Error message of the answer'),
  body: z
    .string()
    .max(64 * 1024)
    .optional()
    .describe('A raw body to answer instead of the error envelope (malformed JSON, HTML from a proxy, ...)'),
  content_type: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Content type of `body` (default application/json)'),
  delay_ms: z.number().int().min(0).max(60_000).optional().describe('Wait this long before answering'),
  drop_connection: z
    .boolean()
    .optional()
    .describe('Answer nothing: the connection is closed (a fetch rejects with a network error)'),
  slow_body_ms: z
    .number()
    .int()
    .min(1)
    .max(60_000)
    .optional()
    .describe('Send the body in pieces over this many milliseconds (the status and headers at once)'),
  probability: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe('Chance (0 to 1) that a matching request meets the fault; 1 when omitted'),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional()
    .describe('Seed of the random draws of `probability`, so a run repeats; random when omitted'),
  times: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe('How many requests it applies to; unlimited when omitted'),
});

export const MockFaultCreateBody = FaultFields.superRefine((fault, ctx) => {
  const answer = (['code', 'message', 'body', 'content_type'] as const).filter((k) => fault[k] !== undefined);
  if (fault.status === undefined && answer.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['status'], message: `is required with ${answer.join(', ')}` });
  }
  if (fault.body !== undefined && (fault.code !== undefined || fault.message !== undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['body'],
      message: 'replaces the error envelope: not with code or message',
    });
  }
  if (fault.content_type !== undefined && fault.body === undefined) {
    ctx.addIssue({ code: 'custom', path: ['content_type'], message: 'is the type of body: give body too' });
  }
  if (fault.drop_connection && (fault.status !== undefined || fault.slow_body_ms !== undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['drop_connection'],
      message: 'answers nothing: not with status, body or slow_body_ms',
    });
  }
});

export const Fault = FaultFields.extend({
  id: z.string(),
  remaining: z.number().nullable().describe('Requests it still applies to; null when unlimited'),
});

/** How a proxied answer differs from the contract (`nimbus mock proxy`, docs/decisions/0021-mock-proxy.md). */
export const Divergence = z.object({
  operation: z.string().describe('Contract operation id, or `METHOD /path` for an unknown route'),
  check: z.enum(['status', 'envelope', 'schema', 'error-code', 'header', 'pagination', 'unknown-route']),
  path: z.string().describe('JSON path (`$.data.name`) or header name'),
  expected: z.string(),
  actual: z.string(),
  request_id: z.string().nullable().describe("The answer's X-Request-Id"),
});

/** One request as the server saw it (`GET /__mock/requests`), credentials replaced by `[redacted]`. */
export const RecordedRequest = z.object({
  request_id: z.string(),
  time: z.string().describe('Simulated time the request arrived, ISO-8601'),
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()).describe('Query parameters; a repeated key keeps its last value'),
  headers: z
    .record(z.string(), z.string())
    .describe('Request headers, lower case; Authorization, cookies and API keys redacted'),
  body: z
    .unknown()
    .describe(
      'The JSON body (password, secret and token fields redacted), the text of another body, or null',
    ),
  status: z.number().int().describe('Status the server answered; 0 when a fault dropped the connection'),
  duration_ms: z
    .number()
    .nonnegative()
    .describe('Time the server took to answer, in milliseconds of real time'),
  response: z
    .object({
      status: z.number().int(),
      headers: z.record(z.string(), z.string()).describe('Response headers, lower case; cookies redacted'),
      body: z
        .unknown()
        .describe(
          'The JSON body (fields the contract marks secret redacted), the text of another text body, a note of the size of a larger or binary one, or null',
        ),
    })
    .describe('What the server answered'),
  unknown_fields: z
    .array(z.string())
    .describe(
      'Body fields the contract does not declare, as paths (`disks.0.sise`); the Nimbus-Warning header names them',
    ),
  divergences: z
    .array(Divergence)
    .describe('How a proxied answer differs from the contract (`nimbus mock proxy`)'),
});

export const MockRequestListQuery = z.object({
  method: z
    .enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'])
    .optional()
    .describe('Only requests of this method'),
  path: z.string().min(1).max(500).optional().describe('Exact path, or a prefix ending in *'),
  status: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(100)
    .max(599)
    .optional()
    .describe('Only requests answered with this status'),
  divergent: BooleanQuery.optional().describe('true: only proxied answers that differ from the contract'),
  after: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe(
      'A request_id: only requests journaled after it (a page polling the log asks for what is new). When the journal no longer holds it, every matching request, with `cursor_lost: true`',
    ),
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1)
    .max(100_000)
    .optional()
    .describe(
      'At most this many requests, the oldest first: a reader pages through a full journal with `after` set to the last one it got',
    ),
});

export const MockRequestListResponse = z.object({
  items: z.array(RecordedRequest),
  journal_size: z
    .number()
    .int()
    .describe(
      'How many requests the journal keeps at most (the server option `journalSize`); older ones are dropped, and fewer are kept when their bodies pass 8 MiB',
    ),
  cursor_lost: z
    .boolean()
    .describe(
      'true when `after` named a request the journal no longer holds (dropped, or the log was cleared): items are every matching request',
    ),
});

export const MockStateExportQuery = z.object({
  include_secret: BooleanQuery.optional().describe(
    'true: the export carries the signing secret, so tokens issued before it stay valid after an import elsewhere',
  ),
});

/**
 * A delivery attempt as the control route shows it: the v1 record, and what was sent. The
 * signature is the HMAC of the subscription's secret over the body, not the secret.
 */
export const MockWebhookDelivery = WebhookDelivery.extend({
  payload: z.unknown().describe('The CloudEvent that was POSTed'),
  signature: z
    .string()
    .nullable()
    .describe('The X-Nimbus-Signature header sent (t=<unix seconds>,v1=<hex>); null when nothing was sent'),
});

export type MockWebhookDelivery = z.infer<typeof MockWebhookDelivery>;

export const QuotaLimits = z.record(z.string(), z.number().int().min(0).max(1_000_000_000));

/** Whether a bucket name is free: names are one namespace across every project. */
export const BucketNameAvailability = z.object({
  name: z.string(),
  available: z.boolean().describe('false when any project has a bucket of that name'),
});

export const mock = {
  dashboard: {
    retrieve: endpoint({
      family: 'mock',
      auth: 'control-page',
      method: 'GET',
      path: '/__mock/ui',
      summary:
        'A page to watch the request log and drive the server: faults, clock, state, webhooks, /v2 events',
      description:
        "The control routes' rules apply. With a control token, a browser passes it once in `?token=`; the page sends it on its own requests.",
      response: z.string().describe('text/html'),
      responseKind: 'text',
      status: 200,
    }),
  },
  reset: endpoint({
    ...base,
    method: 'POST',
    path: '/__mock/reset',
    summary: 'Empty the state and the request journal (the server secret and seed rules stay)',
    response: z.object({ ok: z.literal(true) }),
    status: 200,
  }),
  state: {
    export: endpoint({
      ...base,
      method: 'GET',
      path: '/__mock/state',
      summary: 'Export the whole state as JSON (secrets only as hashes; the signing secret only when asked)',
      query: MockStateExportQuery,
      response: z.record(z.string(), z.unknown()),
      status: 200,
    }),
    import: endpoint({
      ...base,
      method: 'PUT',
      path: '/__mock/state',
      summary: 'Replace the whole state (and the signing secret, when the export carries it)',
      body: z.record(z.string(), z.unknown()),
      response: z.object({ ok: z.literal(true) }),
      status: 200,
    }),
  },
  requests: {
    list: endpoint({
      ...base,
      method: 'GET',
      path: '/__mock/requests',
      summary: 'The request journal: recent API requests, oldest first (emptied by reset)',
      example: `const { data } = await client.mock.requests.list({ method: 'POST', path: '/api/v1/instances' });`,
      query: MockRequestListQuery,
      response: MockRequestListResponse,
      status: 200,
    }),
    clear: endpoint({
      ...base,
      method: 'DELETE',
      path: '/__mock/requests',
      summary: 'Empty the request journal (the state and faults stay)',
      response: z.void(),
      status: 204,
    }),
  },
  bucketNames: {
    retrieve: endpoint({
      ...base,
      method: 'GET',
      path: '/__mock/bucket-names/{name}',
      summary:
        'Whether a bucket name is free in any project (for dry runs: the API itself answers only by refusing a create)',
      params: z.object({ name: z.string().min(1).max(255).describe('Bucket name') }),
      response: BucketNameAvailability,
      status: 200,
    }),
  },
  clock: {
    retrieve: endpoint({
      ...base,
      method: 'GET',
      path: '/__mock/clock',
      summary: 'The simulated clock',
      response: ClockState,
      status: 200,
    }),
    advance: endpoint({
      ...base,
      method: 'POST',
      path: '/__mock/clock/advance',
      summary: 'Move the simulated clock forward; due lifecycles, billing and timers run',
      body: z.object({
        seconds: z
          .number()
          .min(0)
          .max(10 * 365 * 86_400),
      }),
      response: ClockState,
      status: 200,
    }),
    freeze: endpoint({
      ...base,
      method: 'POST',
      path: '/__mock/clock/freeze',
      summary: 'Stop or restart simulated time: frozen, nothing comes due until the clock is advanced',
      description:
        'Frozen, the simulated time stands still (every request sees the same instant) and only `POST /__mock/clock/advance` moves it; unfrozen, it runs on from where it stood. A reset or state import restarts it.',
      example: `
        await client.mock.clock.freeze({ frozen: true });
        await client.mock.clock.advance({ seconds: 3600 }); // exactly one hour later, and still
      `,
      body: z.object({ frozen: z.boolean().describe('true stops simulated time, false lets it run on') }),
      response: ClockState,
      status: 200,
    }),
  },
  faults: {
    create: endpoint({
      ...base,
      method: 'POST',
      path: '/__mock/faults',
      summary:
        'Inject a fault for matching requests: an error or raw answer, a delay, a dropped connection or a slow body',
      example: `
        await client.mock.faults.create({ method: 'get', path: '/api/v1/instances', status: 503, times: 2 });
        await client.mock.faults.create({ path: '/api/v1/instances/{id}', drop_connection: true, probability: 0.5, seed: 7 });
      `,
      body: MockFaultCreateBody,
      response: Fault,
      status: 201,
    }),
    list: endpoint({
      ...base,
      method: 'GET',
      path: '/__mock/faults',
      summary: 'The injected faults, in the order they are tried, with the uses they have left',
      example: `for await (const fault of client.mock.faults.list()) console.log(fault.id, fault.remaining);`,
      response: z.object({ items: z.array(Fault) }),
      status: 200,
    }),
    delete: endpoint({
      ...base,
      method: 'DELETE',
      path: '/__mock/faults/{id}',
      summary: 'Remove an injected fault',
      params: z.object({ id: z.string().min(1).max(100) }),
      response: z.void(),
      status: 204,
    }),
    clear: endpoint({
      ...base,
      method: 'DELETE',
      path: '/__mock/faults',
      summary: 'Remove every injected fault',
      response: z.void(),
      status: 204,
    }),
  },
  quotas: {
    update: endpoint({
      ...base,
      method: 'PUT',
      path: '/__mock/quotas/{project_id}',
      summary: "Change a project's quota limits",
      params: z.object({ project_id: z.uuid() }),
      body: z.object({
        limits: QuotaLimits.describe(
          'New limits by resource, e.g. instances=200 (instances, buckets, ...); the others keep theirs',
        ),
      }),
      response: z.object({ project_id: z.string(), limits: QuotaLimits }),
      status: 200,
    }),
  },
  webhookDeliveries: {
    list: endpoint({
      ...base,
      method: 'GET',
      path: '/__mock/webhooks/deliveries',
      summary: 'Every webhook delivery attempt of every project, oldest first',
      query: z.object({
        project_id: z.uuid().optional().describe('Only attempts of this project'),
        subscription_id: z.uuid().optional().describe('Only attempts of this subscription'),
      }),
      response: z.object({ items: z.array(MockWebhookDelivery) }),
      status: 200,
    }),
  },
  videoTenants: {
    update: endpoint({
      ...base,
      method: 'PUT',
      path: '/__mock/v2/tenants/{tenant_id}',
      summary: "Change a /v2 tenant's plan (camera_limit, features)",
      params: z.object({ tenant_id: z.uuid() }),
      body: MockVideoTenantUpdateBody,
      response: VideoTenantPlan,
      status: 200,
    }),
  },
  videoEvents: {
    create: endpoint({
      ...base,
      method: 'POST',
      path: '/__mock/v2/events',
      summary: 'Record a detection event as if the camera saw it (tenant from the camera)',
      body: MockVideoEventCreateBody,
      response: VideoEvent,
      status: 201,
    }),
  },
};
