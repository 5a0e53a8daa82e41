import type { z } from 'zod';
import type { Endpoint } from '../contract/define';
import type { CallableEndpoint } from './endpoint';
import { ResponseValidationError, type ValidationIssue } from './errors';
import { describe } from './response';
import type { Route } from './route';

type Contract = typeof import('../contract/index');

/**
 * Loaded with the first validated response: the contract holds every zod schema, and a client
 * that does not validate (the default) should neither load nor bundle them.
 */
let schemas: Promise<Map<string, z.ZodType>> | undefined;

function loadSchemas(): Promise<Map<string, z.ZodType>> {
  schemas ??= import('../contract/index').then((contract: Contract) => {
    const byId = new Map<string, z.ZodType>();
    for (const { id, endpoint } of contract.operations()) byId.set(id, endpoint.response);
    return byId;
  });
  return schemas;
}

async function responseSchema(target: Route | CallableEndpoint): Promise<z.ZodType> {
  // An endpoint a caller holds is one the contract declared: its response is a zod schema.
  if ('response' in target) return (target as Endpoint).response;
  const schema = (await loadSchemas()).get(target.id);
  if (!schema) throw new TypeError(`No contract endpoint has the operation id ${target.id}`);
  return schema;
}

/**
 * Parses a decoded result with the endpoint's response schema (each item for a list) and
 * returns the parsed value, or throws `ResponseValidationError` listing every mismatch.
 */
export async function validateResponse(
  target: Route | CallableEndpoint,
  data: unknown,
  requestId: string | null,
): Promise<unknown> {
  const schema = await responseSchema(target);
  const operation = describe(target);
  const parse = (value: unknown, prefix: PropertyKey[]) => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
      path: [...prefix, ...issue.path],
      message: issue.message,
    }));
    throw new ResponseValidationError({ operation, issues, requestId });
  };
  if (!target.list) return parse(data, []);
  if (!Array.isArray(data)) {
    throw new ResponseValidationError({
      operation,
      issues: [{ path: [], message: 'expected a list' }],
      requestId,
    });
  }
  return data.map((item, index) => parse(item, [index]));
}
