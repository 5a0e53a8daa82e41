import { patternProblem } from './pattern';
import {
  type Condition,
  FIELD_OPERATORS,
  type FieldOperator,
  has,
  isObject,
  isScalar,
  type Operand,
  type ParameterDeclaration,
  type ParameterType,
  type ParameterValue,
  type PolicyRule,
  RULE_LIMITS,
  type RuleEffect,
  type RuleIssue,
  type Scalar,
  valueProblem,
} from './types';

const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+){0,7}$/;
const PARAM_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const PARAMETER_TYPES: readonly ParameterType[] = ['string', 'number', 'boolean', 'array'];

/** What each operator accepts: the literal check and the parameter type it may reference. */
const OPERAND_RULES: Record<FieldOperator, { param?: ParameterType[]; describe: string }> = {
  equals: { param: ['string', 'number', 'boolean'], describe: 'a string, number or boolean' },
  notEquals: { param: ['string', 'number', 'boolean'], describe: 'a string, number or boolean' },
  in: {
    param: ['array'],
    describe: `an array of at most ${RULE_LIMITS.listItems} strings, numbers or booleans`,
  },
  notIn: {
    param: ['array'],
    describe: `an array of at most ${RULE_LIMITS.listItems} strings, numbers or booleans`,
  },
  like: { param: ['string'], describe: `a glob string (* matches any run of characters)` },
  match: { param: ['string'], describe: 'a regular expression string' },
  exists: { describe: 'true or false' },
};

/**
 * Parses and checks a definition string. Answers the rule, or every problem found with its
 * path inside the definition (e.g. `["if", "allOf", 0, "field"]`).
 */
export function parsePolicyRule(
  text: string,
): { rule: PolicyRule; issues: [] } | { rule?: undefined; issues: RuleIssue[] } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return { issues: [{ path: [], message: `must be valid JSON: ${(error as Error).message}` }] };
  }
  const parser = new RuleParser();
  const rule = parser.rule(doc);
  return rule && parser.issues.length === 0 ? { rule, issues: [] } : { issues: parser.issues };
}

class RuleParser {
  readonly issues: RuleIssue[] = [];
  #parameters: Record<string, ParameterDeclaration> = {};
  #count = 0;

