import type { Endpoint } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import type { Store } from '../../../store/store';
import { HttpError } from '../http-error';
import { isWrite } from '../request';
import type { Stage } from '../stage';

/**
 * 503 for an API write while the state cannot be saved (a full disk, an unwritable location):
 * nothing is acknowledged that could be lost. Control routes still work, to repair the state.
 */
export function requireWritableStore(store: Store, method: string, endpoint: Endpoint): void {
  if (!isWrite(method) || endpoint.api === 'mock') return;
  const health = store.health();
  if (!health.ok) {
    throw HttpError.of(ErrorCode.SERVICE_UNAVAILABLE, 'The state store cannot accept writes', {
      reason: health.reason,
    });
  }
}

/** Stage: an API write waits for nothing but needs a store that can save it. */
export const writableStoreStage: Stage = (exchange) => {
  requireWritableStore(exchange.server.runtime.store, exchange.request.method, exchange.bound.endpoint);
  return undefined;
};
