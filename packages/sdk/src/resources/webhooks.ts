import { APIResource } from '../core/api-resource';
import { NimbusError, WebhookVerificationError } from '../core/errors';

/**
 * A CloudEvents 1.0 event in structured JSON mode: the body of every Event Grid webhook
 * delivery (docs/decisions/0005-event-grid-delivery.md). `specversion`, `id`, `source` and
 * `type` are required; the rest is optional in CloudEvents 1.0, and an event may carry extension
 * attributes of its own. Nimbus's deliveries always carry `subject`, `time`, `datacontenttype`
 * and a JSON object as `data` (`PlatformEvent` types them so).
 */
export interface CloudEvent<Type extends string = string, Data extends object = Record<string, unknown>> {
  specversion: '1.0';
  id: string;
  /**
   * Who published it: `/projects/<id>/topics/<id>` for events published to a topic,
   * `/projects/<id>/platform` for the platform's own (see `isPlatformEvent`).
   */
  source: string;
  type: Type;
  /** What it is about, e.g. `/projects/<id>/compute.instance/<id>` or `/orders/42`. */
  subject?: string;
  /** RFC 3339. */
  time?: string;
  datacontenttype?: string;
  dataschema?: string;
  data?: Data;
  /** Binary data, base64-encoded, instead of `data`. */
  data_base64?: string;
  /** Extension attributes. */
  [attribute: string]: unknown;
}

/** What every event Nimbus publishes carries besides the required attributes. */
type PublishedEvent<Type extends string, Data extends object> = CloudEvent<Type, Data> & {
  subject: string;
  time: string;
  datacontenttype: 'application/json';
  data: Data;
};

/** The record a resource event is about, as it was when the event was published, credentials left out. */
export interface ResourceEventData {
  id: string;
  project_id: string;
  created_at: string;
  updated_at: string;
  /** For resources with a lifecycle: the state the record settled into. */
  status?: string;
  [field: string]: unknown;
}

/**
 * `<resource type>.<action>` (`compute.instance.created`, `storage.bucket.deleted`) or
 * `<resource type>.<state>` when a lifecycle settles (`compute.instance.running`). Three
 * parts, which is what tells it apart from `budget.threshold_exceeded` in a `PlatformEvent`.
 */
export type ResourceEventType = `${string}.${string}.${string}`;

export type ResourceEvent = PublishedEvent<ResourceEventType, ResourceEventData>;

// A type, not an interface: only object types without declared members fit `Record<string, unknown>`.
export type BudgetThresholdExceededData = {
  budget_id: string;
  name: string;
  amount: number;
  currency: string;
  period: string;
  /** The period that crossed the threshold, e.g. `2026-11`. */
  period_key: string;
  alert_threshold: number;
  current_spend: number;
  spend_percent: number;
};

/** Published once per budget and period when the spend reaches `alert_threshold` percent. */
export type BudgetThresholdExceededEvent = PublishedEvent<
  'budget.threshold_exceeded',
  BudgetThresholdExceededData
>;

/**
 * What the platform publishes on its own: resource events and budget alerts; narrow with
 * `event.type === 'budget.threshold_exceeded'`.
 */
export type PlatformEvent = BudgetThresholdExceededEvent | ResourceEvent;

/** True for events the platform published itself (not through `topics.publish`). */
export function isPlatformEvent(event: CloudEvent): event is PlatformEvent {
  return event.source.endsWith('/platform');
}

/** The headers of a delivery: a Fetch `Headers`, or a plain object such as Node's `req.headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface WebhookSignOptions {
  /** The subscription's secret; default the client's `webhookSecret`. */
  secret?: string;
  /** When it was signed, in Unix seconds; default now. */
  timestamp?: number;
}

export interface WebhookVerifyOptions {
  /**
   * How far the signature's timestamp may be from now, either way, in seconds; default 300.
   * Older deliveries are refused as replays.
   */
  toleranceSeconds?: number;
}

