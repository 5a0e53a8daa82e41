import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  CdnEndpoint,
  CdnProfile,
  CdnProfileCreateParams,
  CdnProfileEndpointCreateParams,
  CdnProfileEndpointListParams,
  CdnProfileListParams,
} from '../../generated/types';

/** Endpoints of one CDN profile (`/api/v1/cdn-profiles/{id}/endpoints`): `client.cdnProfiles.endpoints`. */
export class CdnEndpoints extends APIResource {
  /** Endpoints of profile `profileId`, oldest first, optionally in one `status`. */
  list(
    profileId: string,
    query?: CdnProfileEndpointListParams,
    options?: RequestOptions,
  ): PagePromise<CdnEndpoint> {
    return this._client.list(v1.cdnProfiles.endpoints.list, { params: { id: profileId }, query }, options);
  }

  /**
   * Creates an endpoint served at `<name>.nimbuscdn.net`; it is `provisioning`, then `active`.
   *
   * @example
   * await client.cdnProfiles.endpoints.create(profile.id, { name: 'acme-img', origin_host: 'img.acme.com' });
   */
  create(
    profileId: string,
    body: CdnProfileEndpointCreateParams,
    options?: RequestOptions,
  ): APIPromise<CdnEndpoint> {
    return this._client.call(v1.cdnProfiles.endpoints.create, { params: { id: profileId }, body }, options);
  }
}

/** CDN profiles of the client's project (`/api/v1/cdn-profiles`). */
export class CdnProfiles extends APIResource {
  readonly endpoints = new CdnEndpoints(this._client);

  /** Profiles of the project, oldest first, optionally of one `sku`. */
  list(query?: CdnProfileListParams, options?: RequestOptions): PagePromise<CdnProfile> {
    return this._client.list(v1.cdnProfiles.list, { query }, options);
  }

  create(body: CdnProfileCreateParams, options?: RequestOptions): APIPromise<CdnProfile> {
    return this._client.call(v1.cdnProfiles.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<CdnProfile> {
    return this._client.call(v1.cdnProfiles.retrieve, { params: { id } }, options);
  }

  /** Deletes the profile and every endpoint in it. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.cdnProfiles.delete, { params: { id } }, options);
  }
}
