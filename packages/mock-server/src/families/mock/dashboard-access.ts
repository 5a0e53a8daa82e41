import { HttpError } from '../../core/pipeline/http-error';
import type { RequestHead } from '../../core/pipeline/request';
import { authorizeControl } from '../../core/pipeline/stages/control';
import { originStanding } from '../../core/pipeline/stages/origin-policy';
import type { ServerConfig } from '../../core/services/config';
import { constantTimeEqual } from '../../core/services/secrets';

const encoder = new TextEncoder();

/**
 * The control routes' rules for the dashboard page (auth `control-page`). The page is opened by
 * a navigation, which sends no Authorization header: the control token may come in `?token=`
 * instead, and the page sends it as a header on its own requests. Everything else is the
 * control stage's check (a navigation sends no Origin; a page on another site does).
 */
export function authorizeDashboard(
  config: Pick<ServerConfig, 'controlToken' | 'corsOrigins'>,
  request: RequestHead,
  url: URL,
): void {
  if (config.controlToken && !request.headers.has('authorization')) {
    const presented = encoder.encode(url.searchParams.get('token') ?? '');
    // Compared in time that does not depend on where the two differ.
    if (!constantTimeEqual(presented, encoder.encode(config.controlToken))) {
      throw HttpError.unauthenticated(
        'The dashboard needs the control token: open /__mock/ui?token=<token> (or run `nimbus mock ui` with --control-token or NIMBUS_CONTROL_TOKEN)',
      );
    }
    return;
  }
  const host = request.headers.get('host') ?? url.host;
  authorizeControl(config, request, originStanding(request.headers.get('origin'), host, config.corsOrigins));
}
