import type { Endpoint, Operation } from '@nimbus/sdk/contract';
import * as contract from '@nimbus/sdk/contract';
import * as z from 'zod';

export type JsonSchema = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';
/** Schema kinds worth a name of their own; strings, numbers and wrappers stay inline. */
const NAMED_KINDS = new Set(['object', 'union', 'enum', 'intersection']);

const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The contract's exported schemas by object identity: `Instance`, `InstanceCreateBody`, ... */
function exportedNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  // Sorted, so a schema exported under two names gets the same one whatever the module order.
  // Typed as a record: the namespace's own type is the union of every export, seconds to check.
  for (const [name, value] of Object.entries(contract as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : 1,
  )) {
    if (/^[A-Z]/.test(name) && isZod(value) && NAMED_KINDS.has(value._zod.def.type) && !names.has(value)) {
      names.set(value, name);
    }
  }
  return names;
}

const pascal = (parts: string[]) => parts.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');

/** Suffix of the placeholder name of an input form until `finish` names it. */
const INPUT = '~input';

/**
 * Every body and response schema of the given operations as OpenAPI components, through zod's
 * `z.toJSONSchema` (JSON Schema 2020-12). Bodies are converted as input (defaults make fields
 * optional), responses as output. A schema whose input form differs is a component of its own:
 * under the schema's name when only requests use it, else as `<Name>Input`.
 */
export class ComponentSchemas {
  readonly #registry = z.registry<{ id: string }>();
  /** By component id: output forms, and input forms (`<id>~input`) of the schemas whose input differs. */
  readonly #forms: Record<string, JsonSchema> = {};

  constructor(ops: readonly Operation[], extra: Record<string, z.ZodType> = {}) {
    const named = exportedNames();
    const used = new Set<string>();
    const add = (schema: z.ZodType, fallback: () => string) => {
      if (this.#registry.has(schema)) return;
      let id = named.get(schema) ?? fallback();
      while (used.has(id)) id = `${id}_`;
      used.add(id);
      this.#registry.add(schema, { id });
    };
    for (const [name, schema] of Object.entries(extra)) add(schema, () => name);
    // Named schemas first, so a nested reuse refers to the export's own name.
    for (const [schema, name] of named) add(schema, () => name);
    for (const { id, endpoint } of ops) {
      const parts = id.split('.').slice(1);
      if (endpoint.body) add(endpoint.body, () => `${pascal(parts)}Body`);
      if (isJsonResponse(endpoint)) add(endpoint.response, () => `${pascal(parts)}Response`);
    }
    this.#convert();
  }

  /** `$ref` of a request body (input form). */
  inputRef(schema: z.ZodType): JsonSchema {
    const id = this.#idOf(schema);
    return { $ref: `${REF_PREFIX}${this.#forms[`${id}${INPUT}`] ? `${id}${INPUT}` : id}` };
  }

  /** `$ref` of a response (output form). */
  outputRef(schema: z.ZodType): JsonSchema {
    return { $ref: `${REF_PREFIX}${this.#idOf(schema)}` };
  }

  /**
   * The components that `roots` refer to, directly or through each other, with their final names,
   * and `rename` to apply those names to the refs of `roots`.
   */
  finish(roots: unknown): { schemas: Record<string, JsonSchema>; rename<T>(node: T): T } {
    const reachable = new Set<string>();
    const queue = refsIn(roots);
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (reachable.has(id) || !this.#forms[id]) continue;
      reachable.add(id);
      queue.push(...refsIn(this.#forms[id]));
    }
    const names = new Map<string, string>();
    for (const id of reachable) {
      if (!id.endsWith(INPUT)) continue;
      const base = id.slice(0, -INPUT.length);
      let name = reachable.has(base) ? `${base}Input` : base;
      while (name !== base && this.#forms[name]) name = `${name}_`;
      names.set(id, name);
    }
    const rename = <T>(node: T): T => rewriteRefs(node, (ref) => names.get(ref) ?? ref) as T;
    const schemas = [...reachable]
      .map((id) => [names.get(id) ?? id, rename(this.#forms[id]!)] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return { schemas: Object.fromEntries(schemas), rename };
  }

  #idOf(schema: z.ZodType): string {
    const meta = this.#registry.get(schema);
    if (!meta) throw new Error('schema was not registered');
    return meta.id;
  }

  #convert(): void {
    const convert = (io: 'input' | 'output') =>
      z.toJSONSchema(this.#registry, {
        target: 'draft-2020-12',
        io,
        unrepresentable: 'any',
        uri: (id) => `${REF_PREFIX}${id}`,
      }).schemas as Record<string, JsonSchema>;
    const output: Record<string, JsonSchema> = {};
    const input: Record<string, JsonSchema> = {};
    for (const [id, schema] of Object.entries(convert('output'))) output[id] = clean(schema);
    for (const [id, schema] of Object.entries(convert('input'))) input[id] = clean(schema);

    // A schema needs its own input form when its text differs, or when it refers to one that does.
    const differs = new Set(
      Object.keys(input).filter((id) => JSON.stringify(input[id]) !== JSON.stringify(output[id])),
    );
    for (let grew = true; grew; ) {
      grew = false;
      for (const id of Object.keys(input)) {
        if (!differs.has(id) && refsIn(input[id]).some((ref) => differs.has(ref))) {
          differs.add(id);
          grew = true;
        }
      }
    }
    Object.assign(this.#forms, output);
    for (const id of differs) {
      this.#forms[`${id}${INPUT}`] = rewriteRefs(input[id]!, (ref) =>
        differs.has(ref) ? `${ref}${INPUT}` : ref,
      ) as JsonSchema;
    }
  }
}

export function isJsonResponse(endpoint: Endpoint): boolean {
  return endpoint.status !== 204 && (endpoint.responseKind ?? 'json') === 'json';
}

/** A standalone conversion (path and query parameters): small, so inline. */
export function inlineSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return clean(z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema);
}

/**
 * Drops what does not belong inside an OpenAPI document (`$schema`, `$id`). Response objects keep
 * zod's `additionalProperties: false`: the server answers exactly the declared fields (a field
 * added later comes with a new document version).
 */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function refsIn(node: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(REF_PREFIX)) {
          out.push(child.slice(REF_PREFIX.length));
        } else walk(child);
      }
    }
  };
  walk(node);
  return out;
}

function rewriteRefs(node: unknown, rename: (id: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, rename));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)
        ? [key, `${REF_PREFIX}${rename(value.slice(REF_PREFIX.length))}`]
        : [key, rewriteRefs(value, rename)],
    ),
  );
}
