/**
 * Writes the SDK's plain TypeScript face of the contract: named interfaces for every model,
 * params and list query (`types.d.ts`), the route table without zod (`routes.ts`; the routes the
 * client itself calls are in `client-routes.ts`), and the published declarations of
 * `@nimbus/sdk/contract` in terms of those types (`contract.d.ts`).
 * The build publishes both declaration files as written (one line per endpoint, where TypeScript
 * re-printed each endpoint's config over ten lines).
 * The types file imports nothing: the SDK's root entries re-export it as types only (`export
 * type *`), so a consumer's type check never loads zod's declarations. A schema whose type has
 * its own name (`Instance`) is declared in `contract.d.ts` as a value of that name beside an
 * alias of the type (`export type Instance = T.Instance`).
 * The SDK's resources use only the types and the routes, so consumers neither load the
 * contract's declarations to read a signature nor bundle zod to make a call. Run by
 * `scripts/generate-sdk-types.mjs` (the SDK's build runs it); a test regenerates and diffs.
 */

import { type Endpoint, isEndpoint } from '../contract/define';
import * as contractModule from '../contract/index';
import { secretsOf } from '../contract/secrets';

type Mode = 'input' | 'output';

/** A zod schema seen through its internals (the public types do not expose `def`). */
interface Schema {
  _zod: { def: Def; optin?: 'optional' | 'defaulted'; optout?: 'optional' };
  description?: string;
}

interface Def {
  type: string;
  [key: string]: unknown;
}

/** A declared type: the schema, its exported name, and whether it is what callers send or receive. */
interface Declaration {
  name: string;
  schema: Schema;
  mode: Mode;
  /** Printed without field comments: the other side of a type whose comments are already printed. */
  undocumented?: boolean;
}

export interface GeneratedFiles {
  'types.d.ts': string;
  'routes.ts': string;
  'client-routes.ts': string;
  'contract.d.ts': string;
  /** Beside the contract's modules, an entry of the package like them. */
  '../contract/operation-routes.ts': string;
}

/** Runtime constants of the contract that the SDK needs, copied so the SDK does not load zod for them. */
const copied = { VIDEO_EVENT_STREAM_PATH: contractModule.VIDEO_EVENT_STREAM_PATH };

const HEADER = '// Generated from the contract by scripts/generate-sdk-types.mjs. Do not edit.\n';

export function generateSdkTypes(): GeneratedFiles {
  const operations = contractModule.operations();
  const declarations = withOtherModes(declare(operations));
  const printer = new Printer(declarations);
  const merged = mergedSchemas(printer);
  return {
    'types.d.ts': printer.typesModule(),
    'routes.ts': routesModule(operations, printer),
    'client-routes.ts': clientRoutesModule(operations, printer),
    'contract.d.ts': contractTypesModule(new Printer(declarations, 'T.'), merged),
    '../contract/operation-routes.ts': operationRoutesModule(operations),
  };
}

/** The names `types.d.ts` gives an operation's parts, as the generated resource methods use them. */
export interface OperationTypes {
  /** What callers pass as the query (before defaults), when the operation takes one. */
  query?: string;
  body?: string;
  /** What a call yields: a record, or one item of a list. */
  response: string;
  /** One item of a /v2 or control list, whose answer is `{ items, next_cursor? }` (no cursor: one page). */
  item?: string;
  /** Path parameters whose type has a name (`DocsAssetName`); the others are strings. */
  params: Record<string, string>;
}

/** Names the parts of each operation with the types file's names (`generateSdkTypes()`'s). */
export function operationTypeNames(): (endpoint: Endpoint) => OperationTypes {
  const printer = new Printer(withOtherModes(declare(contractModule.operations())));
  const input = (schema: unknown) =>
    schema === undefined ? undefined : printer.type(schema as Schema, 'input', 0);
  return (endpoint) => ({
    query: input(endpoint.query),
    body: input(endpoint.body),
    response: printer.response(endpoint),
    // /v1 lists page by offset (`list: true`); the others answer `{ items }`, with a cursor when paged.
    item: endpoint.api !== 'v1' ? itemOf(endpoint.response as unknown as Schema, printer) : undefined,
    params: namedParams(endpoint.params as unknown as Schema | undefined, printer),
  });
}

function namedParams(params: Schema | undefined, printer: Printer): Record<string, string> {
  const shape = (params?._zod.def.shape ?? {}) as Record<string, Schema>;
  const named = Object.entries(shape).map(([key, field]) => [key, printer.type(field, 'input', 0)] as const);
  return Object.fromEntries(named.filter(([, type]) => /^[A-Z]\w*$/.test(type)));
}

