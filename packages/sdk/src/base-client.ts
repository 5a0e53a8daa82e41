import { APIPromise, type WithResponse } from './core/api-promise';
import type { CallableEndpoint, ResponseOf } from './core/endpoint';
import { NimbusError } from './core/errors';
import { type ClientLogLevel, checkLogLevel, type Logger, levelled } from './core/logger';
import { refuseUnknownOptions } from './core/option-names';
import { type PagePromise, requestPage } from './core/pagination';
import {
  type CallInput,
  type RawInput,
  type RequestContext,
  type RequestOptions,
  request,
} from './core/request';
import type { Route } from './core/route';
import { Session, type TokenListener } from './core/session';
import { type Fetch, globalFetch } from './core/transport';
import { globalWebSocket, type WebSocketFactory } from './core/websocket';

export interface NimbusOptions {
  /**
   * Origin of the server, e.g. `http://127.0.0.1:4010`; contract paths (`/api/v1/...`, `/v2/...`)
   * are appended. In Node, `NIMBUS_BASE_URL` when not given; required in browsers.
   */
  baseUrl?: string;
  /** Sent as `X-Project-ID` on project-scoped routes. See also `withProject()`. */
  projectId?: string;
  accessToken?: string;
  /** Lets the client renew an expired access token on its own (see `Session`). */
  refreshToken?: string;
  /**
   * Authenticates through `X-API-Key` when the client holds no access token. In Node,
   * `NIMBUS_API_KEY` when neither `apiKey` nor `accessToken` is given.
   */
  apiKey?: string;
  /**
   * The secret `client.webhooks` verifies and signs deliveries with when a call names none. In
   * Node, `NIMBUS_WEBHOOK_SECRET` when not given.
   */
  webhookSecret?: string;
  /**
   * The reference server's control token, sent on its control routes (`client.mock`) when the
   * server was started with one (`--control-token`, or made at start on a non-loopback address).
   */
  controlToken?: string;
  /** Time for one attempt, headers and body; default 60 000 ms. */
  timeoutMs?: number;
  /** Retries of a failed idempotent call; default 2. */
  maxRetries?: number;
  /**
   * The transport. Default: undici with a shared keep-alive pool (and `HTTP(S)_PROXY`) in Node,
   * `globalThis.fetch` in browsers. Tests and in-process servers plug in here.
   */
  fetch?: Fetch;
  /**
   * Opens the WebSockets of `client.video.events.stream()`. Default: the `ws` package in Node,
   * `globalThis.WebSocket` in browsers.
   */
  webSocket?: WebSocketFactory;
  /** Sent with every request; the SDK's own headers and per-call `headers` override them. */
  defaultHeaders?: Record<string, string>;
  /** Called with every new token pair (login, refresh), e.g. to persist it. */
  onTokens?: TokenListener;
  /** Parse every response with the contract schema; off by default for speed. */
  validateResponses?: boolean;
  /**
   * What the client logs: `error` (calls that failed for good with a 5xx or no answer), `warn`
   * (each retry), `info` (every call: request line, status, request id, retries, duration),
   * `debug` (every attempt, with headers). Credentials are never logged. Default `off`; in Node,
   * `NIMBUS_LOG` when not given.
   */
  logLevel?: ClientLogLevel;
  /**
   * Where the log lines go; default `console` (in Node, a console on stderr). Called fields
   * first, `logger.info({ requestId, retries, durationMs }, message)`, as pino and bunyan take
   * it; a console is called message first.
   */
  logger?: Logger;
}

/** Every option's name: a name not among them is refused (`baseURL` names `baseUrl`). */
export const CLIENT_OPTIONS = Object.keys({
  baseUrl: true,
  projectId: true,
  accessToken: true,
  refreshToken: true,
  apiKey: true,
  webhookSecret: true,
  controlToken: true,
  timeoutMs: true,
  maxRetries: true,
  fetch: true,
  webSocket: true,
  defaultHeaders: true,
  onTokens: true,
  validateResponses: true,
  logLevel: true,
  logger: true,
} satisfies Record<keyof NimbusOptions, true>);

