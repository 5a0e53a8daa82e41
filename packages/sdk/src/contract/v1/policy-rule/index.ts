// The policy rule language (see types.ts), shared by the contract, the SDK and the server.
// Exported under Policy-prefixed names: the contract index re-exports every family's names.

export { resolveParameters } from './parameters';
export { parsePolicyRule } from './parse';
export { patternProblem } from './pattern';
export {
  type Condition as PolicyCondition,
  FIELD_OPERATORS as POLICY_FIELD_OPERATORS,
  type FieldOperator as PolicyFieldOperator,
  type Operand as PolicyOperand,
  type ParameterDeclaration as PolicyParameterDeclaration,
  type ParameterType as PolicyParameterType,
  type ParameterValue as PolicyParameterValue,
  type PolicyRule,
  RULE_LIMITS as POLICY_RULE_LIMITS,
  type RuleEffect as PolicyRuleEffect,
  type RuleIssue as PolicyRuleIssue,
  type Scalar as PolicyScalar,
} from './types';
