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

const pending = new Set<Deadline>();
let timer: Timer | undefined;
let timerAt = Number.POSITIVE_INFINITY;

/** Calls `expire` once `ms` have passed, unless `clearDeadline` came first. */
export function watchDeadline(ms: number, expire: () => void): Deadline {
  const deadline: Deadline = { at: performance.now() + ms, expire };
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
  timer = setTimeout(expireDue, Math.max(0, at - performance.now()));
  if (pending.size === 0) keepProcessAlive(false);
}

function expireDue(): void {
  timer = undefined;
  timerAt = Number.POSITIVE_INFINITY;
  const now = performance.now();
  let next = Number.POSITIVE_INFINITY;
  for (const deadline of pending) {
    if (deadline.at <= now) {
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
