import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Turns the contract's zod 4 schemas into fast-check arbitraries of *input* values (what a
 * client sends, before defaults). It covers the schema kinds the contract uses: object, string
 * with length, regex and formats, number and int with bounds, boolean, enum, literal, array,
 * record, optional, default, nullable, union, discriminated union, pipe and lazy.
 *
 * Refinements (`.refine`, `.superRefine`) cannot be generated from. For a leaf that random
 * values rarely satisfy, the converter samples its own arbitrary once (fixed seed) and falls
 * back to `fc.constantFrom` of the samples that passed; where none pass (a webhook URL, a cron
 * line), a field-name hint supplies known-good values. Leaves nothing satisfies are reported
 * by `unsatisfiedLeaves`, so a test can say which fields only ever get invalid values.
 */

export interface ArbitraryOptions {
  /** Known-good values by field name, for fields whose refinements random values never meet. */
  hints?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** Longest generated array or record; keeps requests small. */
  maxItems?: number;
}

type Schema = z.core.$ZodType;
type Def = { type: string } & Record<string, unknown>;
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
}

const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;
const checksOf = (schema: Schema): CheckDef[] =>
  ((defOf(schema).checks as Schema[] | undefined) ?? []).map((c) => c._zod.def as unknown as CheckDef);

/** Leaves (by field name) for which no sampled value passed, across every arbitrary built. */
export const unsatisfiedLeaves = new Set<string>();

const MAX_DEPTH = 8;

/** Leaf arbitraries by schema: shared schemas (Uuid, ResourceName, Region) are sampled once. */
const leaves = new WeakMap<Schema, fc.Arbitrary<unknown>>();

export function arbitraryOf(schema: Schema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return new Builder(options).build(schema, undefined, 0);
}

/** A query object as a URL carries it: every scalar a string, absent keys left out. */
export function queryArbitraryOf(
  schema: Schema,
  options: ArbitraryOptions = {},
): fc.Arbitrary<Record<string, string>> {
  return arbitraryOf(schema, options).map((value) => {
    const out: Record<string, string> = {};
    for (const [key, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
      if (v !== undefined && v !== null) out[key] = Array.isArray(v) ? v.join(',') : String(v);
    }
    return out;
  });
}

class Builder {
  readonly #hints: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  readonly #maxItems: number;

  constructor(options: ArbitraryOptions) {
    this.#hints = options.hints ?? {};
    this.#maxItems = options.maxItems ?? 4;
  }

  build(schema: Schema, field: string | undefined, depth: number): fc.Arbitrary<unknown> {
    const hint = field === undefined ? undefined : this.#hints[field];
    if (hint) return hint;
    if (depth > MAX_DEPTH) return fc.constant(undefined);
    const def = defOf(schema);
    const inner = (key: string) => this.build(def[key] as Schema, field, depth + 1);
    switch (def.type) {
      case 'object':
        return this.#object(def, depth);
      case 'string':
        return this.#leaf(schema, () => stringArbitrary(schema), field);
      case 'number':
        return this.#leaf(schema, () => numberArbitrary(schema), field);
      case 'bigint':
        return fc.bigInt();
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'null':
        return fc.constant(null);
      case 'undefined':
      case 'void':
      case 'never':
        return fc.constant(undefined);
      case 'array':
        return this.#array(schema, def, field, depth);
      case 'tuple':
        return fc.tuple(...(def.items as Schema[]).map((item) => this.build(item, field, depth + 1)));
      case 'record':
        return this.#record(def, field, depth);
      case 'optional':
      case 'default':
      case 'prefault':
        return fc.option(inner('innerType'), { nil: undefined, freq: 4 });
      case 'nullable':
        return fc.option(inner('innerType'), { nil: null, freq: 4 });
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return inner('innerType');
      case 'union':
        return fc.oneof(...(def.options as Schema[]).map((option) => this.build(option, field, depth + 1)));
      case 'intersection':
        return inner('left');
      case 'pipe':
        // A preprocess pipe starts with a transform: generate what comes out of it instead.
        return defOf(def.in as Schema).type === 'transform' ? inner('out') : inner('in');
      case 'lazy':
        return this.build((def.getter as () => Schema)(), field, depth + 1);
      default:
        // unknown, any and the rest: small JSON.
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  #object(def: Def, depth: number): fc.Arbitrary<unknown> {
    const shape = def.shape as Record<string, Schema>;
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const [key, child] of Object.entries(shape)) {
      const optional = child._zod.optin !== undefined;
      // An optional key is either absent or holds a value: generate the value, fc.record drops keys.
      model[key] = this.build(optional ? unwrapOptional(child) : child, key, depth + 1);
      if (!optional) requiredKeys.push(key);
    }
    return fc.record(model, { requiredKeys });
  }

  #array(schema: Schema, def: Def, field: string | undefined, depth: number): fc.Arbitrary<unknown> {
    const checks = checksOf(schema);
    const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
    const exact = checks.find((c) => c.check === 'length_equals')?.length;
    const max = checks.find((c) => c.check === 'max_length')?.maximum ?? minLength + this.#maxItems;
    const maxLength = exact ?? Math.min(max, Math.max(minLength, this.#maxItems));
    const element = this.build(def.element as Schema, field, depth + 1);
    return fc.array(element, { minLength: exact ?? minLength, maxLength });
  }

  #record(def: Def, field: string | undefined, depth: number): fc.Arbitrary<unknown> {
    const keyType = def.keyType as Schema;
    const value = this.build(def.valueType as Schema, field, depth + 1);
    const keyDef = defOf(keyType);
    if (keyDef.type === 'enum') {
      // z.record over an enum needs every key.
      const keys = Object.values(keyDef.entries as Record<string, string>);
      return fc.record(Object.fromEntries(keys.map((key) => [key, value])));
    }
    return fc.dictionary(this.build(keyType, field, depth + 1) as fc.Arbitrary<string>, value, {
      maxKeys: this.#maxItems,
      noNullPrototype: true,
    });
  }

  /** A leaf whose own checks random values may miss: repaired from samples that pass. */
  #leaf(schema: Schema, makeBase: () => fc.Arbitrary<unknown>, field: string | undefined) {
    let leaf = leaves.get(schema);
    if (!leaf) {
      leaf = repaired(schema, makeBase(), field);
      leaves.set(schema, leaf);
    }
    return leaf;
  }
}

