import * as z from 'zod';
import { ifThen, listQuery, ProjectRecord, Uuid } from '../common';
import { endpoint } from '../define';
import { EnforcementMode } from './policies';

export const AssignmentScope = z.enum(['project', 'resource-group', 'resource']);

export const Assignment = ProjectRecord.extend({
  policy_id: Uuid,
  scope: AssignmentScope,
  scope_id: z.string().describe('The project id, resource group id or resource id the assignment covers'),
  parameters: z.string().nullable().describe('The JSON parameter overrides, as given (normalised)'),
  enforcement_mode: EnforcementMode.nullable().describe(
    "Override of the policy's enforcement mode; null: the policy's",
  ),
});

export const AssignmentCreateBody = z
  .object({
    policy_id: Uuid.describe('Policy to assign: a builtin or one of the project (404 otherwise)'),
    scope: AssignmentScope.describe(
      'project: every resource of the project; resource-group: resources with that resource_group_id; resource: one resource',
    ),
    scope_id: z
      .string()
      .max(128)
      .optional()
      .describe(
        'Required for resource-group (a resource group id) and resource (a resource id); for project it may only be the project id',
      ),
    parameters: z
      .string()
      .max(16_384)
      .optional()
      .describe(
        'JSON object of parameter values overriding the policy defaults, e.g. {"allowedRegions":["hn","hcm"]}',
      ),
    enforcement_mode: EnforcementMode.optional().describe(
      "Overrides the policy's enforcement mode for this assignment (audit, deny, disabled); default: the policy's",
    ),
  })
  // That scope_id names a resource group or resource of the project is checked by the server.
  .meta(
    ifThen(
      { properties: { scope: { enum: ['resource-group', 'resource'] } } },
      { required: ['scope_id'], properties: { scope_id: { minLength: 1 } } },
    ),
  );

export const AssignmentListQuery = listQuery({
  policy_id: Uuid.optional().describe('Only assignments of this policy'),
  scope: AssignmentScope.optional().describe('Only this scope kind'),
  scope_id: z.string().optional().describe('Only this scope id'),
});

const base = { family: 'policy', auth: 'bearer', project: true } as const;

export const assignments = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/assignments',
    summary: 'List policy assignments of the project',
    query: AssignmentListQuery,
    response: Assignment,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/assignments',
    summary: 'Assign a policy to the project, a resource group or a resource; it is enforced from then on',
    example: `
      await client.assignments.create({
        policy_id: allowedRegions.id,
        scope: 'project',
        parameters: JSON.stringify({ allowedRegions: ['hn'] }),
      });
    `,
    body: AssignmentCreateBody,
    response: Assignment,
    status: 201,
  }),
};

export type Assignment = z.infer<typeof Assignment>;
export type AssignmentCreateBody = z.input<typeof AssignmentCreateBody>;
export type AssignmentScope = z.infer<typeof AssignmentScope>;
