// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { docs } from '../routes';
import type { DocsAssetName } from '../types';

/** The OpenAPI documents and the API reference pages. */
export class DocsBase extends APIResource {
  /** API reference page rendering both OpenAPI documents. */
  page(options?: RequestOptions): APIPromise<string> {
    return this._client.call(docs.page, {}, options);
  }

  /** A static file of the API reference page. */
  asset(file: DocsAssetName, options?: RequestOptions): APIPromise<Uint8Array> {
    return this._client.call(docs.asset, { params: { file } }, options) as unknown as APIPromise<Uint8Array>;
  }
}
