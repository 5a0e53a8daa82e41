import { type Endpoint, PageMeta, unknownFieldPaths, V1Error, V2Error } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import type { Exchange } from './http';

/** One thing an exchange got wrong; the operation and request id are added by the caller. */
export interface Finding {
  check: string;
  path: string;
  expected: string;
  actual: string;
}

/** What checking one exchange came to: how many checks ran, and those that failed. */
export interface ExchangeVerdict {
  checks: number;
  findings: Finding[];
}

/** The content types the contract's non-JSON answers come in, by path template. */
const MEDIA_TYPES: Record<string, string> = {
  '/v2/metrics': 'text/plain',
  '/v2/hls/{cam}/{date}/{hour}/index.m3u8': 'application/vnd.apple.mpegurl',
  '/v2/hls/{cam}/{date}/{hour}/{segment}': 'video/mp2t',
  '/v2/hls/{cam}/{date}/{hour}/snapshots/{file}': 'image/jpeg',
};

/**
 * Whether a success answer matches endpoint E of the contract: its status, the request id
 * header, the v1 envelope (and the page fields of a list), and every field of the record
 * against E's schema (missing, extra, wrong type, outside an enum or range).
 */
export function checkSuccess(endpoint: Endpoint, exchange: Exchange): ExchangeVerdict {
  const verdict = new Verdict();
  verdict.expect('status', '', String(endpoint.status), String(exchange.status));
  verdict.expect('header', 'x-request-id', 'present', exchange.requestId ? 'present' : 'missing');
  if (exchange.status !== endpoint.status) return verdict.done();
  const kind = endpoint.responseKind ?? 'json';
  if (endpoint.status === 204) {
    verdict.expect('envelope', '', 'empty body', exchange.text === '' ? 'empty body' : clip(exchange.text));
    return verdict.done();
  }
  if (kind !== 'json') {
    const type = (exchange.headers.get('content-type') ?? 'none').split(';')[0]!.trim();
    const wanted = MEDIA_TYPES[endpoint.path];
    if (wanted) verdict.expect('header', 'content-type', wanted, type);
    return verdict.done();
  }
  if (endpoint.api !== 'v1') {
    verdict.schema(endpoint.response, exchange.body, '');
    return verdict.done();
  }
  const envelope = exchange.body as { success?: unknown; data?: unknown; meta?: Record<string, unknown> };
  if (!envelope || typeof envelope !== 'object') {
    verdict.fail('envelope', '', 'a JSON object', clip(exchange.text));
    return verdict.done();
  }
  verdict.expect('envelope', 'success', 'true', String(envelope.success));
  verdict.expect('envelope', 'meta.request_id', 'a string', typeName(envelope.meta?.request_id));
  if (endpoint.list) {
    if (!Array.isArray(envelope.data)) {
      verdict.fail('envelope', 'data', 'an array', typeName(envelope.data));
      return verdict.done();
    }
    verdict.schema(PageMeta, envelope.meta, 'meta', 'pagination');
    envelope.data.forEach((item, i) => {
      verdict.schema(endpoint.response, item, `data[${i}]`);
    });
  } else {
    verdict.schema(endpoint.response, envelope.data, 'data');
  }
  return verdict.done();
}

/**
 * Whether an error answer is the one the contract names: its status, the error envelope of
 * its API and the error code.
 */
export function checkError(
  endpoint: Pick<Endpoint, 'api'>,
  exchange: Exchange,
  status: number,
  code: string,
): ExchangeVerdict {
  const verdict = new Verdict();
  verdict.expect('status', '', String(status), String(exchange.status));
  verdict.expect('header', 'x-request-id', 'present', exchange.requestId ? 'present' : 'missing');
  const schema = endpoint.api === 'v1' ? V1Error : V2Error;
  if (!schema.safeParse(exchange.body).success) {
    verdict.fail(
      'envelope',
      '',
      endpoint.api === 'v1' ? '{ success: false, error }' : '{ error }',
      clip(exchange.text),
    );
    return verdict.done();
  }
  verdict.pass();
  const actual = (exchange.body as { error: { code: string } }).error.code;
  verdict.expect('error-code', 'error.code', code, actual);
  return verdict.done();
}

/** Findings of `value` against `schema`, each at its path under `at`. */
export function schemaFindings(schema: z.ZodType, value: unknown, at: string, check = 'schema'): Finding[] {
  const findings: Finding[] = [];
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = joinPath(at, issue.path);
      const found = valueAt(value, issue.path);
      findings.push({
        check,
        path,
        expected: expectedOf(issue),
        actual: found === undefined ? 'missing' : clip(JSON.stringify(found)),
      });
    }
  }
  for (const extra of unknownFieldPaths(schema, value)) {
    findings.push({ check, path: joinPath(at, extra), expected: 'no such field', actual: 'present' });
  }
  return findings;
}

class Verdict {
  #checks = 0;
  readonly #findings: Finding[] = [];

  pass(): void {
    this.#checks++;
  }

  fail(check: string, path: string, expected: string, actual: string): void {
    this.#checks++;
    this.#findings.push({ check, path, expected, actual });
  }

  expect(check: string, path: string, expected: string, actual: string): void {
    if (expected === actual) this.pass();
    else this.fail(check, path, expected, actual);
  }

  schema(schema: z.ZodType, value: unknown, at: string, check = 'schema'): void {
    this.#checks++;
    this.#findings.push(...schemaFindings(schema, value, at, check));
  }

  done(): ExchangeVerdict {
    return { checks: this.#checks, findings: this.#findings };
  }
}

function expectedOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected;
    case 'invalid_value':
      return `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `${issue.origin} ${issue.inclusive === false ? '>' : '>='} ${String(issue.minimum)}`;
    case 'too_big':
      return `${issue.origin} ${issue.inclusive === false ? '<' : '<='} ${String(issue.maximum)}`;
    case 'invalid_format':
      return issue.format;
    default:
      return issue.message;
  }
}

function joinPath(at: string, path: readonly PropertyKey[]): string {
  let out = at;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? 'a string' : typeof value;
}

/** Long values are cut: a report is pasted into tickets. */
export function clip(text: string, max = 120): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
