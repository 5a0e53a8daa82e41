import type { Endpoint } from '@nimbus/sdk/contract';

/** The request as sent: what the contract asks of its path parameters, query and body. */
export interface RequestParts {
  params: Record<string, string>;
  query: URLSearchParams;
  /** The body text, or null when none was sent. */
  body: string | null;
}

/**
 * Whether the request is one the contract accepts (its path parameters, query and body pass their
 * schemas). A request it refuses must be answered 400; one it accepts may still be refused for
 * reasons a schema cannot state (state, permissions, rules across fields).
 */
export function requestConforms(endpoint: Endpoint, request: RequestParts): boolean {
  if (endpoint.params && !endpoint.params.safeParse(request.params).success) return false;
  if (endpoint.query) {
    const query: Record<string, string> = {};
    for (const [key, value] of request.query) if (key !== 'token') query[key] = value;
    if (!endpoint.query.safeParse(query).success) return false;
  }
  if (!endpoint.body) return true;
  const text = request.body ?? '';
  if (text.trim() === '') return endpoint.bodyOptional === true || endpoint.body.safeParse(undefined).success;
  try {
    return endpoint.body.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/** The path parameters of `pathname` for the endpoint's template, or undefined when it does not match. */
export function paramsOf(endpoint: Endpoint, pathname: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = endpoint.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  const match = new RegExp(`^${source}$`).exec(pathname);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1]!);
    });
  } catch {
    return undefined;
  }
  return params;
}
