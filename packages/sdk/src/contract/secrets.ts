import * as z from 'zod';
import type { EndpointConfig } from './define';

/** What of a field is secret: its whole value, or only the password of the URL it holds. */
export type SecretKind = 'value' | 'url-password';

/**
 * The secret marks. A registry of its own rather than `.meta()`, so the mark stays out of the
 * JSON Schema and OpenAPI documents; clones (`.describe()`, `.min()`) inherit it from their parent.
 */
export const secretMarks = z.registry<{ secret: SecretKind }>();

/**
 * Marks a field as a credential: the request journal, the CLI's `--debug` and the SDK's logger
 * redact it. Declare it where the field is declared; it holds through `.optional()`, `.default()`
 * and `.describe()`. Marks a copy, so a shared schema (`Uuid`) stays unmarked elsewhere.
 */
export function secret<S extends z.ZodType>(schema: S, kind: SecretKind = 'value'): S {
  const marked = schema.clone();
  secretMarks.add(marked, { secret: kind });
  return marked;
}

/** A path in a value: field names, and `*` for every item of an array or value of a record. */
export interface SecretPath {
  readonly path: readonly string[];
  readonly kind: SecretKind;
}

/** The path segment that stands for every item of an array or value of a record. */
export const EACH = '*';

/** Every marked field under `schema`, as paths from its root. */
export function secretPaths(schema: z.core.$ZodType): SecretPath[] {
  const out = new Map<string, SecretPath>();
  walk(schema, [], out, new Set());
  return [...out.values()];
}

function walk(
  schema: z.core.$ZodType,
  path: string[],
  out: Map<string, SecretPath>,
  visiting: Set<z.core.$ZodType>,
): void {
  const mark = secretMarks.get(schema);
  if (mark) {
    out.set(path.join('\0'), { path, kind: mark.secret });
    return;
  }
  // A recursive (lazy) schema is walked once along each path.
  if (visiting.has(schema)) return;
  visiting.add(schema);
  const next = (child: unknown, segment?: string) =>
    walk(child as z.core.$ZodType, segment === undefined ? path : [...path, segment], out, visiting);
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape)) next(child, key);
      if (def.catchall) next(def.catchall, EACH);
      break;
    case 'array':
      next(def.element, EACH);
      break;
    case 'tuple':
      for (const item of def.items) next(item, EACH);
      break;
    case 'record':
    case 'map':
      next(def.valueType, EACH);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
      next(def.innerType);
      break;
    case 'union':
      for (const option of def.options) next(option);
      break;
    case 'intersection':
      next(def.left);
      next(def.right);
      break;
    case 'pipe':
      next(def.in);
      next(def.out);
      break;
    case 'lazy':
      next(def.getter());
      break;
  }
  visiting.delete(schema);
}

/** The marked fields of one endpoint's body, query and response. */
export interface EndpointSecrets {
  readonly body: readonly SecretPath[];
  readonly query: readonly SecretPath[];
  readonly response: readonly SecretPath[];
}

const byEndpoint = new WeakMap<EndpointConfig, EndpointSecrets>();
/** The `?token=` of a `query-token` or `control-page` route: declared by its auth kind, not a query field. */
const QUERY_TOKEN: SecretPath = { path: ['token'], kind: 'value' };

/** The secret paths of `endpoint`, derived on first use and kept. */
export function secretsOf(endpoint: EndpointConfig): EndpointSecrets {
  let found = byEndpoint.get(endpoint);
  if (!found) {
    const query = endpoint.query ? secretPaths(endpoint.query) : [];
    found = {
      body: endpoint.body ? secretPaths(endpoint.body) : [],
      query:
        endpoint.auth === 'query-token' || endpoint.auth === 'control-page' ? [...query, QUERY_TOKEN] : query,
      response: secretPaths(endpoint.response),
    };
    byEndpoint.set(endpoint, found);
  }
  return found;
}

/**
 * A function from a request's method and path to the secrets of the endpoint it calls, or
 * `undefined` when it calls none. The path may carry a prefix (a base URL's path). Literal
 * templates win over templated ones, as in the server's router.
 */
export function secretsLookup(
  operations: readonly { endpoint: EndpointConfig }[],
): (method: string, pathname: string) => EndpointSecrets | undefined {
  return routeSecretsLookup(
    operations.map(({ endpoint }) => ({
      method: endpoint.method,
      path: endpoint.path,
      secrets: () => secretsOf(endpoint),
    })),
  );
}

/** A route and its secrets, found when a request first calls it. */
export interface SecretRoute {
  readonly method: string;
  readonly path: string;
  secrets(): EndpointSecrets;
}

/** `secretsLookup` over routes given without their endpoints (the server's route table). */
export function routeSecretsLookup(
  routes: readonly SecretRoute[],
): (method: string, pathname: string) => EndpointSecrets | undefined {
  const compiled = routes
    .map((route) => {
      const params = route.path.match(/\{\w+\}/g)?.length ?? 0;
      const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
      return { route, params, pattern: new RegExp(`^(?:/.*)?${source}$`) };
    })
    .sort((a, b) => a.params - b.params);
  return (method, pathname) => {
    const found = compiled.find((r) => r.route.method === method && r.pattern.test(pathname));
    return found?.route.secrets();
  };
}

interface SecretTree {
  kind?: SecretKind;
  fields: Map<string, SecretTree>;
}

const trees = new WeakMap<readonly SecretPath[], SecretTree>();

function treeOf(paths: readonly SecretPath[]): SecretTree {
  let tree = trees.get(paths);
  if (!tree) {
    tree = { fields: new Map() };
    for (const { path, kind } of paths) {
      let node = tree;
      for (const segment of path) {
        let child = node.fields.get(segment);
        if (!child) {
          child = { fields: new Map() };
          node.fields.set(segment, child);
        }
        node = child;
      }
      node.kind = kind;
    }
    trees.set(paths, tree);
  }
  return tree;
}

/** The password of a URL with credentials (`rtsp://admin:pass@host`). */
const URL_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:)[^@\s/]*@/i;

/** `url` with the password of its credentials replaced by `***`, as the camera API shows it. */
export function maskUrlPassword(url: string): string {
  return url.replace(URL_PASSWORD, '$1***@');
}

/**
 * A copy of `value` with the fields at `paths` replaced by `replacement` (a URL's password by
 * `***`). Works on any JSON, valid for the endpoint or not: a refused request is journaled too.
 */
export function redactSecrets(value: unknown, paths: readonly SecretPath[], replacement: string): unknown {
  return paths.length === 0 ? value : redactNode(value, treeOf(paths), replacement);
}

function redactNode(value: unknown, node: SecretTree, replacement: string): unknown {
  if (value === null || value === undefined) return value;
  if (node.kind === 'value') return replacement;
  if (node.kind === 'url-password') return typeof value === 'string' ? maskUrlPassword(value) : replacement;
  if (typeof value !== 'object') return value;
  const each = node.fields.get(EACH);
  if (Array.isArray(value)) return each ? value.map((item) => redactNode(item, each, replacement)) : value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const child = node.fields.get(key) ?? each;
    out[key] = child ? redactNode(field, child, replacement) : field;
  }
  return out;
}

/** A query parameter's value as it may be shown: `replacement` for a marked one. */
export function redactQueryValue(
  name: string,
  value: string,
  paths: readonly SecretPath[],
  replacement: string,
): string {
  const node = treeOf(paths).fields.get(name);
  return node ? (redactNode(value, node, replacement) as string) : value;
}
