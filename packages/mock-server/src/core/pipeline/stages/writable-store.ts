import type { Endpoint } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import type { Store } from '../../../store/store';
import { HttpError } from '../http-error';
import { isWrite } from '../request';

/**
 * 503 for an API write while the state cannot be saved (a full disk, an unwritable location):
 * nothing is acknowledged that could be lost. Control routes still work, to repair the state.
 */
export function requireWritableStore(store: Store, method: string, endpoint: Endpoint): void {
  if (!isWrite(method) || endpoint.api === 'mock') return;
  const health = store.health();
  if (!health.ok) {
    throw new HttpError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The state store cannot accept writes', {
      reason: health.reason,
    });
  }
}