function itemOf(response: Schema, printer: Printer): string | undefined {
  const items = (response._zod.def.shape as Record<string, Schema> | undefined)?.items;
  if (items?._zod.def.type !== 'array') return undefined;
  return printer.type(items._zod.def.element as Schema, 'output', 0);
}

/** Whether a caller may leave out the whole query: each of its fields may be left out. */
export function queryOptional(endpoint: Endpoint): boolean {
  const shape = (endpoint.query as unknown as Schema | undefined)?._zod.def.shape as
    | Record<string, Schema>
    | undefined;
  return Object.values(shape ?? {}).every((field) => field._zod.optin !== undefined);
}

/** The names of `types.d.ts` a printed type uses (TypeScript's own left out). */
export function typeNames(printed: string): string[] {
  return (printed.match(/\b[A-Z]\w*/g) ?? []).filter((name) => !['Record', 'Array', 'Date'].includes(name));
}

/**
 * The contract's schemas declared in the types file, by name: those whose parsed type is
 * declared there under the schema's own name. The others (`Uuid` is a `string`, `AuthLoginBody` a
 * `AuthLoginParams`) keep a type alias in the contract's declarations.
 */
function mergedSchemas(printer: Printer): Map<string, Schema> {
  const merged = new Map<string, Schema>();
  for (const [name, value] of contractExports()) {
    if (isSchema(value) && printer.type(value, 'output', 0) === name) merged.set(name, value);
  }
  return merged;
}

/** Path parameters and queries stay `z.ZodObject`s: the CLI's flags and the server read `.shape`. */
function objectParts(): Set<unknown> {
  const parts = new Set<unknown>();
  for (const { endpoint } of contractModule.operations()) parts.add(endpoint.params).add(endpoint.query);
  return parts;
}

/**
 * `zodObject()` in terms of an object's parsed and input types, for the types file: the zod
 * flags that make a field `Optional` or `Defaulted` are the ones that put `?` in the interfaces.
 */
const SHAPE = [
  "/** A query or path schema's `.shape`: `Optional` where both forms may lack a field, `Defaulted` where callers only. */",
  'type Shape<Out, In> = {',
  '  [K in keyof Out & keyof In]-?: {} extends Pick<Out, K>',
  '    ? Optional<Exclude<Out[K], undefined>, Exclude<In[K], undefined>>',
  '    : {} extends Pick<In, K>',
  '      ? Defaulted<Out[K], Exclude<In[K], undefined>>',
  '      : z.ZodType<Out[K], In[K]>;',
  '};\n',
];

/** The field types of `zodObject()`, private to each declaration file that uses them. */
const FIELD_WRAPPERS = [
  '/** A query or path field that may be left out; `Defaulted`, one filled in when left out. */',
  'type Optional<Output, Input = Output> = z.ZodOptional<z.ZodType<Output, Input>>;',
  'type Defaulted<Output, Input = Output> = z.ZodDefault<z.ZodType<Output, Input>>;\n',
];

