import { operationExamples, pathValues } from '../openapi/examples';
import type { PlannedOperation } from './plan';

/**
 * Valid input for each operation: the request of its recorded example (the one the OpenAPI
 * documents show, `npm run generate`), with every id in it replaced by the id of a record
 * this run made in the same collection. Which collection an id of an example belongs to is read
 * from the examples themselves (the path it stands in, the create that answered it), or from the
 * field that holds it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A record slot: a collection's path template, `#2` for a second record of it. */
export type Slot = string;

/** Fields whose id names a record of a collection, where no example shows which. */
const FIELD_SLOTS: Record<string, Slot> = {
  vault_id: '/api/v1/backup-vaults',
  resource_id: '/api/v1/instances',
  load_balancer_id: '/api/v1/load-balancers',
  subnet_id: '/api/v1/vpcs/{id}/subnets',
  hub_id: '/api/v1/transit-hubs',
  vpc_id: '/api/v1/vpcs',
  policy_id: '/api/v1/policies',
  peer_vpc_id: '/api/v1/vpcs#2',
};

/** Path parameters whose collection the path does not say. */
const PARAM_SLOTS: Record<string, Slot> = {
  cam: '/v2/api/cameras',
  policyId: '/api/v1/assignments',
  metricId: '/api/v1/provisioning-metrics',
};

/** Bodies of creates whose example would clash with another record's rule (address ranges). */
export const CREATE_BODIES: Record<Slot, (suffix: string) => Record<string, unknown>> = {
  '/api/v1/vpcs': (suffix) => ({ name: `verify-net-${suffix}`, region: 'hn', cidr: '10.20.0.0/16' }),
  '/api/v1/vpcs#2': (suffix) => ({ name: `verify-peer-${suffix}`, region: 'hcm', cidr: '10.30.0.0/16' }),
  '/api/v1/vpcs/{id}/subnets': (suffix) => ({
    name: `verify-app-${suffix}`,
    cidr: '10.20.1.0/24',
    zone: 'hn-a',
  }),
  '/api/v1/buckets': (suffix) => ({ name: `nimbus-verify-${suffix}`, region: 'hn' }),
  '/v2/api/cameras': (suffix) => ({
    name: `verify-${suffix}`,
    rtsp_url: 'rtsp://camera.invalid:554/stream',
    features: ['person', 'vehicle'],
    record: true,
  }),
};

/** Which slot each id in the examples names. */
let owners: Map<string, Slot> | undefined;

function exampleOwners(routes: readonly PlannedOperation[]): Map<string, Slot> {
  if (owners) return owners;
  owners = new Map();
  for (const op of routes) {
    const example = operationExamples[op.id];
    if (!example) continue;
    for (const [name, value] of Object.entries(pathValues(op.endpoint.path, example.request.path))) {
      if (UUID.test(value)) owners.set(value, paramSlot(op.endpoint.path, name));
    }
    if (op.kind === 'create') {
      const answer = example.response as { data?: { id?: string }; id?: string } | undefined;
      const id = answer?.data?.id ?? answer?.id;
      if (id) owners.set(id, op.endpoint.path);
    }
  }
  return owners;
}

/** The collection a path parameter names a record of. */
export function paramSlot(template: string, name: string): Slot {
  return PARAM_SLOTS[name] ?? template.slice(0, template.indexOf(`/{${name}}`));
}

/** What a request is built from: the run's own ids, and records made on demand. */
export interface FixtureContext {
  projectId: string;
  /** Who a `user_id` names: the second user, a member of the project once added, else the caller. */
  memberId: string;
  /** A record of `slot`, made the first time it is asked for; null when it cannot be made. */
  record(slot: Slot): Promise<Record<string, unknown> | null>;
  /** A unique suffix of this run, for names that must be unique on the whole deployment. */
  suffix: string;
  /** The email of the second user, whom the run adds to its project (`iam.users.create`). */
  memberEmail: string | undefined;
}

export interface RequestInput {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** Thrown where a request cannot be built: the operation is skipped with the reason. */
export class FixtureUnavailable extends Error {
  override readonly name = 'FixtureUnavailable';
}

/** The example's request for `op` with the run's ids in it; `slot` picks a second record's body. */
export async function validInput(
  op: PlannedOperation,
  routes: readonly PlannedOperation[],
  context: FixtureContext,
  slot: Slot = op.endpoint.path,
): Promise<RequestInput> {
  const example = operationExamples[op.id];
  const fixed = op.kind === 'create' ? CREATE_BODIES[slot] : undefined;
  if (!example && !fixed) throw new FixtureUnavailable('the contract has no example request for it');
  const known = exampleOwners(routes);
  const template = op.endpoint.path;
  const values = example ? pathValues(template, example.request.path) : {};
  let path = template;
  for (const name of template.match(/\{(\w+)\}/g)?.map((m) => m.slice(1, -1)) ?? []) {
    const value = values[name];
    let filled: string | undefined;
    if (name === 'name' || (value !== undefined && UUID.test(value)) || PARAM_SLOTS[name]) {
      const record = await context.record(paramSlot(template, name));
      if (!record) throw new FixtureUnavailable(`no record of ${paramSlot(template, name)} could be made`);
      filled = String(record[name === 'policyId' ? 'policy_id' : name] ?? record.id);
    } else {
      filled = value;
    }
    if (filled === undefined || filled === '') throw new FixtureUnavailable(`no value for {${name}}`);
    path = path.replace(`{${name}}`, encodeURIComponent(filled));
  }
  const substitute = async (value: unknown, key?: string): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map((item) => substitute(item, key)));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = await substitute(v, k);
      return out;
    }
    if (key === 'bucket_name') return (await context.record('/api/v1/buckets'))?.name ?? value;
    if (key === 'email' && context.memberEmail) return context.memberEmail;
    if (typeof value !== 'string' || !UUID.test(value)) return value;
    if (key === 'project_id') return context.projectId;
    if (key === 'user_id') return context.memberId;
    const owner = (key && FIELD_SLOTS[key]) ?? known.get(value);
    if (!owner) throw new FixtureUnavailable(`no collection is known for the id in ${key ?? 'the body'}`);
    const record = await context.record(owner);
    if (!record) throw new FixtureUnavailable(`no record of ${owner.replace('#2', '')} could be made`);
    return record.id;
  };
  const sendsBody = op.endpoint.method !== 'GET' && op.endpoint.method !== 'DELETE';
  const body = !sendsBody
    ? undefined
    : fixed
      ? fixed(context.suffix)
      : await substitute(example?.request.body);
  const query = example?.request.query
    ? ((await substitute(example.request.query)) as Record<string, string>)
    : undefined;
  return { path, ...(query && { query }), ...(body !== undefined && { body }) };
}
