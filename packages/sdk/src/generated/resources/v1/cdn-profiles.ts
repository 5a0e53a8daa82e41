// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { CdnEndpoint, CdnProfile, CdnProfileCreateParams, CdnProfileEndpointCreateParams, CdnProfileEndpointListParams, CdnProfileListParams } from '../../types';

/** Endpoints of a CDN profile: an origin served at a CDN host name. */
export class CdnEndpoints extends APIResource {
  /** List the endpoints of a CDN profile. */
  list(profileId: string, query?: CdnProfileEndpointListParams, options?: RequestOptions): PagePromise<CdnEndpoint> {
    return this._client.list(v1.cdnProfiles.endpoints.list, { params: { id: profileId }, query }, options);
  }

  /**
   * Create an endpoint in a CDN profile (provisioning -> active).
   *
   * @example
   * await client.cdnProfiles.endpoints.create(profile.id, { name: 'acme-img', origin_host: 'img.acme.com' });
   */
  create(profileId: string, body: CdnProfileEndpointCreateParams, options?: RequestOptions): APIPromise<CdnEndpoint> {
    return this._client.call(v1.cdnProfiles.endpoints.create, { params: { id: profileId }, body }, options);
  }
}

/** CDN profiles, each serving endpoints. */
export class CdnProfiles extends APIResource {
  readonly endpoints = new CdnEndpoints(this._client);

  /** List CDN profiles. */
  list(query?: CdnProfileListParams, options?: RequestOptions): PagePromise<CdnProfile> {
    return this._client.list(v1.cdnProfiles.list, { query }, options);
  }

  /** Create a CDN profile. */
  create(body: CdnProfileCreateParams, options?: RequestOptions): APIPromise<CdnProfile> {
    return this._client.call(v1.cdnProfiles.create, { body }, options);
  }

  /** Get a CDN profile. */
  retrieve(id: string, options?: RequestOptions): APIPromise<CdnProfile> {
    return this._client.call(v1.cdnProfiles.retrieve, { params: { id } }, options);
  }

  /** Delete a CDN profile and all its endpoints. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.cdnProfiles.delete, { params: { id } }, options);
  }
}