/** The contract's exports by name: module namespaces list them in different orders per loader. */
function contractExports(): [string, unknown][] {
  return Object.entries(contractModule).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/**
 * Chooses a name and a mode for every schema: exported names as declared, except that a body
 * or query becomes `...Params` (what callers pass, before defaults); schemas used only as path
 * parameters are left out, since methods take those as plain arguments.
 */
function declare(operations: contractModule.Operation[]): Declaration[] {
  const exported = new Map<Schema, string[]>();
  for (const [name, value] of contractExports()) {
    if (!isSchema(value)) continue;
    exported.set(value, [...(exported.get(value) ?? []), name]);
  }

  const inputs = new Set<Schema>();
  const outputs = new Set<Schema>();
  const anonymous: Declaration[] = [];
  for (const { id, endpoint } of operations) {
    const base = typeNameOf(id);
    for (const part of ['query', 'body'] as const) {
      const schema = endpoint[part] as unknown as Schema | undefined;
      if (!schema) continue;
      if (exported.has(schema)) inputs.add(schema);
      else anonymous.push({ name: `${base}Params`, schema, mode: 'input' });
    }
    const response = endpoint.response as unknown as Schema;
    if (exported.has(response)) outputs.add(response);
    else if (response._zod.def.type === 'object') {
      anonymous.push({ name: `${base}Response`, schema: response, mode: 'output' });
    }
  }
  const pathOnly = new Set<Schema>();
  for (const { endpoint } of operations) {
    const params = endpoint.params as unknown as Schema | undefined;
    if (params && !inputs.has(params) && !outputs.has(params)) pathOnly.add(params);
  }

  const declarations: Declaration[] = [];
  for (const [schema, names] of exported) {
    if (pathOnly.has(schema)) continue;
    const mode: Mode = inputs.has(schema) && !outputs.has(schema) ? 'input' : 'output';
    for (const name of names)
      declarations.push({ name: mode === 'input' ? paramsName(name) : name, schema, mode });
    if (inputs.has(schema) && outputs.has(schema)) {
      declarations.push({ name: paramsName(`${names[0]}Body`), schema, mode: 'input' });
    }
  }
  declarations.push(...anonymous);
  return declarations;
}

function unique(declarations: Declaration[]): Declaration[] {
  const seen = new Set<string>();
  for (const { name } of declarations) {
    if (seen.has(name)) throw new Error(`Two contract types would both be called ${name}`);
    seen.add(name);
  }
  return declarations;
}

/**
 * Names the other side of every exported schema whose input and output differ (defaults,
 * transforms): a body's parsed form keeps the contract's name (`InstanceCreateBody`), a
 * model's input form is `...Params`. The contract's declarations refer to both.
 */
function withOtherModes(declarations: Declaration[]): Declaration[] {
  const printer = new Printer(declarations);
  const exported = new Map<Schema, string>();
  for (const [name, value] of contractExports()) {
    if (isSchema(value) && !exported.has(value)) exported.set(value, name);
  }
  const declaredModes = new Map<Schema, Set<Mode>>();
  for (const { schema, mode } of declarations) {
    declaredModes.set(schema, (declaredModes.get(schema) ?? new Set<Mode>()).add(mode));
  }
  const extra: Declaration[] = [];
  for (const [schema, modes] of declaredModes) {
    const name = exported.get(schema);
    if (!name || modes.size === 2) continue;
    const other: Mode = modes.has('input') ? 'output' : 'input';
    if (printer.type(schema, other, 0) === printer.type(schema, other === 'input' ? 'output' : 'input', 0))
      continue;
    const otherName = other === 'output' ? name : paramsName(name.replace(/Input$/, ''));
    extra.push({ name: otherName, schema, mode: other, undocumented: true });
  }
  return unique([...declarations, ...extra]);
}

/** `InstanceCreateBody` -> `InstanceCreateParams`, `InstanceListQuery` -> `InstanceListParams`. */
function paramsName(name: string): string {
  return `${name.replace(/(Body|Query)$/, '')}Params`;
}

/**
 * The type name of an operation's input or answer: its resources in the singular, then its verb
 * (`v1.databases.replicas.create` -> `DatabaseReplicaCreate`, `mock.clock.advance` ->
 * `MockClockAdvance`). /v1 and /v2 names carry no prefix; the control routes carry `Mock`.
 */
export function typeNameOf(operationId: string): string {
  const [api, ...parts] = operationId.split('.');
  const verb = parts.pop()!;
  const words = [...(api === 'mock' ? ['mock'] : []), ...parts.map(singular), verb];
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** `policies` -> `policy`, `databases` -> `database`; `status` and `billing` stay. */
export function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ss|us)$/.test(word) || !word.endsWith('s')) return word;
  return word.slice(0, -1);
}

/** Prints schemas as TypeScript, referring to declared names wherever the type is the same. */
class Printer {
  readonly #declarations: Declaration[];
  /** The first declaration of each schema per mode: what references to it print. */
  readonly #names = new Map<Schema, Map<Mode, Declaration>>();
  readonly #inline = new Map<Schema, Map<Mode, string>>();
  #fieldDocs = true;

  /** Put before every declared name this printer refers to (`T.` where the types are a namespace). */
  readonly #prefix: string;

  constructor(declarations: Declaration[], prefix = '') {
    this.#declarations = declarations;
    this.#prefix = prefix;
    for (const declaration of declarations) {
      const byMode = this.#names.get(declaration.schema) ?? new Map<Mode, Declaration>();
      if (!byMode.has(declaration.mode)) byMode.set(declaration.mode, declaration);
      this.#names.set(declaration.schema, byMode);
    }
  }

