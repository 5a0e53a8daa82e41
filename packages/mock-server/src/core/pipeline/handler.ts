import type { Endpoint, ParamsOf, ParsedBodyOf, ParsedQueryOf, ResponseOf } from '@nimbus/sdk/contract';
import { isEndpoint } from '@nimbus/sdk/contract/define';
import type { Principal } from '../services/principal';
import type { Runtime } from '../services/runtime';
import type { RequestHead } from './request';

/** Everything a handler gets: parsed input, the caller, and the server's services. */
export interface Context<E extends Endpoint = Endpoint> {
  readonly request: RequestHead;
  readonly url: URL;
  readonly endpoint: E;
  readonly params: ParamsOf<E>;
  readonly query: ParsedQueryOf<E>;
  readonly body: ParsedBodyOf<E>;
  readonly requestId: string;
  /** Undefined on public routes. */
  readonly principal: Principal | undefined;
  /** The project of `X-Project-ID` (or the API key's), on project routes. */
  readonly projectId: string;
  /** The /v2 tenant of the token. */
  readonly tenantId: string;
  readonly runtime: Runtime;
  /** The simulated time of this request, ISO-8601: read once, the same on every call. */
  now(): string;
}

/** A page of a list before the core wraps it in the envelope. */
export interface ListResult<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

type Awaitable<T> = T | Promise<T>;

/**
 * What a handler answers. A list endpoint answers a page; 204 answers nothing; any
 * handler may answer a finished `Response` (playlists, metrics) that the core passes on.
 */
export type HandlerResult<E extends Endpoint> =
  // biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler returns nothing at all
  (E['list'] extends true ? ListResult<unknown> : E['status'] extends 204 ? void : ResponseOf<E>) | Response;

export type Handler<E extends Endpoint = Endpoint> = (ctx: Context<E>) => Awaitable<HandlerResult<E>>;

export type HandlerEntry = readonly [Endpoint, Handler];

/** A contract family: endpoints, and sub-resources holding theirs (`databases.replicas`). */
export interface EndpointTree {
  readonly [key: string]: Endpoint | EndpointTree;
}

/**
 * One handler per endpoint of a family, nested as the family nests its sub-resources. A
 * sub-resource may be left out here and bound in a module of its own
 * (`defineHandlers(v1.vpcs.subnets, ...)`); the app refuses an endpoint bound twice.
 */
export type HandlersOf<F> = {
  [K in keyof F as F[K] extends Endpoint ? K : never]: Handler<F[K] & Endpoint>;
} & {
  [K in keyof F as F[K] extends Endpoint ? never : K]?: HandlersOf<F[K]>;
};

/**
 * Binds a contract family to its handlers. The keys must match the family's endpoints and
 * sub-resources exactly, so a route cannot be left out by accident.
 *
 * @example
 * export const databaseHandlers = defineHandlers(v1.databases, {
 *   list: (ctx) => paginate(ctx, store.table(databases).list(ctx.projectId)),
 *   replicas: { create: (ctx) => ... },
 *   ...
 * });
 */
export function defineHandlers<F extends EndpointTree>(family: F, impl: HandlersOf<F>): HandlerEntry[] {
  return Object.keys(family).flatMap((key): HandlerEntry[] => {
    const node = family[key]!;
    const handler = (impl as Record<string, unknown>)[key];
    if (isEndpoint(node)) return [[node, handler as Handler]];
    return handler === undefined ? [] : defineHandlers(node, handler as HandlersOf<EndpointTree>);
  });
}

/** Applies `page` and `per_page` from the query to already ordered rows. */
export function paginate<T>(ctx: Context, rows: readonly T[]): ListResult<T> {
  const { page, per_page } = ctx.query as unknown as { page: number; per_page: number };
  const start = (page - 1) * per_page;
  return { items: rows.slice(start, start + per_page), total: rows.length, page, per_page };
}

/** Keeps rows whose fields equal every given filter (undefined filters are ignored). */
export function filterRows<T extends object>(
  rows: readonly T[],
  filters: Record<string, unknown>,
): readonly T[] {
  const active = Object.entries(filters).filter(
    ([key, v]) => v !== undefined && key !== 'page' && key !== 'per_page',
  );
  if (active.length === 0) return rows;
  return rows.filter((row) => active.every(([key, v]) => (row as Record<string, unknown>)[key] === v));
}
