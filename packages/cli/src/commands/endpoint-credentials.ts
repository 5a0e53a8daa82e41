import type { BaseNimbus, RequestOptions } from '@nimbus/sdk';
import type { Endpoint } from '@nimbus/sdk/contract';
import { withWorkloadToken } from '../auth/workload-token';
import type { CommandContext } from '../context';
import { UsageError } from '../errors';

/**
 * Runs an endpoint's call with the credentials it takes: basic auth for `/v2/metrics`, a
 * workload token minted from the session for the other /v2 routes, and the session itself
 * (which the SDK sends) for /api/v1.
 */
export function withEndpointCredentials<T>(
  ctx: CommandContext<BaseNimbus>,
  endpoint: Pick<Endpoint, 'auth' | 'api' | 'scope'>,
  values: Record<string, unknown>,
  run: (options?: RequestOptions) => Promise<T>,
): Promise<T> {
  if (endpoint.auth === 'basic') return run({ headers: { authorization: basicAuth(values) } });
  if (endpoint.api === 'v2' && endpoint.scope !== undefined) {
    return withWorkloadToken(ctx, endpoint.scope, (token) =>
      run({ headers: { authorization: `Bearer ${token}` } }),
    );
  }
  return run();
}

function basicAuth(values: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): string {
  const username = (values.username as string | undefined) ?? env.NIMBUS_METRICS_USERNAME;
  const password = (values.password as string | undefined) ?? env.NIMBUS_METRICS_PASSWORD;
  if (!username || !password) {
    throw new UsageError(
      'Basic-auth credentials needed: --username and --password, or NIMBUS_METRICS_USERNAME and NIMBUS_METRICS_PASSWORD (`nimbus mock start` prints them)',
    );
  }
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
