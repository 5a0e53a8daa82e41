import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  ApiProduct,
  ApiProductCreateParams,
  ApiProductListParams,
  ApiProductSubscriptionCreateParams,
  ApiSubscription,
  ApiSubscriptionCreated,
  PageParams,
} from '../../generated/types';

/** Subscriptions of one API product (`/api/v1/api-products/{id}/subscriptions`): `client.apiProducts.subscriptions`. */
export class ApiSubscriptions extends APIResource {
  /** Subscriptions of product `productId`, oldest first; keys show only their `key_prefix`. */
  list(productId: string, query?: PageParams, options?: RequestOptions): PagePromise<ApiSubscription> {
    return this._client.list(
      v1.apiProducts.subscriptions.list,
      { params: { id: productId }, query },
      options,
    );
  }

  /**
   * Subscribes an app; the answer's `api_key` is shown this once, so store it now.
   *
   * @example
   * const { api_key } = await client.apiProducts.subscriptions.create(product.id, { app_name: 'mobile' });
   */
  create(
    productId: string,
    body: ApiProductSubscriptionCreateParams,
    options?: RequestOptions,
  ): APIPromise<ApiSubscriptionCreated> {
    return this._client.call(
      v1.apiProducts.subscriptions.create,
      { params: { id: productId }, body },
      options,
    );
  }
}

/** API Management products of the client's project (`/api/v1/api-products`). */
export class ApiProducts extends APIResource {
  readonly subscriptions = new ApiSubscriptions(this._client);

  /** Products of the project, oldest first, filtered by `name` or `version`. */
  list(query?: ApiProductListParams, options?: RequestOptions): PagePromise<ApiProduct> {
    return this._client.list(v1.apiProducts.list, { query }, options);
  }

  create(body: ApiProductCreateParams, options?: RequestOptions): APIPromise<ApiProduct> {
    return this._client.call(v1.apiProducts.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<ApiProduct> {
    return this._client.call(v1.apiProducts.retrieve, { params: { id } }, options);
  }

  /** Deletes the product and all its subscriptions (their keys stop existing). */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.apiProducts.delete, { params: { id } }, options);
  }
}
