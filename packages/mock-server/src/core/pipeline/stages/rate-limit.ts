import { ErrorCode } from '@nimbus/sdk/contract/common';
import type { RateLimiter } from '../../services/rate-limit';
import { HttpError } from '../http-error';
import type { RequestHead } from '../request';
import type { Stage } from '../stage';

/** 429 with `Retry-After` for a caller past the server's rate (off unless `rateLimitPerMinute` is set). */
export function limitRate(limiter: RateLimiter | undefined, request: RequestHead, now: number): void {
  if (!limiter) return;
  const caller = request.headers.get('authorization') ?? request.headers.get('x-api-key') ?? 'anonymous';
  const wait = limiter.hit(caller, now);
  if (wait > 0) {
    throw HttpError.of(ErrorCode.RATE_LIMITED, 'Too many requests', undefined, {
      'Retry-After': String(wait),
    });
  }
}

/** Stage: the server's rate per caller, when one is set. */
export const rateLimitStage: Stage = (exchange) => {
  const { limiter, runtime } = exchange.server;
  limitRate(limiter, exchange.request, runtime.clock.now());
  return undefined;
};
