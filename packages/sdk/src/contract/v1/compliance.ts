import * as z from 'zod';
import { listQuery, ProjectRecord, Timestamp, Uuid } from '../common';
import { endpoint } from '../define';

/**
 * A boolean query parameter: `true`/`false` on the wire (what the server reads and OpenAPI
 * documents), a boolean for SDK callers, which the SDK writes as that text.
 */
export const BooleanQuery = z.codec(z.enum(['true', 'false']), z.boolean(), {
  decode: (text) => text === 'true',
  encode: (value) => (value ? 'true' : 'false'),
});

/** `compute.instance`, `storage.bucket`, ...: the type resources are created and published under. */
export const ResourceType = z
  .string()
  .max(64)
  .regex(/^[a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*)+$/, {
    error: 'must be a resource type such as compute.instance',
  });

export const ComplianceSource = z.enum(['evaluation', 'admission']);

export const ComplianceResult = ProjectRecord.extend({
  policy_id: Uuid,
  assignment_id: Uuid.nullable().describe(
    'The assignment whose parameters were used; null: the policy defaults or given ones',
  ),
  resource_type: z.string(),
  resource_id: z.string(),
  resource_name: z.string().nullable(),
  compliant: z.boolean(),
  reason: z.string().describe('Which part of the rule decided, with the values seen'),
  source: ComplianceSource.describe(
    'evaluation: POST /compliance/evaluate; admission: an audit-mode policy at creation',
  ),
  evaluated_at: Timestamp,
});

export const ComplianceEvaluateBody = z.object({
  policy_id: Uuid.describe('Policy to evaluate: a builtin or one of the project'),
  resource_type: ResourceType.describe('Type of the resource, e.g. compute.instance or storage.bucket'),
  resource_id: z.string().min(1).max(128).describe('Id of the resource (a bucket may also be named)'),
  parameters: z
    .string()
    .max(16_384)
    .optional()
    .describe(
      "JSON parameter values; default: those of the project's assignment of the policy covering the resource, else the policy defaults",
    ),
});

const filters = {
  compliant: BooleanQuery.optional().describe('Only compliant (true) or non-compliant (false) results'),
  resource_type: z.string().optional().describe('Only results for this resource type'),
  resource_id: z.string().optional().describe('Only results for this resource'),
};

export const ComplianceListQuery = listQuery({
  ...filters,
  policy_id: Uuid.optional().describe('Only results of this policy'),
});

export const ComplianceForPolicyQuery = listQuery(filters);

export const PolicyIdParams = z.object({ policyId: Uuid });

const base = { family: 'policy', auth: 'bearer', project: true } as const;

export const compliance = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/compliance',
    summary: 'Compliance results of the project, oldest first',
    query: ComplianceListQuery,
    response: ComplianceResult,
    list: true,
    status: 200,
  }),
  evaluate: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/compliance/evaluate',
    summary: 'Evaluate a policy against a stored resource and record the result',
    example: `
      const result = await client.compliance.evaluate({
        policy_id: policy.id,
        resource_type: 'compute.instance',
        resource_id: vm.id,
      });
      if (!result.compliant) console.log(result.reason);
    `,
    body: ComplianceEvaluateBody,
    response: ComplianceResult,
    status: 201,
  }),
  forPolicy: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/compliance/policy/{policyId}',
    summary: 'Compliance results of one policy (404 for an unknown policy)',
    params: PolicyIdParams,
    query: ComplianceForPolicyQuery,
    response: ComplianceResult,
    list: true,
    status: 200,
  }),
};

export type ComplianceResult = z.infer<typeof ComplianceResult>;
export type ComplianceEvaluateBody = z.input<typeof ComplianceEvaluateBody>;
