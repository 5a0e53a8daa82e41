import { randomUUID } from 'node:crypto';
import { Cleanup, type Made } from './cleanup';
import type { OtherTenant, VerifyContext } from './context';
import { checkSuccess, type ExchangeVerdict } from './exchange-check';
import { FixtureUnavailable, type RequestInput, type Slot, validInput } from './fixtures';
import type { Auth, Exchange, SendOptions } from './http';
import { recordOf, TargetClient } from './http';
import { Ledger } from './ledger';
import { followLifecycle, LIFECYCLES } from './lifecycle';
import { checkMedia } from './media-checks';
import { checkInvalidInputs } from './negative';
import { contractOperations, globMatcher, orderedPlan, type PlannedOperation } from './plan';
import { checkIdentity, signIn } from './session';
import { VerifyInterruptedError, type VerifyOptions, type VerifyResult } from './types';

/** Operations no generic request covers, and why: they are checked by the phases named. */
const HANDLED_APART = new Set([
  'v1.auth.register',
  'v1.auth.login',
  'v1.auth.refresh',
  'v1.auth.logout',
  'v1.auth.mfaEnroll',
  'v1.auth.workloadToken',
  'v1.users.me',
  'v1.projects.create',
  'v2.playback.timeline',
  'v2.playback.playlist',
  'v2.playback.segment',
  'v2.playback.snapshot',
  'v2.playback.forEvent',
]);

/** Creates whose record another operation makes: the slot and the operation that makes it. */
const MADE_BY: Record<Slot, string> = { '/api/v1/anomalies': 'v1.anomalies.detect' };

/** Everything one run holds: the target, who it is there, what it made and what it found. */
export class VerifyRun implements VerifyContext {
  readonly client: TargetClient;
  readonly ledger: Ledger;
  readonly cleanup = new Cleanup();
  readonly plan: PlannedOperation[];
  readonly byId: Map<string, PlannedOperation>;
  /** `20261129t100800-3f2a`: unique names and emails on the whole deployment. */
  readonly suffix: string;
  readonly startedAt = new Date();
  token: string | undefined;
  apiKey: string | undefined;
  projectId = '';
  userId = '';
  workloadToken: string | undefined;
  other: OtherTenant | undefined;
  readonly #records = new Map<Slot, Promise<Record<string, unknown> | null>>();
  readonly #made = new Map<Slot, Made>();

  constructor(readonly options: VerifyOptions) {
    this.client = new TargetClient(
      options.target,
      options.requestTimeoutMs ?? 30_000,
      options.fetch,
      options.signal,
    );
    this.ledger = new Ledger(globMatcher(options.only));
    this.plan = contractOperations();
    this.byId = new Map(this.plan.map((op) => [op.id, op]));
    const stamp = this.startedAt.toISOString().replace(/[-:]/g, '').slice(0, 15).toLowerCase();
    this.suffix = `${stamp}-${randomUUID().slice(0, 4)}`;
  }

  get lifecycleTimeoutMs(): number {
    return this.options.lifecycleTimeoutMs ?? 120_000;
  }

  op(id: string): PlannedOperation {
    const op = this.byId.get(id);
    if (!op) throw new Error(`unknown operation ${id}`);
    return op;
  }

  /** The credentials an operation takes: the session or key on /api/v1, the workload token on /v2. */
  authFor(op: PlannedOperation): Auth {
    const { endpoint } = op;
    if (endpoint.auth === 'none') return { kind: 'none' };
    if (endpoint.auth === 'basic') {
      const metrics = this.options.metricsCredentials;
      if (!metrics) throw new FixtureUnavailable('needs the basic-auth credentials of /v2/metrics');
      return { kind: 'basic', ...metrics };
    }
    if (endpoint.api === 'v2') {
      if (!this.workloadToken) throw new FixtureUnavailable('no /v2 workload token could be had');
      return endpoint.auth === 'query-token'
        ? { kind: 'query-token', token: this.workloadToken }
        : { kind: 'bearer', token: this.workloadToken };
    }
    if (this.token) return { kind: 'bearer', token: this.token };
    if (this.apiKey && endpoint.project) return { kind: 'api-key', key: this.apiKey };
    throw new FixtureUnavailable('needs a user session: an API key reaches project routes only');
  }

