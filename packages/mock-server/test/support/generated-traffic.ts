import {
  type DocOperation,
  deref,
  documentOperations,
  type Json,
  publishedDocuments,
  SampleGenerator,
} from './openapi-samples';

/**
 * Sends every operation of the published documents with requests generated from them (see
 * openapi-samples.ts) to a running server, as a signed-in tenant. Path ids and the required ids
 * of bodies name resources created the same way first. Used by the OpenAPI request test and by
 * `npm run generate`, which keeps one 2xx exchange per operation as its example.
 */

export interface Outcome {
  id: string;
  status: number;
  request: { method: string; path: string; query?: Record<string, string>; body?: unknown };
  answer: unknown;
}

/** Who sends: the tenant's session, project and a workload token with every /v2 scope. */
export interface TrafficIdentity {
  baseUrl: string;
  accessToken: string;
  projectId: string;
  userId: string;
  workloadToken: string;
}

/** A request written by hand for one operation, sent instead of generated ones. */
export interface FixedRequest {
  /** Path parameters; those not given are filled as for generated requests. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Bearer token instead of the tenant's (a session of its own, for a logout). */
  token?: string;
}

/** What a fixed request is built from. */
export interface FixedRequestContext {
  identity: TrafficIdentity;
  /** A record of the collection at `template` (`/api/v1/vpcs`), created the first time it is asked for. */
  created(template: string): Promise<Json | null>;
  /** A setup request as the tenant, not recorded: the record answered (`data` of a v1 envelope). */
  call(method: string, path: string, body?: unknown, token?: string): Promise<Json>;
}

export interface TrafficOptions {
  /** Optional query parameters are sent at random (default), or never (`false`). */
  optionalQuery?: boolean;
  /** Values of top-level body fields by name, put in where the document accepts them. */
  fieldValues?: Record<string, unknown>;
  /**
   * Values of top-level body fields by operation id, put in where the document accepts them in
   * place of the generated optional fields, until the operation is answered 2xx.
   */
  operationFieldValues?: Record<string, Record<string, unknown>>;
  /** Requests written by hand, by operation id: sent once, also for NOT_GENERATED operations. */
  requests?: Record<string, (context: FixedRequestContext) => Promise<FixedRequest>>;
  /** Operations sent once more after the writes, before the deletes (lists, to show records). */
  reread?: (op: DocOperation) => boolean;
}

/** Path parameters named after the collection that creates them, where the path does not say it. */
const PARAM_COLLECTIONS: Record<string, string> = { cam: '/v2/api/cameras' };

/** Required body ids by field name: the collection whose records they name. */
const BODY_REFERENCES: Record<string, string> = {
  policy_id: '/api/v1/policies',
  resource_id: '/api/v1/instances',
  vpc_id: '/api/v1/vpcs',
  hub_id: '/api/v1/transit-hubs',
  vault_id: '/api/v1/backup-vaults',
};

/** Samples tried per operation until one answers 2xx. */
const MAX_TRIES = 12;

/** Operations never sent: they would end or need the session the others use. */
export const NOT_GENERATED: Record<string, string> = {
  'v1.auth.login': 'needs the password of a registered user',
  'v1.auth.refresh': 'needs a refresh token from a login',
  'v1.auth.logout': 'would end the session the other requests use',
};

/**
 * Operations that cannot answer 2xx to generated input, and why: they name other resources by id
 * in their body or path (a random uuid names none), or need a state the test does not build.
 * Every other operation must answer 2xx to at least one generated request.
 */
export const NO_2XX_FROM_GENERATED_INPUT: Record<string, string> = {
  'v1.projects.delegate': 'user_id names a member',
  'v1.anomalies.acknowledge': 'anomalies come from spend, not from a create',
  'v1.compliance.evaluate': 'names a policy assignment',
  'v1.compliance.forPolicy': 'names a policy with assignments',
  'v1.vpcPeerings.create': 'names two VPCs',
  'v1.vpnGateways.create': "its region must be the named VPC's (prose)",
  'v1.vpnGateways.configureBgp': 'needs a VPN gateway',
  'v1.vpnGateways.activateBgp': 'needs a VPN gateway',
  'v1.globalLoadBalancers.create': 'names regional load balancers',
  'v1.bandwidthPolicies.create': 'names a VPC or load balancer',
  'v1.bandwidthPolicies.update': 'needs a bandwidth policy',
  'v1.privateEndpoints.create': 'names a resource to expose',
  'v1.iam.bucketGrants.create': 'names a bucket and a member',
  'v1.iam.users.create': 'names a registered user and a role of the project',
  'v1.iam.keys.create': 'names a role of the project',
  'v1.metrics.query': 'resource_id names a resource',
  'v1.vpcs.subnets.create': 'the block must lie in the VPC range (prose)',
  'v2.playback.forEvent': 'needs a detection event',
  'v2.playback.timeline': 'needs recordings of the camera',
  'v2.playback.playlist': 'needs a recording at that date and hour',
  'v2.playback.segment': 'needs a recording at that date and hour',
  'v2.playback.snapshot': 'needs a recording at that date and hour',
};

