import type { Faults } from '../../services/faults';
import type { RequestHead } from '../request';
import type { RequestTarget } from '../request-target';

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
