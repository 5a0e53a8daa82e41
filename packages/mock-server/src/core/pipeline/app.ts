import { ErrorCode } from '@nimbus/sdk/contract/common';
import { OPERATION_ROUTES } from '@nimbus/sdk/contract/generated/operation-routes';
import type { Store } from '../../store/store';
import { resolveConfig, type ServerConfig } from '../services/config';
import type { Faults } from '../services/faults';
import { IdempotencyCache } from '../services/idempotency';
import { RateLimiter } from '../services/rate-limit';
import { Runtime } from '../services/runtime';
import { loadHashes } from '../services/secrets';
import { Families, type FamilyModule, type LazyFamily } from './families';
import { HttpError } from './http-error';
import { QueryParser } from './query-parser';
import {
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
import { Exchange, type PipelineServices, runStages } from './stage';
import { REQUEST_STAGES } from './stages';
import { corsAllowed, withCommonHeaders } from './stages/cors';
import { originStanding } from './stages/origin-policy';
import { withUnknownFieldsWarning } from './stages/unknown-fields';

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
  let isReady = false;
  const ready = Promise.all([lazy ? undefined : families.loadAll(), loadHashes()])
    .then(() => runtime.lifecycle.resume())
    .then(() => {
      isReady = true;
    });

  const services: PipelineServices = { runtime, router, families, queries, idempotency, limiter };

  async function handle(input: CoreRequest): Promise<Reply> {
    // The body first, before anything is awaited (see bufferedRequest); the journal keeps it too.
    const request = isBuffered(input) ? input : await bufferedRequest(input, config.maxBodyBytes);
    // Awaited until it settled only: an await of a settled promise still costs every request a turn.
    if (!isReady) await ready;
    const started = performance.now();
    const target = new RequestTarget(request.url);
    const requestId = requestIdOf(request);
    const api = apiOfPath(target.pathname);
    const arrivedAt = runtime.clock.now();
    // The request's own host matters only to a page's request (same origin or not): the URL of
    // one without an Origin header is not parsed for it.
    const pageOrigin = request.headers.get('origin');
    const host = pageOrigin === null ? '' : (request.headers.get('host') ?? target.url.host);
    const origin = originStanding(pageOrigin, host, config.corsOrigins);
    const exchange = new Exchange(services, request, target, api, requestId, host, origin);
    let response: Reply;
    try {
      runtime.clock.runDue();
      response = await runStages(REQUEST_STAGES, exchange);
    } catch (error) {
      response = errorReply(api, toHttpError(error, config, requestId));
    }
    // API writes only: a control route (a state import, a clock move) keeps the clock as it leaves it.
    if (config.clockStepMs > 0 && api !== 'mock' && response.status < 400 && isWrite(request.method)) {
      runtime.clock.advance(config.clockStepMs);
    }
    // What the request changed is in the state file's log before the answer leaves.
    if (runtime.store.uncommitted) response = await committed(response, api);
    // A proxied answer is the deployment's, headers and all.
    if (!exchange.proxied) {
      withCommonHeaders(response, request, requestId, corsAllowed(origin, api));
      withUnknownFieldsWarning(response, request);
    }
    // A body of kept texts is written as it is: the journal keeps its parts, not its bytes.
    if (runtime.answerBytes && typeof response.body === 'string' && response.parts === undefined) {
      response.body = runtime.answerBytes.text(response.body);
    }
    const record = {
      method: request.method,
      route: exchange.route,
      status: response.status,
      durationMs: performance.now() - started,
    };
    for (const observe of runtime.requestObservers) observe(record);
    runtime.journal.record({
      requestId: exchange.requestId,
      at: arrivedAt,
      method: request.method,
      target,
      headers: request.headers,
      body: request.bufferedBody,
      status: response.status,
      durationMs: record.durationMs,
      response,
      divergences: exchange.proxied?.divergences,
    });
    return response;
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
        HttpError.of(ErrorCode.SERVICE_UNAVAILABLE, 'The change could not be saved to the state file', {
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
