import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Nimbus, NimbusOptions } from '@nimbus/sdk';
import type { Dispatcher } from 'undici';
import { type App, createApp } from '../core/pipeline/app';
import { isLoopbackHost } from '../core/pipeline/stages/origin-policy';
import { type ServerConfig, silentLogger } from '../core/services/config';
import { onFirstUse } from '../core/services/on-first-use';
import { newControlToken } from '../core/services/secrets';
import { users } from '../core/services/tables';
import { families as allFamilies } from '../families';
import { startSession } from '../families/v1/auth';
import { StateRecording } from '../fidelity/recording';
import { DEMO_USER, type DemoTenant, seedDemo } from '../seed/demo';
import type { FsyncPolicy } from '../store/change-log';
import type { Store } from '../store/store';
import { answerSlabs } from './answer-bytes';
import { zlibCompressor } from './compressor';
import { createDashboardAssets } from './dashboard-assets';
import { createDocsAssets } from './docs-assets';
import { createNodeServer, type NodeExtension } from './http-adapter';
import { loopbackClient } from './loopback-client';
import { createMediaSource, defaultMediaRoot } from './media-source';
import { createMetrics } from './metrics';
import { openStore } from './open-store';
import { httpProxyTarget } from './proxy-target';
import { proxyUpgrade } from './proxy-upgrade';
import { recordingFile } from './state-recording-file';
import { videoEventStream } from './video-stream';

export interface CreateServerOptions extends Partial<Omit<ServerConfig, 'logger'>> {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  host?: string;
  /** State file (default `.nimbus/state.json`); ignored with `inMemory`. */
  statePath?: string;
  inMemory?: boolean;
  /** Seed the demo tenant into an empty state. */
  seed?: boolean;
  /**
   * Reload edits made to the state file from outside as they happen (file-backed only; the file
   * is polled every 100 ms). Default true. Off, an outside edit is still never written over: it
   * is taken in at the next write.
   */
  watch?: boolean;
  logger?: ServerConfig['logger'];
  /** Coalescing window of whole-state writes (each change is in the log before its answer). */
  flushDelayMs?: number;
  /**
   * When changes appended to the state file's log are forced to the disk: `always` (before each
   * answer), `everysec` (default) or `no`. A crash of the process loses nothing under any of them.
   */
  fsync?: FsyncPolicy;
  /** Deadline for a client to send its request headers (default 10 s): slow clients are cut off. */
  headersTimeoutMs?: number;
  /** Deadline for a whole request, body included (default 30 s). */
  requestTimeoutMs?: number;
  /**
   * A deployment's base URL: /api/v1 and /v2 requests are forwarded there, checked against the
   * contract, and their divergences journaled (`nimbus mock proxy`, docs/decisions/0021-mock-proxy.md).
   */
  proxyTarget?: string;
  /** With `proxyTarget`: a file the records the deployment answered are written to, as a state to `--seed` from. */
  recordPath?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  store: Store;
  /** Whether the state was new (no state file before this start). */
  fresh: boolean;
  /** Set when the demo tenant was seeded. */
  demo?: DemoTenant & { accessToken: string };
  /**
   * The token the control routes require, if any: the one given, or one made at start because
   * the server listens on an address other than loopback and none was given.
   */
  controlToken?: string;
  /**
   * A client of this server, with its control token, sending over `node:http` (the SDK's
   * default transport when a proxy is set), which costs a test file less to load than undici.
   * `seedTenant(server)` makes its clients here.
   */
  createClient(options?: Omit<NimbusOptions, 'baseUrl'>): Nimbus;
  close(): Promise<void>;
}

export const nodeExtensions: NodeExtension[] = [videoEventStream];

/**
 * Starts the reference server on a port.
 *
 * @example
 * const server = await createServer({ port: 0, inMemory: true });
 * const client = server.createClient();
 * await client.auth.register({ email, password, full_name });
 * await server.close();
 */
