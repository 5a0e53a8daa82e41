import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, ResourceName } from '../../common';
import { endpoint } from '../../define';
import { apiSubscriptions } from './subscriptions';

/** An API published through API Management; apps subscribe to it to get a key. */
export const ApiProduct = ProjectRecord.extend({
  name: z.string(),
  description: z.string(),
  version: z.string(),
});

export const ApiProductCreateBody = z.object({
  name: ResourceName.describe('Product name'),
  description: z.string().max(1000).default('').describe('What the API offers'),
  version: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, { error: 'must be 1-32 letters, digits, ".", "_" or "-"' })
    .default('v1')
    .describe('Version label, e.g. v1 or 2024-06-01'),
});

export const ApiProductListQuery = listQuery({
  name: z.string().optional().describe('Only products with this name'),
  version: z.string().optional().describe('Only products with this version'),
});

const base = { family: 'apim', auth: 'bearer', project: true } as const;

export const apiProducts = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/api-products',
    summary: 'List API products',
    query: ApiProductListQuery,
    response: ApiProduct,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/api-products',
    summary: 'Create an API product',
    body: ApiProductCreateBody,
    response: ApiProduct,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/api-products/{id}',
    summary: 'Get an API product',
    params: IdParams,
    response: ApiProduct,
    status: 200,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/api-products/{id}',
    summary: 'Delete an API product and all its subscriptions',
    params: IdParams,
    response: z.void(),
    status: 204,
  }),
  subscriptions: apiSubscriptions,
};

export type ApiProduct = z.infer<typeof ApiProduct>;
