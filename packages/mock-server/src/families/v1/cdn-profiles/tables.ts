import type { CdnEndpoint, CdnProfile } from '@nimbus/sdk/contract';
import { quotaResources } from '../../../core/services/quotas';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

// Both CDN groups share these: endpoints live inside profiles, and a profile's delete removes them.

export type CdnProfileRow = CdnProfile & StoredRecord;

export type CdnEndpointRow = CdnEndpoint & StoredRecord;

export const cdnProfiles = defineTable<CdnProfileRow>('cdn_profiles');
quotaResources.add(cdnProfiles.name);

/** Host names and custom domains are public DNS names: each can point at one endpoint only. */
export const cdnEndpoints = defineTable<CdnEndpointRow>('cdn_endpoints', {
  unique: {
    host_name: (row) => row.host_name,
    custom_domain: (row) => row.custom_domain ?? undefined,
  },
});

export const CDN_PROFILE_TYPE = 'cdn.profile';
export const CDN_ENDPOINT_TYPE = 'cdn.endpoint';
