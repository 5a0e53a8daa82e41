/**
 * What the client's public signatures know of a contract endpoint, with no import of zod: a
 * consumer's type check then never loads zod's declarations (test/consumer-types.test.ts counts
 * what it costs). The contract's endpoints (`contract/define.ts`) are this shape and more.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which of the two APIs an endpoint belongs to: they differ in envelopes and auth. */
export type ApiName = 'v1' | 'v2' | 'mock';

/**
 * How a caller proves who it is.
 * - `none`: public (register, login, refresh, health).
 * - `bearer`: `Authorization: Bearer <JWT>` (or `X-API-Key` on project-scoped v1 routes).
 * - `basic`: HTTP basic auth (`/v2/metrics`).
 * - `query-token`: a JWT in `?token=` (HLS playlists and segments).
 * - `control`: the reference server's control routes; `Authorization: Bearer <control token>`
 *   when the server has one.
 * - `control-page`: a control route a browser navigates to (the dashboard): the same rules,
 *   checked by its handler, and the control token may come in `?token=` too, since a navigation
 *   cannot send a header.
 */
export type AuthKind = 'none' | 'bearer' | 'basic' | 'query-token' | 'control' | 'control-page';

/** What a response body is on the wire: JSON, plain text, or bytes. */
export type ResponseKind = 'json' | 'text' | 'binary';

/**
 * A schema as the types see it: what parsing gives (`output`) and takes (`input`). zod's own
 * `z.output` and `z.input` read the same two members.
 */
export interface TypedSchema<Output = unknown, Input = unknown> {
  readonly _zod: { readonly output: Output; readonly input: Input };
}

/** An endpoint of the contract as `client.call()` and `client.list()` take it. */
export interface CallableEndpoint {
  readonly api: ApiName;
  readonly method: HttpMethod;
  readonly path: string;
  readonly status: number;
  readonly auth: AuthKind;
  readonly project?: boolean;
  readonly list?: boolean;
  readonly bodyOptional?: boolean;
  readonly responseKind?: ResponseKind;
  readonly params?: TypedSchema;
  readonly query?: TypedSchema;
  readonly body?: TypedSchema;
  readonly response: TypedSchema;
}

type Output<S> = S extends TypedSchema<infer O> ? O : undefined;
type Input<S> = S extends TypedSchema<unknown, infer I> ? I : undefined;

/** Path parameters an endpoint takes. */
export type ParamsOf<E extends CallableEndpoint> = Output<E['params']>;
/** Query a caller may send (before defaults). */
export type QueryOf<E extends CallableEndpoint> = Input<E['query']>;
/** Body a caller may send (before defaults). */
export type BodyOf<E extends CallableEndpoint> = Input<E['body']>;
/** What a successful call yields: a record, or one item of a list. */
export type ResponseOf<E extends CallableEndpoint> = Output<E['response']>;
