import type { Operation } from '@nimbus/sdk/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import { LOOPBACK_WEBHOOK, paramValue, QUIET_EVENT_TYPES, RTSP_URL } from './creators';
import { paramNames, type RouteInput, sourceOf } from './routes';
import { arbitraryOf, queryArbitraryOf } from './zod-arbitrary';

/** Body and query fields that name another record, and the creator of the record they name. */
const REFERENCES: Record<string, string> = {
  vpc_id: 'v1.vpcs.create',
  peer_vpc_id: 'v1.vpcs.create',
  hub_id: 'v1.transitHubs.create',
  subnet_id: 'v1.vpcs.subnets.create',
  policy_id: 'v1.policies.create',
  vault_id: 'v1.backupVaults.create',
  load_balancer_id: 'v1.loadBalancers.create',
  topic_id: 'v1.topics.create',
  resource_group_id: 'v1.resourceGroups.create',
  replica_id: 'v1.databases.replicas.create',
  resource_id: 'v1.instances.create',
  camera_id: 'v2.cameras.create',
  subscription_id: 'v1.topics.subscriptions.create',
};

/**
 * Known-good values for fields guarded by refinements that random strings never meet (cron
 * lines, webhook URLs, policy rules, RTSP URLs, private ASNs, CIDRs in rules), and real ids for
 * fields that name another record. Event types are pinned to a type no platform event has, so
 * subscriptions made by the fuzzer receive nothing and no webhook traffic runs in the background.
 */
export function validHints(
  made: ReadonlyMap<string, Record<string, unknown>>,
  tenant: { projectId: string; userId: string; email: string; password: string },
): Record<string, fc.Arbitrary<unknown>> {
  const mostly = (value: string, otherwise: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 3, arbitrary: fc.constant(value) }, otherwise);
  const references = Object.entries(REFERENCES).flatMap(([field, op]) => {
    const record = made.get(op);
    return record ? [[field, mostly(String(record.id), fc.uuid({ version: 4 }))] as const] : [];
  });
  return {
    ...Object.fromEntries(references),
    schedule: fc.constantFrom('0 2 * * *', '*/15 * * * *', '30 4 * * 1-5'),
    webhook_url: fc.constantFrom(LOOPBACK_WEBHOOK, 'http://localhost:9/events'),
    event_types: fc.constantFrom(QUIET_EVENT_TYPES, 'reliability.*'),
    definition: fc.constantFrom(
      '{"if":{"field":"name","equals":"never-matches"}}',
      '{"if":{"allOf":[{"field":"region","equals":"zz"},{"field":"name","like":"never-*"}]}}',
    ),
    asn: fc.integer({ min: 64512, max: 65534 }),
    // A fault's method is checked by a pattern random strings never meet; the upper-case names
    // also pass the request journal's method filter.
    method: fc.constantFrom('GET', 'POST', 'DELETE'),
    // A fault's fields exclude each other (a raw body and its type, or a code and message; a
    // dropped connection, or a status): each mostly left out, so every shape can be met.
    body: fc.option(fc.string({ maxLength: 40 }), { nil: undefined, freq: 3 }),
    content_type: fc.option(fc.constant('text/html'), { nil: undefined, freq: 3 }),
    drop_connection: fc.option(fc.boolean(), { nil: undefined, freq: 3 }),
    interval: fc.constantFrom(60, 300, 3600),
    source: fc.constantFrom('10.0.0.0/16', '0.0.0.0/0', '2001:db8::/32'),
    destination: fc.constantFrom('10.1.0.0/16', '0.0.0.0/0'),
    rtsp_url: fc.constantFrom(RTSP_URL, 'rtsps://cam.example.com/live', 'rtsp://10.0.0.7/stream'),
    project_id: mostly(tenant.projectId, fc.uuid({ version: 4 })),
    user_id: mostly(tenant.userId, fc.uuid({ version: 4 })),
    email: mostly(tenant.email, fc.stringMatching(/^[a-z]{1,8}@[a-z]{2,8}\.com$/)),
    password: mostly(tenant.password, fc.string({ minLength: 8, maxLength: 40 })),
    role: fc.oneof(fc.constantFrom('viewer', 'editor', 'owner'), fc.string({ minLength: 1, maxLength: 20 })),
    bucket_name: mostly(
      String(made.get('v1.buckets.create')?.name),
      fc.string({ minLength: 3, maxLength: 20 }),
    ),
  };
}

/** Whether `value` passes `schema` (undefined schema: there is nothing to pass). */
export function passes(schema: z.ZodType | undefined, value: unknown): boolean {
  return !schema || schema.safeParse(value).success;
}

/** A raw body as the server reads it: JSON without `__proto__` keys, `{}` when empty and optional. */
function bodyOf(op: Operation, input: RouteInput): unknown {
  let body = input.body;
  if (input.rawBody !== undefined) {
    try {
      body = JSON.parse(input.rawBody, (key, value) => (key === '__proto__' ? undefined : value));
    } catch {
      return Symbol('not JSON');
    }
  }
  return body === undefined && op.endpoint.bodyOptional ? {} : body;
}

/** Whether the contract accepts an input as a whole: path, query and body. */
export function contractAccepts(op: Operation, input: RouteInput): boolean {
  const e = op.endpoint;
  const body = bodyOf(op, input);
  return passes(e.params, input.params ?? {}) && passes(e.query, input.query ?? {}) && passes(e.body, body);
}

/**
 * Path, query and body of `op` generated from its schemas. Path parameters mostly name a real
 * record of the tenant (from `made`), sometimes a generated value (usually a 404).
 */
export function inputArbitrary(
  op: Operation,
  made: ReadonlyMap<string, Record<string, unknown>>,
  hints: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<RouteInput> {
  const e = op.endpoint;
  const params: Record<string, fc.Arbitrary<string>> = {};
  const shape = (e.params?.shape ?? {}) as Record<string, z.ZodType>;
  for (const name of paramNames(e)) {
    const generated = shape[name]
      ? (arbitraryOf(shape[name], { hints }) as fc.Arbitrary<string>)
      : fc.string();
    const source = sourceOf(op, name);
    const record = source ? made.get(source) : undefined;
    params[name] = record
      ? fc.oneof({ weight: 4, arbitrary: fc.constant(paramValue(name, record)) }, generated.map(String))
      : generated.map(String);
  }
  return fc.record({
    params: fc.record(params),
    query: e.query ? queryArbitraryOf(e.query, { hints }) : fc.constant({}),
    body: e.body
      ? e.bodyOptional
        ? fc.option(arbitraryOf(e.body, { hints }), { nil: undefined })
        : arbitraryOf(e.body, { hints })
      : fc.constant(undefined),
  });
}