function repaired(schema: Schema, base: fc.Arbitrary<unknown>, field: string | undefined) {
  const ok = (value: unknown) => (schema as z.ZodType).safeParse(value).success;
  const samples = fc.sample(base, { numRuns: 80, seed: 7 });
  const good = samples.filter(ok);
  if (good.length === 0) {
    unsatisfiedLeaves.add(field ?? '(unnamed)');
    return base;
  }
  const fallback = fc.constantFrom(...new Set(good));
  return fc.tuple(base, fallback).map(([value, known]) => (ok(value) ? value : known));
}

function unwrapOptional(schema: Schema): Schema {
  const def = defOf(schema);
  return def.type === 'optional' || def.type === 'default' || def.type === 'prefault'
    ? (def.innerType as Schema)
    : schema;
}

const DATES = fc
  .date({
    min: new Date('2000-01-01T00:00:00.000Z'),
    max: new Date('2099-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString());

/** Any code point, lone surrogates included (fast-check's `binary` unit costs seconds to set up). */
const CODE_POINT = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const def = defOf(schema);
  const checks = checksOf(schema);
  switch (def.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'guid':
      return fc.uuid();
    case 'email':
      return fc.stringMatching(/^[a-z][a-z0-9]{0,8}@[a-z]{2,8}\.(?:com|org|net)$/);
    case 'datetime':
      return DATES;
    case 'date':
      return DATES.map((iso) => iso.slice(0, 10));
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    case 'cidrv4':
      return fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 })).map(([ip, bits]) => `${ip}/${bits}`);
    case 'cidrv6':
      return fc.tuple(fc.ipV6(), fc.integer({ min: 0, max: 128 })).map(([ip, bits]) => `${ip}/${bits}`);
    case 'url':
      return fc.webUrl();
  }
  const pattern =
    checks.find((c) => c.check === 'string_format' && c.pattern)?.pattern ??
    (def.pattern instanceof RegExp ? def.pattern : undefined);
  if (pattern) {
    try {
      return fc.stringMatching(pattern);
    } catch {
      // A regex fast-check cannot generate from: plain strings, repaired by the leaf check.
    }
  }
  const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const maxLength = Math.min(
    checks.find((c) => c.check === 'max_length')?.maximum ?? minLength + 40,
    minLength + 40,
  );
  const sized = { minLength, maxLength };
  // Mostly ASCII, some full Unicode (emoji, combining marks) and some raw code points.
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ ...sized, unit: 'grapheme-ascii' }) },
    { weight: 2, arbitrary: fc.string({ ...sized, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ ...sized, unit: CODE_POINT }) },
  );
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const checks = checksOf(schema);
  const lower = checks.find((c) => c.check === 'greater_than');
  const upper = checks.find((c) => c.check === 'less_than');
  const multiple = checks.find((c) => c.check === 'multiple_of')?.value;
  const isInt = checks.some(
    (c) => c.check === 'number_format' && c.format !== 'float32' && c.format !== 'float64',
  );
  if (isInt || multiple !== undefined) {
    let min = Math.ceil(lower?.value ?? Number.MIN_SAFE_INTEGER);
    let max = Math.floor(upper?.value ?? Number.MAX_SAFE_INTEGER);
    if (lower && !lower.inclusive && min === lower.value) min += 1;
    if (upper && !upper.inclusive && max === upper.value) max -= 1;
    if (multiple !== undefined) {
      return fc
        .integer({ min: Math.ceil(min / multiple), max: Math.floor(max / multiple) })
        .map((k) => k * multiple);
    }
    return fc.integer({ min, max });
  }
  return fc.double({
    min: lower?.value ?? -1e15,
    max: upper?.value ?? 1e15,
    minExcluded: lower ? !lower.inclusive : false,
    maxExcluded: upper ? !upper.inclusive : false,
    noNaN: true,
    noDefaultInfinity: true,
  });
}
