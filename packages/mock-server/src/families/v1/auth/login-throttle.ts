import { ErrorCode } from '@nimbus/sdk/contract/common';
import { HttpError } from '../../../core/pipeline/http-error';
import type { LoginThrottleSettings } from '../../../core/services/config';
import type { Runtime } from '../../../core/services/runtime';

/**
 * Keys each kind of bucket tracks at most: past it the least recently failed key is dropped, so
 * logins spread over many emails or addresses cannot grow memory without bound (a few megabytes
 * at most, even for emails of the longest kind).
 */
export const MAX_TRACKED_KEYS = 10_000;

/** Failures of one key within a window that opened at its first failure. */
interface Bucket {
  failures: number;
  windowEndsAt: number;
}

/** A fixed window per key, on the simulated clock; full buckets answer 429 until it ends. */
class FailureBuckets {
  readonly #buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until `key` may try again; 0 when it may now. */
  waitOf(key: string, now: number): number {
    const bucket = this.#live(key, now);
    return bucket && bucket.failures >= this.limit ? bucket.windowEndsAt - now : 0;
  }

  fail(key: string, now: number): void {
    const bucket = this.#live(key, now) ?? { failures: 0, windowEndsAt: now + this.windowMs };
    bucket.failures++;
    // Set again so the map's order stays least recently failed first: the one dropped at the cap.
    this.#buckets.delete(key);
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > MAX_TRACKED_KEYS) this.#buckets.delete(this.#buckets.keys().next().value!);
  }

  forget(key: string): void {
    this.#buckets.delete(key);
  }

  clear(): void {
    this.#buckets.clear();
  }

  #live(key: string, now: number): Bucket | undefined {
    const bucket = this.#buckets.get(key);
    if (bucket && bucket.windowEndsAt <= now) {
      this.#buckets.delete(key);
      return undefined;
    }
    return bucket;
  }
}

/** Who is logging in: the account is the email as given (known or not), lower case. */
export interface LoginAttempt {
  email: string;
  /** Absent where the server sees no connection (msw, in-process fetch): the account alone counts. */
  clientAddress?: string;
}

/**
 * Failed logins (wrong password, wrong or replayed TOTP code) per account and per client address.
 * Unknown emails are counted like known ones, so the throttle tells nothing about which exist.
 */
export class LoginThrottle {
  readonly #accounts: FailureBuckets;
  readonly #addresses: FailureBuckets;

  constructor(
    settings: LoginThrottleSettings,
    private readonly now: () => number,
  ) {
    const windowMs = settings.windowSeconds * 1000;
    this.#accounts = new FailureBuckets(settings.maxFailures, windowMs);
    this.#addresses = new FailureBuckets(settings.maxFailuresPerAddress, windowMs);
  }

  /** Throws 429 `RATE_LIMITED` while the account or the address has used up its failures. */
  check(attempt: LoginAttempt): void {
    const now = this.now();
    const wait = Math.max(
      this.#accounts.waitOf(attempt.email, now),
      attempt.clientAddress === undefined ? 0 : this.#addresses.waitOf(attempt.clientAddress, now),
    );
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw HttpError.of(
        ErrorCode.RATE_LIMITED,
        `Too many failed logins: try again in ${seconds} s`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
  }

  failed(attempt: LoginAttempt): void {
    const now = this.now();
    this.#accounts.fail(attempt.email, now);
    if (attempt.clientAddress !== undefined) this.#addresses.fail(attempt.clientAddress, now);
  }

  /** A successful login clears its account; the address keeps its count (one good account must not reset it). */
  succeeded(attempt: LoginAttempt): void {
    this.#accounts.forget(attempt.email);
  }

  clear(): void {
    this.#accounts.clear();
    this.#addresses.clear();
  }
}

const throttles = new WeakMap<Runtime, LoginThrottle | null>();

/** The runtime's throttle, or null when the server was started without one (`loginThrottle: false`). */
export function loginThrottleOf(runtime: Runtime): LoginThrottle | null {
  let throttle = throttles.get(runtime);
  if (throttle === undefined) {
    const settings = runtime.config.loginThrottle;
    throttle = settings ? new LoginThrottle(settings, () => runtime.clock.now()) : null;
    // A reset or an import starts the accounts over: their failures go with them.
    if (throttle) runtime.store.onReplaced(() => throttle!.clear());
    throttles.set(runtime, throttle);
  }
  return throttle;
}
