import type { Endpoint, Operation } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { keptTextBytes, textOf } from '../../../store/row-texts';
import { activityLogs, actorOf } from '../../services/activity';
import type { IdempotencyCache } from '../../services/idempotency';
import type { Handler, ListResult } from '../handler';
import { HandlerContext } from '../handler-context';
import { HttpError } from '../http-error';
import { publicView } from '../public-view';
import { isWrite, type Reply, replyOf } from '../request';
import { jsonPartsReply } from '../respond';
import type { Stage } from '../stage';

export interface HandlerRun {
  handler: Handler;
  ctx: HandlerContext;
  operation: Operation;
  idempotency: IdempotencyCache;
  /** The body as sent, for an `Idempotency-Key` replay's comparison. */
  bodyText: string;
  /** Check every answer against the contract (tests turn it on). */
  validateResponses: boolean;
}

/**
 * Runs the endpoint's handler and renders its answer in the API's envelope. A POST with an
 * `Idempotency-Key` answers the first result of that key; every write of a project that reached
 * its handler goes to the project's activity log, refused or not.
 */
export function runHandler(run: HandlerRun): Reply | Promise<Reply> {
  const { ctx, operation } = run;
  const idempotencyKey = ctx.request.headers.get('idempotency-key');
  if (idempotencyKey === null || ctx.request.method !== 'POST') return answer(run);
  if (idempotencyKey.length > 255) {
    throw HttpError.validation([
      { path: 'header.idempotency-key', message: 'must be at most 255 characters' },
    ]);
  }
  const scope = `${actorOf(ctx.principal)}\n${ctx.projectId}\n${operation.id}\n${ctx.target.pathname}`;
  return run.idempotency.run(scope, idempotencyKey, run.bodyText, ctx.runtime.clock.now(), async () =>
    answer(run),
  );
}

/**
 * The handler's answer, rendered, and the activity log's entry. Without a promise when the
 * handler answered without one: most reads do, and each await costs a busy route.
 */
function answer(run: HandlerRun): Reply | Promise<Reply> {
  const refused = (error: unknown): never => {
    if (isLogged(run) && error instanceof HttpError)
      recordActivity(run.ctx, run.operation, error.status, null);
    throw error;
  };
  let result: unknown;
  try {
    result = run.handler(run.ctx);
  } catch (error) {
    return refused(error);
  }
  if (result instanceof Promise) return result.then((value) => answered(run, value), refused);
  try {
    return answered(run, result);
  } catch (error) {
    return refused(error);
  }
}

function answered(run: HandlerRun, result: unknown): Reply | Promise<Reply> {
  const { ctx, operation } = run;
  if (isResponse(result)) {
    return replyOf(result).then((reply) => {
      if (isLogged(run)) recordActivity(ctx, operation, reply.status, null);
      return reply;
    });
  }
  const reply = render(ctx.endpoint, result, ctx.requestId, {
    validate: run.validateResponses,
    read: !isWrite(ctx.request.method),
  });
  if (isLogged(run)) recordActivity(ctx, operation, reply.status, createdId(ctx.endpoint, result));
  return reply;
}

/** Whether the request goes to its project's activity log: a write of a project route. */
function isLogged({ ctx }: HandlerRun): boolean {
  return ctx.endpoint.project === true && isWrite(ctx.request.method);
}

interface RenderOptions {
  /** Check the answer against the contract (tests turn it on). */
  validate: boolean;
  /**
   * A read (GET): records' texts are kept for the next read, and the answer is made of them
   * (BodyParts), which the journal keeps as they are. A write's answer is serialised once, as
   * the one body it is: kept, the new record's text would be a garbage collection more a create.
   */
  read: boolean;
}

