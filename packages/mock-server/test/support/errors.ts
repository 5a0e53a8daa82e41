import { APIError } from '@nimbus/sdk';
import { expect } from 'vitest';

/** What an SDK call that failed with an API error looks like to a test. */
export type Failure = APIError & { details?: { path: string; message: string }[] };

/** The error a call fails with; fails the test if the call succeeds or throws something else than an APIError. */
export async function rejection(promise: Promise<unknown>): Promise<Failure> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome, 'expected the call to fail').toBeInstanceOf(APIError);
  return outcome as Failure;
}

/** The field paths of a validation error's details. */
export const paths = (error: Failure) => (error.details ?? []).map((d) => d.path);

/** The `details[].path` values of a validation failure. */
export async function failedPaths(promise: Promise<unknown>): Promise<string[]> {
  const error = await rejection(promise);
  if (error.code !== 'VALIDATION_ERROR')
    throw new Error(`expected VALIDATION_ERROR, got ${error.code}: ${error.message}`);
  return paths(error);
}

/** Asserts a 400 VALIDATION_ERROR whose details name `path`, and returns that detail's message. */
export async function expectInvalid(promise: Promise<unknown>, path: string): Promise<string> {
  const error = await rejection(promise);
  expect(error.status).toBe(400);
  expect(error.code).toBe('VALIDATION_ERROR');
  const details = error.details ?? [];
  const detail = details.find((d) => d.path === path);
  expect(detail, `no detail for ${path} in ${JSON.stringify(details)}`).toBeDefined();
  return detail!.message;
}

/** Asserts a 404 NOT_FOUND; with `path`, its details must name that body field. */
export async function expectNotFound(promise: Promise<unknown>, path?: string): Promise<Failure> {
  const error = await rejection(promise);
  expect(error.status).toBe(404);
  expect(error.code).toBe('NOT_FOUND');
  if (path) expect(error.details).toEqual([expect.objectContaining({ path })]);
  return error;
}

/** Asserts a 409 with `code` (CONFLICT unless said otherwise). */
export async function expectConflict(promise: Promise<unknown>, code = 'CONFLICT'): Promise<Failure> {
  const error = await rejection(promise);
  expect(error.status).toBe(409);
  expect(error.code).toBe(code);
  return error;
}
