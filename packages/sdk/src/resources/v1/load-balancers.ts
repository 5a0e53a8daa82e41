import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import { NotFoundError } from '../../core/errors';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { pollUntil, type WaitOptions } from '../../core/wait';
import { v1 } from '../../generated/routes';
import type {
  HealthProbe,
  LoadBalancer,
  LoadBalancerCreateParams,
  LoadBalancerHealthProbeCreateParams,
  LoadBalancerListParams,
  LoadBalancerStatus,
} from '../../generated/types';

/** Health probes of a load balancer (`/api/v1/load-balancers/{id}/health-probes`). */
export class LoadBalancerHealthProbes extends APIResource {
  /**
   * Adds a health probe. http(s) probes need a `path` starting with `/`; `timeout_sec` must be
   * below `interval_sec`.
   *
   * @example
   * await client.loadBalancers.healthProbes.create(lb.id, { protocol: 'http', port: 8080, path: '/healthz' });
   */
  create(
    loadBalancerId: string,
    body: LoadBalancerHealthProbeCreateParams,
    options?: RequestOptions,
  ): APIPromise<HealthProbe> {
    return this._client.call(
      v1.loadBalancers.healthProbes.create,
      { params: { id: loadBalancerId }, body },
      options,
    );
  }
}

/** Load balancers of the client's project (`/api/v1/load-balancers`), with their health probes. */
export class LoadBalancers extends APIResource {
  readonly healthProbes = new LoadBalancerHealthProbes(this._client);

  /** Load balancers of the project, each with `health_probes`; filter by `id`, `name`, `status`... */
  list(query?: LoadBalancerListParams, options?: RequestOptions): PagePromise<LoadBalancer> {
    return this._client.list(v1.loadBalancers.list, { query }, options);
  }

  /** Creates a load balancer; it is `provisioning`, then `active` (see `waitFor`). */
  create(body: LoadBalancerCreateParams, options?: RequestOptions): APIPromise<LoadBalancer> {
    return this._client.call(v1.loadBalancers.create, { body }, options);
  }

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
