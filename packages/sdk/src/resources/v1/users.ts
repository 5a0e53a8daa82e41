import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { User } from '../../generated/types';

/** Users (`/api/v1/users/*`). */
export class Users extends APIResource {
  /** The user the client is logged in as. */
  me(options?: RequestOptions): APIPromise<User> {
    return this._client.call(v1.users.me, {}, options);
  }
}
