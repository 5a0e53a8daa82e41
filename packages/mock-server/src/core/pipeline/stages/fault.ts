import type { Faults } from '../../services/faults';
import type { RequestHead } from '../request';
import type { RequestTarget } from '../request-target';
import type { Stage } from '../stage';

/**
 * An injected fault matching the request (`POST /__mock/faults`): its delay, then its answer
 * (see faults.ts). Without one it answers nothing to wait for: most requests meet no fault.
 */
export function applyFault(
  faults: Faults,
  request: RequestHead,
  target: RequestTarget,
): Promise<void> | undefined {
  return faults.inject(request, target);
}

/** Stage: an injected fault's delay, then its answer (thrown), for a request one matches. */
export const faultStage: Stage = (exchange) => {
  const delay = applyFault(exchange.server.runtime.faults, exchange.request, exchange.target);
  return delay?.then(() => undefined);
};
