import * as z from 'zod';
import { Email, listQuery, ProjectRecord, ResourceName, Uuid } from '../common';
import { endpoint } from '../define';
import { networkRoute } from './network/shared';

export const DdosTier = z.enum(['basic', 'standard']);
export const DdosPlanStatus = z.enum(['active']);

export const DdosPlan = ProjectRecord.extend({
  name: z.string(),
  tier: DdosTier,
  protected_resources: z.array(Uuid).describe('VPC, load balancer and VPN gateway ids the plan protects'),
  alert_email: z.string().nullable(),
  status: DdosPlanStatus,
});

export const DdosPlanCreateBody = z
  .object({
    name: ResourceName.describe('DDoS protection plan name'),
    tier: DdosTier.default('standard').describe(
      'basic (always-on mitigation) or standard (tuned, with alerts); default standard',
    ),
    protected_resources: z
      .array(Uuid)
      .max(100)
      .default([])
      .describe('Ids of VPCs, load balancers or VPN gateways of this project to protect'),
    alert_email: Email.optional().describe('Where attack alerts go'),
  })
  .superRefine((body, ctx) => {
    body.protected_resources.forEach((id, i) => {
      if (body.protected_resources.indexOf(id) !== i) {
        ctx.addIssue({ code: 'custom', path: ['protected_resources', i], message: 'is listed twice' });
      }
    });
  });

export const DdosPlanListQuery = listQuery({
  name: z.string().optional().describe('Only plans with this name'),
  tier: DdosTier.optional().describe('Only plans of this tier'),
});

export const ddosPlans = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/ddos/plans',
    summary: 'List DDoS protection plans',
    query: DdosPlanListQuery,
    response: DdosPlan,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/ddos/plans',
    summary: 'Create a DDoS protection plan over VPCs, load balancers and VPN gateways',
    body: DdosPlanCreateBody,
    response: DdosPlan,
    status: 201,
  }),
};

export type DdosPlan = z.infer<typeof DdosPlan>;
