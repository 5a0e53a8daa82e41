import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, ResourceName } from '../../common';
import { endpoint } from '../../define';
import { cdnEndpoints } from './endpoints';

export const CdnSku = z
  .enum(['Standard', 'Premium'])
  .describe('Standard, or Premium for rules engine and real-time analytics');

/** A CDN profile: a billing and configuration unit that holds endpoints. Profiles are global. */
export const CdnProfile = ProjectRecord.extend({
  name: z.string(),
  sku: CdnSku,
});

export const CdnProfileCreateBody = z.object({
  name: ResourceName.describe('Profile name'),
  sku: CdnSku.default('Standard'),
});

export const CdnProfileListQuery = listQuery({
  sku: CdnSku.optional().describe('Only profiles of this sku'),
});

const base = { family: 'cdn', auth: 'bearer', project: true } as const;

export const cdnProfiles = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/cdn-profiles',
    summary: 'List CDN profiles',
    query: CdnProfileListQuery,
    response: CdnProfile,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/cdn-profiles',
    summary: 'Create a CDN profile',
    body: CdnProfileCreateBody,
    response: CdnProfile,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/cdn-profiles/{id}',
    summary: 'Get a CDN profile',
    params: IdParams,
    response: CdnProfile,
    status: 200,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/cdn-profiles/{id}',
    summary: 'Delete a CDN profile and all its endpoints',
    params: IdParams,
    response: z.void(),
    status: 204,
  }),
  endpoints: cdnEndpoints,
};

export type CdnProfile = z.infer<typeof CdnProfile>;
export type CdnSku = z.infer<typeof CdnSku>;
