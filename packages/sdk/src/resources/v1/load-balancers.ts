import { NotFoundError } from '../../core/errors';
import { pollUntil, type WaitOptions } from '../../core/wait';
import { LoadBalancersBase } from '../../generated/resources/v1/load-balancers';
import type { LoadBalancer, LoadBalancerStatus } from '../../generated/types';

/** Load balancers of the client's project (`/api/v1/load-balancers`), with their health probes. */
export class LoadBalancers extends LoadBalancersBase {
  /**
   * Polls the load balancer until its status is `status` (or one of several), and returns it.
   * The API has no single-record route, so this reads the list filtered by `id`.
   *
   * @throws NotFoundError when no load balancer of the project has this id.
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes).
   * @example
   * const lb = await client.loadBalancers.create({ name: 'web', region: 'hn' });
   * await client.loadBalancers.waitFor(lb.id, 'active');
   */
  waitFor(
    id: string,
    status: LoadBalancerStatus | LoadBalancerStatus[],
    options: WaitOptions = {},
  ): Promise<LoadBalancer> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      async () => {
        const page = await this.list({ id, per_page: 1 }, { signal: options.signal });
        const found = page.data[0];
        if (!found) {
          const body = {
            success: false,
            error: { code: 'NOT_FOUND', message: `Load balancer ${id} not found` },
          };
          throw new NotFoundError(404, body, new Headers());
        }
        return found;
      },
      (balancer) => wanted.includes(balancer.status),
      `load balancer ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
