import * as z from 'zod';
import { endpoint } from '../define';

export const VideoHealth = z.object({ status: z.literal('ok') });

export const ReadinessCheck = z.object({
  status: z.enum(['ok', 'fail']),
  reason: z.string().optional(),
});

/**
 * 200 when every dependency answers. A failing one makes it 503 with the v2 error body, whose
 * `details` has the same `{ status: 'unavailable', checks }`.
 */
export const VideoReadiness = z.object({
  status: z.literal('ready'),
  checks: z.record(z.string(), ReadinessCheck).describe('database (the state store), cache, and any others'),
});

const base = { family: 'video', method: 'GET', status: 200 } as const;

export const health = {
  live: endpoint({
    ...base,
    path: '/v2/health',
    summary: 'Liveness: answers while the process runs',
    response: VideoHealth,
    auth: 'none',
  }),
  ready: endpoint({
    ...base,
    path: '/v2/health/ready',
    summary: 'Readiness: checks the state store and the cache; 503 naming the failing check',
    response: VideoReadiness,
    auth: 'none',
  }),
  metrics: endpoint({
    ...base,
    path: '/v2/metrics',
    summary: 'Prometheus text exposition (HTTP basic auth)',
    response: z.string().describe('Prometheus text format 0.0.4'),
    responseKind: 'text',
    auth: 'basic',
  }),
};

export type VideoHealth = z.infer<typeof VideoHealth>;
export type VideoReadiness = z.infer<typeof VideoReadiness>;
