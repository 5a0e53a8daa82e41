import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, Uuid } from '../../common';
import { endpoint } from '../../define';

/** Domain every endpoint is served under: `<name>.nimbuscdn.net`. */
export const CDN_ENDPOINT_DOMAIN = 'nimbuscdn.net';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A DNS name of two or more labels with an alphabetic top-level domain (lower-cased). */
function isDomainName(value: string): boolean {
  const labels = value.split('.');
  return (
    value.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    /^[a-z]{2,63}$/.test(labels[labels.length - 1]!)
  );
}

/** `isDomainName` in JSON Schema (any case and surrounding whitespace: the value is trimmed and lower-cased first). */
const DOMAIN_PATTERN = '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}';
const IPV4_PATTERN =
  '(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** Where the CDN fetches content: a public host name or an IPv4 address, without scheme, port or path. */
export const CdnOriginHost = z
  .string()
  .trim()
  .toLowerCase()
  .refine((host) => isDomainName(host) || isIPv4(host), {
    error: 'must be a host name such as origin.example.com or an IPv4 address (no scheme, port or path)',
  })
  .describe('Host the CDN fetches content from, e.g. origin.example.com')
  .meta({ minLength: 1, maxLength: 253, pattern: `^\\s*(?:${DOMAIN_PATTERN}|${IPV4_PATTERN})\\s*$` });

/** A custom domain users reach the endpoint through, e.g. `cdn.example.com`. */
export const CdnCustomDomain = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isDomainName, { error: 'must be a DNS name such as cdn.example.com' })
  .describe('Your own domain for the endpoint (unique across all endpoints), e.g. cdn.example.com')
  .meta({ minLength: 1, maxLength: 253, pattern: `^\\s*${DOMAIN_PATTERN}\\s*$` });

export const CdnEndpointStatus = z.enum(['provisioning', 'active']);

export const CdnEndpoint = ProjectRecord.extend({
  profile_id: Uuid,
  name: z.string(),
  host_name: z.string().describe(`Host the endpoint serves on: <name>.${CDN_ENDPOINT_DOMAIN}`),
  origin_host: z.string(),
  custom_domain: z.string().nullable(),
  https_only: z.boolean(),
  status: CdnEndpointStatus,
});

export const CdnProfileEndpointCreateBody = z.object({
  name: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/, {
      error: 'must be 1-50 lowercase letters, digits and hyphens, starting and ending with a letter or digit',
    })
    .describe(`Endpoint name, unique across all projects: it becomes <name>.${CDN_ENDPOINT_DOMAIN}`),
  origin_host: CdnOriginHost,
  custom_domain: CdnCustomDomain.optional(),
  https_only: z.boolean().default(true).describe('Redirect plain HTTP requests to HTTPS'),
});

export const CdnProfileEndpointListQuery = listQuery({
  status: CdnEndpointStatus.optional().describe('Only endpoints in this status'),
});

const base = { family: 'cdn', auth: 'bearer', project: true } as const;

export const cdnEndpoints = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/cdn-profiles/{id}/endpoints',
    summary: 'List the endpoints of a CDN profile',
    params: IdParams,
    query: CdnProfileEndpointListQuery,
    response: CdnEndpoint,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/cdn-profiles/{id}/endpoints',
    summary: 'Create an endpoint in a CDN profile (provisioning -> active)',
    example: `await client.cdnProfiles.endpoints.create(profile.id, { name: 'acme-img', origin_host: 'img.acme.com' });`,
    params: IdParams,
    body: CdnProfileEndpointCreateBody,
    response: CdnEndpoint,
    status: 201,
  }),
};

export type CdnEndpoint = z.infer<typeof CdnEndpoint>;
export type CdnEndpointStatus = z.infer<typeof CdnEndpointStatus>;
