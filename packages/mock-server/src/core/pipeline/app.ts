import { ErrorCode } from '@nimbus/sdk/contract/common';
import { OPERATION_ROUTES } from '@nimbus/sdk/contract/generated/operation-routes';
import type { Store } from '../../store/store';
import { resolveConfig, type ServerConfig } from '../services/config';
import type { Faults } from '../services/faults';
import { IdempotencyCache } from '../services/idempotency';
import { RateLimiter } from '../services/rate-limit';
import { Runtime } from '../services/runtime';
import { loadHashes } from '../services/secrets';
import { type BoundOperation, Families, type FamilyModule, type LazyFamily } from './families';
import { HandlerContext } from './handler-context';
import { HttpError } from './http-error';
import { QueryParser } from './query-parser';
import {
  type BufferedRequest,
  bufferedRequest,
  type CoreRequest,
  isBuffered,
  isWrite,
  type Reply,
  type RequestHead,
  toResponse,
} from './request';
import { RequestTarget } from './request-target';
import { apiOfPath, errorReply, internalError } from './respond';
import { Router } from './router';
import { authenticate } from './stages/auth';
import { authorizeControl } from './stages/control';
import { corsAllowed, isPreflight, preflightReply, withCommonHeaders } from './stages/cors';
import { applyFault } from './stages/fault';
import { parseInput } from './stages/input';
import { type OriginStanding, originStanding, refusalOf } from './stages/origin-policy';
import { limitRate } from './stages/rate-limit';
import { routeOf } from './stages/route';
import { runHandler } from './stages/run-handler';
import { authorizeProject, authorizeTenant } from './stages/tenancy';
import { checkUnknownFields, withUnknownFieldsWarning } from './stages/unknown-fields';
import { requireWritableStore } from './stages/writable-store';

export type { FamilyModule, LazyFamily };

