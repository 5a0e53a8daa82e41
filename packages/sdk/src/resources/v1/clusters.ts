import { pollUntil, type WaitOptions } from '../../core/wait';
import { ClustersBase } from '../../generated/resources/v1/clusters';
import type { Cluster, ClusterStatus } from '../../generated/types';

/** Kubernetes clusters of the client's project (`/api/v1/clusters`). */
export class Clusters extends ClustersBase {
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
