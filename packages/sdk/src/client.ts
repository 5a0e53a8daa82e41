import type { Endpoint, ResponseOf } from './contract/define';
import { APIPromise } from './core/api-promise';
import { type PagePromise, requestPage } from './core/pagination';
import {
  type CallInput,
  type RawInput,
  type RequestContext,
  type RequestOptions,
  request,
} from './core/request';
import { Session, type TokenListener } from './core/session';
import { type Fetch, globalFetch } from './core/transport';
import { Mock } from './resources/mock';
import { Auth } from './resources/v1/auth';
import { Instances } from './resources/v1/instances';
import { Projects } from './resources/v1/projects';
import { Users } from './resources/v1/users';
// <resources-import: storage-serverless-cdn-cache-apim>
// <resources-import: eventgrid-billing>
// <resources-import: policy-monitor-lists>
// <resources-import: network>
// <resources-import: sql-backup-dr>
// <resources-import: iam-monitor-services>
// <resources-import: video>

export interface NimbusOptions {
  /** Origin of the server, e.g. `http://127.0.0.1:4010`; contract paths (`/api/v1/...`, `/v2/...`) are appended. */
  baseUrl: string;
  /** Sent as `X-Project-ID` on project-scoped routes. See also `withProject()`. */
  projectId?: string;
  accessToken?: string;
  /** Lets the client renew an expired access token on its own (see `Session`). */
  refreshToken?: string;
  /** Authenticates through `X-API-Key` when the client holds no access token. */
  apiKey?: string;
  /** Time for one attempt, headers and body; default 60 000 ms. */
  timeoutMs?: number;
  /** Retries of a failed idempotent call; default 2. */
  maxRetries?: number;
  /**
   * The transport. Default: undici with a shared keep-alive pool (and `HTTP(S)_PROXY`) in Node,
   * `globalThis.fetch` in browsers. Tests and in-process servers plug in here.
   */
  fetch?: Fetch;
  /** Sent with every request; the SDK's own headers and per-call `headers` override them. */
  defaultHeaders?: Record<string, string>;
  /** Called with every new token pair (login, refresh), e.g. to persist it. */
  onTokens?: TokenListener;
  /** Parse every response with the contract schema; off by default for speed. */
  validateResponses?: boolean;
}

/**
 * Typed client for the Nimbus platform (/api/v1), video management (/v2) and the reference
 * server's control routes (/__mock). Every method calls an endpoint object of the contract,
 * so routes, statuses and types are declared once. This class sends through
 * `globalThis.fetch` unless given `fetch`; the Node entry's `Nimbus` extends it with undici.
 *
 * @example
 * import { Nimbus } from '@nimbus/sdk';
 *
 * const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010' });
 * await client.auth.login({ email: 'ada@example.com', password: 'correct horse' });
 * const project = await client.projects.create({ name: 'demo' });
 *
 * const demo = client.withProject(project.id);
 * const vm = await demo.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
 * await demo.instances.waitFor(vm.id, 'running');
 */
export class Nimbus {
  // One line per family. Nested groups (`client.video.cameras`) are a resource whose fields are resources.
  readonly auth = new Auth(this);
  readonly users = new Users(this);
  readonly projects = new Projects(this);
  readonly instances = new Instances(this);
  // <resources: storage-serverless-cdn-cache-apim>
  // <resources: eventgrid-billing>
  // <resources: policy-monitor-lists>
  // <resources: network>
  // <resources: sql-backup-dr>
  // <resources: iam-monitor-services>
  // <resources: video>
  readonly mock = new Mock(this);

  readonly #options: NimbusOptions;
  #context: RequestContext;

  constructor(options: NimbusOptions) {
    this.#options = options;
    this.#context = {
      baseUrl: options.baseUrl,
      fetch: options.fetch ?? globalFetch(),
      session: new Session(options),
      projectId: options.projectId,
      apiKey: options.apiKey,
      defaultHeaders: options.defaultHeaders ?? {},
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      validateResponses: options.validateResponses ?? false,
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
  call<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
    options?: RequestOptions,
  ): APIPromise<ResponseOf<E>> {
    return new APIPromise(
      request(this.#context, endpoint, input as RawInput, options).then(({ data, response, requestId }) => ({
        data: data as ResponseOf<E>,
        response,
        requestId,
      })),
    );
  }

  /**
   * Calls a paged list endpoint: await the result for one page, or `for await` it for every item.
   *
   * @example
   * for await (const project of client.list(v1.projects.list, { query: { per_page: 100 } })) {
   *   console.log(project.name);
   * }
   */
  list<E extends Endpoint & { list: true }>(
    endpoint: E,
    input: CallInput<E>,
    options?: RequestOptions,
  ): PagePromise<ResponseOf<E>> {
    return requestPage(this.#context, endpoint, input as RawInput, options);
  }
}
