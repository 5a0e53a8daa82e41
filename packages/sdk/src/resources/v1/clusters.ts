import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { pollUntil, type WaitOptions } from '../../core/wait';
import { v1 } from '../../generated/routes';
import type { Cluster, ClusterCreateParams, ClusterListParams, ClusterStatus } from '../../generated/types';

/** Kubernetes clusters of the client's project (`/api/v1/clusters`). */
export class Clusters extends APIResource {
  /** Clusters of the project, oldest first, filtered by `status`, `region` or `name`. */
  list(query?: ClusterListParams, options?: RequestOptions): PagePromise<Cluster> {
    return this._client.list(v1.clusters.list, { query }, options);
  }

  /**
   * Creates a cluster; it starts in `provisioning` and becomes `running` (see `waitFor`).
   *
   * @example
   * const cluster = await client.clusters.create({
   *   name: 'prod', region: 'hn', node_pools: [{ name: 'system', flavor: 'medium', count: 3 }],
   * });
   */
  create(body: ClusterCreateParams, options?: RequestOptions): APIPromise<Cluster> {
    return this._client.call(v1.clusters.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<Cluster> {
    return this._client.call(v1.clusters.retrieve, { params: { id } }, options);
  }

  /**
   * Polls the cluster until its status is `status` (or one of several), and returns it.
   *
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes); `lastValue` is the last cluster seen.
   * @example
   * await client.clusters.waitFor(cluster.id, 'running', { timeoutMs: 60_000 });
   */
  waitFor(id: string, status: ClusterStatus | ClusterStatus[], options: WaitOptions = {}): Promise<Cluster> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      () => this.retrieve(id, { signal: options.signal }),
      (cluster) => wanted.includes(cluster.status),
      `cluster ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
