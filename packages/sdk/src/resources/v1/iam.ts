import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  ApiKeyCreated,
  BucketGrant,
  IamBucketGrantCreateParams,
  IamKeyCreateParams,
  IamRole,
  IamRoleCreateParams,
  IamRoleListParams,
  IamUser,
  IamUserCreateParams,
  IamUserListParams,
} from '../../generated/types';

/** Members of the client's project (`/api/v1/iam/users`). */
export class IamUsers extends APIResource {
  /** Members with their role, live delegations and when they joined; filter by `role`. */
  list(query?: IamUserListParams, options?: RequestOptions): PagePromise<IamUser> {
    return this._client.list(v1.iam.users.list, { query }, options);
  }

  /**
   * Adds a registered user (by email) with a built-in or custom role. Owner only.
   *
   * @example
   * await client.iam.users.create({ email: 'bob@example.com', role: 'viewer' });
   */
  create(body: IamUserCreateParams, options?: RequestOptions): APIPromise<IamUser> {
    return this._client.call(v1.iam.users.create, { body }, options);
  }
}

/** Built-in and custom roles of the client's project (`/api/v1/iam/roles`). */
export class IamRoles extends APIResource {
  /** owner, editor and viewer first, then the custom roles, oldest first. */
  list(query?: IamRoleListParams, options?: RequestOptions): PagePromise<IamRole> {
    return this._client.list(v1.iam.roles.list, { query }, options);
  }

  /**
   * Creates a custom role. Owner only.
   *
   * @example
   * await client.iam.roles.create({ name: 'vm-operator', permissions: ['compute:write'] });
   */
  create(body: IamRoleCreateParams, options?: RequestOptions): APIPromise<IamRole> {
    return this._client.call(v1.iam.roles.create, { body }, options);
  }
}

/** API keys of the client's project (`/api/v1/iam/keys`). */
export class IamKeys extends APIResource {
  /**
   * Creates a key bound to the project and a role. The answer's `key` is shown only this once.
   *
   * @example
   * const { key } = await client.iam.keys.create({ name: 'ci', role: 'editor' });
   * const ci = new Nimbus({ baseUrl, apiKey: key, projectId });
   */
  create(body: IamKeyCreateParams, options?: RequestOptions): APIPromise<ApiKeyCreated> {
    return this._client.call(v1.iam.keys.create, { body }, options);
  }
}

/** Bucket grants of the client's project (`/api/v1/iam/authorize-bucket`). */
export class IamBucketGrants extends APIResource {
  /** Grants a member `read` or `write` on a bucket of the project; granting again sets the level. Owner only. */
  create(body: IamBucketGrantCreateParams, options?: RequestOptions): APIPromise<BucketGrant> {
    return this._client.call(v1.iam.bucketGrants.create, { body }, options);
  }
}

/** Identity and access of the client's project: `client.iam.users`, `.roles`, `.keys`, `.bucketGrants`. */
export class Iam extends APIResource {
  readonly users = new IamUsers(this._client);
  readonly roles = new IamRoles(this._client);
  readonly keys = new IamKeys(this._client);
  readonly bucketGrants = new IamBucketGrants(this._client);
}
