/**
 * Writes the SDK's resource classes from the contract (`src/generated/resources/`): one class
 * per namespace, one method per operation. A list is a `PagePromise` of its items, any other
 * call an `APIPromise` of its answer; path parameters come first as strings, then the body or
 * the query as one object, then the request options; the JSDoc is the operation's summary and
 * description. What the contract cannot say (polling, sessions, streams) is written by hand in
 * `src/resources/`, as a class that extends the generated one (`EXTENDED`); the generated tree
 * and the client then use that class. Also writes `NimbusResources` (the client's families) and
 * `classes.ts` (every resource class, which the root entries export).
 */

import type { Endpoint } from '../contract/define';
import * as contractModule from '../contract/index';
import { NAMESPACE_SUMMARIES } from '../contract/namespaces';
import { operationTypeNames, queryOptional, singular, typeNames } from './sdk-types';

/** Namespaces the generator leaves to hand-written classes, and why. */
export const NOT_GENERATED: Readonly<Record<string, string>> = {
  // /v2 calls carry the video tenant's token (`video.withToken()`) and page by cursor.
  v2: 'src/resources/v2',
  // The control routes are being renamed to the contract's verbs; generated once they are.
  mock: 'src/resources/mock.ts',
  // OpenAPI documents and the docs site: text and bytes, not records.
  docs: 'src/resources/docs.ts',
};

/**
 * Namespaces with a hand-written extension: namespace id to the module (under `src/`) whose
 * class of the same name extends the generated `...Base` class.
 */
export const EXTENDED: Readonly<Record<string, string>> = {
  'v1.auth': 'resources/v1/auth',
  'v1.instances': 'resources/v1/instances',
  'v1.functions': 'resources/v1/functions',
  'v1.cacheInstances': 'resources/v1/cache-instances',
  'v1.reports': 'resources/v1/reports',
  'v1.loadBalancers': 'resources/v1/load-balancers',
  'v1.databases': 'resources/v1/databases',
  'v1.drPlans': 'resources/v1/dr-plans',
  'v1.clusters': 'resources/v1/clusters',
};

/** Class names that do not follow `className()`'s rule (kept as the SDK has always named them). */
const CLASS_NAMES: Readonly<Record<string, string>> = {
  'v1.apiProducts.subscriptions': 'ApiSubscriptions',
  'v1.cdnProfiles.endpoints': 'CdnEndpoints',
  'v1.databases.pool': 'DatabasePools',
  // `ServiceStatus` is the record's type.
  'v1.serviceStatus': 'ServiceStatusResource',
  'v1.webapps': 'WebApps',
};

/** The argument a nested namespace's methods take for its family's `{id}`, where not `<family>Id`. */
const PARENT_ID_NAMES: Readonly<Record<string, string>> = {
  'v1.apiProducts': 'productId',
  'v1.cdnProfiles': 'profileId',
  'v1.drPlans': 'planId',
};

/** APIs whose name is no part of their classes' names. */
const UNPREFIXED_APIS = new Set(['v1', 'v2']);

const HEADER =
  '// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.\n';

interface Operation {
  verb: string;
  id: string;
  endpoint: Endpoint;
}

interface Namespace {
  /** `v1.databases.replicas` */
  id: string;
  key: string;
  operations: Operation[];
  children: Namespace[];
}

export interface GenerateOptions {
  /** Generate these namespaces too, though `NOT_GENERATED` lists them (`['mock']`). */
  include?: string[];
}

/** File path under `src/generated/resources/` to its text. */
export function generateSdkResources(options: GenerateOptions = {}): Record<string, string> {
  const skipped = Object.keys(NOT_GENERATED).filter((id) => !options.include?.includes(id));
  const tree = namespaceTree(contractModule.operations(), skipped);
  const types = operationTypeNames();
  const files: Record<string, string> = {};
  // An API with operations of its own (the control routes: `mock.reset`) is a family itself.
  const families: Namespace[] = tree.flatMap((api) => (api.operations.length > 0 ? [api] : api.children));
  for (const family of families) files[`${moduleOf(family)}.ts`] = familyModule(family, types);
  files['index.ts'] = resourcesModule(families);
  files['classes.ts'] = classesModule(families);
  return files;
}