const SIGNATURE_HEADER = 'x-nimbus-signature';
/** The headers Event Grid sends with every delivery besides its signature. */
const DELIVERY_HEADERS = {
  'content-type': 'application/cloudevents+json',
  'user-agent': 'Nimbus-EventGrid/1.0',
};
const DEFAULT_TOLERANCE_SECONDS = 300;
const encoder = new TextEncoder();

/**
 * Checks and reads Event Grid webhook deliveries. Each is signed
 * `X-Nimbus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
 * subscription's secret (shown once, when the subscription is created). Uses Web Crypto, so it
 * runs in Node and in browsers alike.
 */
export class Webhooks extends APIResource {
  /**
   * Verifies the delivery and answers its event. Pass the body exactly as received (the raw
   * bytes or text, not re-serialised JSON). `secret` defaults to the client's `webhookSecret`
   * option (in Node, `NIMBUS_WEBHOOK_SECRET`).
   *
   * @throws WebhookVerificationError on a missing, malformed, wrong or stale signature, or a
   *   signed body that is not a CloudEvent.
   * @example
   * app.post('/hooks/nimbus', express.raw({ type: '*\/*' }), async (req, res) => {
   *   try {
   *     const event = await client.webhooks.unwrap(req.body, req.headers);
   *     if (event.type === 'budget.threshold_exceeded') await notifyFinance(event.data);
   *     res.sendStatus(204);
   *   } catch (error) {
   *     if (error instanceof WebhookVerificationError) res.sendStatus(400);
   *     else throw error;
   *   }
   * });
   */
  async unwrap(
    body: string | Uint8Array,
    headers: WebhookHeaders,
    secret?: string,
    options?: WebhookVerifyOptions,
  ): Promise<CloudEvent> {
    await this.verifySignature(body, headers, secret, options);
    return parseCloudEvent(typeof body === 'string' ? body : new TextDecoder().decode(body));
  }

  /**
   * Verifies the delivery's `X-Nimbus-Signature` against `body` and `secret`, and that its
   * timestamp is within `toleranceSeconds` of now. The comparison takes the same time
   * wherever the signatures differ.
   *
   * @throws WebhookVerificationError when the delivery cannot be trusted.
   */
  async verifySignature(
    body: string | Uint8Array,
    headers: WebhookHeaders,
    secret?: string,
    options: WebhookVerifyOptions = {},
  ): Promise<void> {
    const key = this.#secret(secret);
    const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
    if (typeof tolerance !== 'number' || Number.isNaN(tolerance) || tolerance < 0) {
      throw new NimbusError(`toleranceSeconds must be a number >= 0; got ${String(tolerance)}`);
    }
    const header = headerValue(headers, SIGNATURE_HEADER);
    if (header === undefined) {
      throw new WebhookVerificationError(
        'missing_signature',
        'The delivery has no X-Nimbus-Signature header',
      );
    }
    const { timestamp, signatures } = parseSignatureHeader(header);

    const expected = await signatureOf(key, timestamp, body);
    // Every candidate is compared in full, so the time taken says nothing about which bytes matched.
    let matched = false;
    for (const candidate of signatures) matched = constantTimeEqual(expected, candidate) || matched;
    if (!matched) {
      throw new WebhookVerificationError(
        'signature_mismatch',
        'The X-Nimbus-Signature does not match the body and secret',
      );
    }
    const ageSeconds = Math.floor(Date.now() / 1000) - timestamp;
    if (Math.abs(ageSeconds) > tolerance) {
      const when = ageSeconds > 0 ? `${ageSeconds} s ago` : `${-ageSeconds} s ahead of now`;
      throw new WebhookVerificationError(
        'stale_timestamp',
        `The X-Nimbus-Signature was signed ${when}; at most ${tolerance} s either way is accepted`,
      );
    }
  }

