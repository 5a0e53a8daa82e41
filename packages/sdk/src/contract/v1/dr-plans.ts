import * as z from 'zod';
import {
  IdParams,
  listQuery,
  ProjectRecord,
  Region,
  ResourceName,
  Timestamp,
  TRIMMED_PATTERN,
  Uuid,
} from '../common';
import { endpoint } from '../define';

export const DrPlanStatus = z.enum(['draft', 'ready', 'drilling', 'executing', 'completed']);
export const DrStepAction = z.enum([
  'failover_database',
  'promote_replica',
  'switch_dns',
  'scale_out',
  'run_script',
  'notify',
]);
export const DrStepOutcome = z.enum(['succeeded']);
export const DrExecutionStepStatus = z.enum(['pending', 'running', 'succeeded']);

export const DrStep = z.object({
  id: Uuid,
  order: z.number().int().nonnegative().describe('Position in the plan; steps run in ascending order'),
  name: z.string(),
  action: DrStepAction,
  target_id: z.string().nullable().describe('Resource the step acts on'),
  created_at: Timestamp,
});

export const DrDrillStepResult = z.object({
  step_id: Uuid,
  order: z.number().int().nonnegative(),
  name: z.string(),
  action: DrStepAction,
  target_id: z.string().nullable(),
  outcome: DrStepOutcome,
  duration_sec: z.number().int().nonnegative().describe('Simulated time the step would take'),
});

export const DrDrill = z.object({
  id: Uuid,
  plan_id: Uuid,
  status: z.enum(['running', 'completed']).describe('running while the plan is drilling'),
  started_at: Timestamp,
  finished_at: Timestamp.nullable(),
  total_duration_sec: z.number().int().nonnegative().describe('Sum of the simulated step durations'),
  rto_met: z.boolean().describe("Whether total_duration_sec fits in the plan's rto_minutes"),
  steps: z.array(DrDrillStepResult),
});

export const DrExecutionStep = z.object({
  step_id: Uuid,
  order: z.number().int().nonnegative(),
  name: z.string(),
  action: DrStepAction,
  target_id: z.string().nullable(),
  status: DrExecutionStepStatus,
  outcome: DrStepOutcome.nullable(),
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
});

export const DrExecution = z.object({
  id: Uuid,
  status: z.enum(['running', 'succeeded']),
  started_at: Timestamp,
  finished_at: Timestamp.nullable(),
  steps: z
    .array(DrExecutionStep)
    .describe('In run order; each step takes one transition on the simulated clock'),
});

export const DrPlan = ProjectRecord.extend({
  name: z.string(),
  description: z.string(),
  primary_region: z.string(),
  secondary_region: z.string(),
  rpo_minutes: z.number().int().nonnegative(),
  rto_minutes: z.number().int().nonnegative(),
  status: DrPlanStatus.describe(
    'draft -> ready (has steps) -> drilling -> ready; execute: ready -> executing -> completed',
  ),
  steps: z.array(DrStep).describe('Ordered by order'),
  drill_count: z.number().int().nonnegative(),
  last_drill: DrDrill.nullable(),
  last_execution: DrExecution.nullable(),
});

export const DrPlanCreateBody = z
  .object({
    name: ResourceName.describe('Plan name'),
    description: z.string().max(1000).default('').describe('Free text, up to 1000 characters'),
    primary_region: Region.describe('Region the workload runs in'),
    secondary_region: Region.describe('Region to recover into; must differ from primary_region'),
    rpo_minutes: z
      .number()
      .int()
      .min(0)
      .max(1440)
      .default(15)
      .describe('Recovery point objective: data loss tolerated, 0..1440 minutes'),
    rto_minutes: z
      .number()
      .int()
      .min(1)
      .max(1440)
      .default(60)
      .describe('Recovery time objective: downtime tolerated, 1..1440 minutes'),
  })
  .superRefine((body, ctx) => {
    if (body.primary_region === body.secondary_region) {
      ctx.addIssue({
        code: 'custom',
        path: ['secondary_region'],
        message: 'must differ from primary_region',
      });
    }
  });

export const DrPlanStepCreateBody = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .meta({ pattern: TRIMMED_PATTERN })
    .describe('What the step does, e.g. "Promote orders replica"'),
  action: DrStepAction.describe(
    'failover_database, promote_replica, switch_dns, scale_out, run_script or notify',
  ),
  target_id: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('Resource the step acts on (database, replica, zone...)'),
  order: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe('Position, 1..1000, unique in the plan; default after the last step'),
});

export const DrPlanListQuery = listQuery({
  id: Uuid.optional().describe('Only the plan with this id (what waitFor polls)'),
  status: DrPlanStatus.optional(),
  primary_region: Region.optional(),
  secondary_region: Region.optional(),
  name: z.string().optional(),
});

const base = { family: 'dr', auth: 'bearer', project: true } as const;

export const drPlans = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/dr/plans',
    summary: 'List disaster-recovery plans',
    query: DrPlanListQuery,
    response: DrPlan,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/dr/plans',
    summary: 'Create a disaster-recovery plan (status draft until it has steps)',
    example: `const plan = await client.drPlans.create({ name: 'hn-outage', primary_region: 'hn', secondary_region: 'hcm' });`,
    body: DrPlanCreateBody,
    response: DrPlan,
    status: 201,
  }),
  steps: {
    create: endpoint({
      ...base,
      method: 'POST',
      path: '/api/v1/dr/plans/{id}/steps',
      summary: 'Add a step to a plan; a draft plan becomes ready. Answers the plan with its steps',
      example: `await client.drPlans.steps.create(plan.id, { name: 'Fail over orders', action: 'failover_database', target_id: db.id });`,
      params: IdParams,
      body: DrPlanStepCreateBody,
      response: DrPlan,
      status: 201,
    }),
  },
  drill: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/dr/plans/{id}/drills',
    summary: 'Rehearse a ready plan (ready -> drilling -> ready) without touching any resource',
    description: "Answers the drill record: every step's simulated outcome and duration.",
    params: IdParams,
    response: DrDrill,
    status: 201,
  }),
  execute: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/dr/plans/{id}/execute',
    summary: 'Execute a ready plan (ready -> executing -> completed); steps run in order',
    params: IdParams,
    response: DrPlan,
    status: 200,
  }),
};

export type DrPlan = z.infer<typeof DrPlan>;
export type DrPlanStatus = z.infer<typeof DrPlanStatus>;
export type DrStep = z.infer<typeof DrStep>;
export type DrDrill = z.infer<typeof DrDrill>;
export type DrExecution = z.infer<typeof DrExecution>;
export type DrStepAction = z.infer<typeof DrStepAction>;
