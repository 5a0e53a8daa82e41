import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Firewall, FirewallCreateParams, FirewallListParams } from '../../generated/types';

/** Firewalls of the client's project (`/api/v1/firewalls`). */
export class Firewalls extends APIResource {
  /** Firewalls of the project, oldest first, filtered by `region`, `vpc_id` or `name`. */
  list(query?: FirewallListParams, options?: RequestOptions): PagePromise<Firewall> {
    return this._client.list(v1.firewalls.list, { query }, options);
  }

  /**
   * Creates a firewall; rule priorities are unique per direction.
   *
   * @example
   * await client.firewalls.create({ name: 'web', region: 'hn', rules: [{ name: 'https', direction: 'inbound', action: 'allow', ports: '443', priority: 100 }] });
   */
  create(body: FirewallCreateParams, options?: RequestOptions): APIPromise<Firewall> {
    return this._client.call(v1.firewalls.create, { body }, options);
  }
}
