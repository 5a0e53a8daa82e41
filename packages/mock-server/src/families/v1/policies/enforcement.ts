import { ErrorCode } from '@nimbus/sdk/contract/common';
import { resolveParameters } from '@nimbus/sdk/contract/v1/policy-rule';
import { HttpError } from '../../../core/pipeline/http-error';
import type { Runtime } from '../../../core/services/runtime';
import type { Store } from '../../../store/store';
import { compiledRule, evaluate, type Subject } from './evaluate';
import { covers, visiblePolicy } from './lookup';
import { learnResourceType } from './resource-types';
import { type AssignmentRow, complianceResults, type PolicyView, policyAssignments } from './tables';

interface Finding {
  policy: PolicyView;
  assignment: AssignmentRow;
  reason: string;
}

/** Audit findings about a resource being created, waiting for its id (its `<type>.created` event). */
interface PendingAudit {
  projectId: string;
  type: string;
  name: unknown;
  findings: Finding[];
  at: string;
}

/**
 * Makes assignments real: every creation (and update) that goes through `admit` is checked
 * against the assignments of the caller's project that cover it. `deny` answers 403
 * POLICY_VIOLATION; `audit` lets it through and records a non-compliant result.
 */
export function installEnforcement(runtime: Runtime): void {
  // The hook runs before the insert, so a new resource has no id yet. createInProject runs
  // admit, insert and the created event without a pause, so the findings wait here for that
  // event; whatever is left at the end of a request (a creation refused later) is dropped.
  let pending: PendingAudit[] = [];

  runtime.admission.push((ctx, subject) => {
    const projectId = ctx.projectId || ctx.tenantId;
    if (!projectId || subject.type.startsWith('policy.')) return;
    const { denials, audits } = check(ctx.runtime.store, projectId, subject);
    if (denials.length > 0) throw violation(denials);
    if (audits.length === 0) return;
    const at = ctx.now();
    const id = subject.record.id;
    if (typeof id === 'string') record(ctx.runtime.store, projectId, subject, id, audits, at);
    else pending.push({ projectId, type: subject.type, name: subject.record.name, findings: audits, at });
  });

  runtime.events.subscribe((event) => {
    learnResourceType(runtime.store, event, event.time);
    if (pending.length === 0 || !event.type.endsWith('.created')) return;
    const type = event.type.slice(0, -'.created'.length);
    const i = pending.findIndex(
      (p) => p.projectId === event.project_id && p.type === type && p.name === event.data.name,
    );
    if (i === -1) return;
    const [audit] = pending.splice(i, 1);
    const subject = { type, record: event.data };
    record(runtime.store, audit!.projectId, subject, event.data.id as string, audit!.findings, audit!.at);
  });

  runtime.requestObservers.add(() => {
    pending = [];
  });
}

/** The assignments of the project that cover the resource and whose rule it violates. */
function check(store: Store, projectId: string, subject: Subject): { denials: Finding[]; audits: Finding[] } {
  const denials: Finding[] = [];
  const audits: Finding[] = [];
  for (const assignment of store.table(policyAssignments).list(projectId)) {
    if (!covers(assignment, subject.record)) continue;
    const policy = visiblePolicy(store, projectId, assignment.policy_id);
    const mode = assignment.enforcement_mode ?? policy?.enforcement_mode;
    if (!policy?.definition || mode === 'disabled') continue;
    // A broken definition (from an imported state) must not block every creation of the project.
    const rule = compiledRule(policy.definition);
    if (!rule) continue;
    // Parameters were checked against the rule when the assignment was made and on every PUT.
    const params = resolveParameters(rule, assignment.parameters);
    if (!params.values) continue;
    const verdict = evaluate(rule, subject, params.values);
    if (!verdict.violated) continue;
    const finding = { policy, assignment, reason: verdict.reason };
    // The weaker of the rule's effect and the mode wins: audit mode never refuses.
    if (mode === 'deny' && rule.effect === 'deny') denials.push(finding);
    else audits.push(finding);
  }
  return { denials, audits };
}

function violation(denials: Finding[]): HttpError {
  const first = denials[0]!;
  return HttpError.of(
    ErrorCode.POLICY_VIOLATION,
    `Denied by policy "${first.policy.name}": ${first.reason}`,
    denials.map((d) => ({
      policy_id: d.policy.id,
      policy_name: d.policy.name,
      assignment_id: d.assignment.id,
      severity: d.policy.severity,
      reason: d.reason,
    })),
  );
}

function record(
  store: Store,
  projectId: string,
  subject: Subject,
  resourceId: string,
  findings: Finding[],
  at: string,
) {
  const table = store.table(complianceResults);
  for (const { policy, assignment, reason } of findings) {
    table.insert({
      id: crypto.randomUUID(),
      project_id: projectId,
      created_at: at,
      updated_at: at,
      policy_id: policy.id,
      assignment_id: assignment.id,
      resource_type: subject.type,
      resource_id: resourceId,
      resource_name: typeof subject.record.name === 'string' ? subject.record.name : null,
      compliant: false,
      reason,
      source: 'admission',
      evaluated_at: at,
    });
  }
}
