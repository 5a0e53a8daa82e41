import { type Command, Option } from 'commander';
import { z } from 'zod';
import { UsageError } from '../errors';
import { issueText } from '../validation';

/** What a schema field looks like on the command line. */
type FieldKind = 'string' | 'number' | 'boolean' | 'json';

interface FieldFlag {
  key: string;
  flag: string;
  kind: FieldKind;
  required: boolean;
  description: string;
  /** An array field: a comma-separated list is taken for it as well as JSON. */
  list: boolean;
  choices?: string[];
}

/** `memory_mb` -> `memory-mb`, `cdnProfiles` -> `cdn-profiles`. */
export function kebab(name: string): string {
  return name
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/** The fields of an object schema as flags: strings, numbers, booleans, and JSON for the rest. */
export function fieldFlags(schema: z.ZodType | undefined): FieldFlag[] {
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

/**
 * One option per field. Booleans are switches (`--versioning`, `--no-versioning`; an explicit
 * `--versioning false` still works); JSON fields take JSON; required fields say so.
 */
export function addFieldOptions(command: Command, flags: FieldFlag[]): void {
  const taken = new Set(command.options.map((o) => o.long));
  for (const f of flags) {
    if (taken.has(`--${f.flag}`)) continue;
    const text = [describeField(f), f.required ? '(required)' : ''].filter(Boolean).join(' ');
    if (f.kind === 'boolean') {
      command.addOption(new Option(`--${f.flag} [true|false]`, text));
      command.addOption(new Option(`--no-${f.flag}`, `set ${f.flag} to false`));
      continue;
    }
    const option = new Option(`--${f.flag} <${placeholder(f)}>`, text);
    if (f.choices) option.choices(f.choices);
    command.addOption(option);
  }
}

/** The contract's description of the field, or its type in words when it has none. */
function describeField(f: FieldFlag): string {
  if (f.description) return f.kind === 'json' ? `${f.description} (JSON)` : f.description;
  const words = f.key.replace(/_/g, ' ');
  if (f.kind === 'json') return `${words}, as JSON${f.list ? ' (or a comma-separated list)' : ''}`;
  return `${words} (${f.kind})`;
}

function placeholder(f: FieldFlag): string {
  if (f.kind === 'json') return 'json';
  return f.kind === 'number' ? 'number' : 'value';
}

/** Reads flag values back into a body/query object, converting each to its field's type. */
export function collectFields(flags: FieldFlag[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of flags) {
    const raw = values[camel(f.flag)];
    if (raw === undefined) continue;
    // A bare switch is `true`, `--no-<flag>` is `false`.
    out[f.key] = typeof raw === 'boolean' ? raw : convert(f, String(raw));
  }
  return out;
}

function convert(f: FieldFlag, raw: string): unknown {
  switch (f.kind) {
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || Number.isNaN(n))
        throw new UsageError(`--${f.flag} must be a number, got "${raw}"`);
      return n;
    }
    case 'boolean':
      if (raw === 'true' || raw === 'false') return raw === 'true';
      throw new UsageError(`--${f.flag} must be true or false, got "${raw}"`);
    case 'json':
      try {
        return JSON.parse(raw);
      } catch {
        // A comma-separated list is accepted for arrays of strings (`--features motion,person`).
        if (f.list && !raw.trim().startsWith('[')) return raw.split(',').map((s) => s.trim());
        throw new UsageError(`--${f.flag} must be JSON, got "${raw}"`);
      }
    default:
      return raw;
  }
}

function camel(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
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
 * or malformed field is a usage error (exit 2) that names its flag. What is sent stays the
 * caller's input: the server applies the defaults.
 */
export function checkFields(schema: z.ZodType | undefined, value: unknown): void {
  if (!schema || value === undefined) return;
  const result = schema.safeParse(value);
  if (result.success) return;
  const lines = result.error.issues.map((issue) => {
    const [field, ...rest] = issue.path;
    if (typeof field !== 'string') return issueText(issue);
    const inside = rest.length > 0 ? ` (at ${[field, ...rest].map(String).join('.')})` : '';
    return `--${kebab(field)}${inside}: ${issueText(issue)}`;
  });
  throw new UsageError(lines.join('\n'));
}
