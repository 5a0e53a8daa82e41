import { z } from 'zod';
import { UsageError } from '../errors';
import { issueText } from '../validation';
import { kebab, missingText } from './flags';
import type { FieldKind, FieldSpec } from './operation-spec';

/** The fields of an object schema as flags: strings, numbers, booleans, and JSON for the rest. */
export function fieldFlags(schema: z.ZodType | undefined): FieldSpec[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => {
    const { inner, optional } = unwrap(field);
    const kind = kindOf(inner);
    const choices = inner instanceof z.ZodEnum ? (inner.options as string[]).map(String) : undefined;
    const description = field.description ?? inner.description ?? '';
    const list = inner instanceof z.ZodArray;
    return { key, flag: kebab(key), kind, required: !optional, description, choices, list };
  });
}

function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault || inner instanceof z.ZodNullable) {
      optional = optional || !(inner instanceof z.ZodNullable);
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe) {
      inner = inner.in as z.ZodType;
    } else {
      return { inner, optional };
    }
  }
}

function kindOf(schema: z.ZodType): FieldKind {
  if (schema instanceof z.ZodString || schema instanceof z.ZodEnum || schema instanceof z.ZodStringFormat)
    return 'string';
  if (schema instanceof z.ZodNumber) return 'number';
  if (schema instanceof z.ZodBoolean) return 'boolean';
  if (schema instanceof z.ZodLiteral) return typeof schema.value === 'number' ? 'number' : 'string';
  return 'json';
}

/**
 * Checks a body or query against its contract schema before anything is sent, so a missing
 * or malformed field is a usage error (exit 2) that names its flag. A missing field is worded
 * from its spec, as when no field is given at all (see `missingFields`). What is sent stays the
 * caller's input: the server applies the defaults.
 */
export function checkFields(
  schema: z.ZodType | undefined,
  value: Record<string, unknown> | undefined,
  flags: readonly FieldSpec[],
): void {
  if (!schema || value === undefined) return;
  const result = schema.safeParse(value);
  if (result.success) return;
  const lines = result.error.issues.map((issue) => {
    const [field, ...rest] = issue.path;
    if (typeof field !== 'string') return issueText(issue);
    const missing = rest.length === 0 && value[field] === undefined && flags.find((f) => f.key === field);
    if (missing) return missingText(missing);
    const inside = rest.length > 0 ? ` (at ${[field, ...rest].map(String).join('.')})` : '';
    const flag = flags.find((f) => f.key === field)?.flag ?? kebab(field);
    return `--${flag}${inside}: ${issueText(issue)}`;
  });
  throw new UsageError(lines.join('\n'));
}
