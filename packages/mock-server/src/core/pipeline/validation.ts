import type { z } from 'zod';
import { HttpError } from './http-error';

/** zod issues as the `details` list of docs/decisions/0002-v1-envelopes-and-errors.md: `{ path, message }`. */
export function issuesToDetails(
  issues: z.core.$ZodIssue[],
  prefix: string,
): { path: string; message: string }[] {
  return issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

/** Parses `value` with `schema`, answering 400 VALIDATION_ERROR naming each bad field. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = issuesToDetails(result.error.issues, where);
  const first = details[0];
  throw HttpError.validation(
    details,
    first ? `${first.path || where}: ${first.message}` : 'Request validation failed',
  );
}