  /** The named types: plain TypeScript, no zod (the schemas are declared in `contract.d.ts`). */
  typesModule(): string {
    const out = [HEADER];
    const codes = Object.values(contractModule.ErrorCode).map((code) => `'${code}'`);
    out.push(`/** Error codes (docs/decisions/0002-v1-envelopes-and-errors.md, 0006-video-service.md). */`);
    out.push(`export type ErrorCode =\n  | ${codes.join('\n  | ')};\n`);
    for (const declaration of this.#declarations) out.push(this.#declare(declaration));
    return out.join('\n');
  }

  /** A merged schema's type: `z.ZodObject` of its fields for path and query objects, else `z.ZodType`. */
  schemaType(schema: Schema, parts: Set<unknown>): string {
    return parts.has(schema) ? this.#shaped(schema) : this.zodType(schema);
  }

  /** The type of what a call of `endpoint` yields (one item for a list). */
  response(endpoint: Endpoint): string {
    return this.type(endpoint.response as unknown as Schema, 'output', 0);
  }

  /** `z.ZodType<Output, Input>`: what parsing with the schema takes and gives, without zod's own layers. */
  zodType(schema: Schema): string {
    return `z.ZodType<${this.#parsing(schema)}>`;
  }

  /** `Output`, or `Output, Input` when parsing changes the type. */
  #parsing(schema: Schema): string {
    const output = this.type(schema, 'output', 0);
    const input = this.type(schema, 'input', 0);
    return input === output ? output : `${output}, ${input}`;
  }

  /**
   * An object schema as `z.ZodObject` of light fields: keeps `.shape` (the CLI's flags and the
   * server's query parsing read it) and the optional keys, each field a `z.ZodType` (`Optional`, `Defaulted`).
   */
  zodObject(schema: Schema): string {
    const fields = Object.entries(schema._zod.def.shape as Record<string, Schema>).map(([key, field]) => {
      const optionalOut = field._zod.optout === 'optional';
      const inner = optionalOut || field._zod.optin ? unwrapOptional(field, 'input') : field;
      const wrapped = optionalOut
        ? `Optional<${this.#parsing(inner)}>`
        : field._zod.optin
          ? `Defaulted<${this.#parsing(inner)}>`
          : this.zodType(inner);
      return `${propertyKey(key)}: ${wrapped}`;
    });
    return `z.ZodObject<{ ${fields.join('; ')} }>`;
  }

