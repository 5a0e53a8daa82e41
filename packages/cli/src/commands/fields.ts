import * as z from 'zod';
import { UsageError } from '../errors';
import { issueText } from '../validation';
import { kebab, missingText } from './flags';
import type { FieldKind, FieldSpec } from './operation-spec';

/** The fields of an object schema as flags: strings, numbers, booleans, and JSON for the rest. */
export function fieldFlags(schema: z.ZodType | undefined): FieldSpec[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => {
    const { inner, optional, fallback } = unwrap(field);
    const booleanText = isBooleanText(inner);
    const kind = booleanText ? 'boolean' : kindOf(inner);
    const choices = booleanText ? undefined : choicesOf(inner);
    const description = field.description ?? inner.description ?? '';
    const list = inner instanceof z.ZodArray;
    const range = inner instanceof z.ZodNumber ? rangeOf(inner) : undefined;
    const map = inner instanceof z.ZodRecord ? mapOf(inner) : undefined;
    return {
      key,
      flag: kebab(key),
      kind,
      required: !optional,
      description,
      choices,
      list,
      ...(isScalar(fallback) && { default: fallback }),
      ...(range && { range }),
      ...(map && { map }),
      ...(booleanText && { booleanText }),
    };
  });
}

/** The values an enum takes, or each item of an array of an enum (`features`: motion, person, ...). */
function choicesOf(schema: z.ZodType): string[] | undefined {
  const values = schema instanceof z.ZodArray ? unwrap(schema.element as z.ZodType).inner : schema;
  return values instanceof z.ZodEnum ? (values.options as string[]).map(String) : undefined;
}

/** The text `true` or `false` (a query's boolean, as the contract's `BooleanQuery` takes it). */
function isBooleanText(schema: z.ZodType): boolean {
  if (!(schema instanceof z.ZodEnum)) return false;
  return [...(schema.options as string[])].sort().join() === 'false,true';
}

/** A record of strings or of numbers, which a flag takes as `name=value` entries. */
function mapOf(schema: z.ZodRecord): FieldSpec['map'] {
  const { inner } = unwrap(schema.valueType as z.ZodType);
  if (inner instanceof z.ZodString) return 'string';
  if (inner instanceof z.ZodNumber) return 'number';
  return undefined;
}

function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean; fallback: unknown } {
  let inner = schema;
  let optional = false;
  let fallback: unknown;
  for (;;) {
    if (inner instanceof z.ZodDefault) fallback ??= inner.def.defaultValue;
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault || inner instanceof z.ZodNullable) {
      optional = optional || !(inner instanceof z.ZodNullable);
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe) {
      inner = inner.in as z.ZodType;
    } else {
      return { inner, optional, fallback };
    }
  }
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * The bounds of a number schema in words: `1-100`, `at least 128`, `at most 10`, `more than 0`.
 * Exclusive bounds of a whole number become inclusive ones (`> 0` is `at least 1`).
 */
function rangeOf(schema: z.ZodNumber): string | undefined {
  const integer = schema.isInt;
  let min: { value: number; inclusive: boolean } | undefined;
  let max: { value: number; inclusive: boolean } | undefined;
  for (const check of schema.def.checks ?? []) {
    const def = check._zod.def as { check: string; value?: unknown; inclusive?: boolean };
    if (typeof def.value !== 'number') continue;
    let bound = { value: def.value, inclusive: def.inclusive ?? true };
    if (integer && !bound.inclusive)
      bound = { value: def.check === 'greater_than' ? bound.value + 1 : bound.value - 1, inclusive: true };
    if (def.check === 'greater_than') min = bound;
    if (def.check === 'less_than') max = bound;
  }
  if (min?.inclusive && max?.inclusive) return `${min.value}-${max.value}`;
  const words = [
    min && `${min.inclusive ? 'at least' : 'more than'} ${min.value}`,
    max && `${max.inclusive ? 'at most' : 'less than'} ${max.value}`,
  ];
  return words.filter(Boolean).join(' and ') || undefined;
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
    // A rule of the contract that asks for a field (`status` with `code`) says so itself.
    const missing =
      rest.length === 0 &&
      value[field] === undefined &&
      issue.code !== 'custom' &&
      flags.find((f) => f.key === field);
    if (missing) return missingText(missing);
    const spec = flags.find((f) => f.key === field);
    const flag = spec?.flag ?? kebab(field);
    // Out of range: the range itself, as `--per-page must be 1-100, got 500`.
    if (rest.length === 0 && spec?.range && (issue.code === 'too_small' || issue.code === 'too_big'))
      return `--${flag} must be ${spec.range}, got ${String(value[field])}`;
    const inside = rest.length > 0 ? ` (at ${[field, ...rest].map(String).join('.')})` : '';
    return `--${flag}${inside}: ${issueText(issue)}`;
  });
  throw new UsageError(lines.join('\n'));
}

/**
 * The values the `status` field of a response schema takes, as its enum declares them (an
 * instance's `provisioning`, `running`, ...); none when it has no such field. A union of objects
 * gives its options' values together.
 */
export function statusValues(schema: z.ZodType | undefined): string[] {
  const { inner } = unwrap(schema ?? z.never());
  if (inner instanceof z.ZodUnion)
    return [...new Set((inner.options as z.ZodType[]).flatMap((option) => statusValues(option)))];
  if (!(inner instanceof z.ZodObject)) return [];
  const status = (inner.shape as Record<string, z.ZodType>).status;
  if (!status) return [];
  const values = unwrap(status).inner;
  if (values instanceof z.ZodEnum) return (values.options as unknown[]).map(String);
  if (values instanceof z.ZodLiteral) return [...values.values].map(String);
  return [];
}
