import type { Fault as ListedFault, MockFaultCreateParams } from '@nimbus/sdk';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import { HttpError, RawReplyError } from '../pipeline/http-error';
import { pathMatches } from '../pipeline/path-pattern';
import type { RequestHead } from '../pipeline/request';
import type { RequestTarget } from '../pipeline/request-target';

/** What `POST /__mock/faults` takes (a method in any case): the SDK's named type of its body. */
export type FaultSpec = MockFaultCreateParams;
/** An injected fault as listed: its spec (method upper case), id and remaining uses. */
export type Fault = ListedFault;

/** How the adapters deliver the answer of a request that met a fault. */
export interface FaultDelivery {
  /** Close the connection without an answer (Node); a network error (fetch, msw). */
  dropConnection: boolean;
  /** Send the body in pieces over this many milliseconds; 0 sends it at once. */
  slowBodyMs: number;
}

interface Entry {
  fault: Fault;
  /** Draws of `probability`: seeded when the fault has a seed, so a run repeats. */
  random: () => number;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: ErrorCode.VALIDATION_ERROR,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  429: ErrorCode.RATE_LIMITED,
  503: ErrorCode.SERVICE_UNAVAILABLE,
};

/**
 * Injected faults (`/__mock/faults`): for matching requests, a delay, an error in the API's
 * envelope or a raw body, a dropped connection or a slow body. Tried in the order added; the
 * first that matches (and wins its `probability` draw) applies.
 */
export class Faults {
  #entries: Entry[] = [];
  /** Requests that met a fault changing how their answer is delivered; the adapters ask. */
  readonly #deliveries = new WeakMap<RequestHead, FaultDelivery>();

  add(spec: FaultSpec): Fault {
    const fault: Fault = {
      ...spec,
      ...(spec.method !== undefined && { method: spec.method.toUpperCase() }),
      id: crypto.randomUUID(),
      remaining: spec.times ?? null,
    };
    this.#entries.push({ fault, random: spec.seed === undefined ? Math.random : seededRandom(spec.seed) });
    return { ...fault };
  }

  /** The faults, in the order they are tried. */
  list(): Fault[] {
    return this.#entries.map(({ fault }) => ({ ...fault }));
  }

  /** Removes one fault; false when there is none of that id. */
  remove(id: string): boolean {
    const before = this.#entries.length;
    this.#entries = this.#entries.filter(({ fault }) => fault.id !== id);
    return this.#entries.length < before;
  }

  clear(): void {
    this.#entries = [];
  }

  /** The faults in force (for /service-status). */
  active(): readonly Fault[] {
    return this.#entries.map(({ fault }) => fault);
  }

  /**
   * Applies the fault a request meets, if any: notes how its answer is delivered, waits its
   * delay, then throws its answer (an `HttpError`, rendered in the envelope of the path's API).
   * Without a fault it answers nothing to wait for: most requests meet none.
   */
  inject(request: RequestHead, target: RequestTarget): Promise<void> | undefined {
    const fault = this.#take(request, target);
    if (!fault) return undefined;
    if (fault.drop_connection || fault.slow_body_ms) {
      this.#deliveries.set(request, {
        dropConnection: fault.drop_connection === true,
        slowBodyMs: fault.slow_body_ms ?? 0,
      });
    }
    return (async () => {
      if (fault.delay_ms) await new Promise((resolve) => setTimeout(resolve, fault.delay_ms));
      const answer = answerOf(fault);
      if (answer) throw answer;
    })();
  }

  /** How the answer to `request` is delivered, when a fault changed it. */
  deliveryOf(request: RequestHead): FaultDelivery | undefined {
    return this.#deliveries.get(request);
  }

  /** Consumes one use of the first fault the request meets. */
  #take(request: RequestHead, target: RequestTarget): Fault | undefined {
    if (this.#entries.length === 0 || target.pathname.startsWith('/__mock')) return undefined; // the control plane never fails
    const entry = this.#entries.find(
      ({ fault, random }) =>
        matches(fault, request, target) && (fault.probability === undefined || random() < fault.probability),
    );
    if (!entry) return undefined;
    const { fault } = entry;
    if (fault.remaining !== null && --fault.remaining <= 0)
      this.#entries = this.#entries.filter((e) => e !== entry);
    return fault;
  }
}

function answerOf(fault: Fault): HttpError | undefined {
  if (fault.drop_connection) return new RawReplyError({ status: 0, headers: {}, body: null });
  if (fault.status === undefined) return undefined;
  if (fault.body !== undefined) {
    return new RawReplyError({
      status: fault.status,
      headers: { 'content-type': fault.content_type ?? 'application/json' },
      body: fault.body,
    });
  }
  const code =
    fault.code ??
    CODE_BY_STATUS[fault.status] ??
    (fault.status >= 500 ? ErrorCode.INTERNAL_ERROR : 'INJECTED_FAULT');
  // A client that retries a 429 reads when to: the header a real limiter sends.
  const headers: Record<string, string> = fault.status === 429 ? { 'Retry-After': '1' } : {};
  const message = fault.message ?? `Injected fault (${fault.status})`;
  return HttpError.injected(fault.status, code, message, { fault_id: fault.id }, headers);
}

function matches(fault: Fault, request: RequestHead, target: RequestTarget): boolean {
  if (fault.method && fault.method !== request.method.toUpperCase()) return false;
  if (fault.path && !pathMatches(fault.path, target.pathname)) return false;
  for (const [name, value] of Object.entries(fault.query ?? {})) {
    if (!target.searchParams.getAll(name).includes(value)) return false;
  }
  for (const [name, value] of Object.entries(fault.headers ?? {})) {
    if (request.headers.get(name) !== value) return false;
  }
  return true;
}

/** mulberry32: a small, fast generator whose draws a seed fixes. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
