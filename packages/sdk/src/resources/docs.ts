import type { APIPromise } from '../core/api-promise';
import { APIResource } from '../core/api-resource';
import type { RequestOptions } from '../core/request';
import { docs } from '../generated/routes';
import type { DocsAssetName } from '../generated/types';

/** An OpenAPI 3.1 document, as JSON. */
export type OpenApiDocument = Record<string, unknown> & { openapi: string; paths: Record<string, unknown> };

/**
 * The server's API documentation: the OpenAPI 3.1 documents generated from the contract, and
 * the reference page. No credentials needed.
 *
 * @example
 * const spec = await client.docs.cloudPlatform();
 * console.log(Object.keys(spec.paths).length, 'paths');
 */
export class Docs extends APIResource {
  /** The OpenAPI document of /api/v1 (`GET /api/v1/openapi.json`). */
  async cloudPlatform(options?: RequestOptions): Promise<OpenApiDocument> {
    return JSON.parse(await this._client.call(docs.cloudPlatform, {}, options));
  }

  /** The OpenAPI document of /v2 (`GET /v2/openapi.json`). */
  async video(options?: RequestOptions): Promise<OpenApiDocument> {
    return JSON.parse(await this._client.call(docs.video, {}, options));
  }

  /** The HTML of the reference page (`GET /docs`). */
  page(options?: RequestOptions): APIPromise<string> {
    return this._client.call(docs.page, {}, options);
  }

  /** One static file of the reference page, as bytes (the contract declares a string for OpenAPI). */
  asset(file: DocsAssetName, options?: RequestOptions): APIPromise<Uint8Array> {
    return this._client.call(docs.asset, { params: { file } }, options) as unknown as APIPromise<Uint8Array>;
  }
}