  async send(
    op: PlannedOperation,
    input: RequestInput,
    override: Partial<SendOptions> = {},
  ): Promise<Exchange> {
    this.options.onProgress?.(op.id);
    return this.client.send(op.endpoint.method, input.path, {
      auth: this.authFor(op),
      ...(op.endpoint.project && { project: this.projectId }),
      ...(input.query && { query: input.query }),
      ...(input.body !== undefined && { body: input.body }),
      ...override,
    });
  }

  /** Sends `op` with valid input and checks the answer against the contract. */
  async exchange(op: PlannedOperation, input: RequestInput): Promise<Exchange> {
    const exchange = await this.send(op, input);
    this.ledger.record(op.id, checkSuccess(op.id, op.endpoint, exchange), exchange.requestId);
    return exchange;
  }

  /** Checks an answer already had against `op`'s success answer. */
  exchangeChecked(op: PlannedOperation, exchange: Exchange): void {
    this.ledger.record(op.id, checkSuccess(op.id, op.endpoint, exchange), exchange.requestId);
  }

  note(operation: string, verdict: ExchangeVerdict, requestId: string | null): void {
    this.ledger.record(operation, verdict, requestId);
  }

  input(op: PlannedOperation, slot?: Slot): Promise<RequestInput> {
    return validInput(op, this.plan, this.fixtureContext(), slot);
  }

  fixtureContext() {
    return {
      projectId: this.projectId,
      memberId: this.other?.userId ?? this.userId,
      suffix: this.suffix,
      memberEmail: this.other?.email,
      record: (slot: Slot) => this.record(slot),
    };
  }

  /** Seeds a slot with a record the run has from elsewhere (its project). */
  known(slot: Slot, record: Record<string, unknown>): void {
    this.#records.set(slot, Promise.resolve(record));
  }

