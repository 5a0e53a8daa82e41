import type { AssignmentScope, EnforcementMode, Policy } from '@nimbus/sdk/contract';
import { quotaResources } from '../../../core/quotas';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

/** What a policy is, builtin or custom. */
interface PolicyFields {
  name: string;
  description: string;
  category: Policy['category'];
  enforcement_mode: EnforcementMode;
  severity: Policy['severity'];
  definition: string | null;
}

/** A custom policy of a project. Builtins are not rows: see builtins.ts. */
export interface PolicyRow extends StoredRecord, PolicyFields {
  project_id: string;
  type: 'custom';
}

/** What handlers work with: a custom row, or a builtin (project_id null). */
export interface PolicyView extends PolicyFields {
  id: string;
  created_at: string;
  updated_at: string;
  project_id: string | null;
  type: Policy['type'];
}

export interface AssignmentRow extends StoredRecord {
  project_id: string;
  policy_id: string;
  scope: AssignmentScope;
  scope_id: string;
  parameters: string | null;
  enforcement_mode: EnforcementMode | null;
}

export interface ComplianceRow extends StoredRecord {
  project_id: string;
  policy_id: string;
  assignment_id: string | null;
  resource_type: string;
  resource_id: string;
  resource_name: string | null;
  compliant: boolean;
  reason: string;
  source: 'evaluation' | 'admission';
  evaluated_at: string;
}

export const policies = defineTable<PolicyRow>('policies', {
  unique: { name: (p) => `${p.project_id}:${p.name.toLowerCase()}` },
});
export const policyAssignments = defineTable<AssignmentRow>('policy_assignments', {
  unique: { target: (a) => `${a.project_id}:${a.policy_id}:${a.scope}:${a.scope_id}` },
});
export const complianceResults = defineTable<ComplianceRow>('compliance_results');

quotaResources.add('policies');
quotaResources.add('policy_assignments');
