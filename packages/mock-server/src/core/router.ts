import type { Endpoint, HttpMethod, Operation } from '@nimbus/sdk/contract';

interface CompiledRoute {
  pattern: RegExp;
  names: string[];
  byMethod: Map<HttpMethod, Operation>;
  /** Fewer parameters wins when two templates match the same path. */
  specificity: number;
}

export type RouteMatch =
  | { kind: 'found'; operation: Operation; endpoint: Endpoint; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: HttpMethod[] }
  | { kind: 'not-found' };

/** Matches request paths against the contract's path templates. */
export class Router {
  readonly #routes: CompiledRoute[] = [];
  /** Templates without parameters by path: found with one lookup instead of a regex per route. */
  readonly #literal = new Map<string, CompiledRoute>();
  /** Templates with parameters, fewest first. */
  readonly #templated: CompiledRoute[] = [];

  constructor(operations: Operation[]) {
    const byTemplate = new Map<string, CompiledRoute>();
    for (const operation of operations) {
      const { path, method } = operation.endpoint;
      let route = byTemplate.get(path);
      if (!route) {
        const names: string[] = [];
        const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
          names.push(name);
          return '([^/]+)';
        });
        route = { pattern: new RegExp(`^${source}$`), names, byMethod: new Map(), specificity: names.length };
        byTemplate.set(path, route);
        this.#routes.push(route);
      }
      if (route.byMethod.has(method)) throw new Error(`Duplicate route ${method} ${path}`);
      route.byMethod.set(method, operation);
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
      const operation = literal.byMethod.get(method as HttpMethod);
      if (operation) return { kind: 'found', operation, endpoint: operation.endpoint, params: {} };
      for (const known of literal.byMethod.keys()) allow.add(known);
    }
    for (const route of this.#templated) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      const operation = route.byMethod.get(method as HttpMethod);
      if (!operation) {
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
      return { kind: 'found', operation, endpoint: operation.endpoint, params };
    }
    if (allow.size > 0) return { kind: 'method-not-allowed', allow: [...allow] };
    return { kind: 'not-found' };
  }
}
