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
