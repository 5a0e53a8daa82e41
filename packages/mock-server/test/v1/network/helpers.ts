import { APIError } from '@nimbus/sdk';
import { expect } from 'vitest';

/** The error a call fails with; fails the test if the call succeeds or throws something else. */
export async function apiFailure(promise: Promise<unknown>): Promise<APIError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome, 'expected the call to fail').toBeInstanceOf(APIError);
  return outcome as APIError;
}

/** Asserts a 400 VALIDATION_ERROR whose details name `path`, and returns that detail's message. */
export async function expectInvalid(promise: Promise<unknown>, path: string): Promise<string> {
  const error = await apiFailure(promise);
  expect(error.status).toBe(400);
  expect(error.code).toBe('VALIDATION_ERROR');
  const details = error.details as { path: string; message: string }[];
  const detail = details.find((d) => d.path === path);
  expect(detail, `no detail for ${path} in ${JSON.stringify(details)}`).toBeDefined();
  return detail!.message;
}

/** Asserts a 404 NOT_FOUND; with `path`, its details must name that body field. */
export async function expectNotFound(promise: Promise<unknown>, path?: string): Promise<APIError> {
  const error = await apiFailure(promise);
  expect(error.status).toBe(404);
  expect(error.code).toBe('NOT_FOUND');
  if (path) expect(error.details).toEqual([expect.objectContaining({ path })]);
  return error;
}

/** Asserts a 409 with `code` (CONFLICT unless said otherwise). */
export async function expectConflict(promise: Promise<unknown>, code = 'CONFLICT'): Promise<APIError> {
  const error = await apiFailure(promise);
  expect(error.status).toBe(409);
  expect(error.code).toBe(code);
  return error;
}
