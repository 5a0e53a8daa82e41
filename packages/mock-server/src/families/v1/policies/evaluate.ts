import type {
  PolicyCondition,
  PolicyFieldOperator,
  PolicyOperand,
  PolicyParameterValue,
  PolicyRule,
  PolicyScalar,
} from '@nimbus/sdk/contract';
import { POLICY_RULE_LIMITS, parsePolicyRule } from '@nimbus/sdk/contract/v1/policy-rule';
import { HttpError } from '../../../core/pipeline/http-error';
import { BoundedCache, stringBytes } from '../../../core/services/bounded-cache';

/** The resource a rule looks at: its type and its stored (or candidate) fields. */
export interface Subject {
  type: string;
  record: Record<string, unknown>;
}

export interface Verdict {
  /** The rule's `if` matched: the resource violates the policy. */
  violated: boolean;
  reason: string;
}

// Rules and patterns are compiled once and reused by every request; a bound keeps a tenant
// that writes many distinct rules from growing these maps without limit. The compiled form is
// counted as a few times its source.
const CACHE_LIMITS = {
  maxEntries: 512,
  maxBytes: 4 * 1024 * 1024,
  bytesOf: (source: string) => 4 * stringBytes(source) + 256,
};
const rules = new BoundedCache<PolicyRule>(CACHE_LIMITS);
const patterns = new BoundedCache<RegExp>(CACHE_LIMITS);
const MAX_REASON_CHARS = 1024;

/**
 * The parsed rule of a stored definition, or undefined when it is not a valid rule: the API
 * checks every definition it stores, but an imported state can hold anything.
 */
export function compiledRule(definition: string): PolicyRule | undefined {
  let rule = rules.get(definition);
  if (!rule) {
    rule = parsePolicyRule(definition).rule;
    if (rule) rules.set(definition, rule);
  }
  return rule;
}

/** A policy without a definition matches nothing and takes no parameters. */
const NO_RULE = Object.freeze<PolicyRule>({
  parameters: {},
  condition: { kind: 'anyOf', conditions: [] },
  effect: 'audit',
});

/** The rule of a policy (the empty rule when it has none), or 409 when its stored definition is broken. */
export function ruleOf(policy: { id: string; definition: string | null }): PolicyRule {
  if (policy.definition === null) return NO_RULE;
  const rule = compiledRule(policy.definition);
  if (!rule) {
    throw HttpError.conflict(
      'The stored definition of this policy is not a valid rule; replace it with PUT',
      {
        policy_id: policy.id,
      },
    );
  }
  return rule;
}

/** Evaluates `rule` against a resource with resolved parameter values. */
export function evaluate(
  rule: PolicyRule,
  subject: Subject,
  params: Record<string, PolicyParameterValue>,
): Verdict {
  const { value, reason } = test(rule.condition, subject, params);
  const text = value ? `rule matched: ${reason}` : `rule did not match: ${reason}`;
  return {
    violated: value,
    reason: text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS - 3)}...` : text,
  };
}

interface Outcome {
  value: boolean;
  reason: string;
}

function test(
  condition: PolicyCondition,
  subject: Subject,
  params: Record<string, PolicyParameterValue>,
): Outcome {
  switch (condition.kind) {
    case 'allOf': {
      const outcomes: Outcome[] = [];
      for (const child of condition.conditions) {
        const outcome = test(child, subject, params);
        if (!outcome.value) return outcome;
        outcomes.push(outcome);
      }
      return { value: true, reason: outcomes.map((o) => o.reason).join(' and ') };
    }
    case 'anyOf': {
      const outcomes: Outcome[] = [];
      for (const child of condition.conditions) {
        const outcome = test(child, subject, params);
        if (outcome.value) return outcome;
        outcomes.push(outcome);
      }
      return { value: false, reason: `none of (${outcomes.map((o) => o.reason).join('; ')})` };
    }
    case 'not': {
      const inner = test(condition.condition, subject, params);
      return { value: !inner.value, reason: `not (${inner.reason})` };
    }
    case 'field': {
      const actual = fieldValue(subject, condition.field);
      const operand = operandValue(condition.operand, params);
      const value = compare(condition.operator, actual, operand);
      return { value, reason: `${condition.field} (${show(actual)}) ${condition.operator} ${show(operand)}` };
    }
  }
}

function compare(operator: PolicyFieldOperator, actual: unknown, operand: unknown): boolean {
  switch (operator) {
    case 'exists':
      return (actual !== undefined && actual !== null) === operand;
    case 'equals':
      return isScalar(actual) && actual === operand;
    case 'notEquals':
      return !(isScalar(actual) && actual === operand);
    case 'in':
      return isScalar(actual) && (operand as PolicyScalar[]).includes(actual);
    case 'notIn':
      return !(isScalar(actual) && (operand as PolicyScalar[]).includes(actual));
    case 'like':
      return isTestable(actual) && globMatch(operand as string, actual);
    case 'match':
      return isTestable(actual) && regex(operand as string).test(actual);
  }
}

/**
 * `type` is the resource type; `record.<path>` reads the stored fields without that alias (a
 * record's own `type` column); any other dotted path reads the record. Missing parts are undefined.
 */
function fieldValue(subject: Subject, path: string): unknown {
  if (path === 'type') return subject.type;
  const parts = path.split('.');
  if (parts[0] === 'record' && parts.length > 1) parts.shift();
  let current: unknown = subject.record;
  for (const part of parts) {
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part)];
    else if (current && typeof current === 'object' && Object.hasOwn(current, part)) {
      current = (current as Record<string, unknown>)[part];
    } else return undefined;
  }
  return current;
}

function operandValue(operand: PolicyOperand, params: Record<string, PolicyParameterValue>): unknown {
  return 'literal' in operand ? operand.literal : params[operand.param];
}

/**
 * Whether `text` matches a glob where `*` is any run of characters. Two pointers with one
 * backtrack point: at most pattern x text steps, whatever the pattern (a regex could blow up).
 */
function globMatch(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (g < glob.length && glob[g] === '*') {
      star = g++;
      resume = t;
    } else if (g < glob.length && glob[g] === text[t]) {
      g++;
      t++;
    } else if (star !== -1) {
      g = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}

/** Patterns were checked by `patternProblem` when the rule or the parameters were stored. */
function regex(pattern: string): RegExp {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    compiled = new RegExp(pattern);
    patterns.set(pattern, compiled);
  }
  return compiled;
}

function show(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function isTestable(value: unknown): value is string {
  return typeof value === 'string' && value.length <= POLICY_RULE_LIMITS.testedChars;
}

function isScalar(value: unknown): value is PolicyScalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