export class GeneratedTraffic {
  readonly outcomes: Outcome[] = [];
  /** Operations not sent, with the reason (a parameter or body that could not be filled). */
  readonly skipped: Record<string, string> = {};
  readonly generators: Record<'v1' | 'v2', SampleGenerator>;
  /** Created records by collection path template (`/api/v1/vpcs/{id}/subnets`). */
  readonly #created = new Map<string, Json | null>();

  /** `seed` fixes the requests: the same seed and documents give the same traffic. */
  constructor(
    readonly identity: TrafficIdentity,
    seed = 17,
    readonly options: TrafficOptions = {},
  ) {
    this.generators = {
      v1: new SampleGenerator(publishedDocuments.v1, seed),
      v2: new SampleGenerator(publishedDocuments.v2, seed + 12),
    };
  }

  /**
   * Sends each operation `samples` times, and on until one answers 2xx (at most MAX_TRIES):
   * a sample may break a rule the document gives in prose. Operations still without a 2xx get
   * a second round, as later ones may have put their resource in the state they need (a stop
   * before a start). DELETEs go once, last, deepest first.
   */
  async run(samples: number): Promise<void> {
    for (const [name, doc] of Object.entries(publishedDocuments)) {
      const generator = this.generators[name as keyof typeof publishedDocuments];
      const ops = documentOperations(doc).filter((op) => !NOT_GENERATED[op.id] || this.#fixed(op));
      const writes = ops.filter((op) => op.method !== 'DELETE');
      for (const op of writes) await this.#sendUntil2xx(op, generator, samples);
      for (const op of writes.filter((op) => !this.#answered2xx(op.id))) {
        await this.#sendUntil2xx(op, generator, 1);
      }
      for (const op of writes.filter((op) => this.options.reread?.(op))) {
        await this.#sendUntil2xx(op, generator, 1, 1);
      }
      const depth = (op: DocOperation) => op.path.split('/').length;
      const deletes = ops.filter((op) => op.method === 'DELETE').sort((a, b) => depth(b) - depth(a));
      for (const op of deletes) await this.#sendUntil2xx(op, generator, 1, 1);
    }
  }

  async #sendUntil2xx(op: DocOperation, generator: SampleGenerator, samples: number, tries = MAX_TRIES) {
    // A fixed request sent again would only repeat itself (or conflict with its first copy).
    if (this.#fixed(op)) samples = tries = 1;
    for (let i = 0; i < samples || (!this.#answered2xx(op.id) && i < tries); i++) {
      const outcome = await this.#send(op, generator);
      if (typeof outcome === 'string') {
        this.skipped[op.id] = outcome;
        return;
      }
      delete this.skipped[op.id];
      this.outcomes.push(outcome);
    }
  }

  #fixed(op: DocOperation) {
    return this.options.requests?.[op.id];
  }

  #answered2xx(id: string): boolean {
    return this.outcomes.some((o) => o.id === id && o.status < 300);
  }

  async #send(op: DocOperation, generator: SampleGenerator): Promise<Outcome | string> {
    const { identity } = this;
    const fixed = await this.#fixed(op)?.(this.#context(op.doc, generator));
    const path = await this.#concretePath(op, generator, fixed?.params);
    if (path.startsWith('!')) return path.slice(1);
    const query: Record<string, string> = { ...fixed?.query };
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const parameter of fixed ? [] : (op.operation.parameters ?? [])) {
      const param = deref(op.doc, parameter);
      if (param.in !== 'query') continue;
      if (
        !param.required &&
        (this.options.optionalQuery === false || !generator.sample({ type: 'boolean' }))
      ) {
        continue;
      }
      const value = generator.sample(param.schema);
      if (value === undefined) return `no value of query parameter ${param.name}`;
      query[param.name] = String(value);
    }
    const security = op.operation.security?.[0] ?? {};
    if ('bearerAuth' in security) {
      headers.authorization = `Bearer ${op.id.startsWith('v2.') ? identity.workloadToken : identity.accessToken}`;
    }
    // The server's default metrics credentials (ServerConfig.metricsUser / metricsPassword).
    if ('basicAuth' in security) headers.authorization = `Basic ${btoa('metrics:metrics')}`;
    if ((op.operation.parameters ?? []).some((p: Json) => p.$ref === '#/components/parameters/ProjectId')) {
      headers.authorization = `Bearer ${identity.accessToken}`;
      headers['x-project-id'] = identity.projectId;
    }
    if (fixed?.token) headers.authorization = `Bearer ${fixed.token}`;
    let body: unknown;
    const bodySchema = op.operation.requestBody?.content?.['application/json']?.schema;
    if (bodySchema) {
      // An operation's own values go in until it has an answer: names are unique, a second copy conflicts.
      const given = this.#answered2xx(op.id) ? {} : this.options.operationFieldValues?.[op.id];
      body = fixed && 'body' in fixed ? fixed.body : await this.#body(op, bodySchema, generator, given);
      if (body === undefined) return 'no body the document accepts was generated';
      headers['content-type'] = 'application/json';
    }
    const url = new URL(`${identity.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    // The token of HLS playlists and segments is a credential: sent, not recorded.
    if ('queryToken' in security) url.searchParams.set('token', identity.workloadToken);
    const response = await fetch(url, {
      method: op.method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let answer: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) answer = JSON.parse(text);
    return {
      id: op.id,
      status: response.status,
      request: {
        method: op.method,
        path,
        ...(Object.keys(query).length > 0 && { query }),
        ...(body !== undefined && { body }),
      },
      answer,
    };
  }

  /** A generated body whose required ids name resources created for them. */
  async #body(
    op: DocOperation,
    schema: Json,
    generator: SampleGenerator,
    given: Json = {},
  ): Promise<unknown> {
    const body = generator.sample(schema);
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    const required = new Set<string>(deref(op.doc, schema).required ?? []);
    const filled: Json = { ...body };
    for (const field of Object.keys(filled)) {
      if (!required.has(field)) continue;
      if (field === 'project_id') filled[field] = this.identity.projectId;
      else if (field === 'user_id') filled[field] = this.identity.userId;
      else if (BODY_REFERENCES[field]) {
        const record = await this.#createdIn(BODY_REFERENCES[field], op.doc, generator);
        if (record) filled[field] = record.id;
      }
    }
    if (!generator.accepts(schema, filled)) return body;
    // An operation with values of its own sends them and its required fields, no generated option.
    let sent = filled;
    if (Object.keys(given).length > 0) {
      const own: Json = Object.fromEntries(Object.entries(filled).filter(([field]) => required.has(field)));
      Object.assign(own, given);
      if (generator.accepts(schema, own)) sent = own;
    }
    for (const [field, value] of Object.entries({ ...this.options.fieldValues, ...given })) {
      if (!(field in sent) && !(field in given)) continue;
      const had = field in sent;
      const before = sent[field];
      sent[field] = value;
      if (generator.accepts(schema, sent)) continue;
      if (had) sent[field] = before;
      else delete sent[field];
    }
    return sent;
  }

  #context(doc: Json, generator: SampleGenerator): FixedRequestContext {
    const { identity } = this;
    return {
      identity,
      created: (template) => this.#createdIn(template, doc, generator),
      async call(method, path, body, token) {
        const v1 = path.startsWith('/api/v1/');
        const response = await fetch(`${identity.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token ?? (v1 ? identity.accessToken : identity.workloadToken)}`,
            ...(v1 && { 'x-project-id': identity.projectId }),
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
        const answer = text ? JSON.parse(text) : {};
        return v1 && 'data' in answer ? answer.data : answer;
      },
    };
  }

  /** The path with its parameters filled, or `!reason` when a parameter cannot be. */
  async #concretePath(
    op: DocOperation,
    generator: SampleGenerator,
    given: Record<string, string> = {},
  ): Promise<string> {
    let path = op.path;
    for (const parameter of op.operation.parameters ?? []) {
      const param = deref(op.doc, parameter);
      if (param.in !== 'path') continue;
      const fixed = given[param.name];
      if (fixed !== undefined) {
        path = path.replace(`{${param.name}}`, encodeURIComponent(fixed));
        continue;
      }
      const template = PARAM_COLLECTIONS[param.name] ?? op.path.slice(0, op.path.indexOf(`/{${param.name}}`));
      let value: unknown;
      if (param.schema.format === 'uuid' || param.name === 'name') {
        const record = await this.#createdIn(template, op.doc, generator);
        if (!record) return `!no resource of ${template} could be created`;
        value = record[param.name] ?? record.id;
      } else {
        value = generator.sample(param.schema);
      }
      if (value === undefined) return `!no value of path parameter ${param.name}`;
      path = path.replace(`{${param.name}}`, encodeURIComponent(String(value)));
    }
    return path;
  }

  /** A record created by POST on `template` (its own parameters filled first), or null. */
  async #createdIn(template: string, doc: Json, generator: SampleGenerator): Promise<Json | null> {
    if (this.#created.has(template)) return this.#created.get(template)!;
    this.#created.set(template, null);
    const create = documentOperations(doc).find((op) => op.method === 'POST' && op.path === template);
    if (!create) return null;
    // A fixed request, or one with values of its own, made the record to use (it is not sent again).
    const once = this.#fixed(create) || this.options.operationFieldValues?.[create.id];
    const made = once && this.outcomes.find((o) => o.id === create.id && o.status < 300);
    if (made) {
      const record = doc === publishedDocuments.v1 ? (made.answer as Json).data : made.answer;
      this.#created.set(template, record);
      return record;
    }
    for (let i = 0; i < 10; i++) {
      const outcome = await this.#send(create, generator);
      if (typeof outcome === 'string') return null;
      this.outcomes.push(outcome);
      if (outcome.status >= 200 && outcome.status < 300) {
        const answer = outcome.answer as Json;
        const record = doc === publishedDocuments.v1 ? answer.data : answer;
        this.#created.set(template, record);
        return record;
      }
    }
    return null;
  }
}
