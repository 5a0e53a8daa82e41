import { v1 } from '../../contract';
import type { BodyOf, QueryOf } from '../../contract/define';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';

/** Firewalls of the client's project (`/api/v1/firewalls`). */
export class Firewalls extends APIResource {
  /** Firewalls of the project, oldest first, filtered by `region`, `vpc_id` or `name`. */
  list(query?: QueryOf<typeof v1.firewalls.list>, options?: RequestOptions) {
    return this._client.list(v1.firewalls.list, { query }, options);
  }

  /**
   * Creates a firewall; rule priorities are unique per direction.
   *
   * @example
   * await client.firewalls.create({ name: 'web', region: 'hn', rules: [{ name: 'https', direction: 'inbound', action: 'allow', ports: '443', priority: 100 }] });
   */
  create(body: BodyOf<typeof v1.firewalls.create>, options?: RequestOptions) {
    return this._client.call(v1.firewalls.create, { body }, options);
  }
}
