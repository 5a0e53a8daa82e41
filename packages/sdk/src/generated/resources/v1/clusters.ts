// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Cluster, ClusterCreateParams, ClusterListParams } from '../../types';

/** Managed Kubernetes clusters. */
export class ClustersBase extends APIResource {
  /** List Kubernetes clusters. */
  list(query?: ClusterListParams, options?: RequestOptions): PagePromise<Cluster> {
    return this._client.list(v1.clusters.list, { query }, options);
  }

  /**
   * Create a Kubernetes cluster (provisioning -> running).
   *
   * @example
   * const cluster = await client.clusters.create({
   *   name: 'prod', region: 'hn', node_pools: [{ name: 'system', flavor: 'medium', count: 3 }],
   * });
   */
  create(body: ClusterCreateParams, options?: RequestOptions): APIPromise<Cluster> {
    return this._client.call(v1.clusters.create, { body }, options);
  }

  /** Get a Kubernetes cluster (to follow provisioning). */
  retrieve(id: string, options?: RequestOptions): APIPromise<Cluster> {
    return this._client.call(v1.clusters.retrieve, { params: { id } }, options);
  }
}