/** The operations as a tree of namespaces: one per API (`v1`), holding the families. */
function namespaceTree(operations: contractModule.Operation[], skipped: string[]): Namespace[] {
  const apis: Namespace[] = [];
  for (const { id, endpoint } of operations) {
    // An operation another one duplicates (`billing.budgets.create`) has no method of its own.
    if (endpoint.sameAs !== undefined) continue;
    const keys = id.split('.');
    if (skipped.some((prefix) => id === prefix || id.startsWith(`${prefix}.`))) continue;
    let level = apis;
    let node: Namespace | undefined;
    for (let depth = 0; depth < keys.length - 1; depth++) {
      const key = keys[depth]!;
      node = level.find((child) => child.key === key);
      if (!node) {
        node = { id: keys.slice(0, depth + 1).join('.'), key, operations: [], children: [] };
        level.push(node);
      }
      level = node.children;
    }
    if (!node) throw new Error(`${id}: an operation outside any namespace cannot be a method`);
    node.operations.push({ verb: keys.at(-1)!, id, endpoint });
  }
  return apis;
}

/** A family's module under `generated/resources/`, without `.ts`: `v1/cdn-profiles`, `mock`. */
function moduleOf(family: Namespace): string {
  const [api, ...rest] = family.id.split('.');
  return rest.length === 0 ? kebab(api!) : `${api}/${kebab(family.key)}`;
}

/** `v1.databases.replicas` -> `DatabaseReplicas`: the parents in the singular, then the namespace. */
export function className(id: string): string {
  const override = CLASS_NAMES[id];
  if (override) return override;
  // As the types name them: /v1 and /v2 carry no prefix, the control routes `Mock` (`MockClock`).
  const all = id.split('.');
  const keys = UNPREFIXED_APIS.has(all[0]!) ? all.slice(1) : all;
  const last = keys.pop()!;
  return [...keys.map(singular), last].map(pascal).join('');
}

/** The class the client and the parents use: the hand-written extension where there is one. */
function finalName(id: string): string {
  return className(id);
}

/** The generated class: `...Base` where a hand-written one extends it. */
function generatedName(id: string): string {
  return EXTENDED[id] ? `${className(id)}Base` : className(id);
}

