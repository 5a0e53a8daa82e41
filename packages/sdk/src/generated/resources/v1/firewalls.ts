// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Firewall, FirewallCreateParams, FirewallListParams } from '../../types';

/** Firewalls and their rules. */
export class Firewalls extends APIResource {
  /** List firewalls. */
  list(query?: FirewallListParams, options?: RequestOptions): PagePromise<Firewall> {
    return this._client.list(v1.firewalls.list, { query }, options);
  }

  /**
   * Create a firewall with its rules.
   *
   * @example
   * await client.firewalls.create({ name: 'web', region: 'hn', rules: [{ name: 'https', direction: 'inbound', action: 'allow', ports: '443', priority: 100 }] });
   */
  create(body: FirewallCreateParams, options?: RequestOptions): APIPromise<Firewall> {
    return this._client.call(v1.firewalls.create, { body }, options);
  }
}