  rule(doc: unknown): PolicyRule | undefined {
    if (!isObject(doc)) {
      this.#fail([], 'must be a JSON object with an "if" condition');
      return undefined;
    }
    this.#unknownKeys(doc, [], ['parameters', 'if', 'then']);
    this.#parameters = this.#declarations(doc.parameters);
    if (!has(doc, 'if')) this.#fail(['if'], 'required: the condition a violating resource matches');
    const condition = has(doc, 'if') ? this.#condition(doc.if, ['if'], 1) : undefined;
    const effect = this.#effect(doc.then);
    return condition && effect ? { parameters: this.#parameters, condition, effect } : undefined;
  }

  #declarations(raw: unknown): Record<string, ParameterDeclaration> {
    const out: Record<string, ParameterDeclaration> = {};
    if (raw === undefined) return out;
    if (!isObject(raw)) {
      this.#fail(['parameters'], 'must be an object of parameter declarations');
      return out;
    }
    const names = Object.keys(raw);
    if (names.length > RULE_LIMITS.parameters) {
      this.#fail(['parameters'], `must declare at most ${RULE_LIMITS.parameters} parameters`);
    }
    for (const name of names) {
      const path = ['parameters', name];
      const decl = raw[name];
      if (!PARAM_NAME.test(name)) {
        this.#fail(path, 'parameter names start with a letter and hold letters, digits and "_" (at most 64)');
        continue;
      }
      if (!isObject(decl)) {
        this.#fail(
          path,
          'must be an object: { "type": "string" | "number" | "boolean" | "array", "default"? }',
        );
        continue;
      }
      this.#unknownKeys(decl, path, ['type', 'default', 'description']);
      const type = decl.type as ParameterType;
      if (!PARAMETER_TYPES.includes(type)) {
        this.#fail([...path, 'type'], `must be one of ${PARAMETER_TYPES.join(', ')}`);
        continue;
      }
      if (
        decl.description !== undefined &&
        (typeof decl.description !== 'string' || decl.description.length > 512)
      ) {
        this.#fail([...path, 'description'], 'must be a string of at most 512 characters');
      }
      const declaration: ParameterDeclaration = { type };
      if (typeof decl.description === 'string') declaration.description = decl.description;
      if (decl.default !== undefined) {
        const problem = valueProblem(type, decl.default);
        if (problem) this.#fail([...path, 'default'], problem);
        else declaration.default = decl.default as ParameterValue;
      }
      out[name] = declaration;
    }
    return out;
  }

  #effect(raw: unknown): RuleEffect | undefined {
    if (raw === undefined) return 'deny';
    if (!isObject(raw)) {
      this.#fail(['then'], 'must be an object: { "effect": "deny" | "audit" }');
      return undefined;
    }
    this.#unknownKeys(raw, ['then'], ['effect']);
    if (raw.effect !== 'deny' && raw.effect !== 'audit') {
      this.#fail(['then', 'effect'], 'must be "deny" or "audit"');
      return undefined;
    }
    return raw.effect;
  }

  #condition(raw: unknown, path: (string | number)[], depth: number): Condition | undefined {
    if (++this.#count > RULE_LIMITS.conditions) {
      if (this.#count === RULE_LIMITS.conditions + 1)
        this.#fail(path, `a rule holds at most ${RULE_LIMITS.conditions} conditions`);
      return undefined;
    }
    if (depth > RULE_LIMITS.depth) {
      this.#fail(path, `conditions nest at most ${RULE_LIMITS.depth} deep`);
      return undefined;
    }
    if (!isObject(raw)) {
      this.#fail(path, 'must be a condition object: a field condition, "allOf", "anyOf" or "not"');
      return undefined;
    }
    for (const kind of ['allOf', 'anyOf'] as const) {
      if (has(raw, kind)) {
        this.#unknownKeys(raw, path, [kind]);
        const list = raw[kind];
        if (!Array.isArray(list) || list.length === 0 || list.length > RULE_LIMITS.listItems) {
          this.#fail(
            [...path, kind],
            `must be a non-empty array of at most ${RULE_LIMITS.listItems} conditions`,
          );
          return undefined;
        }
        const conditions = list.map((item, i) => this.#condition(item, [...path, kind, i], depth + 1));
        return conditions.every(Boolean) ? { kind, conditions: conditions as Condition[] } : undefined;
      }
    }
    if (has(raw, 'not')) {
      this.#unknownKeys(raw, path, ['not']);
      const condition = this.#condition(raw.not, [...path, 'not'], depth + 1);
      return condition && { kind: 'not', condition };
    }
    return this.#field(raw, path);
  }

  #field(raw: Record<string, unknown>, path: (string | number)[]): Condition | undefined {
    this.#unknownKeys(raw, path, ['field', ...FIELD_OPERATORS]);
    let ok = true;
    if (!has(raw, 'field')) {
      this.#fail(
        [...path, 'field'],
        'required: the field to test (type, name, region, flavor, tags.env, ...)',
      );
      ok = false;
    } else if (typeof raw.field !== 'string' || !FIELD_PATH.test(raw.field)) {
      this.#fail(
        [...path, 'field'],
        'must be a field name or dotted path (letters, digits, "_", at most 8 parts)',
      );
      ok = false;
    }
    const operators = FIELD_OPERATORS.filter((op) => has(raw, op));
    if (operators.length === 0) {
      this.#fail(path, `needs one operator: ${FIELD_OPERATORS.join(', ')}`);
      return undefined;
    }
    if (operators.length > 1) {
      this.#fail([...path, operators[1]!], 'a field condition takes exactly one operator');
      return undefined;
    }
    const operator = operators[0]!;
    const operand = this.#operand(operator, raw[operator], [...path, operator]);
    return ok && operand ? { kind: 'field', field: raw.field as string, operator, operand } : undefined;
  }

  #operand(operator: FieldOperator, raw: unknown, path: (string | number)[]): Operand | undefined {
    const rules = OPERAND_RULES[operator];
    if (isObject(raw) && rules.param) return this.#paramRef(operator, raw, path, rules.param);
    const problem = literalProblem(operator, raw);
    if (problem) {
      const param = rules.param ? ` or { "param": "<name>" }` : '';
      this.#fail(path, `must be ${rules.describe}${param}${problem === true ? '' : `: ${problem}`}`);
      return undefined;
    }
    return { literal: raw as Scalar | Scalar[] };
  }

  #paramRef(
    operator: FieldOperator,
    raw: Record<string, unknown>,
    path: (string | number)[],
    types: ParameterType[],
  ): Operand | undefined {
    this.#unknownKeys(raw, path, ['param']);
    const name = raw.param;
    if (typeof name !== 'string') {
      this.#fail([...path, 'param'], 'must be the name of a declared parameter');
      return undefined;
    }
    const declaration = has(this.#parameters, name) ? this.#parameters[name] : undefined;
    if (!declaration) {
      this.#fail([...path, 'param'], `undeclared parameter "${name}" (declare it under "parameters")`);
      return undefined;
    }
    if (!types.includes(declaration.type)) {
      this.#fail(
        [...path, 'param'],
        `parameter "${name}" is of type ${declaration.type}; ${operator} needs ${types.join(' or ')}`,
      );
      return undefined;
    }
    if (operator === 'match' && typeof declaration.default === 'string') {
      const problem = patternProblem(declaration.default);
      if (problem) this.#fail(['parameters', name, 'default'], `pattern ${problem}`);
    }
    return { param: name };
  }

  #unknownKeys(raw: Record<string, unknown>, path: (string | number)[], allowed: readonly string[]): void {
    for (const key of Object.keys(raw)) {
      if (!allowed.includes(key))
        this.#fail([...path, key], `unknown key (allowed here: ${allowed.join(', ')})`);
    }
  }

  #fail(path: (string | number)[], message: string): void {
    this.issues.push({ path, message });
  }
}

/** `true` for a plain wrong type, a string for a more specific problem, undefined when fine. */
function literalProblem(operator: FieldOperator, raw: unknown): string | true | undefined {
  switch (operator) {
    case 'exists':
      return typeof raw === 'boolean' ? undefined : true;
    case 'equals':
    case 'notEquals':
      return isScalar(raw) ? undefined : true;
    case 'in':
    case 'notIn':
      return Array.isArray(raw) && raw.length <= RULE_LIMITS.listItems && raw.every(isScalar)
        ? undefined
        : true;
    case 'like':
      return typeof raw === 'string' && raw.length <= RULE_LIMITS.patternChars ? undefined : true;
    case 'match':
      return typeof raw === 'string' ? patternProblem(raw) : true;
  }
}
