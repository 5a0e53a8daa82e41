import { pollUntil, type WaitOptions } from '../../core/wait';
import { CacheInstancesBase } from '../../generated/resources/v1/cache-instances';
import type { CacheInstance, CacheStatus } from '../../generated/types';

/** Managed Redis-type caches of the client's project (`/api/v1/cache-instances`). */
export class CacheInstances extends CacheInstancesBase {
  /**
   * Polls the instance until its status is `status` (or one of several), and returns it.
   *
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes).
   */
  waitFor(
    id: string,
    status: CacheStatus | CacheStatus[],
    options: WaitOptions = {},
  ): Promise<CacheInstance> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      () => this.retrieve(id, { signal: options.signal }),
      (cache) => wanted.includes(cache.status),
      `cache instance ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