/**
 * The client without its resource families: `call()` and `list()` with a contract endpoint or a
 * route, the session, `withProject()`. `Nimbus` is this plus a property per family. A program
 * that calls a few endpoints and must start fast (the `nimbus` CLI) loads this alone, from
 * `@nimbus/sdk/base`; a family's class can be made over it: `new Instances(client)`.
 *
 * @example
 * import { BaseNimbus } from '@nimbus/sdk/base';
 * import { v1 } from '@nimbus/sdk/contract';
 *
 * const client = new BaseNimbus({ baseUrl: 'http://127.0.0.1:4010', accessToken, projectId });
 * const page = await client.list(v1.instances.list, { query: { per_page: 100 } });
 */
export class BaseNimbus {
  readonly #options: NimbusOptions;
  #context: RequestContext;

  constructor(options: NimbusOptions) {
    refuseUnknownOptions(options, CLIENT_OPTIONS, 'Nimbus option');
    if (!options.baseUrl) throw new NimbusError('No baseUrl: pass `baseUrl` in the Nimbus options.');
    this.#options = options;
    this.#context = {
      baseUrl: options.baseUrl,
      fetch: options.fetch ?? globalFetch(),
      session: new Session(options),
      projectId: options.projectId,
      apiKey: options.apiKey,
      controlToken: options.controlToken,
      defaultHeaders: options.defaultHeaders ?? {},
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      validateResponses: options.validateResponses ?? false,
      log: levelled(options.logger ?? console, checkLogLevel(options.logLevel ?? 'off', 'logLevel')),
    };
  }

  get baseUrl(): string {
    return this.#context.baseUrl;
  }

  get projectId(): string | undefined {
    return this.#context.projectId;
  }

  /** The tokens, shared with every `withProject()` copy of this client. */
  get session(): Session {
    return this.#context.session;
  }

  /** What `client.webhooks` verifies with when a call names no secret (see `NimbusOptions.webhookSecret`). */
  get webhookSecret(): string | undefined {
    return this.#options.webhookSecret;
  }

  /** How this client opens WebSockets (see `NimbusOptions.webSocket`). */
  get webSocket(): WebSocketFactory {
    return this.#options.webSocket ?? globalWebSocket;
  }

  /**
   * The same client for another project: same transport, options and session (a login or a
   * token refresh through either is seen by both), different `X-Project-ID`.
   *
   * @example
   * const staging = client.withProject(stagingId);
   * for await (const vm of staging.instances.list()) console.log(vm.name);
   */
  withProject(projectId: string): this {
    // `this.constructor`, so a copy of a Node client stays a Node client.
    const Client = this.constructor as new (options: NimbusOptions) => this;
    const copy = new Client(this.#options);
    copy.#context = { ...this.#context, projectId };
    return copy;
  }

  /**
   * Calls one endpoint of the contract. Resource methods are built on this; it also reaches
   * endpoints that have no resource method yet.
   *
   * @example
   * import { v1 } from '@nimbus/sdk/contract';
   * const vm = await client.call(v1.instances.retrieve, { params: { id } });
   */
  call<E extends CallableEndpoint>(
    endpoint: E,
    input: CallInput<E>,
    options?: RequestOptions,
  ): APIPromise<ResponseOf<E>>;
  /** Calls a route of the SDK's own table (what resource methods use: no zod involved). */
  call<R>(route: Route<R>, input: RawInput, options?: RequestOptions): APIPromise<R>;
  call(endpoint: Route | CallableEndpoint, input: RawInput, options?: RequestOptions): APIPromise<unknown> {
    // The completed call as it is: it builds its `response` only when someone reads it.
    return new APIPromise(request(this.#context, endpoint, input, options) as Promise<WithResponse<unknown>>);
  }

  /**
   * Calls a paged list endpoint: await the result for one page, or `for await` it for every item.
   *
   * @example
   * for await (const project of client.list(v1.projects.list, { query: { per_page: 100 } })) {
   *   console.log(project.name);
   * }
   */
  list<E extends CallableEndpoint & { list: true }>(
    endpoint: E,
    input: CallInput<E>,
    options?: RequestOptions,
  ): PagePromise<ResponseOf<E>>;
  /** Lists through a route of the SDK's own table. */
  list<R>(route: Route<R>, input: RawInput, options?: RequestOptions): PagePromise<R>;
  list(endpoint: Route | CallableEndpoint, input: RawInput, options?: RequestOptions): PagePromise<unknown> {
    return requestPage(this.#context, endpoint, input, options);
  }
}
