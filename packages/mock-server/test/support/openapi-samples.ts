import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { JSONSchemaFaker } from 'json-schema-faker';

/**
 * Requests built from the PUBLISHED OpenAPI documents (`openapi/*.json`) alone: json-schema-faker
 * proposes values, ajv (a JSON Schema 2020-12 validator) keeps those the document accepts, since
 * the faker ignores `if`/`then`, `not` and some `anyOf`. Neither reads the zod contract.
 */

// biome-ignore lint/suspicious/noExplicitAny: the documents are walked as plain JSON
export type Json = Record<string, any>;

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export const publishedDocuments = {
  v1: JSON.parse(readFileSync(`${repoRoot}openapi/cloud-platform.json`, 'utf8')) as Json,
  v2: JSON.parse(readFileSync(`${repoRoot}openapi/video.json`, 'utf8')) as Json,
};

export interface DocOperation {
  doc: Json;
  method: string;
  path: string;
  operation: Json;
  id: string;
}

export function documentOperations(doc: Json): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      out.push({ doc, method: method.toUpperCase(), path, operation, id: operation.operationId });
    }
  }
  return out;
}

/** A deterministic generator: the same seed gives the same requests on every run. */
export class SampleGenerator {
  readonly #ajv: Ajv2020;
  readonly #validators = new Map<string, (value: unknown) => boolean>();
  #state: number;

  constructor(
    readonly doc: Json,
    seed: number,
  ) {
    this.#state = seed;
    this.#ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(this.#ajv);
    // zod's own formats (not JSON Schema's): the pattern beside them carries the rule.
    for (const format of ['cidrv4', 'cidrv6']) this.#ajv.addFormat(format, true);
    this.#ajv.addSchema({ components: doc.components }, 'doc');
  }

  /** A value `schema` accepts, or undefined after `tries` proposals it refused. */
  sample(schema: Json, tries = 40): unknown {
    const validate = this.#validator(schema);
    for (let i = 0; i < tries; i++) {
      const proposal = this.#propose(schema);
      if (proposal !== undefined && validate(proposal)) return proposal;
    }
    return undefined;
  }

  /** Whether the document accepts `value` for `schema` (responses are checked with it too). */
  accepts(schema: Json, value: unknown): boolean {
    return this.#validator(schema)(value);
  }

  /** The last refusal, in ajv's words. */
  lastErrors(schema: Json): unknown {
    return (this.#validators.get(JSON.stringify(schema)) as unknown as { errors?: unknown })?.errors;
  }

  #validator(schema: Json): (value: unknown) => boolean {
    const key = JSON.stringify(schema);
    let validate = this.#validators.get(key);
    if (!validate) {
      validate = this.#ajv.compile(rebase(schema));
      this.#validators.set(key, validate);
    }
    return validate;
  }

  #propose(schema: Json): unknown {
    const random = () => {
      this.#state = (this.#state * 16_807) % 2_147_483_647;
      return this.#state / 2_147_483_647;
    };
    JSONSchemaFaker.option({
      random,
      alwaysFakeOptionals: false,
      optionalsProbability: 0.5,
      fillProperties: false,
      useDefaultValue: false,
      maxItems: 3,
      maxLength: 40,
      failOnInvalidFormat: false,
    });
    try {
      return withoutOptionalReferences(
        JSONSchemaFaker.generate({ ...schema, components: this.doc.components }) as unknown,
        schema,
        this.doc,
      );
    } catch {
      return undefined;
    }
  }
}

/** Local refs point into the document registered as `doc`. */
function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"doc#/'));
}

/**
 * Drops optional uuid fields at the top of a body (`vpc_id`, `topic_id`...): they name other
 * resources, which a random uuid does not. Required ones stay: their operation is reported.
 */
function withoutOptionalReferences(value: unknown, schema: Json, doc: Json): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const resolved = deref(doc, schema);
  const required = new Set<string>(resolved.required ?? []);
  const out: Json = { ...(value as Json) };
  for (const [name, property] of Object.entries((resolved.properties ?? {}) as Json)) {
    if (!required.has(name) && isUuid(deref(doc, property))) delete out[name];
  }
  return out;
}

const isUuid = (schema: Json) =>
  schema.format === 'uuid' || (schema.type === 'array' && schema.items?.format === 'uuid');

export function deref(doc: Json, node: Json): Json {
  let at = node;
  while (at && typeof at.$ref === 'string') {
    at = at.$ref
      .slice(2)
      .split('/')
      .reduce((into: Json, key: string) => into[key], doc);
  }
  return at;
}
