import * as z from 'zod';
import { atLeastOneField, IdParams, listQuery, ProjectRecord, Region, ResourceName, Uuid } from '../common';
import { endpoint } from '../define';
import { secret } from '../secrets';
import { CronExpression } from './cron';

export const FunctionRuntime = z
  .enum(['nodejs20', 'python3.12', 'go1.22', 'java21'])
  .describe('Language runtime: nodejs20, python3.12, go1.22 or java21');
export const FunctionStatus = z.enum(['deploying', 'active']);

/** Memory bounds of a function, in MB; CPU share grows with memory. */
export const FUNCTION_MEMORY_MB = { min: 128, max: 10_240, step: 64 } as const;
/** Timeout bounds of one invocation, in seconds. */
export const FUNCTION_TIMEOUT_SEC = { min: 1, max: 900 } as const;

const MemoryMb = z
  .number()
  .int()
  .min(FUNCTION_MEMORY_MB.min)
  .max(FUNCTION_MEMORY_MB.max)
  .multipleOf(FUNCTION_MEMORY_MB.step, { error: `must be a multiple of ${FUNCTION_MEMORY_MB.step}` })
  .describe('Memory in MB, 128..10240 in steps of 64 (CPU grows with it)');

const TimeoutSec = z
  .number()
  .int()
  .min(FUNCTION_TIMEOUT_SEC.min)
  .max(FUNCTION_TIMEOUT_SEC.max)
  .describe('Seconds an invocation may run before it fails, 1..900');

const Handler = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_$][\w$./:-]*$/, { error: 'must be an entry point such as index.handler' })
  .describe('Entry point the runtime calls, e.g. index.handler');

/** Environment variables: POSIX names, at most 50 of them, values up to 1024 characters. */
const Env = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, { error: 'must be a variable name (letters, digits, _)' }),
    secret(z.string().max(1024)),
  )
  .refine((env) => Object.keys(env).length <= 50, { error: 'at most 50 variables' })
  .describe('Environment variables passed to the function (at most 50, values up to 1024 characters)');

export const FunctionRecord = ProjectRecord.extend({
  name: z.string(),
  runtime: FunctionRuntime,
  region: z.string(),
  handler: z.string(),
  memory_mb: z.number().int().nonnegative(),
  timeout_sec: z.number().int().nonnegative(),
  env: z.record(z.string(), secret(z.string())),
  status: FunctionStatus.describe(
    'deploying after create or update, then active (only active functions run)',
  ),
  version: z.number().int().nonnegative().describe('Deployment number: 1 at creation, +1 on each update'),
});

export const FunctionCreateBody = z.object({
  name: ResourceName.describe('Name, unique in the project'),
  runtime: FunctionRuntime,
  region: Region.describe('Region the function runs in, e.g. hn'),
  handler: Handler.default('index.handler'),
  memory_mb: MemoryMb.default(128),
  timeout_sec: TimeoutSec.default(30),
  env: Env.default({}),
});

/** PUT body: any of the mutable fields, at least one. Each change redeploys the function. */
export const FunctionUpdateBody = atLeastOneField(
  z.object({
    name: ResourceName.optional().describe('New name, unique in the project'),
    runtime: FunctionRuntime.optional(),
    handler: Handler.optional(),
    memory_mb: MemoryMb.optional(),
    timeout_sec: TimeoutSec.optional(),
    env: Env.optional().describe('Replaces every environment variable'),
  }),
  'give at least one field to change',
);

export const FunctionListQuery = listQuery({
  status: FunctionStatus.optional().describe('Only functions in this status'),
  runtime: FunctionRuntime.optional().describe('Only functions of this runtime'),
  region: Region.optional().describe('Only functions in this region'),
  name: z.string().optional().describe('Only the function with this name'),
});

export const FunctionInvokeBody = z.object({
  payload: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('JSON object handed to the function as its event'),
});

export const FunctionInvocationStatus = z.enum(['succeeded', 'failed']);

/** One run of a function; kept for billing (GB-seconds from billed_ms and memory_mb). */
export const FunctionInvocation = ProjectRecord.extend({
  function_id: Uuid,
  status: FunctionInvocationStatus.describe('failed when the run hit the function timeout'),
  duration_ms: z.number().int().nonnegative().describe('How long the run took'),
  billed_ms: z.number().int().nonnegative().describe('duration_ms rounded up to the next 100 ms'),
  memory_mb: z.number().int().nonnegative().describe('Memory the function had for this run'),
  result: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('What the function returned: its payload, echoed'),
  logs: z.array(z.string()).describe('Log lines of the run'),
});

