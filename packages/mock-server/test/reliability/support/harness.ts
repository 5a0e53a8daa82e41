import { type ApiName, ErrorCode } from '@nimbus/sdk/contract';
import { type App, createApp } from '../../../src/core/pipeline/app';
import type { ServerConfig } from '../../../src/core/services/config';
import { families } from '../../../src/families';
import { MemoryPersistence, type Persistence } from '../../../src/store/persistence';
import { emptyState } from '../../../src/store/state';
import { Store } from '../../../src/store/store';
import type { Table } from '../../../src/store/table';

/** Error codes each status may carry (docs/decisions/0002-v1-envelopes-and-errors.md and 0006-video-service.md). A 500 is never documented. */
export const DOCUMENTED_ERRORS: Readonly<Record<number, readonly string[]>> = {
  400: [ErrorCode.VALIDATION_ERROR, ErrorCode.INVALID_JSON, ErrorCode.PROJECT_HEADER_REQUIRED],
  401: [
    ErrorCode.UNAUTHENTICATED,
    ErrorCode.INVALID_CREDENTIALS,
    ErrorCode.MFA_REQUIRED,
    ErrorCode.INVALID_MFA_CODE,
    ErrorCode.REFRESH_TOKEN_REUSED,
  ],
  403: [
    ErrorCode.FORBIDDEN,
    ErrorCode.PROJECT_FORBIDDEN,
    ErrorCode.QUOTA_EXCEEDED,
    ErrorCode.POLICY_VIOLATION,
    ErrorCode.INSUFFICIENT_SCOPE,
    ErrorCode.CAMERA_LIMIT_REACHED,
  ],
  404: [ErrorCode.NOT_FOUND],
  405: [ErrorCode.METHOD_NOT_ALLOWED],
  409: [ErrorCode.CONFLICT, ErrorCode.INVALID_STATE, ErrorCode.IDEMPOTENCY_KEY_REUSED],
  413: [ErrorCode.PAYLOAD_TOO_LARGE],
  415: [ErrorCode.UNSUPPORTED_MEDIA_TYPE],
  429: [ErrorCode.RATE_LIMITED],
  503: [ErrorCode.SERVICE_UNAVAILABLE],
};

/** One answer, read in full. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  body: unknown;
}

/** Longest a single request may take before the test calls it a hang. */
export const REQUEST_TIMEOUT_MS = 5_000;

