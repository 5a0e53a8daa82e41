import type { Endpoint } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import { HttpError } from '../http-error';
import type { QueryParser } from '../query-parser';
import type { BufferedRequest } from '../request';
import type { RequestTarget } from '../request-target';
import type { ParsedInput, Stage } from '../stage';
import { parseOr400 } from '../validation';

/** Deepest accepted request body: far beyond any contract body, far below what recursion survives. */
const MAX_BODY_DEPTH = 64;
const JSON_CONTENT = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Path parameters, query and body, each checked against the endpoint's schema: 400 naming
 * every failing field, 413 past `maxBodyBytes`, 415 for a body that is not JSON.
 */
export async function parseInput(
  request: BufferedRequest,
  target: RequestTarget,
  endpoint: Endpoint,
  routeParams: Record<string, string>,
  queries: QueryParser,
  maxBodyBytes: number,
): Promise<ParsedInput> {
  const params = endpoint.params ? parseOr400(endpoint.params, routeParams, 'path') : undefined;
  const query = endpoint.query ? queries.parse(endpoint.query, target) : undefined;
  if (!endpoint.body) return { params, query, body: undefined, bodyText: '', bodyJson: undefined };
  const raw = await readBody(request, endpoint, maxBodyBytes);
  return {
    params,
    query,
    body: parseOr400(endpoint.body, raw.value, 'body'),
    bodyText: raw.text,
    bodyJson: raw.value,
  };
}

async function readBody(
  request: BufferedRequest,
  endpoint: Endpoint,
  maxBytes: number,
): Promise<{ value: unknown; text: string }> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = readLimited(request, maxBytes);
  if (text.trim() === '') {
    return { value: endpoint.bodyOptional ? {} : undefined, text };
  }
  const type = request.headers.get('content-type');
  if (!type || !JSON_CONTENT.test(type)) {
    throw HttpError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Request bodies must be application/json', {
      content_type: type,
    });
  }
  let value: unknown;
  try {
    // V8's JSON.parse does not recurse, so any nesting parses; what comes after it might not.
    value = JSON.parse(text);
  } catch (error) {
    throw HttpError.of(ErrorCode.INVALID_JSON, `Body is not valid JSON: ${(error as Error).message}`);
  }
  if (!withinDepthWithoutProto(value, MAX_BODY_DEPTH)) {
    throw HttpError.validation(
      [{ path: 'body', message: `must not nest deeper than ${MAX_BODY_DEPTH} levels` }],
      `body: must not nest deeper than ${MAX_BODY_DEPTH} levels`,
    );
  }
  return { value, text };
}

/**
 * Checks the nesting of a parsed body without recursion, and drops every "__proto__" key on the
 * way (JSON.parse keeps it as an own key; a later merge could reach a prototype through it).
 * Deeper bodies are refused: rendering, cloning or saving them recurses and would overflow the stack.
 */
function withinDepthWithoutProto(root: unknown, maxDepth: number): boolean {
  const pending: [unknown, number][] = [[root, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > maxDepth) return false;
    if (Array.isArray(node)) {
      for (const item of node) pending.push([item, depth + 1]);
      continue;
    }
    if (Object.hasOwn(node, '__proto__')) Reflect.deleteProperty(node, '__proto__');
    for (const item of Object.values(node)) pending.push([item, depth + 1]);
  }
  return true;
}

function readLimited(request: BufferedRequest, maxBytes: number): string {
  const bytes = request.bufferedBody;
  if (bytes === null) return '';
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
  return decoder.decode(bytes);
}

const decoder = new TextDecoder();

function tooLarge(maxBytes: number): HttpError {
  return HttpError.of(ErrorCode.PAYLOAD_TOO_LARGE, `Request body is larger than ${maxBytes} bytes`);
}

/** Stage: the path parameters, query and body, parsed and checked against the endpoint's schemas. */
export const inputStage: Stage = async (exchange) => {
  const { queries, runtime } = exchange.server;
  exchange.input = await parseInput(
    exchange.request,
    exchange.target,
    exchange.bound.endpoint,
    exchange.params,
    queries,
    runtime.config.maxBodyBytes,
  );
  return undefined;
};
