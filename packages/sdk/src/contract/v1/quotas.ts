import * as z from 'zod';
import { PageQuery } from '../common';
import { endpoint } from '../define';

export const Quota = z.object({
  resource: z.string().describe('Quota name, as used by PUT /__mock/quotas'),
  limit: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  available: z.number().int().nonnegative(),
});

export const quotas = {
  list: endpoint({
    family: 'billing',
    auth: 'bearer',
    project: true,
    method: 'GET',
    path: '/api/v1/quotas',
    summary: 'Limit and current use of every quota of the project',
    query: PageQuery,
    response: Quota,
    list: true,
    status: 200,
  }),
};

export type Quota = z.infer<typeof Quota>;
