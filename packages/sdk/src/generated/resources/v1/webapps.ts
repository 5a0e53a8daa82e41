// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { WebApp, WebappCreateParams, WebappListParams } from '../../types';

/** Web apps run from a container image. */
export class WebApps extends APIResource {
  /** List web apps. */
  list(query?: WebappListParams, options?: RequestOptions): PagePromise<WebApp> {
    return this._client.list(v1.webapps.list, { query }, options);
  }

  /**
   * Create a web app (it starts running at once).
   *
   * @example
   * await client.webapps.create({ name: 'acme-shop', region: 'hn', runtime: 'node', runtime_version: '22' });
   */
  create(body: WebappCreateParams, options?: RequestOptions): APIPromise<WebApp> {
    return this._client.call(v1.webapps.create, { body }, options);
  }
}
