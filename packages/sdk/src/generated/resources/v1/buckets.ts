// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Bucket, BucketCreateParams, BucketListParams } from '../../types';

/** Object storage buckets (names are global across projects). */
export class Buckets extends APIResource {
  /**
   * List buckets.
   *
   * @example
   * for await (const bucket of client.buckets.list({ storage_class: 'COLDLINE' })) console.log(bucket.name);
   */
  list(query?: BucketListParams, options?: RequestOptions): PagePromise<Bucket> {
    return this._client.list(v1.buckets.list, { query }, options);
  }

  /**
   * Create a bucket (the name is unique across all projects).
   *
   * @example
   * const bucket = await client.buckets.create({ name: 'acme-logs', region: 'hn', versioning: true });
   */
  create(body: BucketCreateParams, options?: RequestOptions): APIPromise<Bucket> {
    return this._client.call(v1.buckets.create, { body }, options);
  }

  /** Delete a bucket by name. */
  delete(name: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.buckets.delete, { params: { name } }, options);
  }
}