export async function createServer(options: CreateServerOptions = {}): Promise<RunningServer> {
  const {
    port = 4010,
    host = '127.0.0.1',
    statePath,
    inMemory,
    seed,
    watch = true,
    flushDelayMs,
    fsync,
    headersTimeoutMs,
    requestTimeoutMs,
    proxyTarget,
    recordPath,
    ...config
  } = options;
  const proxy = proxyTarget
    ? await proxyOf(proxyTarget, recordPath, config.logger ?? silentLogger)
    : undefined;
  // Reachable from other machines, the control routes (state, secrets, reset) need a token.
  const controlToken = config.controlToken ?? (isLoopbackHost(host) ? undefined : newControlToken());
  // So does /v2/metrics: beyond loopback, never the default `metrics:metrics` login.
  const metricsPassword = config.metricsPassword ?? (isLoopbackHost(host) ? undefined : newControlToken());
  const allowedHosts =
    config.allowedHosts === 'any' ? 'any' : [...(config.allowedHosts ?? []), ...hostsOfBinding(host)];
  const { store, fresh, lock } = await openStore({
    statePath,
    inMemory,
    flushDelayMs,
    fsync,
    log: config.logger,
  });
  const app = createApp({
    store,
    families: allFamilies,
    config: { webhookFetch, ...config, controlToken, metricsPassword, allowedHosts, proxy: proxy?.target },
  });
  // Node-only services the core reaches through the runtime (prom-client, the file system).
  app.runtime.metrics = createMetrics(app.runtime);
  app.runtime.media = createMediaSource(defaultMediaRoot());
  app.runtime.docsAssets = createDocsAssets();
  app.runtime.dashboardAssets = createDashboardAssets();
  app.runtime.compress = zlibCompressor;
  app.runtime.answerBytes = answerSlabs();
  await app.ready;
  if (!inMemory && watch) {
    await store.watch();
  }
  let demo: RunningServer['demo'];
  if (seed) {
    demo = await ensureDemo(app, store);
    // The seed's own requests are not the clients': the journal starts after them.
    app.runtime.journal.clear();
  }

  const server = createNodeServer(app, {
    upgradeHandlers: [
      ...(proxyTarget ? [proxyUpgrade(app, proxyTarget)] : []),
      ...nodeExtensions.flatMap((e) => (e.upgrade ? [e.upgrade(app)] : [])),
    ],
    headersTimeoutMs,
    requestTimeoutMs,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // Not started (the port is taken): the state file's lock goes with the store.
    await app.close();
    await store.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  // A wildcard bind is reached through loopback on this machine (0.0.0.0 is no address to call).
  const reachable = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const shownHost = reachable.includes(':') ? `[${reachable}]` : reachable;
  const url = `http://${shownHost}:${address.port}`;
  // A second server on the same state file names this one in its refusal.
  lock?.describe(url);
  let closed: Promise<void> | undefined;
  return {
    url,
    port: address.port,
    app,
    store,
    fresh,
    demo,
    controlToken,
    createClient: (clientOptions = {}) => loopbackClient(url, { controlToken, ...clientOptions }),
    close() {
      closed ??= (async () => {
        server.closeAllConnections();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Upgraded sockets (WebSockets) keep the server open until the app closes them.
        await app.close();
        await stopped;
        await store.close();
        await proxy?.recording?.flush();
      })();
      return closed;
    },
  };
}

/** The proxy of `proxyTarget`, and the file of `recordPath` (written empty at once: a bad path fails the start). */
async function proxyOf(url: string, recordPath: string | undefined, log: ServerConfig['logger']) {
  if (!recordPath) return { target: httpProxyTarget(url) };
  const { operations } = await import('@nimbus/sdk/contract');
  const recording = recordingFile(recordPath, new StateRecording(operations()), log);
  await recording.flush();
  return { target: httpProxyTarget(url, (exchange) => recording.take(exchange)), recording };
}

/**
 * The Host names that reach the server at its own address: the bind host, or for a wildcard
 * bind (`0.0.0.0`, `::`) every address of the machine's interfaces.
 */
function hostsOfBinding(host: string): string[] {
  if (host !== '0.0.0.0' && host !== '::' && host !== '') return [host.includes(':') ? `[${host}]` : host];
  return Object.values(networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .map((address) => (address.family === 'IPv6' ? `[${address.address}]` : address.address));
}

/** Seeds the demo tenant once, and answers a fresh token for its user either way. */
async function ensureDemo(app: App, store: Store): Promise<RunningServer['demo']> {
  const existing = store.table(users).byKey('email', DEMO_USER.email);
  let projectId: string | undefined;
  if (!existing) projectId = (await seedDemo(app)).projectId;
  const user = store.table(users).byKey('email', DEMO_USER.email);
  if (!user) return undefined;
  projectId ??= store.state.tables.memberships
    ? Object.values(store.state.tables.memberships).find((m) => m.user_id === user.id)?.project_id
    : undefined;
  const pair = await startSession(app.runtime, user);
  return {
    email: DEMO_USER.email,
    password: DEMO_USER.password,
    projectId: projectId ?? '',
    accessToken: pair.access_token,
  };
}

/**
 * Webhook deliveries go out through undici's `request` (the core itself only knows `fetch`):
 * a delivery only needs the status, and `request` costs a fraction of `fetch` per call, which
 * counts when one event fans out to a thousand subscriptions. undici is loaded on the first
 * delivery (loading it was a fifth of the server's start-up). Redirects are never followed
 * (the dispatcher asks for `redirect: 'manual'`, and `request` does not follow them).
 */
const undici = onFirstUse(() => import('undici'));
const webhookFetch = (async (input, init = {}) => {
  const { request } = await undici();
  const answer = await request(String(input), {
    method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
    headers: init.headers as Record<string, string>,
    body: init.body as string | undefined,
    signal: init.signal ?? undefined,
  });
  // The answer's body is not used; reading it to the end frees the connection for the next one.
  await answer.body.dump();
  return new Response(null, { status: answer.statusCode });
}) as typeof fetch;
