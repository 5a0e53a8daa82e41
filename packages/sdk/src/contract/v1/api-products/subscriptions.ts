import * as z from 'zod';
import { IdParams, PageQuery, ProjectRecord, TRIMMED_PATTERN, Uuid } from '../../common';
import { endpoint } from '../../define';
import { secret } from '../../secrets';

/** Length of the key prefix kept in clear, enough to tell keys apart in a list. */
export const API_KEY_PREFIX_LENGTH = 12;

/** A subscription as every read shows it: the key itself is never shown again. */
export const ApiSubscription = ProjectRecord.extend({
  product_id: Uuid,
  app_name: z.string(),
  quota: z.number().int().nonnegative().describe('Calls per month the key may make'),
  key_prefix: z.string().describe(`First ${API_KEY_PREFIX_LENGTH} characters of the API key`),
});

/** The creation answer: the only time the API key appears. */
export const ApiSubscriptionCreated = ApiSubscription.extend({
  api_key: secret(z.string()).describe('The API key, shown once: store it now'),
});

export const ApiProductSubscriptionCreateBody = z.object({
  app_name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .meta({ pattern: TRIMMED_PATTERN })
    .describe('Name of the application that calls the API'),
  quota: z
    .number()
    .int()
    .min(1)
    .max(100_000_000)
    .default(10_000)
    .describe('Calls per month the key may make, 1..100000000'),
});

const base = { family: 'apim', auth: 'bearer', project: true } as const;

export const apiSubscriptions = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/api-products/{id}/subscriptions',
    summary: 'List the subscriptions of an API product (keys show only their prefix)',
    params: IdParams,
    query: PageQuery,
    response: ApiSubscription,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/api-products/{id}/subscriptions',
    summary: 'Subscribe an app to an API product; answers its API key once',
    example: `const { api_key } = await client.apiProducts.subscriptions.create(product.id, { app_name: 'mobile' });`,
    params: IdParams,
    body: ApiProductSubscriptionCreateBody,
    response: ApiSubscriptionCreated,
    status: 201,
  }),
};

export type ApiSubscription = z.infer<typeof ApiSubscription>;
export type ApiSubscriptionCreated = z.infer<typeof ApiSubscriptionCreated>;
