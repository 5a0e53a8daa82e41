/**
 * The policy rule language: what a policy's `definition` string holds. Azure Policy in spirit:
 *
 * ```json
 * {
 *   "parameters": { "allowedRegions": { "type": "array", "default": ["hn", "hcm"] } },
 *   "if": { "allOf": [
 *     { "field": "type", "equals": "compute.instance" },
 *     { "field": "region", "notIn": { "param": "allowedRegions" } }
 *   ] },
 *   "then": { "effect": "deny" }
 * }
 * ```
 *
 * `if` describes a VIOLATING resource. Parsing lives in the contract so the server, the SDK and
 * the CLI agree on what a valid rule is; evaluation is the server's. The full reference is
 * packages/mock-server/docs/policy-rules.md.
 *
 * This module holds the vocabulary and bounds; parse.ts, parameters.ts and pattern.ts the checks.
 */

export type Scalar = string | number | boolean;
export type ParameterValue = Scalar | Scalar[];
export type ParameterType = 'string' | 'number' | 'boolean' | 'array';
export type RuleEffect = 'deny' | 'audit';

export const FIELD_OPERATORS = ['equals', 'notEquals', 'in', 'notIn', 'like', 'match', 'exists'] as const;
export type FieldOperator = (typeof FIELD_OPERATORS)[number];

/** A literal operand, or a reference to a parameter resolved per assignment. */
export type Operand = { literal: Scalar | Scalar[] } | { param: string };

export type Condition =
  | { kind: 'field'; field: string; operator: FieldOperator; operand: Operand }
  | { kind: 'allOf'; conditions: Condition[] }
  | { kind: 'anyOf'; conditions: Condition[] }
  | { kind: 'not'; condition: Condition };

export interface ParameterDeclaration {
  type: ParameterType;
  default?: ParameterValue;
  description?: string;
}

export interface PolicyRule {
  parameters: Record<string, ParameterDeclaration>;
  condition: Condition;
  effect: RuleEffect;
}

/** A problem inside a definition or a parameters document; `path` is relative to it. */
export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

/** Bounds that keep evaluation cheap whatever a tenant writes. */
export const RULE_LIMITS = {
  definitionChars: 16_384,
  depth: 8,
  conditions: 64,
  listItems: 100,
  parameters: 20,
  patternChars: 256,
  patternRepeats: 3,
  /** Longer values never match a `like` or `match` operand, so no single test can run long. */
  testedChars: 256,
} as const;

/** Why `value` is not a valid value of a parameter of `type`. */
export function valueProblem(type: ParameterType, value: unknown): string | undefined {
  switch (type) {
    case 'array':
      return Array.isArray(value) && value.length <= RULE_LIMITS.listItems && value.every(isScalar)
        ? undefined
        : `must be an array of at most ${RULE_LIMITS.listItems} strings, numbers or booleans`;
    case 'string':
      return typeof value === 'string' && value.length <= 1024
        ? undefined
        : 'must be a string of at most 1024 characters';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
  }
}

/** Own keys only: a rule may name `constructor` or `toString`, which `in` would find on the prototype. */
export function has(object: object, key: string): boolean {
  return Object.hasOwn(object, key);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isScalar(value: unknown): value is Scalar {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}
