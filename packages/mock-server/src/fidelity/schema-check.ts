import { unknownFieldPaths } from '@nimbus/sdk/contract/unknown-fields';
import type { z } from 'zod';
import { type Finding, shown } from './divergence';
import { jsonPath, valueAt } from './json-path';

/**
 * Every field of `value` against `schema`, as findings under `root` (`$.data`): missing, of the
 * wrong type, outside its enum, range or format (zod's issues), and fields the schema does not
 * declare (zod strips those silently, so they are looked for apart).
 */
export function schemaFindings(schema: z.ZodType, value: unknown, root: string): Finding[] {
  const findings: Finding[] = [];
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) findings.push(findingOf(issue, value, root));
  }
  for (const path of unknownFieldPaths(schema, value)) {
    const segments = path.map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    findings.push({
      check: 'schema',
      path: jsonPath(root, segments),
      expected: 'no such field',
      actual: shown(valueAt(value, segments)),
    });
  }
  return findings;
}

function findingOf(issue: z.core.$ZodIssue, value: unknown, root: string): Finding {
  const actual = valueAt(value, issue.path);
  return {
    check: 'schema',
    path: jsonPath(root, issue.path),
    expected: expectedOf(issue),
    actual: shown(actual),
  };
}

/** What the schema wanted, in a few words. */
function expectedOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected;
    case 'invalid_value':
      return `one of ${issue.values.map((v) => shown(v)).join(', ')}`;
    case 'too_small':
      return `${measureOf(issue.origin)}${issue.inclusive === false ? '>' : '>='} ${issue.minimum}`;
    case 'too_big':
      return `${measureOf(issue.origin)}${issue.inclusive === false ? '<' : '<='} ${issue.maximum}`;
    case 'invalid_format':
      return `format ${issue.format}`;
    case 'unrecognized_keys':
      return `no field ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

function measureOf(origin: string): string {
  if (origin === 'string') return 'length ';
  if (origin === 'array' || origin === 'set') return 'items ';
  return '';
}
