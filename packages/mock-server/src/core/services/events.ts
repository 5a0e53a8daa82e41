/** A platform event: what resources and publishers emit, and Event Grid delivers. */
export interface PlatformEvent {
  id: string;
  type: string;
  /** What it is about, e.g. `/projects/<id>/instances/<id>`. */
  subject: string;
  project_id: string;
  time: string;
  data: Record<string, unknown>;
}

type Listener = (event: PlatformEvent) => void;

/** Stored rows keep secrets as `*_hash`, `*_hashes` or `*_sealed` fields: none may leave in an event. */
const SECRET_FIELD = /_(hash|hashes|sealed)$/;

/** A deep copy of event data without secret fields, safe for webhooks and streams. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  // Object.keys, not entries: every event copies its record, so the pairs were a cost per request.
  for (const key of Object.keys(value)) {
    if (!SECRET_FIELD.test(key)) out[key] = withoutSecrets((value as Record<string, unknown>)[key]);
  }
  return out;
}

/** In-process publish/subscribe: families emit, Event Grid (and others) listen. */
export class EventBus {
  readonly #listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  publish(event: PlatformEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}
