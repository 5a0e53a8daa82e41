import type { RequestOptions } from '../core/request';
import { DocsBase } from '../generated/resources/docs';
import { docs } from '../generated/routes';
import type { CloudPlatformParams } from '../generated/types';

/** An OpenAPI 3.1 document, as JSON. */
export type OpenApiDocument = Record<string, unknown> & { openapi: string; paths: Record<string, unknown> };

/**
 * The server's API documentation: the OpenAPI 3.1 documents generated from the contract, and
 * the reference page. No credentials needed.
 *
 * @example
 * const spec = await client.docs.cloudPlatform();
 * console.log(Object.keys(spec.paths).length, 'paths');
 * const compute = await client.docs.cloudPlatform({ tags: 'compute' }); // one section
 */
export class Docs extends DocsBase {
  /**
   * The OpenAPI document of /api/v1 (`GET /api/v1/openapi.json`), or with `tags` a section of it:
   * those tags' operations and the schemas they use.
   */
  async cloudPlatform(query?: CloudPlatformParams, options?: RequestOptions): Promise<OpenApiDocument> {
    return JSON.parse(await this._client.call(docs.cloudPlatform, { query }, options));
  }

  /** The OpenAPI document of /v2 (`GET /v2/openapi.json`). */
  async video(options?: RequestOptions): Promise<OpenApiDocument> {
    return JSON.parse(await this._client.call(docs.video, {}, options));
  }
}
