import type { ServerConfig } from '../../services/config';
import { constantTimeEqual } from '../../services/secrets';
import { HttpError } from '../http-error';
import type { RequestHead } from '../request';
import type { OriginStanding, Stage } from '../stage';
import { controlOriginRefusal } from './origin-policy';

const encoder = new TextEncoder();

/**
 * The control routes' own check. With a control token, every control route needs it. Without
 * one, they answer what is not a web page (no Origin), and pages on loopback origins or the
 * server's own: a page on any other site must not read the state or wipe it.
 */
export function authorizeControl(
  config: Pick<ServerConfig, 'controlToken'>,
  request: RequestHead,
  origin: OriginStanding,
): void {
  if (config.controlToken) {
    const presented = encoder.encode(request.headers.get('authorization') ?? '');
    // Compared in time that does not depend on where the two differ.
    if (!constantTimeEqual(presented, encoder.encode(`Bearer ${config.controlToken}`))) {
      throw HttpError.unauthenticated(
        'The control routes need the control token: send "Authorization: Bearer <token>" (the CLI: --control-token or NIMBUS_CONTROL_TOKEN; the SDK: the controlToken option)',
      );
    }
    return;
  }
  if (origin === 'listed' || origin === 'foreign') throw controlOriginRefusal(request.headers.get('origin')!);
}

/** Stage: the control routes' check (other routes pass). */
export const controlStage: Stage = (exchange) => {
  if (exchange.bound.endpoint.auth === 'control') {
    authorizeControl(exchange.server.runtime.config, exchange.request, exchange.origin);
  }
  return undefined;
};
