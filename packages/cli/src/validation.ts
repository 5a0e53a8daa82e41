import type { z } from 'zod';

/**
 * A zod issue in words: "required" for a missing field rather than zod's "received undefined",
 * or its "Invalid option" for a missing choice (told apart from a wrong one by `input`, the
 * value checked, when given).
 */
export function issueText(issue: z.core.$ZodIssue, input?: unknown): string {
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
    return `required (${issue.expected})`;
  if (issue.code === 'invalid_value' && input !== undefined && valueAt(input, issue.path) === undefined)
    return `required (one of ${issue.values.map(String).join(', ')})`;
  // A record's key: what its schema says a key must be (`must be 1..127 letters, digits and "-"`,
  // or zod's `must match pattern ...`), not zod's bare "Invalid key in record". The path names it.
  if (issue.code === 'invalid_key' && issue.issues.length > 0)
    return `invalid key: ${issue.issues.map((inner) => issueText(inner)).join('; ')}`;
  return issue.message;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
