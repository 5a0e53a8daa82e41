/**
 * `@nimbus/mock-server/msw`: the reference server as msw request handlers, for front-end apps
 * (`setupWorker` in the browser) and test suites (`setupServer` in Node). It runs the same core
 * and families as the HTTP server over an in-memory store; nothing here needs Node.
 */
import type { HttpHandler, WebSocketHandler } from 'msw';
// msw's `http` alone: its index also loads the GraphQL handlers and the graphql package.
import { http } from 'msw/core/http';
import { faultedResponse } from '../adapters/fault-delivery';
import { fetchedAssets } from '../adapters/fetched-assets';
import { videoEventStreamLink } from '../adapters/msw-event-stream';
import { type App, createApp } from '../core/pipeline/app';
import { bufferedRequest } from '../core/pipeline/request';
import type { ServerConfig } from '../core/services/config';
import type { Fault, FaultSpec } from '../core/services/faults';
import type { JournalEntry, JournalFilter } from '../core/services/journal';
import {
  type JournalRequests,
  journalRequests,
  type NearMiss,
  type RequestMatcher,
  RequestVerificationError,
} from '../core/services/request-matcher';
import { newServerSecret } from '../core/services/secrets';
import { families } from '../families';
import { exportState, type StateExport } from '../families/mock/state-export';
import { createBundledMediaSource } from '../media/bundled-source';
import { seedDemo } from '../seed/demo';
import { type KeyValueStorage, LocalStoragePersistence } from '../store/local-storage-persistence';
import { MemoryPersistence } from '../store/persistence';
import { emptyState, type State } from '../store/state';
import { Store } from '../store/store';

export type {
  Fault,
  FaultSpec,
  JournalEntry,
  JournalFilter,
  JournalRequests,
  NearMiss,
  RequestMatcher,
  StateExport,
};
export { RequestVerificationError };

/** A control route refused a call of the handle (a fault spec that does not validate, an unknown id). */
export class ControlRouteError extends Error {
  override readonly name = 'ControlRouteError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export interface NimbusHandlersOptions extends Partial<Omit<ServerConfig, 'webhookFetch'>> {
  /**
   * Origin the handlers answer for, e.g. `http://api.test`. Default: the page's own origin
   * (browser). Outside a browser (Node) it is required: an absolute origin, or `'*'` for any
   * origin.
   */
  baseUrl?: string;
  /** Starting state when nothing was persisted: the demo tenant, or a state export. Default: empty. */
  seed?: 'demo' | StateExport;
  /** Keep the state in `localStorage` (under `key`, default `nimbus-mock-state`) across page loads. */
  persist?: 'localStorage' | { key?: string; storage?: KeyValueStorage };
  /**
   * Where the `/docs` page loads Swagger UI from: a URL prefix that serves the files of
   * `swagger-ui-dist` (`swagger-ui.css`, `swagger-ui-bundle.js`, `swagger-ui-standalone-preset.js`),
   * e.g. `/swagger-ui` when the app copies them to its public folder. Without it the page's
   * assets answer 503; the OpenAPI documents are served either way.
   */
  docsAssetsUrl?: string;
}

export interface NimbusHandlers {
  /**
   * Pass them to `setupWorker(...handlers)` or `setupServer(...handlers)`: HTTP handlers for
   * /api/v1, /v2, /__mock and /docs, and the `/v2/ws/events` WebSocket link.
   */
  handlers: (HttpHandler | WebSocketHandler)[];
  /** The core: `app.fetch(request)`, `app.runtime` (clock, store, events). */
  app: App;
  /** Settles once the state is loaded and seeded; the handlers wait for it on their own. */
  ready: Promise<void>;
  /**
   * Back to the starting point (the seed, or empty), clock, faults and request journal
   * included. The seed's users keep their sessions: tokens issued after the seed stay valid.
   */
  reset(): Promise<void>;
  /**
   * The state (as `GET /__mock/state`). `includeSecret` adds the signing secret, so tokens
   * issued here stay valid after an import into another handler set or server.
   */
  exportState(options?: { includeSecret?: boolean }): StateExport;
  /** Replaces the whole state (validated like `PUT /__mock/state`); a secret in it replaces the signing secret. */
  importState(state: StateExport): Promise<void>;
  /**
   * The request journal (as `GET /__mock/requests`): what the handlers received and answered,
   * oldest first. `requests(matcher)` lists the matching ones; `requests.find`, `.count` and
   * `.expect(matcher, n)` verify, the last failing with the closest requests.
   */
  requests: JournalRequests;
  /**
   * Injected faults (as `/__mock/faults`), refused with a `ControlRouteError` as the route refuses
   * them. A dropped connection is a network error (`Response.error()`); a slow body a stream.
   */
  faults: {
    create(spec: FaultSpec): Promise<Fault>;
    list(): Promise<Fault[]>;
    delete(id: string): Promise<void>;
    clear(): Promise<void>;
  };
  close(): Promise<void>;
}