  /**
   * An object schema as `z.ZodObject` of the `Shape` its declared forms imply: `zodObject()`
   * without restating the fields (one declaration serves both forms when parsing changes nothing).
   */
  #shaped(schema: Schema): string {
    const names = this.#names.get(schema);
    const output = names?.get('output') ?? names?.get('input');
    const input = names?.get('input');
    if (!output || !input || schema._zod.def.catchall) return this.zodObject(schema);
    return `z.ZodObject<Shape<${this.#prefix}${output.name}, ${this.#prefix}${input.name}>>`;
  }

  #declare({ name, schema, mode, undocumented }: Declaration): string {
    const doc = docComment(schema.description, '');
    const first = this.#names.get(schema)?.get(mode);
    if (first && first.name !== name) return `${doc}export type ${name} = ${first.name};\n`;
    this.#fieldDocs = !undocumented;
    try {
      if (schema._zod.def.type !== 'object')
        return `${doc}export type ${name} = ${this.#print(schema, mode, 0)};\n`;
      const parsed = mode === 'output' ? this.#parsedFrom(schema) : undefined;
      if (parsed) {
        const body = this.#object(schema._zod.def, mode, 0, (key) => parsed.filled.has(key));
        return `${doc}export interface ${name} extends ${parsed.input.name} ${body === 'Record<string, never>' ? '{}' : body}\n`;
      }
      const base = this.#baseOf(schema, mode);
      if (!base) return `${doc}export interface ${name} ${this.#print(schema, mode, 0)}\n`;
      const inherited = new Set(Object.keys(base.schema._zod.def.shape as object));
      const body = this.#object(schema._zod.def, mode, 0, (key) => !inherited.has(key));
      return `${doc}export interface ${name} extends ${base.name} ${body}\n`;
    } finally {
      this.#fieldDocs = true;
    }
  }

  /**
   * When the parsed form of `schema` is its input form with defaults filled in (`image?` becomes
   * `image`, every other field the same), the input's declaration and the filled keys: the parsed
   * form is printed as `extends` the input instead of restating every field. Undefined when a
   * field's type changes on parsing (a transform).
   */
  #parsedFrom(schema: Schema): { input: Declaration; filled: Set<string> } | undefined {
    const input = this.#names.get(schema)?.get('input');
    if (!input) return undefined;
    const shape = schema._zod.def.shape as Record<string, Schema>;
    const catchall = schema._zod.def.catchall as Schema | undefined;
    if (catchall && this.type(catchall, 'input', 1) !== this.type(catchall, 'output', 1)) return undefined;
    const filled = new Set<string>();
    for (const [key, field] of Object.entries(shape)) {
      const optionalIn = field._zod.optin !== undefined;
      const optionalOut = field._zod.optout === 'optional';
      const typeIn = this.type(optionalIn ? unwrapOptional(field, 'input') : field, 'input', 1);
      const typeOut = this.type(optionalOut ? unwrapOptional(field, 'output') : field, 'output', 1);
      if (typeIn !== typeOut || (optionalOut && !optionalIn)) return undefined;
      if (optionalIn && !optionalOut) filled.add(key);
    }
    return { input, filled };
  }

  /**
   * The declared object whose fields `schema` took over as they are (zod's `.extend()`, e.g.
   * `ProjectRecord` or `PageParams`), the one with most fields: printed as `extends` it. When two
   * names hold the same fields, the shorter is the general one (`PageParams`, not `IamRoleListParams`).
   */
  #baseOf(schema: Schema, mode: Mode): Declaration | undefined {
    const shape = schema._zod.def.shape as Record<string, Schema>;
    let best: Declaration | undefined;
    let bestSize = 0;
    for (const [candidate, byMode] of this.#names) {
      const declared = byMode.get(mode);
      if (!declared || candidate === schema || candidate._zod.def.type !== 'object') continue;
      if (candidate._zod.def.catchall !== schema._zod.def.catchall) continue;
      const keys = Object.entries(candidate._zod.def.shape as Record<string, Schema>);
      const own = Object.keys(shape).length;
      if (keys.length < bestSize || keys.length >= own) continue;
      if (keys.length === bestSize && best && best.name.length <= declared.name.length) continue;
      if (keys.every(([key, field]) => shape[key] === field)) {
        best = declared;
        bestSize = keys.length;
      }
    }
    return best;
  }

  /** A reference to a declared name when one prints the same type, else the type written out. */
  type(schema: Schema, mode: Mode, depth: number): string {
    // `string` reads better in a hover than an alias of it such as `Uuid`.
    if (PRIMITIVES.has(schema._zod.def.type) && !isEnumLike(schema)) return this.#print(schema, mode, depth);
    const declared = this.#names.get(schema);
    const same = declared?.get(mode);
    if (same) return this.#prefix + same.name;
    const other = declared?.get(mode === 'input' ? 'output' : 'input');
    if (other && this.#inlined(schema, mode) === this.#inlined(schema, other.mode)) {
      return this.#prefix + other.name;
    }
    return this.#print(schema, mode, depth);
  }

  /** The type written out without comments, to compare the two sides of a schema. */
  #inlined(schema: Schema, mode: Mode): string {
    const byMode = this.#inline.get(schema) ?? new Map<Mode, string>();
    this.#inline.set(schema, byMode);
    let printed = byMode.get(mode);
    if (printed === undefined) {
      const fieldDocs = this.#fieldDocs;
      this.#fieldDocs = false;
      printed = this.#print(schema, mode, 0);
      this.#fieldDocs = fieldDocs;
      byMode.set(mode, printed);
    }
    return printed;
  }

  #print(schema: Schema, mode: Mode, depth: number): string {
    const def = schema._zod.def;
    const inner = (key: string) => this.type(def[key] as Schema, mode, depth);
    switch (def.type) {
      case 'string':
        return 'string';
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'bigint':
        return 'bigint';
      case 'date':
        return 'Date';
      case 'null':
        return 'null';
      case 'undefined':
        return 'undefined';
      case 'void':
        return 'void';
      case 'any':
        return 'any';
      case 'unknown':
      case 'custom':
        return 'unknown';
      case 'never':
        return 'never';
      case 'literal':
        return (def.values as unknown[]).map((value) => JSON.stringify(value)).join(' | ');
      case 'enum':
        return Object.values(def.entries as Record<string, unknown>)
          .map((value) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value)))
          .join(' | ');
      case 'array':
        return arrayOf(inner('element'));
      case 'object':
        return this.#object(def, mode, depth);
      case 'record':
        return `Record<${inner('keyType')}, ${inner('valueType')}>`;
      case 'union':
        return (def.options as Schema[]).map((option) => this.type(option, mode, depth)).join(' | ');
      case 'intersection':
        return `${inner('left')} & ${inner('right')}`;
      case 'tuple':
        return `[${(def.items as Schema[]).map((item) => this.type(item, mode, depth)).join(', ')}]`;
      case 'nullable':
        return `${inner('innerType')} | null`;
      case 'optional':
        return `${inner('innerType')} | undefined`;
      // A default fills in what the caller left out: optional on the way in, present on the way out.
      case 'default':
      case 'prefault':
        return mode === 'input' ? `${inner('innerType')} | undefined` : inner('innerType');
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return inner('innerType');
      case 'pipe':
        // A codec (`BooleanQuery`): its `in` is the wire's text, and SDK callers pass the decoded
        // value, which the SDK writes as that text (String(true) is 'true').
        if (mode === 'input' && def.reverseTransform !== undefined)
          return this.type(def.out as Schema, mode, depth);
        return this.type(def[mode === 'input' ? 'in' : 'out'] as Schema, mode, depth);
      case 'transform':
        return 'unknown';
      case 'lazy':
        return this.type((def.getter as () => Schema)(), mode, depth);
      default:
        throw new Error(`No TypeScript rendering for zod type "${def.type}"`);
    }
  }

  #object(def: Def, mode: Mode, depth: number, include: (key: string) => boolean = () => true): string {
    const indent = '  '.repeat(depth + 1);
    const lines: string[] = [];
    for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
      if (!include(key)) continue;
      // A defaulted field may be left out by callers (`optin`), and is always there in answers.
      const optional = mode === 'input' ? field._zod.optin !== undefined : field._zod.optout === 'optional';
      const type = this.type(optional ? unwrapOptional(field, mode) : field, mode, depth + 1);
      if (this.#fieldDocs) lines.push(docComment(describedAs(field), indent));
      lines.push(`${indent}${propertyKey(key)}${optional ? '?' : ''}: ${type};\n`);
    }
    const catchall = def.catchall as Schema | undefined;
    if (catchall && catchall._zod.def.type !== 'never') {
      lines.push(`${indent}[key: string]: ${this.type(catchall, mode, depth + 1)};\n`);
    }
    if (lines.length === 0) return 'Record<string, never>';
    return `{\n${lines.join('')}${'  '.repeat(depth)}}`;
  }
}

