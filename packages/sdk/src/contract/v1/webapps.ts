import * as z from 'zod';
import { listQuery, ProjectRecord, Region, whenField } from '../common';
import { endpoint } from '../define';

export const WebAppRuntime = z.enum(['node', 'python', 'dotnet', 'java', 'php']);
type WebAppRuntime = z.infer<typeof WebAppRuntime>;

/** Supported versions per runtime, oldest first; the last is the default. */
export const WEBAPP_RUNTIME_VERSIONS: Record<WebAppRuntime, readonly string[]> = {
  node: ['18', '20', '22'],
  python: ['3.10', '3.11', '3.12'],
  dotnet: ['6.0', '8.0'],
  java: ['11', '17', '21'],
  php: ['8.2', '8.3'],
};

export const WebAppPlan = z.enum(['free', 'basic', 'standard', 'premium']);

/** Web app names are host names (`<name>.apps.nimbus.local`), so they are globally unique. */
export const WebAppName = z
  .string()
  .min(2)
  .max(60)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, {
    error: 'must be 2..60 lowercase letters, digits and "-", not starting or ending with "-"',
  });

export const WebApp = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  runtime: WebAppRuntime,
  runtime_version: z.string(),
  plan: WebAppPlan,
  instance_count: z.number().int().nonnegative(),
  https_only: z.boolean(),
  default_hostname: z.string(),
  state: z.literal('running'),
});

export const WebappCreateBody = z
  .object({
    name: WebAppName.describe('App name; becomes <name>.apps.nimbus.local, so unique across the platform'),
    region: Region.describe('Region, e.g. hn'),
    runtime: WebAppRuntime.describe('node, python, dotnet, java or php'),
    runtime_version: z
      .string()
      .optional()
      .describe(
        'Runtime version (node 18/20/22, python 3.10-3.12, dotnet 6.0/8.0, java 11/17/21, php 8.2/8.3); default the newest',
      ),
    plan: WebAppPlan.default('basic').describe('free (1 instance), basic, standard or premium'),
    instance_count: z.number().int().min(1).max(30).default(1).describe('Instances serving the app, 1..30'),
    https_only: z.boolean().default(true).describe('Redirect HTTP to HTTPS'),
  })
  .superRefine((app, ctx) => {
    const versions = WEBAPP_RUNTIME_VERSIONS[app.runtime];
    if (app.runtime_version !== undefined && versions && !versions.includes(app.runtime_version)) {
      ctx.addIssue({
        code: 'custom',
        path: ['runtime_version'],
        message: `${app.runtime} supports ${versions.join(', ')}`,
      });
    }
    if (app.plan === 'free' && app.instance_count > 1) {
      ctx.addIssue({ code: 'custom', path: ['instance_count'], message: 'the free plan runs one instance' });
    }
  })
  .meta({
    allOf: [
      ...Object.entries(WEBAPP_RUNTIME_VERSIONS).map(([runtime, versions]) =>
        whenField('runtime', runtime, { properties: { runtime_version: { enum: [...versions] } } }),
      ),
      whenField('plan', 'free', { properties: { instance_count: { maximum: 1 } } }),
    ],
  });

export const WebappListQuery = listQuery({
  region: Region.optional(),
  runtime: WebAppRuntime.optional(),
  plan: WebAppPlan.optional(),
  name: z.string().optional(),
});

const base = { family: 'appservice', auth: 'bearer', project: true } as const;

export const webapps = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/webapps',
    summary: 'List web apps',
    query: WebappListQuery,
    response: WebApp,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/webapps',
    summary: 'Create a web app (it starts running at once)',
    example: `await client.webapps.create({ name: 'acme-shop', region: 'hn', runtime: 'node', runtime_version: '22' });`,
    body: WebappCreateBody,
    response: WebApp,
    status: 201,
  }),
};

export type WebApp = z.infer<typeof WebApp>;