export interface App {
  /** The whole server as a Fetch API handler. */
  fetch(request: Request): Promise<Response>;
  /** `fetch` without the Fetch objects: what the Node server calls (a buffered body in, a reply out). */
  handle(request: CoreRequest): Promise<Reply>;
  readonly runtime: Runtime;
  readonly faults: Faults;
  /** Contract operations that have a family, by id. */
  readonly handled: ReadonlySet<string>;
  /** The families: a lazy one loads on the first request for one of its operations. */
  readonly families: Families;
  /**
   * Settles once the server may answer: at once for an empty store; for one that holds records
   * (a state file), once every family is loaded and its pending transitions are armed again.
   * Requests wait for it.
   */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the server core: a function from a `Request` to a `Response` over a store.
 * Routing, validation, auth, tenancy and envelopes all come from the contract.
 */
export function createApp(options: {
  store: Store;
  families: readonly (FamilyModule | LazyFamily)[];
  config?: Partial<ServerConfig>;
}): App {
  const config = resolveConfig(options.config);
  const runtime = new Runtime(options.store, config);
  const faults = runtime.faults;
  const idempotency = new IdempotencyCache();
  const limiter = config.rateLimitPerMinute ? new RateLimiter(config.rateLimitPerMinute) : undefined;
  // A reset or import starts over: no replay of an answer from the old state, no old counts.
  runtime.store.onReplaced(() => {
    idempotency.clear();
    limiter?.clear();
  });
  const families = new Families(options.families, runtime);
  runtime.loadAllFamilies = () => families.loadAll();
  const router = new Router(OPERATION_ROUTES.filter(([id]) => families.handled.has(id)));
  const queries = new QueryParser();
  // Records may have pending transitions, and a durable state may be replaced by an outside
  // edit: every family loads first (their transitions' listeners, schedules and hooks), as it
  // does before a state import (mock/control.ts). An empty in-memory store loads each on use.
  const lazy = !runtime.store.durable && runtime.store.isEmpty();
  const ready = Promise.all([lazy ? undefined : families.loadAll(), loadHashes()]).then(() =>
    runtime.lifecycle.resume(),
  );

  async function handle(input: CoreRequest): Promise<Reply> {
    // The body first, before anything is awaited (see bufferedRequest); the journal keeps it too.
    const request = isBuffered(input) ? input : await bufferedRequest(input, config.maxBodyBytes);
    await ready;
    const started = performance.now();
    const target = new RequestTarget(request.url);
    const requestId = requestIdOf(request);
    const api = apiOfPath(target.pathname);
    const arrivedAt = runtime.clock.now();
    let route = 'unmatched';
    let response: Reply;
    // The request's own host matters only to a page's request (same origin or not): the URL of
    // one without an Origin header is not parsed for it.
    const pageOrigin = request.headers.get('origin');
    const host = pageOrigin === null ? '' : (request.headers.get('host') ?? target.url.host);
    const origin = originStanding(pageOrigin, host, config.corsOrigins);
    try {
      runtime.clock.runDue();
      const refusal = refusalOf(request.headers, host, config);
      if (refusal) {
        response = errorReply(api, refusal);
      } else if (isPreflight(request)) {
        response = preflightReply(request);
      } else {
        const found = routeOf(router, request, target);
        route = found.path;
        const bound = families.operation(found.id);
        const operation = bound instanceof Promise ? await bound : bound;
        response = await dispatch(request, target, operation, found.params, requestId, origin);
      }
    } catch (error) {
      response = errorReply(api, toHttpError(error, config, requestId));
    }
    // API writes only: a control route (a state import, a clock move) keeps the clock as it leaves it.
    if (config.clockStepMs > 0 && api !== 'mock' && response.status < 400 && isWrite(request.method)) {
      runtime.clock.advance(config.clockStepMs);
    }
    // What the request changed is in the state file's log before the answer leaves.
    if (runtime.store.uncommitted) response = await committed(response, api);
    withCommonHeaders(response, request, requestId, corsAllowed(origin, api));
    withUnknownFieldsWarning(response, request);
    const record = {
      method: request.method,
      route,
      status: response.status,
      durationMs: performance.now() - started,
    };
    for (const observe of runtime.requestObservers) observe(record);
    runtime.journal.record({
      requestId,
      at: arrivedAt,
      method: request.method,
      target,
      headers: request.headers,
      body: request.bufferedBody,
      status: response.status,
      durationMs: record.durationMs,
      response,
    });
    return response;
  }

  /**
   * The stages of a request, in order: each passes, or throws an HttpError that becomes the
   * answer. (Host, Origin and preflights were answered before; headers and the journal come after.)
   */
  async function dispatch(
    request: BufferedRequest,
    target: RequestTarget,
    operation: BoundOperation,
    params: Record<string, string>,
    requestId: string,
    origin: OriginStanding,
  ): Promise<Reply> {
    const { endpoint } = operation;
    const fault = applyFault(faults, request, target);
    if (fault) await fault;
    if (endpoint.auth === 'control') authorizeControl(config, request, origin);
    limitRate(limiter, request, runtime.clock.now());
    requireWritableStore(runtime.store, request.method, endpoint);
    // Awaited only when a token's signature is still to be checked (its first use).
    const authenticated = authenticate(runtime, request, target, endpoint);
    const principal = authenticated instanceof Promise ? await authenticated : authenticated;
    const projectId = authorizeProject(runtime, request, endpoint, principal);
    const tenantId = authorizeTenant(endpoint, principal);
    const input = await parseInput(request, target, endpoint, params, queries, config.maxBodyBytes);
    // Body fields the contract does not declare: 400 when strict, else named in a Nimbus-Warning header.
    checkUnknownFields(request, endpoint, input.bodyText, config.strict);
    const ctx = new HandlerContext({
      request,
      target,
      endpoint,
      params: input.params,
      query: input.query,
      body: input.body,
      requestId,
      principal,
      projectId,
      tenantId,
      runtime,
    });
    return runHandler({
      handler: operation.handler,
      ctx,
      operation,
      idempotency,
      bodyText: input.bodyText,
      validateResponses: config.validateResponses,
    });
  }

  /** The answer once the store's changes are logged; a success whose changes could not be, 503. */
  async function committed(response: Reply, api: ReturnType<typeof apiOfPath>): Promise<Reply> {
    try {
      await runtime.store.commit();
      return response;
    } catch (error) {
      if (response.status >= 400) return response;
      return errorReply(
        api,
        new HttpError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The change could not be saved to the state file', {
          reason: (error as Error).message,
        }),
      );
    }
  }

  return {
    fetch: (request) => handle(request).then(toResponse),
    handle,
    runtime,
    faults,
    handled: families.handled,
    families,
    ready,
    close: () => runtime.close(),
  };
}

function requestIdOf(request: RequestHead): string {
  const given = request.headers.get('x-request-id');
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
}

function toHttpError(error: unknown, config: ServerConfig, requestId: string): HttpError {
  if (error instanceof HttpError) return error;
  config.logger.error('unhandled error', {
    request_id: requestId,
    error: error instanceof Error ? error.stack : String(error),
  });
  return internalError();
}
