/**
 * The one clock of the server. Simulated time is real time plus an offset that only
 * grows; `advance()` moves it and runs every task that came due, in time order, so
 * lifecycles, billing, token expiry and recordings all follow it.
 */
export interface ScheduledTask {
  readonly at: number;
  cancel(): void;
}

/** A queued task is its own handle: one object per schedule() (transitions queue one per create). */
class Entry implements ScheduledTask {
  cancelled = false;

  constructor(
    readonly at: number,
    readonly seq: number,
    readonly run: (at: number) => void,
  ) {}

  cancel(): void {
    this.cancelled = true;
  }
}

export class Clock {
  #offsetMs: number;
  /** Set while frozen: simulated time stands at this instant until advanced or unfrozen. */
  #frozenAt: number | undefined;
  /** A binary min-heap by (at, seq): inserting and taking the next task cost log n, even with many queued. */
  #queue: Entry[] = [];
  #seq = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #running = false;
  #closed = false;
  /** The last time formatted: a request formats the same millisecond several times. */
  #isoAt = Number.NaN;
  #iso = '';
  /** Called when the offset changes, so it can be persisted. */
  onChange?: (offsetMs: number) => void;
  /** Called when a task throws: a broken task must not stop the clock. */
  onError?: (error: unknown) => void;

  constructor(offsetMs = 0) {
    this.#offsetMs = offsetMs;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  now(): number {
    return this.#frozenAt ?? Date.now() + this.#offsetMs;
  }

  get frozen(): boolean {
    return this.#frozenAt !== undefined;
  }

  /**
   * Stops simulated time where it is: nothing comes due until `advance()` moves it, so a test
   * or a person at the dashboard sees one instant for as long as they look.
   */
  freeze(): void {
    if (this.#frozenAt !== undefined) return;
    this.#frozenAt = this.now();
    this.#disarm();
  }

  /** Lets simulated time run on from where it stands (the offset takes the frozen span in). */
  unfreeze(): void {
    if (this.#frozenAt === undefined) return;
    this.#offsetMs = this.#frozenAt - Date.now();
    this.#frozenAt = undefined;
    this.onChange?.(this.#offsetMs);
    this.#arm();
  }

  iso(at = this.now()): string {
    if (at !== this.#isoAt) {
      this.#iso = new Date(at).toISOString();
      this.#isoAt = at;
    }
    return this.#iso;
  }

  /** Runs `run(at)` when simulated time reaches `at` (immediately due tasks run on the next `runDue`). */
  schedule(at: number, run: (at: number) => void): ScheduledTask {
    const entry = new Entry(at, this.#seq++, run);
    push(this.#queue, entry);
    this.#arm();
    return entry;
  }

  after(ms: number, run: (at: number) => void): ScheduledTask {
    return this.schedule(this.now() + ms, run);
  }

  advance(ms: number): void {
    if (ms < 0) throw new RangeError('The clock only moves forward');
    this.#offsetMs += ms;
    if (this.#frozenAt !== undefined) this.#frozenAt += ms;
    this.onChange?.(this.#offsetMs);
    // The timer's wait was measured on the old offset: the next task may now be due sooner.
    this.#disarm();
    this.runDue();
  }

  /** Sets the offset (reset, state import), running: never moves time backwards for queued tasks' sake. */
  setOffset(offsetMs: number): void {
    this.#offsetMs = offsetMs;
    this.#frozenAt = undefined;
    this.#disarm();
    this.runDue();
  }

  /** Runs every task due by now, each with its own due time, including tasks they schedule. */
  runDue(): void {
    if (this.#running) return;
    this.#running = true;
    try {
      const now = this.now();
      while (this.#queue.length > 0 && this.#queue[0]!.at <= now) {
        const entry = pop(this.#queue)!;
        if (entry.cancelled) continue;
        try {
          entry.run(entry.at);
        } catch (error) {
          this.onError?.(error);
        }
      }
    } finally {
      this.#running = false;
      this.#arm();
    }
  }

  /** Drops every queued task (reset) but keeps the offset. */
  clear(): void {
    this.#queue = [];
    this.#disarm();
  }

  close(): void {
    this.#closed = true;
    this.clear();
  }

  #disarm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }

  /**
   * Keeps one timer for the earliest task. A timer due no later than the next task stays armed,
   * even with the queue emptied meanwhile (it then finds nothing to run): under a stream of
   * creates, each queueing a transition that the next request runs, clearing and setting a timer
   * per task was a cost per request.
   */
  #arm(): void {
    // Frozen, nothing comes due with real time: only advance() runs tasks.
    if (this.#closed || this.#frozenAt !== undefined) return;
    const next = this.#queue[0]?.at ?? Number.POSITIVE_INFINITY;
    if (next >= this.#timerAt) return;
    this.#disarm();
    this.#timerAt = next;
    const wait = Math.max(0, Math.min(next - this.now(), 2 ** 31 - 1));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerAt = Number.POSITIVE_INFINITY;
      this.runDue();
    }, wait);
    this.#timer.unref?.();
  }
}

/** Whether `a` runs before `b`: earlier time first, then the order they were scheduled in. */
function before(a: Entry, b: Entry): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

function push(heap: Entry[], entry: Entry): void {
  let i = heap.length;
  heap.push(entry);
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(entry, heap[parent]!)) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = entry;
}

function pop(heap: Entry[]): Entry | undefined {
  const top = heap[0];
  const last = heap.pop();
  if (heap.length === 0 || last === undefined) return top;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= heap.length) break;
    const right = left + 1;
    const child = right < heap.length && before(heap[right]!, heap[left]!) ? right : left;
    if (!before(heap[child]!, last)) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = last;
  return top;
}
