import type { HttpMethod } from './endpoint';

const INITIAL_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** A server asking for a longer pause than this is better answered with an error than a hang. */
const MAX_RETRY_AFTER_MS = 60_000;

/** Statuses worth another attempt: timeouts, rate limiting and server-side failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * POST and PATCH may have taken effect even when the answer was lost, so they are
 * replayed only when the caller made them safe with an idempotency key.
 */
export function mayRetry(method: HttpMethod, idempotencyKey: string | undefined): boolean {
  return method === 'GET' || method === 'PUT' || method === 'DELETE' || idempotencyKey !== undefined;
}

/**
 * How long to wait before retry number `retry` (0 for the first retry): the server's
 * `retry-after-ms` / `retry-after` when present and under a minute, otherwise
 * exponential backoff (0.5 s, 1 s, 2 s, ... capped at 8 s) minus up to 25% jitter so that
 * many clients failing together do not come back together.
 */
export function retryDelayMs(retry: number, headers?: Headers, random: () => number = Math.random): number {
  const requested = headers ? serverRequestedDelayMs(headers) : undefined;
  if (requested !== undefined && requested >= 0 && requested < MAX_RETRY_AFTER_MS) return requested;
  const backoff = Math.min(INITIAL_DELAY_MS * 2 ** retry, MAX_BACKOFF_MS);
  return backoff * (1 - random() * 0.25);
}

function serverRequestedDelayMs(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms)) return ms;
  const retryAfter = headers.get('retry-after');
  if (retryAfter === null) return undefined;
  const seconds = Number.parseFloat(retryAfter);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : date - Date.now();
}
