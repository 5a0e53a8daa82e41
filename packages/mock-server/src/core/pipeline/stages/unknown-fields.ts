import type { Endpoint } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import { unknownFieldPaths } from '@nimbus/sdk/contract/unknown-fields';
import type { z } from 'zod';
import { HttpError } from '../http-error';
import type { Reply, RequestHead } from '../request';
import type { Stage } from '../stage';
import { UNKNOWN_FIELDS_HEADER, warningOf } from '../unknown-fields-header';

/**
 * Fields of `value` that `schema` does not declare, at any depth, as dotted paths (`flavour`,
 * `disks.0.sise`): the contract's `unknownFieldPaths`, which the CLI checks bodies with too.
 */
export function unknownFields(schema: z.core.$ZodType, value: unknown): string[] {
  return unknownFieldPaths(schema, value).map(pathOf);
}

/** A header-safe path: plain names as they are, others percent-encoded (a header is Latin-1 at most). */
function pathOf(segments: string[]): string {
  return segments
    .map((segment) => (/^[\w$-]+$/.test(segment) ? segment : encodeURIComponent(segment)))
    .join('.');
}

/** Requests whose body carried unknown fields, for the header of their answer, whatever it is. */
const unknownByRequest = new WeakMap<RequestHead, string[]>();

/**
 * Checks a request's body for fields its endpoint does not declare: with `strict`, 400
 * `VALIDATION_ERROR` naming each; otherwise they are noted, for `withUnknownFieldsWarning`.
 */
export function checkUnknownFields(
  request: RequestHead,
  endpoint: Endpoint,
  bodyJson: unknown,
  strict: boolean,
): void {
  if (!endpoint.body || bodyJson === undefined) return;
  // The JSON as sent, before the schema stripped what it does not declare: parseInput's, rather
  // than a second JSON.parse of the text on every request with a body.
  const found = unknownFields(endpoint.body, bodyJson);
  if (found.length === 0) return;
  if (strict) {
    throw HttpError.of(
      ErrorCode.VALIDATION_ERROR,
      `Unknown fields: ${found.map((field) => `body.${field}`).join(', ')}`,
      found.map((field) => ({ path: `body.${field}`, message: 'is not a field of this request' })),
      { [UNKNOWN_FIELDS_HEADER]: warningOf(found) },
    );
  }
  unknownByRequest.set(request, found);
}

/** Adds the `Nimbus-Warning` header to the answer of a request that carried unknown fields. */
export function withUnknownFieldsWarning(reply: Reply, request: RequestHead): void {
  const found = unknownByRequest.get(request);
  if (found) reply.headers[UNKNOWN_FIELDS_HEADER] = warningOf(found);
}

/** Stage: body fields the contract does not declare: 400 when strict, else named in a `Nimbus-Warning` header. */
export const unknownFieldsStage: Stage = (exchange) => {
  const { config } = exchange.server.runtime;
  checkUnknownFields(exchange.request, exchange.bound.endpoint, exchange.input!.bodyJson, config.strict);
  return undefined;
};
