import type { Assignment, ComplianceResult, Policy } from '@nimbus/sdk/contract';
import { quotaResources } from '../../../core/services/quotas';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

/** A custom policy of a project. Builtins are not rows: see builtins.ts. */
export interface PolicyRow extends Policy, StoredRecord {
  project_id: string;
  type: 'custom';
}

/** What handlers work with: a custom row, or a builtin (project_id null). */
export type PolicyView = Policy;

export type AssignmentRow = Assignment & StoredRecord;

export type ComplianceRow = ComplianceResult & StoredRecord;

export const policies = defineTable<PolicyRow>('policies', {
  unique: { name: (p) => `${p.project_id}:${p.name.toLowerCase()}` },
});
export const policyAssignments = defineTable<AssignmentRow>('policy_assignments', {
  unique: { target: (a) => `${a.project_id}:${a.policy_id}:${a.scope}:${a.scope_id}` },
});
export const complianceResults = defineTable<ComplianceRow>('compliance_results');

quotaResources.add('policies');
quotaResources.add('policy_assignments');