function pascal(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function kebab(word: string): string {
  return word.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Every namespace of `family`, parents after children (a class is declared before its use). */
function flatten(family: Namespace): Namespace[] {
  return [...family.children.flatMap(flatten), family];
}

function familyModule(family: Namespace, types: ReturnType<typeof operationTypeNames>): string {
  const up = '../'.repeat(moduleOf(family).split('/').length); // to src/generated/
  const used = new Set<string>();
  const core = new Set<string>();
  const extensions: string[] = [];
  const classes: string[] = [];
  for (const namespace of flatten(family)) {
    classes.push(classText(namespace, family, types, used, core));
    for (const child of namespace.children) {
      const module = EXTENDED[child.id];
      if (module) extensions.push(`import { ${finalName(child.id)} } from '${up}../${module}';`);
    }
  }
  const out = [HEADER];
  out.push(`import type { APIPromise } from '${up}../core/api-promise';`);
  out.push(`import { APIResource } from '${up}../core/api-resource';`);
  if (core.has('PagePromise')) out.push(`import type { PagePromise } from '${up}../core/pagination';`);
  out.push(`import type { RequestOptions } from '${up}../core/request';`);
  out.push(...extensions);
  out.push(`import { ${family.id.split('.')[0]} } from '${up}routes';`);
  if (used.size > 0) out.push(`import type { ${[...used].sort().join(', ')} } from '${up}types';`);
  out.push('');
  return `${out.join('\n')}\n${classes.join('\n')}`;
}

function classText(
  namespace: Namespace,
  family: Namespace,
  types: ReturnType<typeof operationTypeNames>,
  used: Set<string>,
  core: Set<string>,
): string {
  const lines: string[] = [];
  const summary = NAMESPACE_SUMMARIES[namespace.id];
  lines.push(docComment([summary ? `${summary}.` : `The ${namespace.key} of the contract.`], ''));
  lines.push(`export class ${generatedName(namespace.id)} extends APIResource {`);
  for (const child of namespace.children) {
    lines.push(`  readonly ${child.key} = new ${finalName(child.id)}(this._client);`);
  }
  if (namespace.children.length > 0 && namespace.operations.length > 0) lines.push('');
  namespace.operations.forEach((operation, index) => {
    if (index > 0) lines.push('');
    lines.push(...methodText(operation, namespace, family, types, used, core));
  });
  lines.push('}\n');
  return lines.join('\n');
}

function methodText(
  { verb, id, endpoint }: Operation,
  namespace: Namespace,
  family: Namespace,
  types: ReturnType<typeof operationTypeNames>,
  used: Set<string>,
  core: Set<string>,
): string[] {
  const named = types(endpoint);
  const args: string[] = [];
  const input: string[] = [];
  const params = paramNames(endpoint, namespace, family);
  if (params.length > 0) {
    args.push(...params.map(({ arg }) => `${arg}: string`));
    input.push(
      `params: { ${params.map(({ key, arg }) => (key === arg ? key : `${key}: ${arg}`)).join(', ')} }`,
    );
  }
  if (named.body) {
    args.push(`body${endpoint.bodyOptional ? '?' : ''}: ${named.body}`);
    input.push('body');
    for (const name of typeNames(named.body)) used.add(name);
  }
  if (named.query) {
    args.push(`query${queryOptional(endpoint) ? '?' : ''}: ${named.query}`);
    input.push('query');
    for (const name of typeNames(named.query)) used.add(name);
  }
  args.push('options?: RequestOptions');
  for (const name of typeNames(named.response)) used.add(name);
  const list = endpoint.list === true;
  if (list) core.add('PagePromise');
  const result = `${list ? 'PagePromise' : 'APIPromise'}<${named.response}>`;
  const call = `this._client.${list ? 'list' : 'call'}(${id}, { ${input.join(', ')} }, options)`.replace(
    '{  }',
    '{}',
  );
  const doc = [endpoint.summary.endsWith('.') ? endpoint.summary : `${endpoint.summary}.`];
  if (endpoint.description) doc.push('', ...wrap(endpoint.description));
  return [docComment(doc, '  '), `  ${verb}(${args.join(', ')}): ${result} {`, `    return ${call};`, '  }'];
}

/**
 * The path parameters in path order, each with its argument's name: the contract's, except that
 * `{id}` below a family is the family's record (`databases.replicas.list(databaseId)`).
 */
function paramNames(
  endpoint: Endpoint,
  namespace: Namespace,
  family: Namespace,
): { key: string; arg: string }[] {
  const keys = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return keys.map((key) => {
    if (key !== 'id' || namespace === family) return { key, arg: camel(key) };
    return { key, arg: PARENT_ID_NAMES[family.id] ?? `${singular(family.key)}Id` };
  });
}

function camel(key: string): string {
  return key.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** Lines of at most `WRAP` characters, broken at spaces, keeping the text's own line breaks. */
function wrap(text: string): string[] {
  return text.split('\n').flatMap((paragraph) => {
    const lines: string[] = [];
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line && line.length + word.length + 1 > WRAP) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    return [...lines, line];
  });
}

const WRAP = 96;

function docComment(lines: string[], indent: string): string {
  const escaped = lines.map((line) => line.replaceAll('*/', '*\\/'));
  if (escaped.length === 1) return `${indent}/** ${escaped[0]} */`;
  return [
    `${indent}/**`,
    ...escaped.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)),
    `${indent} */`,
  ].join('\n');
}

/** `NimbusResources`: the client with a property per family. */
function resourcesModule(families: Namespace[]): string {
  const out = [HEADER];
  out.push(`import { BaseNimbus } from '../../base-client';`);
  const imports = families
    .map((family) => {
      const module = EXTENDED[family.id] ? `../../${EXTENDED[family.id]}` : `./${moduleOf(family)}`;
      return `import { ${finalName(family.id)} } from '${module}';`;
    })
    .sort();
  out.push(...imports, '');
  out.push(
    '/** The client with a property per family of the contract; `Nimbus` adds the hand-written ones. */',
  );
  out.push('export class NimbusResources extends BaseNimbus {');
  for (const family of families) out.push(`  readonly ${family.key} = new ${finalName(family.id)}(this);`);
  out.push('}');
  return `${out.join('\n')}\n`;
}

/** Every resource class the generated tree uses, as the root entries export them. */
function classesModule(families: Namespace[]): string {
  const byModule = new Map<string, string[]>();
  for (const family of families) {
    const file = `./${moduleOf(family)}`;
    for (const namespace of flatten(family)) {
      const module = EXTENDED[namespace.id] ? `../../${EXTENDED[namespace.id]}` : file;
      byModule.set(module, [...(byModule.get(module) ?? []), finalName(namespace.id)]);
    }
  }
  const out = [HEADER];
  for (const [module, names] of [...byModule].sort(([a], [b]) => (a < b ? -1 : 1))) {
    out.push(`export { ${names.sort().join(', ')} } from '${module}';`);
  }
  return `${out.join('\n')}\n`;
}
