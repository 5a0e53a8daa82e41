import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, TRIMMED_PATTERN, Uuid } from '../common';
import { endpoint } from '../define';
import { POLICY_RULE_LIMITS, parsePolicyRule } from './policy-rule';

export const PolicyType = z.enum(['builtin', 'custom']);
export const PolicyCategory = z.enum(['security', 'cost', 'compliance', 'naming']);
export const EnforcementMode = z.enum(['audit', 'deny', 'disabled']);
export const PolicySeverity = z.enum(['low', 'medium', 'high', 'critical']);

const DEFINITION_HELP =
  'JSON policy rule: {"parameters"?: {name: {type, default?}}, "if": <condition>, "then"?: {"effect": "deny"|"audit"}}. ' +
  'A condition is {"field": "<path>", <operator>: <value>} with one operator of equals, notEquals, in, notIn, ' +
  'like (glob, *), match (regex), exists; or {"allOf": [...]}, {"anyOf": [...]}, {"not": {...}}. "if" describes a ' +
  'violating resource; field "type" is the resource type (compute.instance, storage.bucket, ...). An operand may be ' +
  '{"param": "<name>"}, filled from the assignment. See docs/policy-rules.md';

/** A definition string that holds a valid rule; problems point inside it (`body.definition.if.allOf.0.field`). */
export const PolicyDefinition = z
  .string()
  .max(POLICY_RULE_LIMITS.definitionChars)
  .superRefine((text, ctx) => {
    for (const issue of parsePolicyRule(text).issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  })
  .describe(DEFINITION_HELP);

export const Policy = ProjectRecord.extend({
  project_id: Uuid.nullable().describe('Owning project; null for builtin policies, which every project sees'),
  name: z.string(),
  description: z.string(),
  type: PolicyType,
  category: PolicyCategory.nullable(),
  enforcement_mode: EnforcementMode,
  severity: PolicySeverity,
  definition: z
    .string()
    .nullable()
    .describe('The JSON rule; null for a policy without one (always compliant)'),
});

const PolicyName = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .describe('Policy name, unique in the project (builtins included)')
  .meta({ pattern: TRIMMED_PATTERN });
const Description = z.string().max(1024).describe('What the policy is for');
const Category = PolicyCategory.describe('security, cost, compliance or naming');
const Mode = EnforcementMode.describe(
  'deny refuses violating creations (403 POLICY_VIOLATION), audit lets them through and records a non-compliant result, disabled does nothing',
);
const Severity = PolicySeverity.describe('How serious a violation is');

export const PolicyCreateBody = z.object({
  name: PolicyName,
  description: Description.default(''),
  type: PolicyType.refine((type) => type === 'custom', {
    error: 'must be custom: builtin policies come with the platform',
  })
    .default('custom')
    .describe('Only custom policies can be created; builtins come with the platform')
    .meta({ enum: ['custom'] }),
  category: Category.optional(),
  enforcement_mode: Mode.default('audit'),
  severity: Severity.default('medium'),
  definition: PolicyDefinition.optional(),
});

/** PUT changes only the fields it carries; the definition is checked again. */
export const PolicyUpdateBody = z.object({
  name: PolicyName.optional(),
  description: Description.optional(),
  category: Category.nullable().optional(),
  enforcement_mode: Mode.optional(),
  severity: Severity.optional(),
  definition: PolicyDefinition.optional(),
});

export const PolicyListQuery = listQuery({
  type: PolicyType.optional().describe('builtin or custom'),
  category: PolicyCategory.optional().describe('Only this category'),
  enforcement_mode: EnforcementMode.optional().describe('Only this enforcement mode'),
  severity: PolicySeverity.optional().describe('Only this severity'),
  name: z.string().optional().describe('Exact name'),
});

const base = { family: 'policy', auth: 'bearer', project: true } as const;

export const policies = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/policies',
    summary: "List policy definitions: the builtins, then the project's own",
    query: PolicyListQuery,
    response: Policy,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/policies',
    summary: 'Create a custom policy definition',
    example: `
      const policy = await client.policies.create({
        name: 'no-xlarge',
        enforcement_mode: 'deny',
        definition: JSON.stringify({
          if: { allOf: [{ field: 'type', equals: 'compute.instance' }, { field: 'flavor', equals: 'xlarge' }] },
        }),
      });
    `,
    body: PolicyCreateBody,
    response: Policy,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/policies/{id}',
    summary: 'Get a policy definition',
    params: IdParams,
    response: Policy,
    status: 200,
  }),
  update: endpoint({
    ...base,
    method: 'PUT',
    path: '/api/v1/policies/{id}',
    summary: 'Update a custom policy (builtins: 403); fields left out keep their value',
    params: IdParams,
    body: PolicyUpdateBody,
    response: Policy,
    status: 200,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/policies/{id}',
    summary: 'Delete a custom policy with its assignments and results (builtins: 403)',
    params: IdParams,
    response: z.void(),
    status: 204,
  }),
};

export type Policy = z.infer<typeof Policy>;
export type PolicyCreateBody = z.input<typeof PolicyCreateBody>;
export type PolicyUpdateBody = z.input<typeof PolicyUpdateBody>;
export type EnforcementMode = z.infer<typeof EnforcementMode>;
