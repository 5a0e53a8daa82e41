import type { Endpoint, HttpMethod } from '@nimbus/sdk/contract';
import { OPERATION_ROUTES } from '@nimbus/sdk/contract/generated/operation-routes';
import type { Runtime } from '../services/runtime';
import type { Handler, HandlerEntry } from './handler';

/** A resource family: its handlers and what it starts with the server. */
export interface FamilyModule {
  readonly handlers: readonly HandlerEntry[];
  setup?(runtime: Runtime): void;
}

/**
 * A family the server loads, with its contract schemas, on the first request for one of its
 * operations: a server that answers a test file's few requests builds only the schemas they use.
 */
export interface LazyFamily {
  /**
   * The operations it answers, as id prefixes (`v1.instances` answers `v1.instances.create`);
   * the longest prefix that matches an operation wins.
   */
  readonly answers: readonly string[];
  /**
   * Its modules, and any other whose `setup` must have run before its first request (the
   * billing ledger before the first instance is created). A module is set up once.
   */
  load(): Promise<readonly FamilyModule[]>;
}

/** A lazy family of `modules`, each a loader of one module, set up in the order given. */
export function lazyFamily(
  answers: readonly string[],
  ...modules: readonly (() => Promise<FamilyModule>)[]
): LazyFamily {
  return { answers, load: () => Promise.all(modules.map((load) => load())) };
}

/** An operation with what answers it. */
export interface BoundOperation {
  readonly id: string;
  readonly endpoint: Endpoint;
  readonly handler: Handler;
}

const routeKey = (method: HttpMethod, path: string) => `${method} ${path}`;

/** Operation ids by method and path template, from the contract's route table. */
const operationIds = new Map(OPERATION_ROUTES.map(([id, method, path]) => [routeKey(method, path), id]));

/**
 * The families of one server. Modules given as they are start with it; lazy ones load on the
 * first request for one of their operations, or all at once with `loadAll()` (a server whose
 * store holds records or is durable, and before a state import: a record's pending transitions
 * and events need its family's `setup`).
 */
export class Families {
  readonly #runtime: Runtime;
  readonly #bound = new Map<string, BoundOperation>();
  readonly #setUp = new Set<FamilyModule>();
  readonly #familyOf = new Map<string, LazyFamily>();
  readonly #loading = new Map<LazyFamily, Promise<void>>();
  /** Operation ids that have a family. */
  readonly handled: ReadonlySet<string>;

  constructor(families: readonly (FamilyModule | LazyFamily)[], runtime: Runtime) {
    this.#runtime = runtime;
    const byPrefix = new Map<string, LazyFamily>();
    for (const family of families) {
      if ('load' in family) for (const prefix of family.answers) byPrefix.set(prefix, family);
      else this.#add(family);
    }
    for (const [id] of OPERATION_ROUTES) {
      if (this.#bound.has(id)) continue;
      const family = familyAnswering(byPrefix, id);
      if (family) this.#familyOf.set(id, family);
    }
    this.handled = new Set([...this.#bound.keys(), ...this.#familyOf.keys()]);
  }

  /** What answers operation `id`: at once when its family is loaded, else once it is. */
  operation(id: string): BoundOperation | Promise<BoundOperation> {
    return this.#bound.get(id) ?? this.#loadFor(id);
  }

  /** Whether operation `id` can be answered without loading its family first. */
  isLoaded(id: string): boolean {
    return this.#bound.has(id);
  }

  /** Loads every family not loaded yet. */
  async loadAll(): Promise<void> {
    await Promise.all([...new Set(this.#familyOf.values())].map((family) => this.#load(family)));
  }

  async #loadFor(id: string): Promise<BoundOperation> {
    const family = this.#familyOf.get(id);
    if (family) await this.#load(family);
    const bound = this.#bound.get(id);
    if (!bound) throw new Error(`Operation ${id} has no handler in its family`);
    return bound;
  }

  #load(family: LazyFamily): Promise<void> {
    let loading = this.#loading.get(family);
    if (!loading) {
      loading = family.load().then((modules) => {
        for (const module of modules) this.#add(module, family);
      });
      this.#loading.set(family, loading);
    }
    return loading;
  }

  /** Binds a module's handlers and runs its setup, once; `from` is the lazy family that loaded it. */
  #add(module: FamilyModule, from?: LazyFamily): void {
    if (this.#setUp.has(module)) return;
    this.#setUp.add(module);
    for (const [endpoint, handler] of module.handlers) {
      const id = operationIds.get(routeKey(endpoint.method, endpoint.path));
      if (id === undefined)
        throw new Error(`${endpoint.method} ${endpoint.path} is not an operation of the contract`);
      if (this.#bound.has(id)) throw new Error(`${endpoint.method} ${endpoint.path} is bound twice`);
      // Else it would answer only once some other request had loaded this family.
      if (from && this.#familyOf.get(id) !== from)
        throw new Error(`${id} is answered by a family that does not claim it`);
      this.#bound.set(id, { id, endpoint, handler });
    }
    module.setup?.(this.#runtime);
  }
}

/** The family of the longest prefix of `id` (`v1.databases.replicas.create`, `v1.databases.replicas`, ...). */
function familyAnswering(byPrefix: ReadonlyMap<string, LazyFamily>, id: string): LazyFamily | undefined {
  for (let prefix = id; prefix !== ''; prefix = prefix.slice(0, Math.max(prefix.lastIndexOf('.'), 0))) {
    const family = byPrefix.get(prefix);
    if (family) return family;
  }
  return undefined;
}
