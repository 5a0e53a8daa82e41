// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { ApiKeyCreated, BucketGrant, IamBucketGrantCreateParams, IamKeyCreateParams, IamRole, IamRoleCreateParams, IamRoleListParams, IamUser, IamUserCreateParams, IamUserListParams } from '../../types';

/** Members of the project and their roles. */
export class IamUsers extends APIResource {
  /** Members of the project with their roles. */
  list(query?: IamUserListParams, options?: RequestOptions): PagePromise<IamUser> {
    return this._client.list(v1.iam.users.list, { query }, options);
  }

  /**
   * Add a registered user to the project with a role (owner only).
   *
   * @example
   * await client.iam.users.create({ email: 'bob@example.com', role: 'viewer' });
   */
  create(body: IamUserCreateParams, options?: RequestOptions): APIPromise<IamUser> {
    return this._client.call(v1.iam.users.create, { body }, options);
  }
}

/** Built-in and custom roles. */
export class IamRoles extends APIResource {
  /** Built-in roles (owner, editor, viewer) and the custom roles of the project. */
  list(query?: IamRoleListParams, options?: RequestOptions): PagePromise<IamRole> {
    return this._client.list(v1.iam.roles.list, { query }, options);
  }

  /**
   * Create a custom role from a list of permissions (owner only).
   *
   * Permissions are <family>:read|write|* or *:read|*:write, families from the contract; unknown
   * families and iam:* / *:* (they would include iam:admin) answer 400 naming the entry. Audited as
   * role.created.
   *
   * @example
   * await client.iam.roles.create({ name: 'vm-operator', permissions: ['compute:write'] });
   */
  create(body: IamRoleCreateParams, options?: RequestOptions): APIPromise<IamRole> {
    return this._client.call(v1.iam.roles.create, { body }, options);
  }
}

/** API keys bound to the project and a role. */
export class IamKeys extends APIResource {
  /**
   * Create an API key bound to the project and a role; the key is shown once (owner only).
   *
   * The answer holds the key once; the server keeps its SHA-256 and a prefix. The key authenticates
   * /api/v1 resource calls of this project only (X-API-Key) with the permissions of its role; owner
   * is refused so a key never administers IAM. After expires_at the key answers 401. Audited as
   * api_key.created.
   *
   * @example
   * const { key } = await client.iam.keys.create({ name: 'ci', role: 'editor' });
   * const ci = new Nimbus({ baseUrl, apiKey: key, projectId });
   */
  create(body: IamKeyCreateParams, options?: RequestOptions): APIPromise<ApiKeyCreated> {
    return this._client.call(v1.iam.keys.create, { body }, options);
  }
}

/** A member's read or write access to one bucket. */
export class IamBucketGrants extends APIResource {
  /**
   * Grant a member read or write on a bucket; posting again sets the member's access (owner only).
   *
   * The bucket must belong to the project and the user must be a member (404 otherwise). One grant
   * per bucket and member: posting again sets its access and answers the same grant. Audited as
   * bucket.access_granted.
   */
  create(body: IamBucketGrantCreateParams, options?: RequestOptions): APIPromise<BucketGrant> {
    return this._client.call(v1.iam.bucketGrants.create, { body }, options);
  }
}

/** Identity and access: members, roles, API keys and bucket grants. */
export class Iam extends APIResource {
  readonly users = new IamUsers(this._client);
  readonly roles = new IamRoles(this._client);
  readonly keys = new IamKeys(this._client);
  readonly bucketGrants = new IamBucketGrants(this._client);
}
