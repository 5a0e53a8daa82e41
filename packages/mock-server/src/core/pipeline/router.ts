import type { HttpMethod } from '@nimbus/sdk/contract';
import type { OPERATION_ROUTES } from '@nimbus/sdk/contract/generated/operation-routes';

/** One route of the contract's table: an operation id, its method and its path template. */
export type RouteEntry = (typeof OPERATION_ROUTES)[number];

interface CompiledRoute {
  /** The path template, e.g. `/api/v1/instances/{id}`. */
  path: string;
  pattern: RegExp;
  names: string[];
  /** Operation ids by method. */
  byMethod: Map<HttpMethod, string>;
  /** Fewer parameters wins when two templates match the same path. */
  specificity: number;
}

export type RouteMatch =
  | { kind: 'found'; id: string; path: string; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: HttpMethod[] }
  | { kind: 'not-found' };

/** Matches request paths against the contract's path templates, to operation ids. */
export class Router {
  readonly #routes: CompiledRoute[] = [];
  /** Templates without parameters by path: found with one lookup instead of a regex per route. */
  readonly #literal = new Map<string, CompiledRoute>();
  /** Templates with parameters, fewest first. */
  readonly #templated: CompiledRoute[] = [];

  constructor(routes: readonly RouteEntry[]) {
    const byTemplate = new Map<string, CompiledRoute>();
    for (const [id, method, path] of routes) {
      let route = byTemplate.get(path);
      if (!route) {
        const names: string[] = [];
        const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
          names.push(name);
          return '([^/]+)';
        });
        route = {
          path,
          pattern: new RegExp(`^${source}$`),
          names,
          byMethod: new Map(),
          specificity: names.length,
        };
        byTemplate.set(path, route);
        this.#routes.push(route);
      }
      if (route.byMethod.has(method)) throw new Error(`Duplicate route ${method} ${path}`);
      route.byMethod.set(method, id);
    }
    // Literal segments beat parameters: /compliance/evaluate before /compliance/{id}.
    this.#routes.sort((a, b) => a.specificity - b.specificity);
    for (const [path, route] of byTemplate) {
      if (route.specificity === 0) this.#literal.set(path, route);
    }
    this.#templated.push(...this.#routes.filter((route) => route.specificity > 0));
  }

  match(method: string, pathname: string): RouteMatch {
    const allow = new Set<HttpMethod>();
    // A literal template matches one path only, and comes before every templated one.
    const literal = this.#literal.get(pathname);
    if (literal) {
      const id = literal.byMethod.get(method as HttpMethod);
      if (id) return { kind: 'found', id, path: literal.path, params: {} };
      for (const known of literal.byMethod.keys()) allow.add(known);
    }
    for (const route of this.#templated) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      const id = route.byMethod.get(method as HttpMethod);
      if (!id) {
        for (const known of route.byMethod.keys()) allow.add(known);
        continue;
      }
      const params: Record<string, string> = {};
      let decodable = true;
      route.names.forEach((name, i) => {
        try {
          params[name] = decodeURIComponent(m[i + 1]!);
        } catch {
          decodable = false;
        }
      });
      if (!decodable) return { kind: 'not-found' };
      return { kind: 'found', id, path: route.path, params };
    }
    if (allow.size > 0) return { kind: 'method-not-allowed', allow: [...allow] };
    return { kind: 'not-found' };
  }
}