/** Reads a response in full, or fails when it takes longer than `timeoutMs` (a hang). */
export async function answerOf(pending: Promise<Response>, what: string, timeoutMs = REQUEST_TIMEOUT_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs} ms: ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([
      (async (): Promise<Answer> => {
        const response = await pending;
        const text = await response.text();
        let body: unknown;
        try {
          body = text === '' ? undefined : JSON.parse(text);
        } catch {
          body = undefined;
        }
        return { status: response.status, headers: response.headers, text, body };
      })(),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What is wrong with an error answer, or undefined when it is a documented error in the
 * envelope of its API: v1 `{ success: false, error: { code, message } }`, v2 and the control
 * routes `{ error: { code, message } }`.
 */
export function envelopeProblem(api: ApiName, answer: Answer): string | undefined {
  if (answer.status < 400) return `not an error: ${answer.status}`;
  const documented = DOCUMENTED_ERRORS[answer.status];
  if (!documented) return `undocumented status ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (!/^application\/json/.test(answer.headers.get('content-type') ?? '')) {
    return `error answer is not JSON (${answer.headers.get('content-type')})`;
  }
  const body = answer.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return `error body is not an object: ${answer.text.slice(0, 200)}`;
  const keys = Object.keys(body).sort().join(',');
  if (api === 'v1' ? keys !== 'error,success' || body.success !== false : keys !== 'error') {
    return `wrong ${api} error envelope: ${answer.text.slice(0, 200)}`;
  }
  const error = body.error as Record<string, unknown> | undefined;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
    return `error without code and message: ${answer.text.slice(0, 200)}`;
  }
  if (!documented.includes(error.code)) return `code ${error.code} is not documented for ${answer.status}`;
  if (/\n\s+at /.test(answer.text)) return 'a stack trace leaked into the body';
  return undefined;
}

/** The API a path belongs to, as the server decides it. */
export function apiOf(path: string): ApiName {
  if (path.startsWith('/v2')) return 'v2';
  if (path.startsWith('/__mock')) return 'mock';
  return 'v1';
}

/** Tables the server writes on its own, outside any request (security events, webhook attempts). */
export const BACKGROUND_TABLES: ReadonlySet<string> = new Set(['audit_logs', 'webhook_deliveries']);

/** What a JSON request to the server may carry: a bearer token, a project, a body and more headers. */
export interface JsonRequestOptions {
  token?: string;
  projectId?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The headers and body of a JSON request (content-type set when there is a body and none was given). */
export function jsonRequest(options: JsonRequestOptions): { headers: Headers; body: string | undefined } {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (options.projectId) headers.set('x-project-id', options.projectId);
  if (options.body === undefined) return { headers, body: undefined };
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return { headers, body: JSON.stringify(options.body) };
}

/**
 * The whole server in this process (no port), with the tables each request changed recorded,
 * so a test can tell a rejected request left the state alone.
 */
export class Harness {
  readonly app: App;
  readonly store: Store;
  /**
   * Every insert, update and delete since `writes.length = 0`, in order. `scheduled` marks the
   * writes of clock tasks (lifecycle steps, the hourly budget check): they belong to no request.
   */
  readonly writes: { table: string; method: string; row: unknown; scheduled: boolean }[] = [];
  /** What the server logged as errors (unhandled exceptions behind a 500), newest last. */
  readonly errors: string[];

  private constructor(app: App, store: Store, errors: string[]) {
    this.app = app;
    this.store = store;
    this.errors = errors;
  }

  static create(options: { config?: Partial<ServerConfig>; persistence?: Persistence } = {}): Harness {
    const store = new Store(options.persistence ?? new MemoryPersistence(), emptyState('r'.repeat(43)), {
      flushDelayMs: 5,
    });
    const errors: string[] = [];
    const logger = {
      info() {},
      warn() {},
      error: (message: string, fields?: Record<string, unknown>) => {
        errors.push(`${message} ${JSON.stringify(fields ?? {})}`);
      },
    };
    const harness = new Harness(
      createApp({
        store,
        families,
        config: { validateResponses: true, transitionDelayMs: 0, logger, ...options.config },
      }),
      store,
      errors,
    );
    harness.#recordWrites();
    return harness;
  }

  /** Sends a request to the app; fails on a hang. */
  send(request: Request, timeoutMs?: number): Promise<Answer> {
    return answerOf(this.app.fetch(request), `${request.method} ${request.url}`, timeoutMs);
  }

  /** A JSON request with optional bearer token and project. */
  call(method: string, path: string, options: JsonRequestOptions = {}): Promise<Answer> {
    const { headers, body } = jsonRequest(options);
    return this.send(new Request(`http://nimbus.local${path}`, { method, headers, body }));
  }

  /** The state as GET /__mock/state exports it, without the tables the server writes on its own. */
  async state(): Promise<string> {
    return withoutBackground((await this.call('GET', '/__mock/state')).text);
  }

  /**
   * The same document as `state()`, serialised straight from the store: a twentieth of the cost,
   * for checks made around thousands of requests.
   */
  snapshot(): string {
    const tables = Object.fromEntries(
      Object.entries(this.store.state.tables).filter(([name]) => !BACKGROUND_TABLES.has(name)),
    );
    return JSON.stringify({ tables });
  }

  /** Runs every due lifecycle step now, so a later request does not do it (and change the state). */
  settle(): void {
    this.app.runtime.clock.runDue();
  }

  /**
   * Tables changed since `writes` was emptied, minus those the server writes on its own and
   * minus the activity log entry recording a refused request itself (the core logs refusals
   * of project writes that reach a handler, in the caller's project, with their status).
   */
  changedTables(answer: Answer): string[] {
    const requestId = answer.headers.get('x-request-id');
    const recordsRefusal = (w: { table: string; method: string; row: unknown }) => {
      const row = w.row as { request_id?: string; status?: number } | undefined;
      return (
        w.table === 'activity_logs' &&
        w.method === 'insert' &&
        row?.request_id === requestId &&
        row?.status === answer.status
      );
    };
    const own = this.writes.filter(
      (w) => !w.scheduled && !BACKGROUND_TABLES.has(w.table) && !recordsRefusal(w),
    );
    return [...new Set(own.map((w) => w.table))];
  }

  /**
   * Sends a request and answers it with how it changed the state export: the differences
   * between the exports before and after, minus the refusal's own activity log entry and minus
   * tables a clock task wrote meanwhile (a lifecycle step or the hourly check can come due
   * during any request).
   */
  async sendTracked(request: Request): Promise<{ answer: Answer; changes: string[] }> {
    this.settle();
    const before = this.snapshot();
    this.writes.length = 0;
    const answer = await this.send(request);
    const after = this.snapshot();
    if (after === before) return { answer, changes: [] };
    const scheduled = new Set(this.writes.filter((w) => w.scheduled).map((w) => w.table));
    const changes = stateDiff(before, after, answer).filter((line) => !scheduled.has(line.split('/')[0]!));
    return { answer, changes };
  }

  close(): Promise<void> {
    return this.app.close();
  }

  #recordWrites(): void {
    const instrumented = new WeakSet<Table>();
    const table = this.store.table.bind(this.store);
    const writes = this.writes;
    // Clock tasks run inside runDue (at the start of a request, or on the clock's own timer).
    const clock = this.app.runtime.clock;
    const runDue = clock.runDue.bind(clock);
    let inClockTask = 0;
    clock.runDue = () => {
      inClockTask++;
      try {
        runDue();
      } finally {
        inClockTask--;
      }
    };
    this.store.table = ((spec) => {
      const t = table(spec) as unknown as Table;
      if (!instrumented.has(t)) {
        instrumented.add(t);
        for (const method of ['insert', 'update', 'delete'] as const) {
          const original = t[method].bind(t) as (...args: unknown[]) => unknown;
          Object.defineProperty(t, method, {
            configurable: true,
            writable: true,
            value: (...args: unknown[]) => {
              const row = method === 'insert' ? args[0] : undefined;
              writes.push({ table: t.name, method, row, scheduled: inClockTask > 0 });
              return original(...args);
            },
          });
        }
      }
      return t;
    }) as Store['table'];
  }
}

