import { type Endpoint, type Operation, operations } from '@nimbus/sdk/contract';
import { PageMeta, V1Error, V2Error } from '@nimbus/sdk/contract/common';
import { permissionOf } from '@nimbus/sdk/contract/define';
import * as z from 'zod';
import { VERSION } from '../version';
import { type OperationExample, operationExamples, pathValues } from './examples';
import { mediaTypeOf } from './media-type';
import { ComponentSchemas, inlineSchema, isJsonResponse, type JsonSchema } from './schemas';
import { openApiSection } from './section';

/** Which document: the cloud platform (`/api/v1`) or video management (`/v2`). */
export type OpenApiName = 'v1' | 'v2';

export type OpenApiDocument = Record<string, unknown> & { openapi: '3.1.0'; paths: Record<string, unknown> };

const INFO: Record<OpenApiName, { title: string; description: string }> = {
  v1: {
    title: 'Nimbus Cloud Platform API',
    description:
      'The /api/v1 resources. Every answer is an envelope: `{ success: true, data, meta }` (lists add ' +
      '`meta.page`, `per_page`, `total`), errors `{ success: false, error: { code, message, details } }`. ' +
      'Project resources need `X-Project-ID` with a bearer token, or an API key (`X-API-Key`) bound to the project.',
  },
  v2: {
    title: 'Nimbus Video Management API',
    description:
      'The /v2 video service: bare JSON bodies, errors `{ error: { code, message, details } }`. Calls take a ' +
      'workload token (`POST /api/v1/auth/workload-token`) whose scopes are listed on each operation; HLS ' +
      'playlists and segments take it as `?token=`. Live detections stream over the WebSocket `/v2/ws/events?token=`.',
  },
};

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Access or workload token',
  },
  apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A project API key' },
  basicAuth: { type: 'http', scheme: 'basic', description: 'The server metrics credentials' },
  queryToken: { type: 'apiKey', in: 'query', name: 'token', description: 'A workload token, for players' },
} as const;

/** Error responses, by component name: the status each stands for is where operations use them. */
const ERRORS = {
  BadRequest: 'Invalid input: VALIDATION_ERROR names each field in `details` (`body.name`, `query.page`)',
  Unauthorized: 'Missing, expired or invalid credentials',
  Forbidden: 'Not allowed: project not accessible, role, scope, quota or policy',
  NotFound: 'No such resource (also for the id of another project)',
  ClientError: 'Another client error: 409 conflict or invalid state, 413, 415, 429 (see Retry-After)',
} as const;

/** `meta` of a v1 answer that is not a list. */
const ResponseMeta = z.object({ request_id: z.string().describe('Also in the X-Request-Id header') });

let components: ComponentSchemas | undefined;
const built = new Map<OpenApiName, OpenApiDocument>();

/**
 * The OpenAPI 3.1 document of one API, generated from the contract. Pure (no I/O): the server
 * serves it and `npm run generate` writes it to `openapi/`. With `tags`, only the operations of
 * those tags and the components they use (the reference page loads one section at a time).
 *
 * @example
 * const doc = openApiDocument('v1', { serverUrl: 'http://127.0.0.1:4010' });
 * const compute = openApiDocument('v1', { tags: ['compute'] });
 */
export function openApiDocument(
  name: OpenApiName,
  options: { serverUrl?: string; tags?: readonly string[] } = {},
): OpenApiDocument {
  let doc = built.get(name);
  if (!doc) {
    doc = build(name);
    built.set(name, doc);
  }
  const section = options.tags ? openApiSection(doc, options.tags) : doc;
  return { ...section, servers: [{ url: options.serverUrl ?? 'http://127.0.0.1:4010' }] };
}

function build(name: OpenApiName): OpenApiDocument {
  const all = operations();
  components ??= new ComponentSchemas(
    all.filter((op) => /^v[12]\./.test(op.id)),
    { ResponseMeta, PageMeta, V1Error, V2Error },
  );
  const schemas = components;
  const ops = all.filter((op) => op.id.startsWith(`${name}.`));
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: string[] = [];
  const schemes = new Set<keyof typeof SECURITY_SCHEMES>();
  for (const op of ops) {
    const { endpoint } = op;
    if (!tags.includes(endpoint.family)) tags.push(endpoint.family);
    const security = securityOf(endpoint);
    for (const requirement of security)
      for (const key of Object.keys(requirement)) schemes.add(key as keyof typeof SECURITY_SCHEMES);
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operation(op, schemas, security);
  }
  const errorSchema = schemas.outputRef(name === 'v1' ? V1Error : V2Error);
  const responses = Object.fromEntries(
    Object.entries(ERRORS).map(([key, description]) => [
      key,
      { description, content: { 'application/json': { schema: errorSchema } } },
    ]),
  );
  const { schemas: componentSchemas, rename } = schemas.finish([paths, responses]);
  return {
    openapi: '3.1.0',
    info: { ...INFO[name], version: VERSION, license: { name: 'MIT', identifier: 'MIT' } },
    tags: tags.map((tag) => ({ name: tag })),
    paths: rename(paths),
    components: {
      schemas: componentSchemas,
      responses: rename(responses),
      parameters: usedParameters(paths),
      securitySchemes: Object.fromEntries([...schemes].sort().map((key) => [key, SECURITY_SCHEMES[key]])),
    },
  };
}

