import * as z from 'zod';
import { endpoint } from './define';

/**
 * Documentation routes of the reference server: the OpenAPI 3.1 documents generated from this
 * contract, and a page that renders them. Public; not part of either API's own resources.
 */
const base = { family: 'docs', method: 'GET', status: 200, auth: 'none' } as const;

/** Files of the reference page (Swagger UI, and the page's icon), by name. */
export const DocsAssetName = z.enum([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon.svg',
]);

export type DocsAssetName = z.infer<typeof DocsAssetName>;

export const docs = {
  cloudPlatform: endpoint({
    ...base,
    path: '/api/v1/openapi.json',
    summary: 'The OpenAPI 3.1 document of the cloud platform API (/api/v1)',
    query: z.object({
      tags: z
        .string()
        .regex(/^[a-z]+(,[a-z]+)*$/, 'tag names separated by commas')
        .optional()
        .describe('Only the operations of these tags (`compute,storage`) and the schemas they use'),
    }),
    response: z.string().describe('application/json: an OpenAPI 3.1 document'),
    responseKind: 'text',
  }),
  video: endpoint({
    ...base,
    path: '/v2/openapi.json',
    summary: 'The OpenAPI 3.1 document of the video management API (/v2)',
    response: z.string().describe('application/json: an OpenAPI 3.1 document'),
    responseKind: 'text',
  }),
  page: endpoint({
    ...base,
    path: '/docs',
    summary: 'API reference page rendering both OpenAPI documents',
    response: z.string().describe('text/html'),
    responseKind: 'text',
  }),
  asset: endpoint({
    ...base,
    path: '/docs/assets/{file}',
    summary: 'A static file of the API reference page',
    params: z.object({ file: DocsAssetName }),
    response: z.string().describe('application/octet-stream: JavaScript, CSS or the SVG icon'),
    responseKind: 'binary',
  }),
};