/** A user with a project: tokens for /api/v1 and /v2. */
export interface Tenant {
  email: string;
  password: string;
  userId: string;
  projectId: string;
  accessToken: string;
  refreshToken: string;
  /** A /v2 token of the project with every scope. */
  workloadToken: string;
}

const ALL_SCOPES = ['cameras:read', 'cameras:write', 'events:read', 'playback:read'];

/** Registers a user, logs in, creates a project and gets a workload token, through the API. */
export async function seedTenant(
  call: (
    method: string,
    path: string,
    options?: { token?: string; projectId?: string; body?: unknown },
  ) => Promise<Answer>,
  name: string,
): Promise<Tenant> {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-battery';
  const data = async (pending: Promise<Answer>, what: string) => {
    const answer = await pending;
    if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${answer.text}`);
    return (answer.body as { data: Record<string, unknown> }).data;
  };
  const user = await data(
    call('POST', '/api/v1/auth/register', { body: { email, password, full_name: name } }),
    'register',
  );
  const login = await data(call('POST', '/api/v1/auth/login', { body: { email, password } }), 'login');
  const token = login.access_token as string;
  const project = await data(
    call('POST', '/api/v1/projects', { token, body: { name: `${name}-project` } }),
    'project',
  );
  const workload = await data(
    call('POST', '/api/v1/auth/workload-token', {
      token,
      body: { project_id: project.id, scopes: ALL_SCOPES, ttl_seconds: 86_400 },
    }),
    'workload token',
  );
  return {
    email,
    password,
    userId: user.id as string,
    projectId: project.id as string,
    accessToken: token,
    refreshToken: login.refresh_token as string,
    workloadToken: workload.token as string,
  };
}

/** A GET /__mock/state export without the tables the server writes on its own. */
export function withoutBackground(exported: string): string {
  const state = JSON.parse(exported) as { tables: Record<string, unknown> };
  for (const name of BACKGROUND_TABLES) delete state.tables[name];
  return JSON.stringify(state);
}

/**
 * Which tables differ between two `Harness.state()` exports, with the first difference of each.
 * With `refused`, the activity log entry recording that refused request itself is allowed.
 */
export function stateDiff(before: string, after: string, refused?: Answer): string[] {
  const a = (JSON.parse(before) as { tables: Record<string, Record<string, unknown>> }).tables;
  const b = (JSON.parse(after) as { tables: Record<string, Record<string, unknown>> }).tables;
  if (refused && b.activity_logs) {
    const requestId = refused.headers.get('x-request-id');
    for (const [id, row] of Object.entries(b.activity_logs)) {
      const log = row as { request_id?: string; status?: number };
      if (!a.activity_logs?.[id] && log.request_id === requestId && log.status === refused.status) {
        delete b.activity_logs[id];
      }
    }
  }
  const out: string[] = [];
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[name] ?? {};
    const y = b[name] ?? {};
    for (const id of new Set([...Object.keys(x), ...Object.keys(y)])) {
      const was = x[id] as Record<string, unknown> | undefined;
      const is = y[id] as Record<string, unknown> | undefined;
      if (JSON.stringify(was) === JSON.stringify(is)) continue;
      if (!was || !is) {
        out.push(`${name}/${id}: ${was ? 'deleted' : `added ${JSON.stringify(is).slice(0, 200)}`}`);
      } else {
        const fields = Object.keys({ ...was, ...is }).filter(
          (key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]),
        );
        const change = (key: string) =>
          `${key}: ${JSON.stringify(was[key])?.slice(0, 80)} -> ${JSON.stringify(is[key])?.slice(0, 80)}`;
        out.push(`${name}/${id}: ${fields.map(change).join(', ')}`);
      }
      break;
    }
  }
  return out;
}

/** The pieces of Object.prototype, to prove nothing was added to it. */
export function prototypeFingerprint(): string {
  return JSON.stringify([
    Object.getOwnPropertyNames(Object.prototype).sort(),
    Object.getOwnPropertyNames(Array.prototype).sort(),
    Object.getOwnPropertyNames(Function.prototype).sort(),
  ]);
}
