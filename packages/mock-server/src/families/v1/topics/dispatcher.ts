import type { Runtime } from '../../../core/services/runtime';
import { hmacSha256Hex, openSecret } from '../../../core/services/secrets';
import { hostAllowed } from './matching';
import { type SubscriptionRow, subscriptionSecrets, topicSubscriptions, webhookDeliveries } from './tables';

/** A CloudEvents 1.0 event in structured JSON mode: what a webhook receives. */
export interface CloudEvent {
  specversion: '1.0';
  id: string;
  source: string;
  type: string;
  subject: string;
  time: string;
  datacontenttype: 'application/json';
  data: Record<string, unknown>;
}

/** Attempts running at once; more wait in a queue, so a slow receiver cannot exhaust sockets. */
const MAX_IN_FLIGHT = 64;
/** Attempts waiting for a slot; past this an attempt fails at once (and is retried like any failure). */
const MAX_QUEUED = 10_000;

interface Job {
  subscriptionId: string;
  event: CloudEvent;
  /** Serialised once: every attempt sends (and signs) the same bytes. */
  body: string;
  attempt: number;
}

interface Outcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  attemptedAt: number;
  /** The X-Nimbus-Signature sent; null when nothing was sent. */
  signature: string | null;
  /** The host is outside `webhookAllowHosts`: nothing was sent, and nothing will be. */
  notSent?: true;
}

const dispatchers = new WeakMap<Runtime, WebhookDispatcher>();

/** The runtime's dispatcher; its pending retries and requests stop when the runtime closes. */
export function dispatcherOf(runtime: Runtime): WebhookDispatcher {
  let dispatcher = dispatchers.get(runtime);
  if (!dispatcher) {
    const created = new WebhookDispatcher(runtime);
    runtime.onClose(() => created.close());
    dispatchers.set(runtime, created);
    dispatcher = created;
  }
  return dispatcher;
}

/**
 * Delivers events to webhooks (docs/decisions/0005-event-grid-delivery.md): a signed POST per attempt, retries with
 * doubling backoff, and a `webhook_deliveries` row for every attempt. Runs beside request
 * handling (fire and forget). Retries wait in real time, because a real receiver is on the
 * other end; the times recorded come from the simulated clock like every other time.
 */
export class WebhookDispatcher {
  #active = 0;
  #queue: Job[] = [];
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #controllers = new Set<AbortController>();
  /** Opened secrets by subscription id, so an attempt does not decrypt again. */
  readonly #secrets = new Map<string, { sealed: string; plain: string }>();
  #closed = false;

  constructor(private readonly runtime: Runtime) {}

  deliver(subscription: SubscriptionRow, event: CloudEvent): void {
    this.#enqueue({ subscriptionId: subscription.id, event, body: JSON.stringify(event), attempt: 1 });
  }

