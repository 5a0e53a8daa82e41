import { WaitTimeoutError } from './errors';
import { sleep } from './sleep';

export interface WaitOptions {
  /** Give up after this long; default 5 minutes. */
  timeoutMs?: number;
  /** Pause between polls; default 1 s. */
  intervalMs?: number;
  /** Aborting it stops the wait with `APIUserAbortError`. */
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
const DEFAULT_INTERVAL_MS = 1_000;

/**
 * Calls `poll` until `done` accepts its value, and returns that value. The building block of
 * `waitFor()` methods on resources with a lifecycle (docs/decisions/0004-lifecycles.md).
 *
 * @throws WaitTimeoutError when `timeoutMs` runs out; it carries the last polled value.
 */
export async function pollUntil<T>(
  poll: () => Promise<T>,
  done: (value: T) => boolean,
  description: string,
  options: WaitOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await poll();
    if (done(value)) return value;
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new WaitTimeoutError(`Timed out after ${timeoutMs} ms waiting for ${description}`, value);
    }
    await sleep(Math.min(options.intervalMs ?? DEFAULT_INTERVAL_MS, remaining), options.signal);
  }
}
