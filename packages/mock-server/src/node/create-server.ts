import type { AddressInfo } from 'node:net';
import { type App, createApp, type FamilyModule } from '../core/app';
import type { ServerConfig } from '../core/config';
import { families as allFamilies } from '../families';
import { startSession } from '../families/v1/auth';
import { users } from '../core/tables';
import type { Store } from '../store/store';
import { DEMO_USER, type DemoTenant, seedDemo } from '../seed/demo';
import { createNodeServer, type UpgradeHandler } from './http-adapter';
import { openStore } from './open-store';

export interface CreateServerOptions extends Partial<Omit<ServerConfig, 'logger'>> {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  host?: string;
  /** State file (default `.nimbus/state.json`); ignored with `inMemory`. */
  statePath?: string;
  inMemory?: boolean;
  /** Seed the demo tenant into an empty state. */
  seed?: boolean;
  /** Reload edits made to the state file from outside (file-backed only). Default true. */
  watch?: boolean;
  logger?: ServerConfig['logger'];
  /** Coalescing window of state writes. */
  flushDelayMs?: number;
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
  close(): Promise<void>;
}

/** Extra pieces (WebSocket upgrades) that Node-only families attach to the HTTP server. */
export interface NodeExtension {
  upgrade?(app: App): UpgradeHandler;
}

export const nodeExtensions: NodeExtension[] = [];

/**
 * Starts the reference server on a port.
 *
 * @example
 * const server = await createServer({ port: 0, inMemory: true });
 * const client = new Nimbus({ baseUrl: server.url });
 * await server.close();
 */
export async function createServer(options: CreateServerOptions = {}): Promise<RunningServer> {
  const { port = 4010, host = '127.0.0.1', statePath, inMemory, seed, watch = true, flushDelayMs, ...config } = options;
  const { store, fresh } = await openStore({ statePath, inMemory, flushDelayMs });
  const app = createApp({ store, families: allFamilies as FamilyModule[], config });
  if (!inMemory && watch) {
    store.watch((error) => app.runtime.config.logger.error(error.message));
  }
  let demo: RunningServer['demo'];
  if (seed) demo = await ensureDemo(app, store);

  const server = createNodeServer(app, {
    upgradeHandlers: nodeExtensions.flatMap((e) => (e.upgrade ? [e.upgrade(app)] : [])),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    app,
    store,
    fresh,
    demo,
    close() {
      closed ??= (async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await app.close();
        await store.close();
      })();
      return closed;
    },
  };
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
  return { email: DEMO_USER.email, password: DEMO_USER.password, projectId: projectId ?? '', accessToken: pair.access_token };
}