  /** Stops pending retries and aborts requests in flight; nothing is recorded after this. */
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const controller of this.#controllers) controller.abort();
    this.#queue = [];
  }

  #enqueue(job: Job): void {
    if (this.#closed) return;
    if (this.#active < MAX_IN_FLIGHT) {
      void this.#run(job);
      return;
    }
    if (this.#queue.length < MAX_QUEUED) {
      this.#queue.push(job);
      return;
    }
    const subscription = this.runtime.store.table(topicSubscriptions).get(job.subscriptionId);
    const now = this.runtime.clock.now();
    if (subscription) {
      this.#finish(job, subscription, {
        statusCode: null,
        error: 'delivery queue is full',
        durationMs: 0,
        attemptedAt: now,
        signature: null,
      });
    }
  }

  async #run(job: Job): Promise<void> {
    this.#active++;
    try {
      await this.#attempt(job);
    } catch (error) {
      this.runtime.config.logger.error('webhook delivery failed', { error: String(error) });
    } finally {
      this.#active--;
      const next = this.#queue.shift();
      if (next && !this.#closed) void this.#run(next);
    }
  }

  async #attempt(job: Job): Promise<void> {
    // A subscription deleted meanwhile (or a reset state) ends its pending deliveries.
    const subscription = this.runtime.store.table(topicSubscriptions).get(job.subscriptionId);
    if (!subscription) return;
    const target = new URL(subscription.webhook_url);
    if (!hostAllowed(target, this.runtime.config.webhookAllowHosts)) {
      this.#finish(job, subscription, notSentOutcome(target, this.runtime.clock.now()));
      return;
    }
    const secret = await this.#secretOf(subscription.id);
    if (secret === undefined || this.#closed) return;
    const attemptedAt = this.runtime.clock.now();
    const timestamp = Math.floor(attemptedAt / 1000);
    const signature = `t=${timestamp},v1=${hmacSha256Hex(secret, `${timestamp}.${job.body}`)}`;
    const timeoutMs = this.runtime.config.webhookTimeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    this.#controllers.add(controller);
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await this.#fetch(subscription.webhook_url, {
        method: 'POST',
        headers: {
          'content-type': 'application/cloudevents+json',
          'user-agent': 'Nimbus-EventGrid/1.0',
          'x-nimbus-signature': signature,
        },
        body: job.body,
        // A redirect could point anywhere, past the allowed hosts: it counts as a failed attempt.
        redirect: 'manual',
        signal: controller.signal,
      });
      statusCode = response.status;
      // The answer's body is not used; dropping it frees the connection.
      await response.body?.cancel().catch(() => undefined);
      if (statusCode < 200 || statusCode > 299) error = `receiver answered HTTP ${statusCode}`;
    } catch (cause) {
      error = timedOut ? `no answer within ${timeoutMs} ms` : networkError(cause);
    } finally {
      clearTimeout(timer);
      this.#controllers.delete(controller);
    }
    if (this.#closed) return;
    this.#finish(job, subscription, {
      statusCode,
      error,
      durationMs: Math.round(performance.now() - started),
      attemptedAt,
      signature,
    });
  }

  /** Records the attempt and, when it failed and retries are left, schedules the next one. */
  #finish(job: Job, subscription: SubscriptionRow, outcome: Outcome): void {
    const { webhookRetryBaseMs, webhookRetryCapMs } = this.runtime.config;
    const delivered = outcome.error === null;
    const retry = !delivered && !outcome.notSent && job.attempt <= subscription.max_retries;
    const delayMs = Math.min(webhookRetryBaseMs * 2 ** (job.attempt - 1), webhookRetryCapMs);
    const clock = this.runtime.clock;
    const now = clock.now();
    this.runtime.store.table(webhookDeliveries).insert({
      id: crypto.randomUUID(),
      created_at: clock.iso(now),
      updated_at: clock.iso(now),
      project_id: subscription.project_id,
      topic_id: subscription.topic_id,
      subscription_id: subscription.id,
      event_id: job.event.id,
      event_type: job.event.type,
      attempt: job.attempt,
      status: delivered ? 'delivered' : outcome.notSent ? 'not_sent' : retry ? 'retrying' : 'failed',
      status_code: outcome.statusCode,
      error: outcome.error,
      duration_ms: outcome.durationMs,
      attempted_at: clock.iso(outcome.attemptedAt),
      next_retry_at: retry ? clock.iso(now + delayMs) : null,
      payload: job.event,
      signature: outcome.signature,
    });
    if (!retry) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#enqueue({ ...job, attempt: job.attempt + 1 });
    }, delayMs);
    this.#timers.add(timer);
  }

  async #secretOf(subscriptionId: string): Promise<string | undefined> {
    const row = this.runtime.store.table(subscriptionSecrets).get(subscriptionId);
    if (!row) return undefined;
    const cached = this.#secrets.get(subscriptionId);
    if (cached?.sealed === row.sealed) return cached.plain;
    const plain = await openSecret(this.runtime.store.state.secret, row.sealed);
    this.#secrets.set(subscriptionId, { sealed: row.sealed, plain });
    return plain;
  }

  get #fetch(): typeof fetch {
    return this.runtime.config.webhookFetch ?? ((input, init) => fetch(input, init));
  }
}

/** The record of a delivery the reference server does not send: the host is not allowed. */
function notSentOutcome(target: URL, now: number): Outcome {
  return {
    statusCode: null,
    error: `not sent: the reference server sends webhooks only to allowed hosts, and "${target.hostname}" is not one; add it to webhookAllowHosts (or set '*') to send`,
    durationMs: 0,
    attemptedAt: now,
    signature: null,
    notSent: true,
  };
}

/** A network failure in a few words: the system error code when there is one (ECONNREFUSED). */
function networkError(cause: unknown): string {
  const inner = (cause as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (inner && typeof inner.code === 'string') return `network error: ${inner.code}`;
  if (inner && typeof inner.message === 'string') return `network error: ${inner.message}`;
  return `network error: ${cause instanceof Error ? cause.message : String(cause)}`;
}
