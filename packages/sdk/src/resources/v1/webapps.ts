import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { WebApp, WebappCreateParams, WebappListParams } from '../../generated/types';

/** Web apps of the client's project (`/api/v1/webapps`). Names are global: they are host names. */
export class WebApps extends APIResource {
  /** Web apps of the project, oldest first, filtered by `region`, `runtime`, `plan` or `name`. */
  list(query?: WebappListParams, options?: RequestOptions): PagePromise<WebApp> {
    return this._client.list(v1.webapps.list, { query }, options);
  }

  /**
   * Creates a web app; it runs at once on `<name>.apps.nimbus.local`.
   *
   * @example
   * await client.webapps.create({ name: 'acme-shop', region: 'hn', runtime: 'node', runtime_version: '22' });
   */
  create(body: WebappCreateParams, options?: RequestOptions): APIPromise<WebApp> {
    return this._client.call(v1.webapps.create, { body }, options);
  }
}