/** Header parameters shared by operations, by component name. */
const SHARED_PARAMETERS = {
  ProjectId: {
    name: 'X-Project-ID',
    in: 'header',
    required: false,
    description: 'The project (UUID). Required with a bearer token; an API key implies its project.',
    schema: { type: 'string', format: 'uuid' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'Replays of the same key and body answer the first result instead of acting twice',
    schema: { type: 'string', maxLength: 255 },
  },
} as const;

/** The shared parameters some operation of `paths` refers to (the video API has no project header). */
function usedParameters(paths: unknown): Partial<typeof SHARED_PARAMETERS> {
  const text = JSON.stringify(paths);
  return Object.fromEntries(
    Object.entries(SHARED_PARAMETERS).filter(([name]) => text.includes(`"#/components/parameters/${name}"`)),
  );
}

function operation(op: Operation, schemas: ComponentSchemas, security: Record<string, string[]>[]) {
  const { endpoint } = op;
  const permission = permissionOf(endpoint);
  const notes = [
    endpoint.description,
    endpoint.list ? 'Paged: `page` and `per_page` (1..100) in the query, totals in `meta`.' : undefined,
    permission ? `Permission: \`${permission}\`.` : undefined,
    endpoint.scope ? `Scope: \`${endpoint.scope}\`.` : undefined,
  ].filter(Boolean);
  const example = operationExamples[op.id];
  return {
    operationId: op.id,
    tags: [endpoint.family],
    summary: endpoint.summary,
    ...(notes.length > 0 && { description: notes.join('\n\n') }),
    parameters: parameters(endpoint, example),
    ...(endpoint.body && {
      requestBody: {
        required: !endpoint.bodyOptional,
        content: {
          'application/json': {
            schema: schemas.inputRef(endpoint.body),
            ...(example?.request.body !== undefined && recorded(example.request.body)),
          },
        },
      },
    }),
    responses: {
      [String(endpoint.status)]: success(endpoint, schemas, example),
      ...errorResponses(endpoint),
    },
    security,
  };
}

/** An `examples` entry holding a recorded exchange. */
function recorded(value: unknown) {
  return { examples: { recorded: { summary: 'Recorded from the reference server', value } } };
}

function parameters(endpoint: Endpoint, example: OperationExample | undefined): unknown[] {
  const out: unknown[] = [];
  const values = {
    path: example ? pathValues(endpoint.path, example.request.path) : {},
    query: example?.request.query ?? {},
  };
  const add = (schema: z.ZodObject | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = inlineSchema(schema, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = property;
      const value = values[where][name];
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' && { description }),
        schema: rest,
        ...(value !== undefined && {
          example: rest.type === 'integer' || rest.type === 'number' ? Number(value) : value,
        }),
      });
    }
  };
  add(endpoint.params, 'path');
  add(endpoint.query, 'query');
  if (endpoint.project) out.push({ $ref: '#/components/parameters/ProjectId' });
  if (endpoint.method === 'POST' && endpoint.api !== 'mock') {
    out.push({ $ref: '#/components/parameters/IdempotencyKey' });
  }
  return out;
}

function success(
  endpoint: Endpoint,
  schemas: ComponentSchemas,
  example: OperationExample | undefined,
): unknown {
  const description = endpoint.summary;
  if (endpoint.status === 204) return { description };
  const sample = example?.response !== undefined && recorded(example.response);
  if (!isJsonResponse(endpoint)) {
    const media = mediaTypeOf(endpoint);
    const binary = endpoint.responseKind === 'binary';
    return {
      description,
      content: {
        [media]: {
          schema: binary ? { type: 'string', contentMediaType: media } : { type: 'string' },
          ...(!binary && sample),
        },
      },
    };
  }
  const data = schemas.outputRef(endpoint.response);
  let schema: JsonSchema = data;
  if (endpoint.api === 'v1') {
    schema = {
      type: 'object',
      required: ['success', 'data', 'meta'],
      properties: {
        success: { const: true },
        data: endpoint.list ? { type: 'array', items: data } : data,
        meta: schemas.outputRef(endpoint.list ? PageMeta : ResponseMeta),
      },
      additionalProperties: false,
    };
  }
  return { description, content: { 'application/json': { schema, ...sample } } };
}

function errorResponses(endpoint: Endpoint): Record<string, unknown> {
  const ref = (name: keyof typeof ERRORS) => ({ $ref: `#/components/responses/${name}` });
  return {
    ...((endpoint.params || endpoint.query || endpoint.body || endpoint.project) && {
      '400': ref('BadRequest'),
    }),
    ...(endpoint.auth !== 'none' && { '401': ref('Unauthorized') }),
    ...((endpoint.project || endpoint.scope || endpoint.permission) && { '403': ref('Forbidden') }),
    ...(endpoint.params && { '404': ref('NotFound') }),
    '4XX': ref('ClientError'),
  };
}

function securityOf(endpoint: Endpoint): Record<string, string[]>[] {
  const scopes = endpoint.scope ? [endpoint.scope] : [];
  switch (endpoint.auth) {
    case 'none':
    case 'control':
    case 'control-page':
      return [];
    case 'basic':
      return [{ basicAuth: [] }];
    case 'query-token':
      return [{ queryToken: scopes }];
    case 'bearer':
      return endpoint.project ? [{ bearerAuth: [] }, { apiKeyAuth: [] }] : [{ bearerAuth: scopes }];
  }
}
