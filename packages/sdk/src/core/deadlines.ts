/**
 * Time budgets of the attempts in flight, watched by one timer for all of them. A timer per
 * attempt (set, then cleared a few hundred microseconds later) was a tenth of the SDK's own
 * time per call; here an attempt costs a set insertion and removal, and the timer is reset only
 * when a budget ends before every other one (calls with the same `timeoutMs` never do).
 */
export interface Deadline {
  readonly at: number;
  readonly expire: () => void;
}

type Timer = ReturnType<typeof setTimeout>;

/**
 * Milliseconds on a monotonic clock. In Node, `process.hrtime`: the first use of `performance`
 * loads Node's `perf_hooks` modules, 1.5 ms of CPU in a process that makes one call (a CLI run).
 */
const now: () => number =
  typeof process !== 'undefined' && typeof process.hrtime?.bigint === 'function'
    ? () => Number(process.hrtime.bigint()) / 1e6
    : () => performance.now();

const pending = new Set<Deadline>();
let timer: Timer | undefined;
let timerAt = Number.POSITIVE_INFINITY;

/** Calls `expire` once `ms` have passed, unless `clearDeadline` came first. */
export function watchDeadline(ms: number, expire: () => void): Deadline {
  const deadline: Deadline = { at: now() + ms, expire };
  if (pending.size === 0) keepProcessAlive(true);
  pending.add(deadline);
  if (deadline.at < timerAt) schedule(deadline.at);
  return deadline;
}

export function clearDeadline(deadline: Deadline): void {
  // The timer stays set for a later call; it only stops holding the process open, as a cleared one would.
  if (pending.delete(deadline) && pending.size === 0) keepProcessAlive(false);
}

function schedule(at: number): void {
  clearTimeout(timer);
  timerAt = at;
  timer = setTimeout(expireDue, Math.max(0, at - now()));
  if (pending.size === 0) keepProcessAlive(false);
}

function expireDue(): void {
  timer = undefined;
  timerAt = Number.POSITIVE_INFINITY;
  const current = now();
  let next = Number.POSITIVE_INFINITY;
  for (const deadline of pending) {
    if (deadline.at <= current) {
      pending.delete(deadline);
      deadline.expire();
    } else if (deadline.at < next) {
      next = deadline.at;
    }
  }
  if (pending.size === 0) return;
  schedule(next);
}

/** Node's timers can let the process exit while they wait; browsers' timers are plain numbers. */
function keepProcessAlive(alive: boolean): void {
  const handle = timer as { ref?: () => void; unref?: () => void } | undefined;
  if (typeof handle !== 'object') return;
  if (alive) handle.ref?.();
  else handle.unref?.();
}
