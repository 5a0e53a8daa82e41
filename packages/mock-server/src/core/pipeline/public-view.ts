import * as z from 'zod';

type Projector = (value: unknown) => unknown;

const cache = new WeakMap<z.ZodType, Projector>();

/**
 * Keeps only the fields a response schema declares, recursively. Stored records carry
 * internal fields (hashes, sealed secrets); the contract's schema is their public view.
 * Compiled once per schema, so it costs a key walk, not a validation.
 */
export function publicView(schema: z.ZodType, value: unknown): unknown {
  let projector = cache.get(schema);
  if (!projector) {
    projector = compile(schema);
    cache.set(schema, projector);
  }
  return projector(value);
}

function compile(schema: z.ZodType): Projector {
  if (schema instanceof z.ZodObject) {
    const entries = Object.entries(schema.shape as Record<string, z.ZodType>).map(
      ([key, child]) => [key, lazy(child)] as const,
    );
    return (value) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [key, project] of entries) {
        const field = (value as Record<string, unknown>)[key];
        if (field !== undefined) out[key] = project()(field);
      }
      return out;
    };
  }
  if (schema instanceof z.ZodArray) {
    const item = lazy(schema.element as z.ZodType);
    return (value) => (Array.isArray(value) ? value.map((v) => item()(v)) : value);
  }
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodReadonly
  ) {
    const unwrapped = schema.unwrap() as z.ZodType;
    // `string | null` and the like keep their value as it is: no wrapper to call per field.
    if (!needsProjection(unwrapped)) return identity;
    const inner = lazy(unwrapped);
    return (value) => (value === null || value === undefined ? value : inner()(value));
  }
  return identity;
}

const identity: Projector = (value) => value;

/** Whether a schema's values may hold fields to strip: objects, arrays, and wrappers of them. */
function needsProjection(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodObject || schema instanceof z.ZodArray) return true;
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodReadonly
  ) {
    return needsProjection(schema.unwrap() as z.ZodType);
  }
  return false;
}

function lazy(schema: z.ZodType): () => Projector {
  let projector: Projector | undefined;
  return () => {
    projector ??= cache.get(schema) ?? compile(schema);
    return projector;
  };
}