  /**
   * A record of `slot`, made once: the create is sent and checked as its operation, its
   * lifecycle followed to its end state, and its delete put on the cleanup list.
   */
  record(slot: Slot): Promise<Record<string, unknown> | null> {
    let made = this.#records.get(slot);
    if (!made) {
      made = this.#make(slot).catch((error) => {
        if (error instanceof FixtureUnavailable) return null;
        throw error;
      });
      this.#records.set(slot, made);
    }
    return made;
  }

  async #make(slot: Slot): Promise<Record<string, unknown> | null> {
    if (this.options.readOnly) return null;
    const collection = slot.replace(/#\d+$/, '');
    const create =
      MADE_BY[collection] !== undefined
        ? this.op(MADE_BY[collection]!)
        : this.plan.find((op) => op.kind === 'create' && op.endpoint.path === collection);
    if (!create) return null;
    const input = await this.input(create, slot);
    const exchange = await this.exchange(create, input);
    if (exchange.status < 200 || exchange.status >= 300) return null;
    const record = recordOf(exchange);
    if (!record) return null;
    this.#made.set(slot, this.track(collection, create, record, input.path));
    await this.follow(create, record);
    return record;
  }

  /** Puts a made record on the cleanup list with the contract's delete of its collection. */
  track(
    collection: string,
    create: PlannedOperation,
    record: Record<string, unknown>,
    createdAt: string,
  ): Made {
    const remove = this.plan.find(
      (op) =>
        op.kind === 'delete' && new RegExp(`^${escapeRegExp(collection)}/\\{\\w+\\}$`).test(op.endpoint.path),
    );
    const key = String(record.name && remove?.endpoint.path.endsWith('{name}') ? record.name : record.id);
    const path = remove?.endpoint.path.replace(/\{\w+\}$/, encodeURIComponent(key)) ?? createdAt;
    return this.cleanup.add({
      label: `${create.id} ${key}`,
      inProject:
        create.endpoint.project === true || create.endpoint.path.startsWith('/api/v1/projects/{id}/'),
      ...(remove && {
        remove: async () => {
          const answer = await this.send(remove, { path });
          return (answer.status >= 200 && answer.status < 300) || answer.status === 404;
        },
      }),
    });
  }

  /** The made record of a slot was deleted by the run's own delete operation. */
  deleted(slot: Slot): void {
    this.cleanup.forget(this.#made.get(slot));
    this.#made.delete(slot);
    this.#records.set(slot, Promise.resolve(null));
  }

  /** Follows the lifecycle `op` started, if it starts one, on the target's clock. */
  async follow(op: PlannedOperation, record: Record<string, unknown>): Promise<void> {
    const lifecycle = LIFECYCLES[op.id];
    if (!lifecycle || !record.id) return;
    const retrieve = this.op(lifecycle.retrieve);
    const path = retrieve.endpoint.path.replace('{id}', String(record.id));
    const read = async () => {
      const answer = await this.send(retrieve, { path });
      if (answer.status !== 200) return undefined;
      const current = retrieve.endpoint.path.includes('{id}') ? recordOf(answer) : listed(answer, record.id);
      return { state: current?.[lifecycle.field], requestId: answer.requestId };
    };
    const result = await followLifecycle(lifecycle, record[lifecycle.field], read, {
      timeoutMs: this.lifecycleTimeoutMs,
      ...(this.options.signal && { signal: this.options.signal }),
    });
    this.note(op.id, { checks: result.checks, findings: result.findings }, null);
  }

  /** Runs one planned operation with valid input, then the invalid inputs the contract names. */
  async runOperation(op: PlannedOperation): Promise<void> {
    if (HANDLED_APART.has(op.id) || !this.ledger.selected(op.id)) return;
    if (this.options.readOnly && op.kind !== 'read') {
      this.ledger.skip(op.id, 'a write (--read-only)');
      return;
    }
    try {
      if (op.kind === 'create') {
        const record = await this.record(op.endpoint.path);
        if (!record && !this.ledger.checked(op.id)) this.ledger.skip(op.id, 'its request could not be built');
      } else {
        const input = await this.input(op);
        if (op.kind === 'read' && op.endpoint.list)
          input.query = { ...input.query, page: '1', per_page: '1' };
        const exchange = await this.exchange(op, input);
        if (op.kind === 'action' && exchange.status >= 200 && exchange.status < 300) {
          const record = recordOf(exchange);
          if (record) await this.follow(op, record);
        }
        if (op.kind === 'delete' && exchange.status >= 200 && exchange.status < 300) {
          this.deleted(op.endpoint.path.replace(/\/\{\w+\}$/, ''));
        }
      }
      await checkInvalidInputs(this, op);
    } catch (error) {
      if (!(error instanceof FixtureUnavailable)) throw error;
      this.ledger.skip(op.id, error.message);
    }
  }

  /** Runs every check, then deletes what the run made, also when it was stopped or failed. */
  async execute(): Promise<VerifyResult> {
    let leftBehind: string[] = [];
    try {
      await signIn(this);
      const planned = orderedPlan(this.plan);
      // Playback needs the camera and its footage: the media checks come before the deletes.
      for (const op of planned.filter((op) => op.kind !== 'delete')) {
        this.options.signal?.throwIfAborted();
        await this.runOperation(op);
      }
      await checkMedia(this);
      for (const op of planned.filter((op) => op.kind === 'delete')) {
        this.options.signal?.throwIfAborted();
        await this.runOperation(op);
      }
      await checkIdentity(this);
    } catch (error) {
      this.client.closing = true;
      leftBehind = await this.cleanup.run();
      if (this.options.signal?.aborted)
        throw new VerifyInterruptedError(this.options.signal.reason, leftBehind);
      throw error;
    }
    this.client.closing = true;
    leftBehind = await this.cleanup.run();
    return this.result(leftBehind);
  }

  result(leftBehind: string[]): VerifyResult {
    for (const op of this.plan) {
      if (this.ledger.selected(op.id) && !this.ledger.checked(op.id))
        this.ledger.skip(op.id, 'not reached: an operation it needs was skipped');
    }
    const tallies = this.ledger.tallies();
    return {
      target: this.options.target,
      operations: tallies.length,
      checks: tallies.reduce((sum, t) => sum + t.checks, 0),
      divergences: this.ledger.divergences,
      skipped: this.ledger.skipped(),
      tallies,
      leftBehind: leftBehind.map((line) => this.ledger.mask(line)),
    };
  }
}

/** The item of a list answer (`items` of /v2, `data` of /api/v1) with that id. */
function listed(exchange: Exchange, id: unknown): Record<string, unknown> | undefined {
  const body = exchange.body as { items?: unknown; data?: unknown } | unknown[];
  const items = Array.isArray(body) ? body : Array.isArray(body?.items) ? body.items : body?.data;
  return Array.isArray(items) ? items.find((item) => item?.id === id) : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