/** A handler's result in the envelope: `{ success, data, meta }` on /api/v1, the bare body elsewhere. */
function render(endpoint: Endpoint, result: unknown, requestId: string, options: RenderOptions): Reply {
  if (endpoint.status === 204) return { status: 204, headers: {}, body: null };
  const json = (value: unknown) => publicJson(endpoint.response, value, options);
  if (endpoint.list) {
    const page = result as ListResult<unknown>;
    const meta = JSON.stringify({
      request_id: requestId,
      page: page.page,
      per_page: page.per_page,
      total: page.total,
    });
    const items = page.items.map(json);
    return jsonPartsReply(
      endpoint.status,
      {
        head: '{"success":true,"data":[',
        items,
        tail: `],"meta":${meta}}`,
        itemBytes: options.read ? keptBytes(page.items, items) : undefined,
      },
      options.read,
    );
  }
  const items = [json(result)];
  const itemBytes = options.read ? keptBytes([result], items) : undefined;
  if (endpoint.api !== 'v1') {
    return jsonPartsReply(endpoint.status, { head: '', items, tail: '', itemBytes }, options.read);
  }
  return jsonPartsReply(
    endpoint.status,
    {
      head: '{"success":true,"data":',
      items,
      tail: `,"meta":${JSON.stringify({ request_id: requestId })}}`,
      itemBytes,
    },
    options.read,
  );
}

/** The UTF-8 length of `texts` together, when each is the kept text of its row in `rows`. */
function keptBytes(rows: readonly unknown[], texts: readonly string[]): number | undefined {
  let bytes = 0;
  for (let index = 0; index < rows.length; index++) {
    const kept = keptTextBytes(rows[index], texts[index]!);
    if (kept === undefined) return undefined;
    bytes += kept;
  }
  return bytes;
}

/**
 * What the contract lets out of a record (internal fields and secrets stay in), as JSON. On a
 * read, a stored record's is kept until it changes (store/row-texts.ts). With `validate` on
 * (tests), each answer is checked against the contract, and a kept text against a fresh one.
 */
function publicJson(schema: z.ZodType, value: unknown, { validate, read }: RenderOptions): string {
  const serialise = (row: unknown) => JSON.stringify(publicView(schema, row)) ?? 'null';
  if (!validate) return read ? textOf(value, schema, serialise) : serialise(value);
  const out = publicView(schema, value);
  const checked = schema.safeParse(out);
  if (!checked.success) {
    throw new Error(
      `Response does not match the contract: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
    );
  }
  const fresh = JSON.stringify(out) ?? 'null';
  if (read && textOf(value, schema, () => fresh) !== fresh) {
    throw new Error('A stored record changed without its table knowing: its kept JSON is out of date');
  }
  return fresh;
}

function recordActivity(
  ctx: HandlerContext,
  operation: Operation,
  status: number,
  created: string | null,
): void {
  const at = ctx.now();
  const params = ctx.params as Record<string, string> | undefined;
  ctx.runtime.store.table(activityLogs).insert({
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

/** The id of the record a create answered, for the activity log. */
function createdId(endpoint: Endpoint, result: unknown): string | null {
  if (endpoint.status !== 201 || !result || typeof result !== 'object') return null;
  const id = (result as { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
}

/**
 * Whether a handler answered a Fetch `Response` (a static file, a playlist) rather than a value,
 * told by shape: reading the global `Response` makes Node load its fetch classes, about a tenth of
 * a second that a server whose handlers answer values never needs.
 */
function isResponse(value: unknown): value is Response {
  return typeof value === 'object' && value !== null && 'bodyUsed' in value && 'arrayBuffer' in value;
}

/** Stage: the endpoint's handler, which answers every request that got this far. */
export const handlerStage: Stage = (exchange) => {
  const operation = exchange.bound;
  const input = exchange.input!;
  const { runtime, idempotency } = exchange.server;
  const ctx = new HandlerContext({
    request: exchange.request,
    target: exchange.target,
    endpoint: operation.endpoint,
    params: input.params,
    query: input.query,
    body: input.body,
    requestId: exchange.requestId,
    principal: exchange.principal,
    projectId: exchange.projectId,
    tenantId: exchange.tenantId,
    runtime,
  });
  return runHandler({
    handler: operation.handler,
    ctx,
    operation,
    idempotency,
    bodyText: input.bodyText,
    validateResponses: runtime.config.validateResponses,
  });
};