  /**
   * The headers Event Grid would send with `body`, signed with `secret` at `timestamp`: for a
   * receiver's own tests, which then need neither a server nor a real subscription.
   *
   * @example
   * const body = JSON.stringify(event);
   * const headers = await client.webhooks.sign(body, { secret: 'whsec_test' });
   * const response = await app.request('/hooks/nimbus', { method: 'POST', headers, body });
   */
  async sign(body: string | Uint8Array, options: WebhookSignOptions = {}): Promise<Record<string, string>> {
    const key = this.#secret(options.secret);
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
      throw new NimbusError(`timestamp must be whole Unix seconds >= 0; got ${String(timestamp)}`);
    }
    const signature = toHex(await signatureOf(key, timestamp, body));
    return { ...DELIVERY_HEADERS, [SIGNATURE_HEADER]: `t=${timestamp},v1=${signature}` };
  }

  /** The secret given, else the client's. */
  #secret(secret: string | undefined): string {
    const key = secret ?? this._client.webhookSecret;
    if (typeof key !== 'string' || key === '') {
      throw new NimbusError(
        'No webhook secret: pass the subscription secret, or set the webhookSecret option (NIMBUS_WEBHOOK_SECRET in Node).',
      );
    }
    return key;
  }
}

/** The HMAC-SHA256 of `<timestamp>.<body>`, the signed part of a delivery. */
function signatureOf(secret: string, timestamp: number, body: string | Uint8Array): Promise<Uint8Array> {
  return hmacSha256(secret, concat(encoder.encode(`${timestamp}.`), bytesOf(body)));
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    // A repeated header is ambiguous: '' is refused as malformed.
    if (Array.isArray(value)) return value.length === 1 ? value[0] : '';
    return value;
  }
  return undefined;
}

/** `t=<seconds>,v1=<hex>[,v1=<hex>...]`; several `v1` let a secret be rotated without downtime. */
function parseSignatureHeader(header: string): { timestamp: number; signatures: Uint8Array[] } {
  let timestamp: number | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(',')) {
    const [key, value, extra] = part.trim().split('=');
    if (extra !== undefined || value === undefined) continue;
    if (key === 't' && /^\d{1,12}$/.test(value) && timestamp === undefined) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-fA-F]{64}$/.test(value)) signatures.push(fromHex(value));
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookVerificationError(
      'malformed_signature',
      'The X-Nimbus-Signature header is not t=<unix seconds>,v1=<64 hex digits>',
    );
  }
  return { timestamp, signatures };
}

function parseCloudEvent(text: string): CloudEvent {
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError('invalid_event', 'The delivery body is not JSON');
  }
  const problem = cloudEventProblem(event);
  if (problem) {
    throw new WebhookVerificationError(
      'invalid_event',
      `The delivery body is not a CloudEvents 1.0 event: ${problem}`,
    );
  }
  return event as CloudEvent;
}

/** What makes `event` no CloudEvents 1.0 event in structured JSON mode, naming the attribute; undefined when it is one. */
function cloudEventProblem(event: unknown): string | undefined {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return 'it is not a JSON object';
  const fields = event as Record<string, unknown>;
  if (fields.specversion !== '1.0') return `specversion is ${JSON.stringify(fields.specversion)}, not "1.0"`;
  for (const name of ['id', 'source', 'type']) {
    if (typeof fields[name] !== 'string' || fields[name] === '')
      return `${name} is missing or not a non-empty string`;
  }
  for (const name of ['subject', 'datacontenttype', 'dataschema', 'data_base64']) {
    if (name in fields && typeof fields[name] !== 'string') return `${name} is not a string`;
  }
  if ('time' in fields && (typeof fields.time !== 'string' || Number.isNaN(Date.parse(fields.time)))) {
    return 'time is not an RFC 3339 timestamp';
  }
  if ('data' in fields && 'data_base64' in fields) return 'it has both data and data_base64';
  return undefined;
}

async function hmacSha256(secret: string, message: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

function bytesOf(body: string | Uint8Array): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  if (body instanceof Uint8Array) return body;
  throw new NimbusError('The webhook body must be the raw body, as a string or bytes');
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