export const FunctionTriggerType = z
  .enum(['http', 'schedule', 'topic'])
  .describe('What fires the function: http (a URL), schedule (cron) or topic (Event Grid events)');

export const FunctionTriggerCreateBody = z
  .object({
    type: FunctionTriggerType,
    schedule: CronExpression.optional().describe(
      '5-field cron expression (UTC), e.g. "*/5 * * * *"; type schedule only',
    ),
    topic_id: Uuid.optional().describe('Event Grid topic whose events fire the function; type topic only'),
  })
  .superRefine((body, ctx) => {
    // Each type takes exactly its own field: a stray one is a mistake worth reporting.
    const needs = { http: undefined, schedule: 'schedule', topic: 'topic_id' } as const;
    for (const field of ['schedule', 'topic_id'] as const) {
      const wanted = needs[body.type] === field;
      if (wanted && body[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `required when type is ${body.type}` });
      } else if (!wanted && body[field] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `not allowed when type is ${body.type}` });
      }
    }
  })
  .meta({
    oneOf: [
      {
        properties: { type: { const: 'http' } },
        not: { anyOf: [{ required: ['schedule'] }, { required: ['topic_id'] }] },
      },
      {
        properties: { type: { const: 'schedule' } },
        required: ['schedule'],
        not: { required: ['topic_id'] },
      },
      { properties: { type: { const: 'topic' } }, required: ['topic_id'], not: { required: ['schedule'] } },
    ],
  });

export const FunctionTrigger = ProjectRecord.extend({
  function_id: Uuid,
  type: FunctionTriggerType,
  schedule: z.string().nullable().describe('Cron expression of a schedule trigger'),
  topic_id: Uuid.nullable().describe('Topic of a topic trigger'),
  url: z.string().nullable().describe('Path that invokes the function, for an http trigger'),
});

export const FunctionTriggerListQuery = listQuery({
  type: FunctionTriggerType.optional().describe('Only triggers of this type'),
});

const base = { family: 'serverless', auth: 'bearer', project: true } as const;

export const functions = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/functions',
    summary: 'List functions',
    query: FunctionListQuery,
    response: FunctionRecord,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/functions',
    summary: 'Create a function (deploying -> active)',
    example: `
      const fn = await client.functions.create({ name: 'resize', runtime: 'nodejs20', region: 'hn' });
      await client.functions.waitFor(fn.id, 'active');
    `,
    body: FunctionCreateBody,
    response: FunctionRecord,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/functions/{id}',
    summary: 'Get a function',
    params: IdParams,
    response: FunctionRecord,
    status: 200,
  }),
  update: endpoint({
    ...base,
    method: 'PUT',
    path: '/api/v1/functions/{id}',
    summary: 'Change a function and redeploy it (deploying -> active)',
    params: IdParams,
    body: FunctionUpdateBody,
    response: FunctionRecord,
    status: 200,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/functions/{id}',
    summary: 'Delete a function and its triggers',
    params: IdParams,
    response: z.void(),
    status: 204,
  }),
  invoke: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/functions/{id}/invoke',
    summary: 'Run an active function once and answer the invocation',
    example: `
      const run = await client.functions.invoke(fn.id, { payload: { width: 640 } });
      console.log(run.status, run.billed_ms, run.logs.join('\\n'));
    `,
    params: IdParams,
    body: FunctionInvokeBody,
    bodyOptional: true,
    response: FunctionInvocation,
    status: 200,
  }),
  triggers: {
    list: endpoint({
      ...base,
      method: 'GET',
      path: '/api/v1/functions/{id}/triggers',
      summary: 'List the triggers of a function',
      params: IdParams,
      query: FunctionTriggerListQuery,
      response: FunctionTrigger,
      list: true,
      status: 200,
    }),
    create: endpoint({
      ...base,
      method: 'POST',
      path: '/api/v1/functions/{id}/triggers',
      summary: 'Add an http, schedule or topic trigger to a function',
      example: `await client.functions.triggers.create(fn.id, { type: 'schedule', schedule: '0 9 * * MON-FRI' });`,
      params: IdParams,
      body: FunctionTriggerCreateBody,
      response: FunctionTrigger,
      status: 201,
    }),
  },
};

export type FunctionRecord = z.infer<typeof FunctionRecord>;
export type FunctionStatus = z.infer<typeof FunctionStatus>;
export type FunctionRuntime = z.infer<typeof FunctionRuntime>;
export type FunctionInvocation = z.infer<typeof FunctionInvocation>;
export type FunctionTrigger = z.infer<typeof FunctionTrigger>;
export type FunctionTriggerType = z.infer<typeof FunctionTriggerType>;
