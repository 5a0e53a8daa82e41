import type { Answer } from './harness';
import { httpCall } from './http';

/**
 * A mixed write load whose every step is remembered, so what a server (or its state file) holds
 * afterwards can be checked against what it acknowledged. Each worker walks functions through
 * create -> a few updates -> maybe delete, one request at a time per function, many functions at
 * once; some workers also create instances, whose lifecycles then move on their own.
 * A function's state is the index of the last operation applied to it: the create is step 0 and
 * sets `env.STEP = "0"`, update k sets `env.STEP = "k"`, and a delete is the last step.
 */

export interface Step {
  kind: 'create' | 'update' | 'delete';
  /** Date.now() when the 2xx answer arrived; undefined when none did (in flight at a kill). */
  ackedAt?: number;
}

export interface FunctionHistory {
  name: string;
  id?: string;
  steps: Step[];
}

export interface Tenant {
  url: string;
  token: string;
  projectId: string;
}

export class Workload {
  readonly functions = new Map<string, FunctionHistory>();
  /** Instances whose create was acknowledged, with the time of the answer. */
  readonly instances: { id: string; ackedAt: number }[] = [];
  #stopped = false;
  #tolerant = false;
  #running: Promise<void> | undefined;
  #failure: unknown;

  constructor(
    readonly label: string,
    readonly tenant: Tenant,
  ) {}

  /** Starts `workers` concurrent workers; `stop()` ends them. */
  start(workers: number): void {
    this.#running = Promise.all(Array.from({ length: workers }, (_, w) => this.#worker(w))).then(
      () => {},
      (error) => {
        // Kept for stop(): the first failure ends the load.
        this.#failure ??= error;
        this.#stopped = true;
      },
    );
  }

  /** Stops sending and waits for the workers: rejects with the first request that failed. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#running;
    if (this.#failure) throw this.#failure;
  }

  /**
   * From now on a failed request (the server killed, a write refused, a function an outside
   * edit removed) ends its worker quietly instead of failing the workload.
   */
  expectFailures(): void {
    this.#tolerant = true;
  }

  get acknowledged(): number {
    let count = this.instances.length;
    for (const fn of this.functions.values()) count += fn.steps.filter((s) => s.ackedAt).length;
    return count;
  }

  get lastAck(): number {
    let last = 0;
    for (const fn of this.functions.values())
      for (const step of fn.steps) last = Math.max(last, step.ackedAt ?? 0);
    for (const vm of this.instances) last = Math.max(last, vm.ackedAt);
    return last;
  }

  async #worker(w: number): Promise<void> {
    for (let k = 0; !this.#stopped; k++) {
      const fn: FunctionHistory = { name: `${this.label}-${w}-${k}`, steps: [] };
      this.functions.set(fn.name, fn);
      const updates = 1 + Math.floor(Math.random() * 3);
      const deleted = Math.random() < 0.4;
      for (let step = 0; step <= updates + (deleted ? 1 : 0) && !this.#stopped; step++) {
        const kind = step === 0 ? 'create' : step <= updates ? 'update' : 'delete';
        const entry: Step = { kind };
        fn.steps.push(entry);
        const answer = await this.#send(fn, kind, step);
        if (!answer) return;
        entry.ackedAt = Date.now();
        if (kind === 'create') fn.id = (answer.body as { data: { id: string } }).data.id;
      }
      if (w % 4 === 0 && !this.#stopped) {
        const answer = await this.#call('POST', '/api/v1/instances', {
          name: `${fn.name}-vm`,
          flavor: 'small',
          region: 'hn',
        });
        if (!answer) return;
        this.instances.push({ id: (answer.body as { data: { id: string } }).data.id, ackedAt: Date.now() });
      }
    }
  }

  #send(fn: FunctionHistory, kind: Step['kind'], step: number): Promise<Answer | undefined> {
    const env = { STEP: String(step) };
    if (kind === 'create') {
      return this.#call('POST', '/api/v1/functions', {
        name: fn.name,
        runtime: 'nodejs20',
        region: 'hn',
        env,
      });
    }
    if (kind === 'update') return this.#call('PUT', `/api/v1/functions/${fn.id}`, { env });
    return this.#call('DELETE', `/api/v1/functions/${fn.id}`);
  }

  /** One request: its 2xx answer, else a throw (undefined once failures are expected). */
  async #call(method: string, path: string, body?: unknown): Promise<Answer | undefined> {
    const { url, token, projectId } = this.tenant;
    let answer: Answer;
    try {
      answer = await httpCall(url, method, path, { token, projectId, body });
    } catch (error) {
      if (this.#tolerant) return undefined;
      throw error;
    }
    if (answer.status >= 200 && answer.status < 300) return answer;
    if (this.#tolerant) return undefined;
    throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  }
}

/** What a function looks like in the API or the state file: its last applied step, or absent. */
export interface HeldFunction {
  name: string;
  env: Record<string, string>;
}

/**
 * The last step of `fn` that `held` reflects: its `STEP` when present; when absent, the delete if
 * one was sent (a function whose create never landed is absent too, and needs nothing), else -1.
 */
function reachedStep(fn: FunctionHistory, held: Map<string, HeldFunction>): number {
  const found = held.get(fn.name);
  if (found) return Number(found.env.STEP);
  const last = fn.steps.length - 1;
  return fn.steps[last]?.kind === 'delete' ? last : -1;
}

/**
 * Checks what a server holds against a workload. `durableBefore`: every step acknowledged before
 * this time must be reflected (a step answered later may or may not be, and so may one in flight),
 * and nothing never sent may appear. Answers one line per function that breaks the rule.
 */
export function violations(
  workload: Workload,
  held: Map<string, HeldFunction>,
  durableBefore: number,
): string[] {
  const broken: string[] = [];
  for (const fn of workload.functions.values()) {
    let mustReach = -1;
    fn.steps.forEach((step, i) => {
      if (step.ackedAt !== undefined && step.ackedAt < durableBefore) mustReach = i;
    });
    const reached = reachedStep(fn, held);
    if (reached < mustReach || reached >= fn.steps.length) {
      const acked = fn.steps[mustReach];
      const when = Number.isFinite(durableBefore)
        ? ` ${durableBefore - (acked?.ackedAt ?? 0)} ms before the bound`
        : '';
      broken.push(
        `${fn.name}: holds step ${reached}, but step ${mustReach} (${acked?.kind}) was acknowledged${when}`,
      );
    }
  }
  return broken;
}

/** Every function of the project, through the paged list. */
export async function listFunctions(tenant: Tenant): Promise<Map<string, HeldFunction>> {
  const held = new Map<string, HeldFunction>();
  for (let page = 1; ; page++) {
    const answer = await httpCall(tenant.url, 'GET', `/api/v1/functions?per_page=100&page=${page}`, tenant);
    if (answer.status !== 200) throw new Error(`list functions: ${answer.status} ${answer.text}`);
    const { data, meta } = answer.body as { data: HeldFunction[]; meta: { total: number } };
    for (const fn of data) held.set(fn.name, fn);
    if (page * 100 >= meta.total) return held;
  }
}

/** Every function in a state file's text (throws when it is not JSON). */
export function functionsInFile(text: string): Map<string, HeldFunction> {
  const state = JSON.parse(text) as { tables: Record<string, Record<string, HeldFunction>> };
  return new Map(Object.values(state.tables.functions ?? {}).map((fn) => [fn.name, fn]));
}
