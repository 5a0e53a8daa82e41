import type { z } from 'zod';

// The endpoint's plain kinds live with the client's zod-free view of an endpoint; the contract
// declares them through this module as before.
import type { ApiName, AuthKind, HttpMethod, ResponseKind } from '../core/endpoint';

export type { ApiName, AuthKind, HttpMethod, ResponseKind };

export interface EndpointConfig {
  method: HttpMethod;
  /** Path template with `{param}` placeholders, e.g. `/api/v1/instances/{id}`. */
  path: string;
  summary: string;
  description?: string;
  /**
   * A call of the SDK's method for this endpoint, shown as the method's `@example`. Written
   * indented in a template literal; the common indent and the blank first and last lines go.
   * `test/endpoint-examples.test.ts` type-checks each against the SDK.
   */
  example?: string;
  /** Resource family (OpenAPI tag, permission family, CLI command group). */
  family: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Whether a body may be omitted entirely (e.g. function invoke). */
  bodyOptional?: boolean;
  /** For v1: the schema of `data`. For a list, the schema of one item. For v2: the whole body. */
  response: z.ZodType;
  /** A paged v1 list (`data` is an array, `meta` has page, per_page, total). */
  list?: boolean;
  status: 200 | 201 | 202 | 204;
  auth: AuthKind;
  /** Needs `X-Project-ID` (v1 resource routes). */
  project?: boolean;
  /** v2 scope the token must carry. */
  scope?: string;
  /**
   * v1 permission checked against the caller's role in the project, e.g. `compute:write`.
   * Defaults to `<family>:read` for GET and `<family>:write` otherwise on project routes.
   */
  permission?: string;
  responseKind?: ResponseKind;
  /**
   * The id of another operation this route duplicates (same body, same answer), such as
   * `POST /billing/budgets` beside `POST /budgets`: the server answers both, the SDK and the CLI
   * offer only that one.
   */
  sameAs?: string;
}

export type Endpoint<C extends EndpointConfig = EndpointConfig> = C & { readonly api: ApiName };

/** Whether `value` is an endpoint `endpoint()` declared, rather than a namespace holding some. */
export function isEndpoint(value: unknown): value is Endpoint {
  return !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'api' in value;
}

/** Declares one endpoint; the object is the single source for SDK, server, OpenAPI and msw. */
export function endpoint<const C extends EndpointConfig>(config: C): Endpoint<C> {
  const api: ApiName = config.path.startsWith('/api/v1')
    ? 'v1'
    : config.path.startsWith('/v2')
      ? 'v2'
      : 'mock';
  return Object.freeze({ ...config, api });
}

// zod's own `output` and `input` read the schema's `_zod` member alone. A guard such as
// `S extends z.ZodType` compares the whole class structurally instead: it cost a consumer's
// check some 75,000 type instantiations for one `client.call()` (test/consumer-types.test.ts).
type Infer<S> = z.output<S>;
type InferIn<S> = z.input<S>;

/** Path parameters an endpoint takes. */
export type ParamsOf<E extends EndpointConfig> = E['params'] extends z.ZodObject
  ? Infer<E['params']>
  : undefined;
/** Query a caller may send (before defaults). */
export type QueryOf<E extends EndpointConfig> = E['query'] extends z.ZodObject
  ? InferIn<E['query']>
  : undefined;
/** Body a caller may send (before defaults). */
export type BodyOf<E extends EndpointConfig> = E['body'] extends z.ZodType ? InferIn<E['body']> : undefined;
/** Body a handler receives (after defaults). */
export type ParsedBodyOf<E extends EndpointConfig> = E['body'] extends z.ZodType
  ? Infer<E['body']>
  : undefined;
export type ParsedQueryOf<E extends EndpointConfig> = E['query'] extends z.ZodObject
  ? Infer<E['query']>
  : undefined;
/** What a successful call yields: a record, or one item of a list. */
export type ResponseOf<E extends EndpointConfig> = Infer<E['response']>;

/** Fills `{name}` placeholders; values are URI-encoded. */
export function buildPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${key}" for ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The permission an endpoint needs on project routes. */
export function permissionOf(e: EndpointConfig): string | undefined {
  if (!e.project) return e.permission;
  return e.permission ?? `${e.family}:${e.method === 'GET' ? 'read' : 'write'}`;
}