/**
 * Builds msw handlers over an in-memory Nimbus server.
 *
 * @example
 * // browser
 * import { setupWorker } from 'msw/browser';
 * const nimbus = createNimbusHandlers({ seed: 'demo', persist: 'localStorage', transitionDelayMs: 1500 });
 * await setupWorker(...nimbus.handlers).start();
 *
 * @example
 * // Node tests
 * import { setupServer } from 'msw/node';
 * const nimbus = createNimbusHandlers({ baseUrl: 'http://nimbus.test' });
 * const server = setupServer(...nimbus.handlers);
 * beforeAll(() => server.listen());
 * afterEach(() => nimbus.reset());
 */
export function createNimbusHandlers(options: NimbusHandlersOptions = {}): NimbusHandlers {
  const { baseUrl, seed, persist, docsAssetsUrl, ...config } = options;
  // msw matches a relative path against `location`; without one (Node) no request would ever match.
  if (baseUrl === undefined && typeof location === 'undefined') {
    throw new TypeError(
      "createNimbusHandlers needs a baseUrl outside a browser: the client's origin, e.g. { baseUrl: 'http://nimbus.test' }, or '*' for any origin",
    );
  }
  const persistence = persist
    ? new LocalStoragePersistence(persist === 'localStorage' ? {} : persist)
    : new MemoryPersistence();
  // localStorage is read when `ready` runs; until then the app holds an empty state it will replace.
  const store = new Store(persistence, emptyState(newServerSecret()), { flushDelayMs: 0 });
  // No socket is open: nothing but the page itself reaches these handlers, from wherever it is served.
  const app = createApp({ store, families, config: { corsOrigins: '*', ...config } });
  // No file system here: media come from the bundle, the docs page's files from docsAssetsUrl.
  app.runtime.media = createBundledMediaSource();
  if (docsAssetsUrl) app.runtime.docsAssets = fetchedAssets(docsAssetsUrl);
  let baseline: State | undefined;

  async function applySeed(): Promise<void> {
    if (seed === 'demo') await seedDemo(app);
    else if (seed) await importState(seed);
    baseline = structuredClone(store.state);
    // The seed's own requests are not the app's: the journal starts after them.
    app.runtime.journal.clear();
  }

  async function importState(state: StateExport): Promise<void> {
    // Through the control route, so an import is checked exactly as the HTTP server checks it.
    const response = await control('PUT', '/__mock/state', state);
    if (!response.ok) throw new Error(`Not a Nimbus state export: ${await response.text()}`);
  }

  /** A call of a control route through the core, so the handle validates as the server does. */
  function control(method: string, path: string, body?: unknown): Promise<Response> {
    const headers = new Headers();
    if (body !== undefined) headers.set('content-type', 'application/json');
    if (app.runtime.config.controlToken)
      headers.set('authorization', `Bearer ${app.runtime.config.controlToken}`);
    return app.fetch(
      new Request(`http://nimbus.local${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }

  /** A control call's JSON answer, or its refusal as a `ControlRouteError`. */
  async function controlJson<T>(method: string, path: string, body?: unknown): Promise<T> {
    await ready;
    const response = await control(method, path, body);
    if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
    const { error } = (await response.json()) as {
      error: { code: string; message: string; details?: unknown };
    };
    throw new ControlRouteError(response.status, error.code, error.message, error.details);
  }

  const ready = (async () => {
    // A state saved in the page's storage may hold records: their families load first.
    await app.ready;
    const saved = await persistence.load();
    if (saved) store.replace(saved);
    else await applySeed();
  })();
  // Failures reach whoever awaits `ready` or sends a request; not an unhandled rejection besides.
  ready.catch(() => {});

  const answer = async ({ request }: { request: Request }) => {
    // The body is read first, as the Node adapter reads it, before the server waits on anything
    // (its start, or loading the family that answers): the core then reads no msw stream.
    const received = await bufferedRequest(request, app.runtime.config.maxBodyBytes);
    await ready;
    return faultedResponse(await app.handle(received), app.faults.deliveryOf(received));
  };
  const origin = (baseUrl ?? '').replace(/\/+$/, '');
  return {
    handlers: [
      http.all(`${origin}/api/v1/*`, answer),
      http.all(`${origin}/v2/*`, answer),
      http.all(`${origin}/__mock/*`, answer),
      http.get(`${origin}/docs`, answer),
      http.get(`${origin}/docs/*`, answer),
      videoEventStreamLink(app, origin),
    ],
    app,
    ready,
    async reset() {
      await ready;
      app.faults.clear();
      app.runtime.journal.clear();
      if (baseline) {
        store.replace(structuredClone(baseline));
        return;
      }
      store.reset();
      await applySeed();
    },
    exportState: (exportOptions) => exportState(app.runtime, exportOptions),
    requests: journalRequests(app.runtime.journal),
    faults: {
      create: (spec) => controlJson<Fault>('POST', '/__mock/faults', spec),
      list: async () => (await controlJson<{ items: Fault[] }>('GET', '/__mock/faults')).items,
      delete: (id) => controlJson<void>('DELETE', `/__mock/faults/${encodeURIComponent(id)}`),
      clear: () => controlJson<void>('DELETE', '/__mock/faults'),
    },
    async importState(state) {
      await ready;
      await importState(state);
    },
    async close() {
      await ready.catch(() => {});
      await app.close();
      await store.close();
    },
  };
}
