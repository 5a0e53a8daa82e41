import {
  type ApiName,
  type Endpoint,
  ErrorCode,
  type Operation,
  operations,
  permissionOf,
} from '@nimbus/sdk/contract';
import { z } from 'zod';
import type { Store } from '../store/store';
import { activityLogs, actorOf } from './activity';
import { authenticate, type Principal } from './auth';
import { resolveConfig, type ServerConfig } from './config';
import { Faults } from './faults';
import type { Handler, HandlerEntry, ListResult } from './handler';
import { HandlerContext } from './handler-context';
import { HttpError } from './http-error';
import { IdempotencyCache } from './idempotency';
import { controlOriginRefusal, type OriginStanding, originStanding, refusalOf } from './origin-policy';
import { allows, memberPermissions, permissionsOfRole } from './permissions';
import { publicView } from './public-view';
import { QueryParser } from './query-parser';
import { RateLimiter } from './rate-limit';
import { type CoreRequest, isBuffered, type Reply, type RequestHead, replyOf, toResponse } from './request';
import { RequestTarget } from './request-target';
import { apiOfPath, errorReply, internalError, jsonReply } from './respond';
import { type RouteMatch, Router } from './router';
import { Runtime } from './runtime';
import { constantTimeEqual } from './secrets';
import { projects } from './tables';
import { parseOr400 } from './validation';

/** A resource family: its handlers and what it starts with the server. */
export interface FamilyModule {
  readonly handlers: readonly HandlerEntry[];
  setup?(runtime: Runtime): void;
}

