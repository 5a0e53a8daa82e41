import { patternProblem } from './pattern';
import {
  type Condition,
  has,
  isObject,
  type ParameterValue,
  type PolicyRule,
  type RuleIssue,
  valueProblem,
} from './types';

/** Parameters whose value feeds a `match` operator: their values must be safe patterns. */
function patternParameters(condition: Condition, out = new Set<string>()): Set<string> {
  switch (condition.kind) {
    case 'field':
      if (condition.operator === 'match' && 'param' in condition.operand) out.add(condition.operand.param);
      break;
    case 'not':
      patternParameters(condition.condition, out);
      break;
    default:
      for (const child of condition.conditions) patternParameters(child, out);
  }
  return out;
}

/**
 * Checks an assignment's `parameters` document against what the rule declares: known names,
 * right types, safe patterns, and a value for every parameter without a default. Answers the
 * values to evaluate with (defaults filled in), or the problems with paths inside the document.
 */
export function resolveParameters(
  rule: PolicyRule,
  text: string | null | undefined,
): { values: Record<string, ParameterValue>; issues: [] } | { values?: undefined; issues: RuleIssue[] } {
  let given: unknown = {};
  if (text !== null && text !== undefined) {
    try {
      given = JSON.parse(text);
    } catch (error) {
      return { issues: [{ path: [], message: `must be valid JSON: ${(error as Error).message}` }] };
    }
  }
  if (!isObject(given))
    return { issues: [{ path: [], message: 'must be a JSON object of parameter values' }] };
  const issues: RuleIssue[] = [];
  const patterns = patternParameters(rule.condition);
  const values: Record<string, ParameterValue> = {};
  for (const [name, value] of Object.entries(given)) {
    const declaration = has(rule.parameters, name) ? rule.parameters[name] : undefined;
    if (!declaration) {
      const known = Object.keys(rule.parameters);
      issues.push({
        path: [name],
        message: `unknown parameter (the policy declares: ${known.join(', ') || 'none'})`,
      });
      continue;
    }
    const problem =
      valueProblem(declaration.type, value) ?? (patterns.has(name) ? patternOf(value) : undefined);
    if (problem) issues.push({ path: [name], message: problem });
    else values[name] = value as ParameterValue;
  }
  for (const [name, declaration] of Object.entries(rule.parameters)) {
    if (has(values, name) || issues.some((issue) => issue.path[0] === name)) continue;
    if (declaration.default === undefined)
      issues.push({ path: [name], message: 'required: the policy gives it no default' });
    else values[name] = declaration.default;
  }
  return issues.length === 0 ? { values, issues: [] } : { issues };
}

function patternOf(value: unknown): string | undefined {
  const problem = patternProblem(value as string);
  return problem && `pattern ${problem}`;
}
