// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { ApiProduct, ApiProductCreateParams, ApiProductListParams, ApiProductSubscriptionCreateParams, ApiSubscription, ApiSubscriptionCreated, PageParams } from '../../types';

/** Subscriptions to an API product, each with its keys. */
export class ApiSubscriptions extends APIResource {
  /** List the subscriptions of an API product (keys show only their prefix). */
  list(productId: string, query?: PageParams, options?: RequestOptions): PagePromise<ApiSubscription> {
    return this._client.list(v1.apiProducts.subscriptions.list, { params: { id: productId }, query }, options);
  }

  /**
   * Subscribe an app to an API product; answers its API key once.
   *
   * @example
   * const { api_key } = await client.apiProducts.subscriptions.create(product.id, { app_name: 'mobile' });
   */
  create(productId: string, body: ApiProductSubscriptionCreateParams, options?: RequestOptions): APIPromise<ApiSubscriptionCreated> {
    return this._client.call(v1.apiProducts.subscriptions.create, { params: { id: productId }, body }, options);
  }
}

/** API management products. */
export class ApiProducts extends APIResource {
  readonly subscriptions = new ApiSubscriptions(this._client);

  /** List API products. */
  list(query?: ApiProductListParams, options?: RequestOptions): PagePromise<ApiProduct> {
    return this._client.list(v1.apiProducts.list, { query }, options);
  }

  /** Create an API product. */
  create(body: ApiProductCreateParams, options?: RequestOptions): APIPromise<ApiProduct> {
    return this._client.call(v1.apiProducts.create, { body }, options);
  }

  /** Get an API product. */
  retrieve(id: string, options?: RequestOptions): APIPromise<ApiProduct> {
    return this._client.call(v1.apiProducts.retrieve, { params: { id } }, options);
  }

  /** Delete an API product and all its subscriptions. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.apiProducts.delete, { params: { id } }, options);
  }
}
