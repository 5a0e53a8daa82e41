import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Bucket, BucketCreateParams, BucketListParams } from '../../generated/types';

/** Object storage buckets of the client's project (`/api/v1/buckets`). Names are global. */
export class Buckets extends APIResource {
  /**
   * Buckets of the project, oldest first, filtered by `region` or `storage_class`.
   *
   * @example
   * for await (const bucket of client.buckets.list({ storage_class: 'COLDLINE' })) console.log(bucket.name);
   */
  list(query?: BucketListParams, options?: RequestOptions): PagePromise<Bucket> {
    return this._client.list(v1.buckets.list, { query }, options);
  }

  /**
   * Creates a bucket. The name is unique across every project (`ConflictError` when taken).
   *
   * @example
   * const bucket = await client.buckets.create({ name: 'acme-logs', region: 'hn', versioning: true });
   */
  create(body: BucketCreateParams, options?: RequestOptions): APIPromise<Bucket> {
    return this._client.call(v1.buckets.create, { body }, options);
  }

  /** Deletes the bucket called `name` (buckets are addressed by name, not id). */
  delete(name: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.buckets.delete, { params: { name } }, options);
  }
}