const PRIMITIVES = new Set(['string', 'number', 'boolean', 'bigint', 'null', 'undefined', 'void', 'unknown']);

function isEnumLike(schema: Schema): boolean {
  return schema._zod.def.type === 'enum' || schema._zod.def.type === 'literal';
}

/** `?:` already says "may be absent", so an optional field's own `| undefined` is dropped. */
function unwrapOptional(field: Schema, mode: Mode): Schema {
  const { def } = field._zod;
  const wraps =
    def.type === 'optional' || (mode === 'input' && (def.type === 'default' || def.type === 'prefault'));
  return wraps ? (def.innerType as Schema) : field;
}

/** A field's description, looked for through the wrappers `.optional()` and `.default()` add. */
function describedAs(schema: Schema): string | undefined {
  let current: Schema | undefined = schema;
  while (current) {
    if (current.description) return current.description;
    const def: Def = current._zod.def;
    current = ['optional', 'nullable', 'default', 'prefault'].includes(def.type)
      ? (def.innerType as Schema)
      : undefined;
  }
  return undefined;
}

function docComment(text: string | undefined, indent: string): string {
  if (!text) return '';
  return `${indent}/** ${text.replaceAll('*/', '*\\/')} */\n`;
}

function arrayOf(type: string): string {
  return /^[\w.]+$/.test(type) ? `${type}[]` : `Array<${type}>`;
}

function propertyKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`;
}

/** Only what `request()` needs to send a call and read its answer; the response type rides along. */
const ROUTE_FIELDS = ['method', 'path', 'status', 'auth', 'project', 'list', 'responseKind'] as const;

/**
 * Routes the client itself calls (a session's refresh), by operation id: a module of their own,
 * which the route table imports, so `BaseNimbus` loads them without the table.
 */
const CLIENT_ROUTES: Record<string, string> = { 'v1.auth.refresh': 'refreshRoute' };

function clientRoutesModule(operations: contractModule.Operation[], printer: Printer): string {
  const routes = operations.filter(({ id }) => CLIENT_ROUTES[id] !== undefined);
  const responses = routes.map(({ endpoint }) => printer.response(endpoint));
  const used = new Set(responses.flatMap(typeNames));
  const out = [HEADER, `import type { Route } from '../core/route';`];
  out.push(`import type { ${[...used].sort().join(', ')} } from './types';`, '');
  routes.forEach(({ id, endpoint }, i) => {
    out.push(`export const ${CLIENT_ROUTES[id]} = ${printRoute(id, endpoint)} as Route<${responses[i]}>;`);
  });
  return `${out.join('\n')}\n`;
}

function routesModule(operations: contractModule.Operation[], printer: Printer): string {
  const used = new Set<string>();
  const tree: Record<string, unknown> = {};
  for (const { id, endpoint } of operations) {
    const keys = id.split('.');
    let node = tree;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const response = printer.response(endpoint);
    // A client route is imported whole, its result type with it.
    if (CLIENT_ROUTES[id] === undefined) for (const name of typeNames(response)) used.add(name);
    node[keys.at(-1)!] = { id, endpoint, response };
  }

  const out = [HEADER];
  const imports = [...used].sort();
  out.push(`import type { Route } from '../core/route';`);
  out.push(`import { ${Object.values(CLIENT_ROUTES).sort().join(', ')} } from './client-routes';`);
  if (imports.length > 0) out.push(`import type {\n  ${imports.join(',\n  ')},\n} from './types';`);
  out.push('');
  for (const name of Object.keys(copied) as (keyof typeof copied)[]) {
    out.push(`export const ${name} = ${JSON.stringify(copied[name])};\n`);
  }
  // One constant per API, as in the contract, so `v1.instances.create` reads the same in both.
  for (const [api, node] of Object.entries(tree)) {
    out.push(`export const ${api} = ${printRoutes(node as Record<string, unknown>, 0)};\n`);
  }
  return out.join('\n');
}

/**
 * Every operation as `[id, method, path]`, and the secret fields of those that have any: what
 * the reference server routes by, and redacts its request journal by, before it loads a family.
 */
function operationRoutesModule(operations: contractModule.Operation[]): string {
  const out = [HEADER];
  out.push(`import type { HttpMethod } from './define';`);
  out.push(`import type { EndpointSecrets } from './secrets';`, '');
  out.push('/**');
  out.push(' * Every operation of the contract as `[id, method, path]`, without its schemas: the reference');
  out.push(
    " * server routes a request by this table and loads the family's schemas when a request needs them.",
  );
  out.push(' */');
  out.push(
    'export const OPERATION_ROUTES: readonly (readonly [id: string, method: HttpMethod, path: string])[] = [',
  );
  for (const { id, endpoint } of operations)
    out.push(`  ['${id}', '${endpoint.method}', '${endpoint.path}'],`);
  out.push('];', '');
  out.push(
    '/** The fields each operation marks secret (`secret()` in the contract), for those that mark any. */',
  );
  out.push('export const OPERATION_SECRETS: Readonly<Record<string, EndpointSecrets>> = {');
  for (const { id, endpoint } of operations) {
    const secrets = secretsOf(endpoint);
    if (secrets.body.length + secrets.query.length + secrets.response.length === 0) continue;
    out.push(`  '${id}': ${JSON.stringify(secrets).replaceAll('"', "'")},`);
  }
  out.push('};');
  return `${out.join('\n')}\n`;
}

function printRoutes(node: Record<string, unknown>, depth: number): string {
  const indent = '  '.repeat(depth + 1);
  const lines = Object.entries(node).map(([key, value]) => {
    const leaf = value as { id?: string; endpoint?: Endpoint; response?: string };
    if (leaf.id !== undefined && CLIENT_ROUTES[leaf.id] !== undefined) {
      return `${indent}${propertyKey(key)}: ${CLIENT_ROUTES[leaf.id]},`;
    }
    if (leaf.endpoint && leaf.id && leaf.response !== undefined) {
      return `${indent}${propertyKey(key)}: ${printRoute(leaf.id, leaf.endpoint)} as Route<${leaf.response}>,`;
    }
    return `${indent}${propertyKey(key)}: ${printRoutes(value as Record<string, unknown>, depth + 1)},`;
  });
  return `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}`;
}

function printRoute(id: string, endpoint: Endpoint): string {
  const fields: string[] = [`id: '${id}'`, `api: '${endpoint.api}'`];
  for (const field of ROUTE_FIELDS) {
    const value = endpoint[field];
    if (value !== undefined) fields.push(`${field}: ${JSON.stringify(value).replaceAll('"', "'")}`);
  }
  return `{ ${fields.join(', ')} }`;
}

/**
 * The declarations published for `@nimbus/sdk/contract` (the build's d.ts entry for it): each
 * schema as `z.ZodType` of its named type, each endpoint with only what `client.call()` reads.
 * Written out by TypeScript, zod's own types of the same objects came to a megabyte.
 */
function contractTypesModule(printer: Printer, merged: Map<string, Schema>): string {
  const parts = objectParts();
  const out = [HEADER];
  out.push(`import type { z } from 'zod';`);
  out.push(`import type { Endpoint, EndpointConfig } from '../contract/define';`);
  out.push(`import type * as T from './types';\n`);
  out.push('// Constants, functions and plain types as the contract declares them; the names below replace');
  out.push('// its schemas, endpoint groups and inferred types.');
  out.push(`export * from '../contract/index';\n`);
  out.push(...FIELD_WRAPPERS);
  out.push(...SHAPE);
  out.push('/**');
  out.push(' * An endpoint as declared, answering 200 to a bearer token unless `status` and `auth` say');
  out.push(' * otherwise; `summary` and `family` are documentation, typed loosely.');
  out.push(' */');
  const { status, auth } = ENDPOINT_DEFAULTS;
  out.push(
    `type Declared<C extends Omit<EndpointConfig, 'summary' | 'family' | 'status' | 'auth'> & Partial<EndpointConfig>> = Endpoint<C & { status: C extends { status: infer S } ? S : ${status}; auth: C extends { auth: infer A } ? A : '${auth}'; summary: string; family: string }>;\n`,
  );

  const entries = contractExports();
  const schemaNames = new Map<unknown, string>();
  const nodeNames = new Map<unknown, string>();
  for (const [name, value] of entries) {
    if (isSchema(value)) {
      if (!schemaNames.has(value)) schemaNames.set(value, name);
      // A schema whose parsed type has its own name in the types file is an alias of that name.
      if (merged.has(name)) {
        out.push(`export declare const ${name}: ${printer.schemaType(value, parts)};`);
        out.push(`export type ${name} = T.${name};`);
        continue;
      }
      const type = parts.has(value) ? printer.zodObject(value) : printer.zodType(value);
      out.push(`export declare const ${name}: ${type};`);
      out.push(`export type ${name} = ${printer.type(value, 'output', 0)};`);
    } else if (isNode(value) && !nodeNames.has(value)) nodeNames.set(value, name);
  }
  // A node holding another exported node (`contract.v1` is `v1`) refers to it by name.
  const print = new NodePrinter(printer, schemaNames, nodeNames);
  for (const [value, name] of nodeNames) {
    out.push(`export declare const ${name}: ${print.node(value as Record<string, unknown>, '')};`);
  }
  return `${out.join('\n')}\n`;
}

/** An object of endpoints and nested objects of endpoints, such as `databases` or `v1`. */
function isNode(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || isEndpoint(value) || isSchema(value)) return false;
  const values = Object.values(value);
  return values.length > 0 && values.every((child) => isEndpoint(child) || isNode(child));
}

/** Prints a node of the contract's tree, naming the exported nodes it holds. */
class NodePrinter {
  constructor(
    private readonly printer: Printer,
    private readonly schemaNames: Map<unknown, string>,
    private readonly nodeNames: Map<unknown, string>,
  ) {}

  node(node: Record<string, unknown>, indent: string): string {
    const lines = Object.entries(node).map(([key, child]) => {
      const name = this.nodeNames.get(child);
      const type = isEndpoint(child)
        ? printEndpoint(child, this.printer, this.schemaNames)
        : name
          ? `typeof ${name}`
          : this.node(child as Record<string, unknown>, `${indent}  `);
      return `${indent}  ${propertyKey(key)}: ${type};`;
    });
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
}

/** What most endpoints declare, left out of each endpoint's declaration (`Declared` fills it in). */
const ENDPOINT_DEFAULTS = { status: 200, auth: 'bearer' } as const;

function printEndpoint(e: Endpoint, printer: Printer, schemaNames: Map<unknown, string>): string {
  const named = (schema: unknown) => {
    const name = schemaNames.get(schema);
    return name === undefined ? undefined : `typeof ${name}`;
  };
  const fields: string[] = [`method: '${e.method}'`, `path: '${e.path}'`];
  if (e.status !== ENDPOINT_DEFAULTS.status) fields.push(`status: ${e.status}`);
  if (e.auth !== ENDPOINT_DEFAULTS.auth) fields.push(`auth: '${e.auth}'`);
  for (const flag of ['project', 'list', 'bodyOptional'] as const) if (e[flag]) fields.push(`${flag}: true`);
  if (e.responseKind) fields.push(`responseKind: '${e.responseKind}'`);
  for (const part of ['params', 'query'] as const) {
    const schema = e[part] as unknown as Schema | undefined;
    if (schema) fields.push(`${part}: ${named(schema) ?? printer.zodObject(schema)}`);
  }
  if (e.body) fields.push(`body: ${named(e.body) ?? printer.zodType(e.body as unknown as Schema)}`);
  fields.push(`response: ${named(e.response) ?? printer.zodType(e.response as unknown as Schema)}`);
  return `Declared<{ ${fields.join('; ')} }>`;
}
