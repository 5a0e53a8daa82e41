import { type Command, Option } from 'commander';
import { UsageError } from '../errors';
import type { FieldSpec } from './operation-spec';

/** `memory_mb` -> `memory-mb`, `cdnProfiles` -> `cdn-profiles`. */
export function kebab(name: string): string {
  return name
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/**
 * One option per field. Booleans are switches (`--versioning`, `--no-versioning`; an explicit
 * `--versioning false` still works); JSON fields take JSON; required fields say so.
 */
export function addFieldOptions(command: Command, flags: FieldSpec[]): void {
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
function describeField(f: FieldSpec): string {
  if (f.description) return f.kind === 'json' ? `${f.description} (JSON)` : f.description;
  const words = f.key.replace(/_/g, ' ');
  if (f.kind === 'json') return `${words}, as JSON${f.list ? ' (or a comma-separated list)' : ''}`;
  return `${words} (${f.kind})`;
}

function placeholder(f: FieldSpec): string {
  if (f.kind === 'json') return 'json';
  return f.kind === 'number' ? 'number' : 'value';
}

/** Reads flag values back into a body/query object, converting each to its field's type. */
export function collectFields(flags: FieldSpec[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of flags) {
    const raw = values[camel(f.flag)];
    if (raw === undefined) continue;
    // A bare switch is `true`, `--no-<flag>` is `false`.
    out[f.key] = typeof raw === 'boolean' ? raw : convert(f, String(raw));
  }
  return out;
}

function convert(f: FieldSpec, raw: string): unknown {
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

/**
 * The required fields a body or query lacks, one line each (`--region: required (string)`):
 * worded from the specs alone, so a command given none of its fields says what it needs
 * without loading the contract.
 */
export function missingFields(
  flags: readonly FieldSpec[],
  value: Record<string, unknown> | undefined,
): string[] {
  return flags.filter((f) => f.required && value?.[f.key] === undefined).map(missingText);
}

export function missingText(f: FieldSpec): string {
  return `--${f.flag}: required (${expected(f)})`;
}

function expected(f: FieldSpec): string {
  if (f.choices) return `one of ${f.choices.join(', ')}`;
  if (f.kind === 'json') return f.list ? 'JSON array or comma-separated list' : 'JSON';
  return f.kind === 'boolean' ? 'true or false' : f.kind;
}

function camel(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
