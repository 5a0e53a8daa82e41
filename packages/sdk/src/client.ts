import type { Endpoint, ResponseOf } from './contract/define';
import { APIPromise, type WithResponse } from './core/api-promise';
import { NimbusError } from './core/errors';
import { type ClientLogLevel, checkLogLevel, type Logger, levelled } from './core/logger';
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
import { Docs } from './resources/docs';
import { Mock } from './resources/mock';
import { ActivityLogs } from './resources/v1/activity-logs';
import { Anomalies } from './resources/v1/anomalies';
import { ApiProducts } from './resources/v1/api-products';
import { Assignments } from './resources/v1/assignments';
import { Auth } from './resources/v1/auth';
import { BackupPolicies } from './resources/v1/backup-policies';
import { BackupVaults } from './resources/v1/backup-vaults';
import { Backups } from './resources/v1/backups';
import { Billing, Quotas } from './resources/v1/billing';
import { Buckets } from './resources/v1/buckets';
import { Budgets } from './resources/v1/budgets';
import { CacheInstances } from './resources/v1/cache-instances';
import { CdnProfiles } from './resources/v1/cdn-profiles';
import { Clusters } from './resources/v1/clusters';
import { Compliance } from './resources/v1/compliance';
import { Databases } from './resources/v1/databases';
import { DrPlans } from './resources/v1/dr-plans';
import { Firewalls } from './resources/v1/firewalls';
import { Functions } from './resources/v1/functions';
import { Iam } from './resources/v1/iam';
import { Instances } from './resources/v1/instances';
import { MetricRules } from './resources/v1/metric-rules';
import { AuditLogs, Logs, Metrics, ServiceStatusResource } from './resources/v1/monitor';
import * as network from './resources/v1/network';
import { Policies } from './resources/v1/policies';
import { Projects } from './resources/v1/projects';
import { ProvisioningMetrics } from './resources/v1/provisioning-metrics';
import { Registries } from './resources/v1/registries';
import { Reports } from './resources/v1/reports';
import { ResourceGroups } from './resources/v1/resource-groups';
import { Snapshots } from './resources/v1/snapshots';
import { Topics } from './resources/v1/topics';
import { Users } from './resources/v1/users';
import { Vaults } from './resources/v1/vaults';
import { WebApps } from './resources/v1/webapps';
import { Zones } from './resources/v1/zones';
import { Video } from './resources/v2/video';
import { Webhooks } from './resources/webhooks';

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
  /** Where the log lines go; default `console` (in Node, a console on stderr). */
  logger?: Logger;
}

/**
 * Typed client for the Nimbus platform (/api/v1), video management (/v2) and the reference
 * server's control routes (/__mock). Every method calls a route generated from the contract,
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
  readonly buckets = new Buckets(this);
  readonly functions = new Functions(this);
  readonly cdnProfiles = new CdnProfiles(this);
  readonly cacheInstances = new CacheInstances(this);
  readonly apiProducts = new ApiProducts(this);
  readonly topics = new Topics(this);
  readonly billing = new Billing(this);
  readonly quotas = new Quotas(this);
  readonly budgets = new Budgets(this);
  readonly anomalies = new Anomalies(this);
  readonly reports = new Reports(this);
  readonly policies = new Policies(this);
  readonly assignments = new Assignments(this);
  readonly compliance = new Compliance(this);
  readonly activityLogs = new ActivityLogs(this);
  readonly metricRules = new MetricRules(this);
  readonly vpcs = new network.Vpcs(this);
  readonly transitHubs = new network.TransitHubs(this);
  readonly transitHubAttachments = new network.TransitHubAttachments(this);
  readonly vpcPeerings = new network.VpcPeerings(this);
  readonly vpnGateways = new network.VpnGateways(this);
  readonly loadBalancers = new network.LoadBalancers(this);
  readonly globalLoadBalancers = new network.GlobalLoadBalancers(this);
  readonly bandwidthPolicies = new network.BandwidthPolicies(this);
  readonly privateEndpoints = new network.PrivateEndpoints(this);
  readonly ddosPlans = new network.DdosPlans(this);
  readonly databases = new Databases(this);
  readonly backupVaults = new BackupVaults(this);
  readonly backups = new Backups(this);
  readonly backupPolicies = new BackupPolicies(this);
  readonly snapshots = new Snapshots(this);
  readonly drPlans = new DrPlans(this);
  readonly provisioningMetrics = new ProvisioningMetrics(this);
  readonly resourceGroups = new ResourceGroups(this);
  readonly iam = new Iam(this);
  readonly auditLogs = new AuditLogs(this);
  readonly metrics = new Metrics(this);
  readonly logs = new Logs(this);
  readonly serviceStatus = new ServiceStatusResource(this);
  readonly zones = new Zones(this);
  readonly vaults = new Vaults(this);
  readonly clusters = new Clusters(this);
  readonly registries = new Registries(this);
  readonly webapps = new WebApps(this);
  readonly firewalls = new Firewalls(this);
  readonly video = new Video(this);
  readonly mock = new Mock(this);
  readonly docs = new Docs(this);
  readonly webhooks = new Webhooks(this);

  readonly #options: NimbusOptions;
  #context: RequestContext;

  constructor(options: NimbusOptions) {
    if (!options.baseUrl) throw new NimbusError('No baseUrl: pass `baseUrl` in the Nimbus options.');
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
  call<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
    options?: RequestOptions,
  ): APIPromise<ResponseOf<E>>;
  /** Calls a route of the SDK's own table (what resource methods use: no zod involved). */
  call<R>(route: Route<R>, input: RawInput, options?: RequestOptions): APIPromise<R>;
  call(endpoint: Route | Endpoint, input: RawInput, options?: RequestOptions): APIPromise<unknown> {
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
  list<E extends Endpoint & { list: true }>(
    endpoint: E,
    input: CallInput<E>,
    options?: RequestOptions,
  ): PagePromise<ResponseOf<E>>;
  /** Lists through a route of the SDK's own table. */
  list<R>(route: Route<R>, input: RawInput, options?: RequestOptions): PagePromise<R>;
  list(endpoint: Route | Endpoint, input: RawInput, options?: RequestOptions): PagePromise<unknown> {
    return requestPage(this.#context, endpoint, input, options);
  }
}
