import * as z from 'zod';
import { atLeastOneField, IdParams, listQuery, ProjectRecord, ResourceName, Uuid } from '../common';
import { endpoint } from '../define';
import { networkRoute } from './network/shared';

export const BandwidthTargetType = z.enum(['vpc', 'vpn_gateway', 'load_balancer']);

export const BandwidthTarget = z.object({
  type: BandwidthTargetType.describe('vpc, vpn_gateway or load_balancer'),
  id: Uuid.describe('Id of that resource in this project; a resource takes one policy'),
});

export const BandwidthPolicy = ProjectRecord.extend({
  name: z.string(),
  target: BandwidthTarget,
  max_mbps: z.number().int().nonnegative(),
  burst_mbps: z.number().int().nonnegative(),
});

const Mbps = z.number().int().min(1).max(100_000);

const fields = {
  name: ResourceName.describe('Policy name'),
  target: BandwidthTarget.describe('Resource the policy limits, as JSON: { "type": "vpc", "id": "..." }'),
  max_mbps: Mbps.describe('Sustained limit in Mbit/s, 1..100000'),
  burst_mbps: Mbps.describe('Short burst limit in Mbit/s, at least max_mbps; default max_mbps (no burst)'),
};

export const BandwidthPolicyCreateBody = z
  .object({ ...fields, burst_mbps: fields.burst_mbps.optional() })
  .superRefine((body, ctx) => {
    if (body.burst_mbps !== undefined && body.burst_mbps < body.max_mbps) {
      ctx.addIssue({
        code: 'custom',
        path: ['burst_mbps'],
        message: `must be at least max_mbps (${body.max_mbps})`,
      });
    }
  });

/** PUT changes only the fields it names; the result is checked as a whole on the server. */
export const BandwidthPolicyUpdateBody = atLeastOneField(
  z.object({
    name: fields.name.optional(),
    target: fields.target.optional(),
    max_mbps: fields.max_mbps.optional(),
    burst_mbps: fields.burst_mbps.optional(),
  }),
  'name at least one field to change',
);

export const BandwidthPolicyListQuery = listQuery({
  name: z.string().optional().describe('Only policies with this name'),
});

export const bandwidthPolicies = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/bandwidth-policies',
    summary: 'List bandwidth policies',
    query: BandwidthPolicyListQuery,
    response: BandwidthPolicy,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/bandwidth-policies',
    summary: 'Limit the bandwidth of a VPC, VPN gateway or load balancer',
    body: BandwidthPolicyCreateBody,
    response: BandwidthPolicy,
    status: 201,
  }),
  update: endpoint({
    ...networkRoute,
    method: 'PUT',
    path: '/api/v1/bandwidth-policies/{id}',
    summary: 'Change some fields of a bandwidth policy (the result is validated again)',
    example: `await client.bandwidthPolicies.update(policy.id, { max_mbps: 500, burst_mbps: 800 });`,
    params: IdParams,
    body: BandwidthPolicyUpdateBody,
    response: BandwidthPolicy,
    status: 200,
  }),
};

export type BandwidthTargetType = z.infer<typeof BandwidthTargetType>;
export type BandwidthPolicy = z.infer<typeof BandwidthPolicy>;
