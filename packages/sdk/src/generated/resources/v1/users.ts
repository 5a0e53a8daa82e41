// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { User } from '../../types';

/** The signed-in user. */
export class Users extends APIResource {
  /** The current user. */
  me(options?: RequestOptions): APIPromise<User> {
    return this._client.call(v1.users.me, {}, options);
  }
}
