import { type Command, InvalidArgumentError, Option } from 'commander';
import { closest } from '../closest';
import { UsageError } from '../errors';
import { mentionsAll } from '../help';
import type { FieldSpec } from './operation-spec';

/** `memory_mb` -> `memory-mb`, `cdnProfiles` -> `cdn-profiles`. */
export function kebab(name: string): string {
  return name
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/**
 * One option per field, its text saying what the field means, the values it takes and its
 * default: `--period <period>  Calendar period ...: monthly, quarterly, yearly (default monthly)`.
 * Booleans are switches (`--versioning`, `--no-versioning`; an explicit `--versioning false`
 * still works); JSON fields take JSON; required fields say so. The default is only said: the
 * server applies it, so a flag left out sends nothing.
 */
export function addFieldOptions(command: Command, flags: FieldSpec[]): void {
  const taken = new Set(command.options.map((o) => o.long));
  for (const f of flags) {
    if (taken.has(`--${f.flag}`)) continue;
    const text = optionText(f);
    if (f.kind === 'boolean') {
      command.addOption(new Option(`--${f.flag} [true|false]`, text));
      command.addOption(new Option(`--no-${f.flag}`, `set ${f.flag} to false`));
      continue;
    }
    // An id's flag takes `<id>`: `--resource-group-id <resource-group-id>` said it twice.
    const option = new Option(`--${f.flag} <${/-id$/.test(f.flag) ? 'id' : f.flag}>`, text);
    if (f.choices && f.list) withItemChoices(option, f.choices);
    else if (f.choices) withChoices(option, f.choices);
    // Each `--limits instances=200` adds an entry: gathered here, read by `collectFields`.
    if (f.map)
      option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    command.addOption(option);
  }
}

/** The contract's values of an enum flag, with a "did you mean" for a near miss. */
function withChoices(option: Option, choices: readonly string[]): void {
  // Kept for the help and the completion scripts; the parser below replaces commander's.
  option.choices(choices);
  option.argParser((value: string) => {
    if (choices.includes(value)) return value;
    const meant = closest(value, choices);
    throw new InvalidArgumentError(
      `Allowed choices are ${choices.join(', ')}.${meant ? ` Did you mean ${meant}?` : ''}`,
    );
  });
}

/**
 * The same for a list of them (`--features motion,person`): each item of a comma-separated list
 * is one of the contract's values; a JSON array is left to the contract's check.
 */
function withItemChoices(option: Option, choices: readonly string[]): void {
  option.argParser((value: string) => {
    if (value.trim().startsWith('[')) return value;
    for (const item of value.split(',').map((s) => s.trim())) {
      if (choices.includes(item)) continue;
      const meant = closest(item, choices);
      throw new InvalidArgumentError(
        `"${item}" is not one of ${choices.join(', ')}.${meant ? ` Did you mean ${meant}?` : ''}`,
      );
    }
    return value;
  });
}

function optionText(f: FieldSpec): string {
  let text = f.description;
  if (f.map) text += ' (name=value, repeatable; or a JSON object)';
  else if (f.kind === 'json' && !/\bJSON\b/.test(text))
    text += f.list ? ' (JSON, or a comma-separated list)' : ' (JSON)';
  if (f.choices && !mentionsAll(text, f.choices))
    text += text.includes(':') ? ` (one of ${f.choices.join(', ')})` : `: ${f.choices.join(', ')}`;
  if (f.default !== undefined && !/\bdefault\b/i.test(text)) text += ` (default ${f.default})`;
  return f.required ? `${text} (required)` : text;
}

/** Reads flag values back into a body/query object, converting each to its field's type. */
export function collectFields(flags: FieldSpec[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of flags) {
    const raw = values[camel(f.flag)];
    if (raw === undefined) continue;
    if (f.map && Array.isArray(raw)) {
      out[f.key] = mapEntries(f, raw as string[]);
      continue;
    }
    // A bare switch is `true`, `--no-<flag>` is `false`.
    const value = typeof raw === 'boolean' ? raw : convert(f, String(raw));
    out[f.key] = f.booleanText ? String(value) : value;
  }
  return out;
}

/** The entries of a repeated map flag, each `name=value` or a JSON object, as one object. */
function mapEntries(f: FieldSpec, entries: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const entry of entries) {
    if (entry.trim().startsWith('{')) {
      Object.assign(out, convert({ ...f, list: false }, entry));
      continue;
    }
    const at = entry.indexOf('=');
    if (at <= 0) throw new UsageError(`--${f.flag} takes name=value or a JSON object, got "${entry}"`);
    const value = entry.slice(at + 1).trim();
    out[entry.slice(0, at).trim()] = f.map === 'number' ? convert({ ...f, kind: 'number' }, value) : value;
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
  if (f.map) return 'name=value, repeatable';
  if (f.kind === 'json') return f.list ? 'JSON array or comma-separated list' : 'JSON';
  return f.kind === 'boolean' ? 'true or false' : f.kind;
}

function camel(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