export interface App {
  /** The whole server as a Fetch API handler. */
  fetch(request: Request): Promise<Response>;
  /** `fetch` without the Fetch objects: what the Node server calls (a buffered body in, a reply out). */
  handle(request: CoreRequest): Promise<Reply>;
  readonly runtime: Runtime;
  readonly faults: Faults;
  /** Contract operations that have a handler, by id. */
  readonly handled: ReadonlySet<string>;
  close(): Promise<void>;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Deepest accepted request body: far beyond any contract body, far below what recursion survives. */
const MAX_BODY_DEPTH = 64;
const JSON_CONTENT = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
/** `z.uuid()`'s own pattern, tested directly: a zod parse per request cost more than the lookup after it. */
const PROJECT_HEADER = z.regexes.uuid();

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Builds the server core: a function from a `Request` to a `Response` over a store.
 * Routing, validation, auth, tenancy and envelopes all come from the contract.
 */
export function createApp(options: {
  store: Store;
  families: readonly FamilyModule[];
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
  const handlers = new Map<Endpoint, Handler>();
  for (const family of options.families)
    for (const [endpoint, handler] of family.handlers) handlers.set(endpoint, handler);
  const routed: Operation[] = operations().filter((op) => handlers.has(op.endpoint));
  const router = new Router(routed);
  const queries = new QueryParser();
  for (const family of options.families) family.setup?.(runtime);
  runtime.lifecycle.resume();

  async function handle(request: CoreRequest): Promise<Reply> {
    const started = performance.now();
    const target = new RequestTarget(request.url);
    const requestId = requestIdOf(request);
    const api = apiOfPath(target.pathname);
    const arrivedAt = runtime.clock.now();
    // A Fetch body can be read once, and the handler reads it: the journal reads a copy.
    const bodyCopy =
      config.journalSize > 0 && !isBuffered(request) && request.body !== null
        ? request.clone().text()
        : undefined;
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
      } else if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
        response = { status: 204, headers: preflightHeaders(request), body: null };
      } else {
        const match = router.match(request.method, target.pathname);
        if (match.kind === 'found') route = match.endpoint.path;
        response = await dispatch(request, target, match, requestId, origin);
      }
    } catch (error) {
      response = errorReply(api, toHttpError(error, config, requestId));
    }
    withCommonHeaders(response, request, requestId, corsAllowed(origin, api));
    // API writes only: a control route (a state import, a clock move) keeps the clock as it leaves it.
    if (config.clockStepMs > 0 && api !== 'mock' && response.status < 400 && WRITES.has(request.method)) {
      runtime.clock.advance(config.clockStepMs);
    }
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
      body: isBuffered(request) ? request.bufferedBody : ((await bodyCopy?.catch(() => null)) ?? null),
      status: response.status,
    });
    return response;
  }

  async function dispatch(
    request: CoreRequest,
    target: RequestTarget,
    match: RouteMatch,
    requestId: string,
    origin: OriginStanding,
  ): Promise<Reply> {
    if (match.kind === 'not-found') {
      throw new HttpError(404, ErrorCode.NOT_FOUND, `No route for ${request.method} ${target.pathname}`);
    }
    if (match.kind === 'method-not-allowed') {
      throw new HttpError(
        405,
        ErrorCode.METHOD_NOT_ALLOWED,
        `${request.method} is not allowed on ${target.pathname}`,
        undefined,
        {
          Allow: match.allow.join(', '),
        },
      );
    }
    const { endpoint, operation } = match;

    const fault = faults.take(request.method, target.pathname);
    if (fault?.delay_ms) await new Promise((resolve) => setTimeout(resolve, fault.delay_ms));
    const injected = fault && Faults.errorOf(fault);
    if (injected) throw injected;

    if (endpoint.auth === 'control') authorizeControl(request, origin);
    if (limiter) {
      const wait = limiter.hit(
        request.headers.get('authorization') ?? request.headers.get('x-api-key') ?? 'anonymous',
        runtime.clock.now(),
      );
      if (wait > 0) {
        throw new HttpError(429, ErrorCode.RATE_LIMITED, 'Too many requests', undefined, {
          'Retry-After': String(wait),
        });
      }
    }
    if (MUTATING.has(request.method) && endpoint.api !== 'mock') {
      const health = runtime.store.health();
      if (!health.ok) {
        throw new HttpError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The state store cannot accept writes', {
          reason: health.reason,
        });
      }
    }

    // Awaited only when a token's signature is still to be checked (its first use).
    const authenticated = authenticate(runtime, request, target, endpoint);
    const principal = authenticated instanceof Promise ? await authenticated : authenticated;
    const projectId = endpoint.project ? authorizeProject(request, endpoint, principal) : '';
    const tenantId = authorizeTenant(endpoint, principal);

    const params = endpoint.params ? parseOr400(endpoint.params, match.params, 'path') : undefined;
    const query = endpoint.query ? queries.parse(endpoint.query, target) : undefined;
    const rawBody = endpoint.body ? await readBody(request, endpoint, config.maxBodyBytes) : undefined;
    const body = endpoint.body ? parseOr400(endpoint.body, rawBody?.value, 'body') : undefined;

    const ctx = new HandlerContext({
      request,
      target,
      endpoint,
      params,
      query,
      body,
      requestId,
      principal,
      projectId,
      tenantId,
      runtime,
    });
    const handler = handlers.get(endpoint)!;
    // Every mutating call of a project that reached its handler is logged, refused or not.
    const logged = endpoint.project === true && MUTATING.has(request.method);
    const run = async () => {
      try {
        const result = await handler(ctx);
        const response =
          result instanceof Response ? await replyOf(result) : render(endpoint, result, requestId);
        if (logged) recordActivity(ctx, operation, response.status, createdId(endpoint, result));
        return response;
      } catch (error) {
        if (logged && error instanceof HttpError) recordActivity(ctx, operation, error.status, null);
        throw error;
      }
    };
    const idempotencyKey = request.headers.get('idempotency-key');
    if (idempotencyKey && request.method === 'POST') {
      if (idempotencyKey.length > 255)
        throw HttpError.validation([
          { path: 'header.idempotency-key', message: 'must be at most 255 characters' },
        ]);
      const scope = `${actorOf(principal)}\n${projectId}\n${operation.id}\n${target.pathname}`;
      return idempotency.run(scope, idempotencyKey, rawBody?.text ?? '', runtime.clock.now(), run);
    }
    return run();
  }

  function authorizeProject(
    request: RequestHead,
    endpoint: Endpoint,
    principal: Principal | undefined,
  ): string {
    const header = request.headers.get('x-project-id');
    if (header === null || header === '') {
      if (principal?.kind === 'api_key') return checkPermission(endpoint, principal, principal.projectId);
      throw new HttpError(400, ErrorCode.PROJECT_HEADER_REQUIRED, 'The X-Project-ID header is required');
    }
    if (!PROJECT_HEADER.test(header)) {
      throw HttpError.validation(
        [{ path: 'header.x-project-id', message: 'must be a UUID' }],
        'X-Project-ID must be a UUID',
      );
    }
    return checkPermission(endpoint, principal, header);
  }

  function checkPermission(endpoint: Endpoint, principal: Principal | undefined, projectId: string): string {
    const forbidden = () =>
      new HttpError(403, ErrorCode.PROJECT_FORBIDDEN, 'Project not found or not accessible');
    if (!principal || principal.kind === 'workload') throw forbidden();
    if (!runtime.store.table(projects).get(projectId)) throw forbidden();
    let granted: readonly string[] | undefined;
    if (principal.kind === 'api_key') {
      if (principal.projectId !== projectId) throw forbidden();
      granted = permissionsOfRole(runtime.store, projectId, principal.role);
    } else {
      granted = memberPermissions(runtime.store, projectId, principal.userId, runtime.clock.iso());
    }
    if (!granted) throw forbidden();
    const needed = permissionOf(endpoint);
    if (needed && !allows(granted, needed)) {
      throw HttpError.forbidden(`Your role does not allow ${needed}`, { permission: needed });
    }
    return projectId;
  }

  function recordActivity(
    ctx: HandlerContext,
    operation: Operation,
    status: number,
    created: string | null,
  ): void {
    const at = ctx.now();
    const params = ctx.params as Record<string, string> | undefined;
    runtime.store.table(activityLogs).insert({
      id: crypto.randomUUID(),
      created_at: at,
      updated_at: at,
      project_id: ctx.projectId,
      actor: actorOf(ctx.principal),
      actor_type: ctx.principal?.kind ?? 'user',
      operation: operation.id.replace(/^v1\./, ''),
      method: ctx.request.method,
      path: ctx.target.pathname,
      resource_id: created ?? params?.id ?? params?.name ?? Object.values(params ?? {})[0] ?? null,
      status,
      request_id: ctx.requestId,
    });
  }

  function render(endpoint: Endpoint, result: unknown, requestId: string): Reply {
    if (endpoint.status === 204) return { status: 204, headers: {}, body: null };
    if (endpoint.list) {
      const page = result as ListResult<unknown>;
      const data = page.items.map((item) => view(endpoint.response, item));
      return jsonReply(endpoint.status, {
        success: true,
        data,
        meta: { request_id: requestId, page: page.page, per_page: page.per_page, total: page.total },
      });
    }
    const data = view(endpoint.response, result);
    if (endpoint.api === 'v1')
      return jsonReply(endpoint.status, { success: true, data, meta: { request_id: requestId } });
    return jsonReply(endpoint.status, data);
  }

  function view(schema: z.ZodType, value: unknown): unknown {
    const out = publicView(schema, value);
    if (config.validateResponses) {
      const checked = schema.safeParse(out);
      if (!checked.success) {
        throw new Error(
          `Response does not match the contract: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
        );
      }
    }
    return out;
  }

  function preflightHeaders(request: RequestHead): Record<string, string> {
    return {
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers':
        request.headers.get('access-control-request-headers') ??
        'Authorization, Content-Type, X-Project-ID, X-API-Key, X-Request-Id, Idempotency-Key, X-Nimbus-Client',
      'access-control-max-age': '600',
    };
  }

  /**
   * With a control token, every control route needs it. Without one, they answer what is not a
   * web page (no Origin), and pages on loopback origins or the server's own: a page on any other
   * site must not read the state or wipe it.
   */
  function authorizeControl(request: RequestHead, origin: OriginStanding): void {
    if (config.controlToken) {
      if (!sameSecret(request.headers.get('authorization') ?? '', `Bearer ${config.controlToken}`)) {
        throw HttpError.unauthenticated(
          'The control routes need the control token: send "Authorization: Bearer <token>" (the CLI: --control-token or NIMBUS_CONTROL_TOKEN; the SDK: the controlToken option)',
        );
      }
      return;
    }
    if (origin === 'listed' || origin === 'foreign')
      throw controlOriginRefusal(request.headers.get('origin')!);
  }

  /** CORS answers loopback pages and the listed origins; on control routes, loopback pages only. */
  function corsAllowed(origin: OriginStanding, api: ApiName): boolean {
    if (origin === 'absent' || origin === 'foreign') return false;
    return api !== 'mock' || origin !== 'listed';
  }

  function withCommonHeaders(reply: Reply, request: RequestHead, requestId: string, cors: boolean): void {
    const headers = reply.headers;
    headers['x-request-id'] = requestId;
    // Answers differ by Origin, so a shared cache must not give one page's answer to another.
    headers.vary = headers.vary ? `${headers.vary}, Origin` : 'Origin';
    if (!cors) return;
    headers['access-control-allow-origin'] = request.headers.get('origin')!;
    headers['access-control-expose-headers'] = 'X-Request-Id, Retry-After, WWW-Authenticate, Allow';
  }

  function authorizeTenant(endpoint: Endpoint, principal: Principal | undefined): string {
    if (endpoint.api !== 'v2' || endpoint.auth === 'none' || endpoint.auth === 'basic') return '';
    if (principal?.kind !== 'workload') throw HttpError.unauthenticated('A workload token is required');
    if (endpoint.scope && !principal.scopes.includes(endpoint.scope)) {
      throw new HttpError(403, ErrorCode.INSUFFICIENT_SCOPE, `The token lacks the scope ${endpoint.scope}`, {
        scope: endpoint.scope,
      });
    }
    return principal.tenantId;
  }

  return {
    fetch: (request) => handle(request).then(toResponse),
    handle,
    runtime,
    faults,
    handled: new Set(routed.map((op) => op.id)),
    close: () => runtime.close(),
  };
}

/** The id of the record a create answered, for the activity log. */
function createdId(endpoint: Endpoint, result: unknown): string | null {
  if (endpoint.status !== 201 || !result || typeof result !== 'object') return null;
  const id = (result as { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
}

const encoder = new TextEncoder();

/** Compares a presented credential with the expected one in time that does not depend on where they differ. */
function sameSecret(presented: string, expected: string): boolean {
  return constantTimeEqual(encoder.encode(presented), encoder.encode(expected));
}

function requestIdOf(request: RequestHead): string {
  const given = request.headers.get('x-request-id');
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
}

async function readBody(
  request: CoreRequest,
  endpoint: Endpoint,
  maxBytes: number,
): Promise<{ value: unknown; text: string }> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readLimited(request, maxBytes);
  if (text.trim() === '') {
    return { value: endpoint.bodyOptional ? {} : undefined, text };
  }
  const type = request.headers.get('content-type');
  if (!type || !JSON_CONTENT.test(type)) {
    throw new HttpError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Request bodies must be application/json', {
      content_type: type,
    });
  }
  let value: unknown;
  try {
    // V8's JSON.parse does not recurse, so any nesting parses; what comes after it might not.
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, ErrorCode.INVALID_JSON, `Body is not valid JSON: ${(error as Error).message}`);
  }
  if (!withinDepthWithoutProto(value, MAX_BODY_DEPTH)) {
    throw HttpError.validation(
      [{ path: 'body', message: `must not nest deeper than ${MAX_BODY_DEPTH} levels` }],
      `body: must not nest deeper than ${MAX_BODY_DEPTH} levels`,
    );
  }
  return { value, text };
}

/**
 * Checks the nesting of a parsed body without recursion, and drops every "__proto__" key on the
 * way (JSON.parse keeps it as an own key; a later merge could reach a prototype through it).
 * Deeper bodies are refused: rendering, cloning or saving them recurses and would overflow the stack.
 */
function withinDepthWithoutProto(root: unknown, maxDepth: number): boolean {
  const pending: [unknown, number][] = [[root, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > maxDepth) return false;
    if (Array.isArray(node)) {
      for (const item of node) pending.push([item, depth + 1]);
      continue;
    }
    if (Object.hasOwn(node, '__proto__')) Reflect.deleteProperty(node, '__proto__');
    for (const item of Object.values(node)) pending.push([item, depth + 1]);
  }
  return true;
}

async function readLimited(request: CoreRequest, maxBytes: number): Promise<string> {
  if (isBuffered(request)) {
    const bytes = request.bufferedBody;
    if (bytes === null) return '';
    if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
    return decoder.decode(bytes);
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoder.decode(all);
}

const decoder = new TextDecoder();

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, ErrorCode.PAYLOAD_TOO_LARGE, `Request body is larger than ${maxBytes} bytes`);
}

function toHttpError(error: unknown, config: ServerConfig, requestId: string): HttpError {
  if (error instanceof HttpError) return error;
  config.logger.error('unhandled error', {
    request_id: requestId,
    error: error instanceof Error ? error.stack : String(error),
  });
  return internalError();
}
