import type { ApiName } from '@nimbus/sdk/contract';
import type { IdempotencyCache } from '../services/idempotency';
import type { Principal } from '../services/principal';
import type { ProxiedExchange } from '../services/proxy';
import type { RateLimiter } from '../services/rate-limit';
import type { Runtime } from '../services/runtime';
import type { BoundOperation, Families } from './families';
import type { QueryParser } from './query-parser';
import type { BufferedRequest, Reply } from './request';
import type { RequestTarget } from './request-target';
import type { Router } from './router';

/**
 * How a request's Origin header stands against the policy: none sent (not a browser, or a
 * same-origin GET), the server's own origin, a loopback page, an origin the user allowed, or foreign.
 */
export type OriginStanding = 'absent' | 'same-origin' | 'loopback' | 'listed' | 'foreign';

/** A request's input as its endpoint declares it, parsed and checked. */
export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  /** The body as sent: what an idempotency key's replay compares. */
  bodyText: string;
  /** The body's JSON before the schema stripped anything (`__proto__` keys dropped): what the unknown-fields check reads. */
  bodyJson: unknown;
}

/** What the stages use of the server: its runtime and the per-server parts of the pipeline. */
export interface PipelineServices {
  readonly runtime: Runtime;
  readonly router: Router;
  readonly families: Families;
  readonly queries: QueryParser;
  readonly idempotency: IdempotencyCache;
  /** Off unless `rateLimitPerMinute` is set. */
  readonly limiter: RateLimiter | undefined;
}

/**
 * One request on its way through the stages: what it arrived with, and what each stage found
 * for the ones after it (the operation, the caller, the parsed input). A class, so every
 * request's object has the same shape from the start.
 */
export class Exchange {
  /** The route's path template once routed (`/api/v1/instances/{id}`), for metrics. */
  route = 'unmatched';
  operation: BoundOperation | undefined = undefined;
  params: Record<string, string> = {};
  principal: Principal | undefined = undefined;
  projectId = '';
  tenantId = '';
  input: ParsedInput | undefined = undefined;
  /** Set when the proxy stage forwarded the request to a deployment: what it answered and how that differs from the contract. */
  proxied: ProxiedExchange | undefined = undefined;

  constructor(
    readonly server: PipelineServices,
    readonly request: BufferedRequest,
    readonly target: RequestTarget,
    readonly api: ApiName,
    /** The deployment's own, once a proxy forwarded the request. */
    public requestId: string,
    /** The request's own host, read only when it has an Origin header ('' otherwise). */
    readonly host: string,
    readonly origin: OriginStanding,
  ) {}

  /** The operation the route stage found: the stages after it may rely on it. */
  get bound(): BoundOperation {
    return this.operation!;
  }
}

/**
 * A stage of the request pipeline: it passes (answers nothing), answers the request, or throws
 * an HttpError that becomes the answer. It answers without a promise when it has nothing to wait
 * for: a promise per stage per request costs the busiest routes more than most checks.
 */
export type Stage = (exchange: Exchange) => Reply | undefined | Promise<Reply | undefined>;

/** Runs the stages in order until one answers. */
export async function runStages(stages: readonly Stage[], exchange: Exchange): Promise<Reply> {
  for (const stage of stages) {
    const result = stage(exchange);
    const reply = result instanceof Promise ? await result : result;
    if (reply !== undefined) return reply;
  }
  throw new Error('No stage answered the request: the last stage runs its handler');
}
