import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';

/** Users (`/api/v1/users/*`). */
export class Users extends APIResource {
  /** The user the client is logged in as. */
  me(options?: RequestOptions) {
    return this._client.call(v1.users.me, {}, options);
  }
}
