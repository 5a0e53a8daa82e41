import type { Endpoint } from '@nimbus/sdk/contract';
import { V1Error, V2Error } from '@nimbus/sdk/contract/common';
import { STATUS_OF_CODE } from '../core/pipeline/http-error';
import { type Finding, shown } from './divergence';
import { isErrorCode } from './error-codes';
import { schemaFindings } from './schema-check';

/** What the body checks need of the exchange besides the endpoint. */
export interface BodyContext {
  endpoint: Endpoint;
  status: number;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
  query: URLSearchParams;
  /** The answer's X-Request-Id. */
  requestId: string | null;
}

/**
 * The body of a JSON answer: the envelope of its API (docs/decisions/0002 for /api/v1, 0006 for
 * /v2), every field against the contract's schema, the error code and the paging of a v1 list.
 */
export function bodyFindings(context: BodyContext): Finding[] {
  const { endpoint, status, body } = context;
  if (status >= 400) return errorFindings(context);
  if (status === 204) {
    return body === undefined
      ? []
      : [{ check: 'envelope', path: '$', expected: 'empty body', actual: shown(body) }];
  }
  if (endpoint.api === 'v2') return schemaFindings(endpoint.response, body, '$');
  return v1SuccessFindings(context);
}

function errorFindings({ endpoint, status, body }: BodyContext): Finding[] {
  const envelope = endpoint.api === 'v1' ? V1Error : V2Error;
  const findings = schemaFindings(envelope, body, '$').map((f): Finding => ({ ...f, check: 'envelope' }));
  const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (typeof code !== 'string') return findings;
  if (!isErrorCode(code)) {
    findings.push({
      check: 'error-code',
      path: '$.error.code',
      expected: "one of the contract's codes",
      actual: shown(code),
    });
  } else if (STATUS_OF_CODE[code] !== status) {
    findings.push({
      check: 'error-code',
      path: '$.error.code',
      expected: `a code answered with ${status}`,
      actual: `${shown(code)} (a ${STATUS_OF_CODE[code]} code)`,
    });
  }
  return findings;
}

function v1SuccessFindings(context: BodyContext): Finding[] {
  const { endpoint, body } = context;
  if (!isObject(body))
    return [{ check: 'envelope', path: '$', expected: '{ success, data, meta }', actual: shown(body) }];
  const findings: Finding[] = [];
  for (const key of Object.keys(body)) {
    if (key !== 'success' && key !== 'data' && key !== 'meta') {
      findings.push({
        check: 'envelope',
        path: `$.${key}`,
        expected: 'no such field',
        actual: shown(body[key]),
      });
    }
  }
  if (body.success !== true) {
    findings.push({ check: 'envelope', path: '$.success', expected: 'true', actual: shown(body.success) });
  }
  findings.push(...metaFindings(context, body.meta));
  if (!endpoint.list) return [...findings, ...schemaFindings(endpoint.response, body.data, '$.data')];
  if (!Array.isArray(body.data)) {
    return [...findings, { check: 'envelope', path: '$.data', expected: 'array', actual: shown(body.data) }];
  }
  body.data.forEach((item, i) => {
    findings.push(...schemaFindings(endpoint.response, item, `$.data[${i}]`));
  });
  return [...findings, ...pageFindings(context, body.data.length, body.meta)];
}

/** `meta`: the request id of the answer, and for a list its paging fields (checked by pageFindings). */
function metaFindings({ endpoint, requestId }: BodyContext, meta: unknown): Finding[] {
  if (!isObject(meta))
    return [{ check: 'envelope', path: '$.meta', expected: 'object', actual: shown(meta) }];
  const findings: Finding[] = [];
  const known = endpoint.list ? ['request_id', 'page', 'per_page', 'total'] : ['request_id'];
  for (const key of Object.keys(meta)) {
    if (!known.includes(key)) {
      findings.push({
        check: 'envelope',
        path: `$.meta.${key}`,
        expected: 'no such field',
        actual: shown(meta[key]),
      });
    }
  }
  if (typeof meta.request_id !== 'string') {
    findings.push({
      check: 'envelope',
      path: '$.meta.request_id',
      expected: 'string',
      actual: shown(meta.request_id),
    });
  } else if (requestId !== null && meta.request_id !== requestId) {
    findings.push({
      check: 'envelope',
      path: '$.meta.request_id',
      expected: `${shown(requestId)} (the X-Request-Id header)`,
      actual: shown(meta.request_id),
    });
  }
  return findings;
}

/** A v1 page: the page and size asked for (or their defaults), and a count that agrees with `total`. */
function pageFindings({ query }: BodyContext, count: number, meta: unknown): Finding[] {
  if (!isObject(meta)) return [];
  const findings: Finding[] = [];
  const asked = { page: askedNumber(query, 'page', 1), per_page: askedNumber(query, 'per_page', 20) };
  for (const field of ['page', 'per_page', 'total'] as const) {
    const value = meta[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < (field === 'total' ? 0 : 1)) {
      findings.push({
        check: 'pagination',
        path: `$.meta.${field}`,
        expected: 'a whole number',
        actual: shown(value),
      });
    } else if (field !== 'total' && asked[field] !== undefined && value !== asked[field]) {
      findings.push({
        check: 'pagination',
        path: `$.meta.${field}`,
        expected: String(asked[field]),
        actual: shown(value),
      });
    }
  }
  const { page, per_page: perPage, total } = meta;
  if (typeof page !== 'number' || typeof perPage !== 'number' || typeof total !== 'number') return findings;
  // Every page but the last is full; the last holds what remains; past it, none.
  const expectedCount = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
  if (count !== expectedCount) {
    findings.push({
      check: 'pagination',
      path: '$.data',
      expected: `${expectedCount} items (page ${page} of ${total} by ${perPage})`,
      actual: `${count} items`,
    });
  }
  return findings;
}

/** The paging value a request asked for; undefined when it asked for one the server refuses. */
function askedNumber(query: URLSearchParams, name: string, fallback: number): number | undefined {
  const given = query.get(name);
  if (given === null) return fallback;
  const value = Number(given);
  return Number.isInteger(value) ? value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
