import { v1 } from '../../contract';
import type { BodyOf, QueryOf } from '../../contract/define';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';

/** Object storage buckets of the client's project (`/api/v1/buckets`). Names are global. */
export class Buckets extends APIResource {
  /**
   * Buckets of the project, oldest first, filtered by `region` or `storage_class`.
   *
   * @example
   * for await (const bucket of client.buckets.list({ storage_class: 'COLDLINE' })) console.log(bucket.name);
   */
  list(query?: QueryOf<typeof v1.buckets.list>, options?: RequestOptions) {
    return this._client.list(v1.buckets.list, { query }, options);
  }

  /**
   * Creates a bucket. The name is unique across every project (`ConflictError` when taken).
   *
   * @example
   * const bucket = await client.buckets.create({ name: 'acme-logs', region: 'hn', versioning: true });
   */
  create(body: BodyOf<typeof v1.buckets.create>, options?: RequestOptions) {
    return this._client.call(v1.buckets.create, { body }, options);
  }

  /**
   * Whether `name` is free for a new bucket, without creating one: a dry run can report a
   * name another project holds before the real run fails on it.
   *
   * @example
   * const { available } = await client.buckets.checkName('acme-logs');
   */
  checkName(name: string, options?: RequestOptions) {
    return this._client.call(v1.buckets.checkName, { params: { name } }, options);
  }

  /** Deletes the bucket called `name` (buckets are addressed by name, not id). */
  delete(name: string, options?: RequestOptions) {
    return this._client.call(v1.buckets.delete, { params: { name } }, options);
  }
}
