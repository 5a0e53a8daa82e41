import * as z from 'zod';
import { Timestamp } from '../common';
import { endpoint } from '../define';

export const ServiceHealth = z.enum(['operational', 'degraded', 'outage']);

export const ServiceState = z.object({
  name: z.string().describe('Service (permission family), e.g. compute, storage'),
  status: ServiceHealth,
  active_faults: z.number().int().nonnegative().describe('Injected faults touching the service'),
  message: z.string(),
});

export const ServiceStatus = z.object({
  status: ServiceHealth.describe('The worst status of any service'),
  checked_at: Timestamp,
  services: z.array(ServiceState),
});

export const serviceStatus = {
  retrieve: endpoint({
    method: 'GET',
    path: '/api/v1/service-status',
    description:
      'Services are the contract families. An injected fault (POST /__mock/faults) whose method and path can hit ' +
      'a route of a family affects it: a 5xx fault without a times limit is an outage, any other fault ' +
      '(delay, 4xx, limited times) degrades it. The overall status is the worst service status.',
    family: 'monitor',
    summary: 'Status of every service: operational, degraded or outage (no X-Project-ID needed)',
    response: ServiceStatus,
    status: 200,
    auth: 'bearer',
    project: false,
  }),
};

export type ServiceStatus = z.infer<typeof ServiceStatus>;
export type ServiceHealth = z.infer<typeof ServiceHealth>;
