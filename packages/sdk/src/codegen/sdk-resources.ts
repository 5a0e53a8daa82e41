/**
 * Writes the SDK's resource classes from the contract (`src/generated/resources/`): one class
 * per namespace, one method per operation. A list is a `PagePromise` of its items, any other
 * call an `APIPromise` of its answer; path parameters come first as strings, then the body or
 * the query as one object, then the request options; the JSDoc is the operation's summary and
 * description. A service (`SERVICES`: /v2) is one client property whose families send the token
 * it binds. A /v2 or control list answering `{ items }` is a `CursorPagePromise`: it pages by cursor
 * when its query takes one, else the answer is one page. What the contract cannot say (polling, sessions,
 * streams, URLs) is written by hand in `src/resources/`, as a class that extends the generated one
 * (`EXTENDED`); the generated tree and the client then use that class. Also writes
 * `NimbusResources` (the client's families) and `classes.ts` (every resource class, which the root
 * entries export).
 */

import type { Endpoint } from '../contract/define';
import * as contractModule from '../contract/index';
import { NAMESPACE_SUMMARIES } from '../contract/namespaces';
import { operationTypeNames, queryOptional, singular, typeNames } from './sdk-types';

/** Operations whose method the namespace's extension writes instead, and why. */
export const HAND_WRITTEN: Readonly<Record<string, string>> = {
  'v2.health.metrics': 'takes the metrics credentials for HTTP basic auth',
  'v2.playback.playlist': 'takes a recorded hour, or the answer of forEvent()',
  'v2.playback.segment': 'takes a recorded hour and a segment number',
  'v2.playback.snapshot': 'takes the event the snapshot belongs to',
  'docs.cloudPlatform': 'parses the OpenAPI document',
  'docs.video': 'parses the OpenAPI document',
};

/**
 * APIs the client holds as one property (`client.video`) rather than one per family: their
 * families extend `resource`, which sends the token the property binds (`video.withToken()`).
 */
const SERVICES: Readonly<Record<string, { key: string; module: string }>> = {
  v2: { key: 'video', module: 'resources/v2/credentials' },
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
  v2: 'resources/v2/video',
  'v2.events': 'resources/v2/events',
  'v2.health': 'resources/v2/health',
  'v2.playback': 'resources/v2/playback',
  docs: 'resources/docs',
};

/** Class names that do not follow `className()`'s rule (kept as the SDK has always named them). */
const CLASS_NAMES: Readonly<Record<string, string>> = {
  'v1.apiProducts.subscriptions': 'ApiSubscriptions',
  'v1.cdnProfiles.endpoints': 'CdnEndpoints',
  'v1.databases.pool': 'DatabasePools',
  // `ServiceStatus` is the record's type.
  'v1.serviceStatus': 'ServiceStatusResource',
  'v1.webapps': 'WebApps',
  v2: 'Video',
  'v2.events': 'VideoEvents',
  'v2.health': 'VideoServiceHealth',
};

/** Argument names other than the path parameter's own (or `body`), by operation. */
const ARG_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'v2.playback.forEvent': { id: 'eventId' },
  'mock.state.import': { body: 'state' },
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

/** File path under `src/generated/resources/` to its text. */
export function generateSdkResources(): Record<string, string> {
  const tree = namespaceTree(contractModule.operations());
  const types = operationTypeNames();
  const files: Record<string, string> = {};
  // An API with operations of its own (the control routes: `mock.reset`) is a family itself.
  const families: Namespace[] = tree.flatMap((api) => (api.operations.length > 0 ? [api] : api.children));
  for (const family of families) files[`${moduleOf(family)}.ts`] = familyModule(family, types);
  const services = tree.filter((api) => SERVICES[api.id]);
  for (const service of services) files[`${serviceModuleOf(service.id)}.ts`] = serviceModule(service);
  // The client's properties: a family each, except that a service's families sit under it.
  const members = [...families.filter((family) => !serviceOf(family.id)), ...services];
  files['index.ts'] = resourcesModule(members);
  files['classes.ts'] = classesModule(families, services);
  return files;
}

/** A service's own module, named as its client property: `v2/video`. */
function serviceModuleOf(id: string): string {
  return `${id}/${kebab(SERVICES[id]!.key)}`;
}

/** The service an id belongs to (`v2.events` -> `v2`), if any. */
function serviceOf(id: string): string | undefined {
  const api = id.split('.')[0]!;
  return SERVICES[api] ? api : undefined;
}

/** The operations as a tree of namespaces: one per API (`v1`), holding the families. */
function namespaceTree(operations: contractModule.Operation[]): Namespace[] {
  const apis: Namespace[] = [];
  for (const { id, endpoint } of operations) {
    // An operation another one duplicates (`billing.budgets.create`) has no method of its own.
    if (endpoint.sameAs !== undefined) continue;
    const keys = id.split('.');
    if (HAND_WRITTEN[id]) continue;
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
  const service = serviceOf(family.id);
  const out = [HEADER];
  if (core.has('APIPromise')) out.push(`import type { APIPromise } from '${up}../core/api-promise';`);
  if (!service) out.push(`import { APIResource } from '${up}../core/api-resource';`);
  if (core.has('CursorPagePromise')) {
    out.push(`import { type CursorPagePromise, requestCursorPage } from '${up}../core/cursor-pagination';`);
  }
  if (core.has('PagePromise')) out.push(`import type { PagePromise } from '${up}../core/pagination';`);
  out.push(`import type { RequestOptions } from '${up}../core/request';`);
  if (service) out.push(`import { ${RESOURCE} } from '${up}../${SERVICES[service]!.module}';`);
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
  const service = serviceOf(namespace.id);
  lines.push(`export class ${generatedName(namespace.id)} extends ${service ? RESOURCE : 'APIResource'} {`);
  for (const child of namespace.children) {
    lines.push(`  readonly ${child.key} = new ${finalName(child.id)}(${constructorArgs(child.id)});`);
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
  const params = paramNames(endpoint, namespace, family).map(({ key, arg }) => ({
    key,
    arg: ARG_NAMES[id]?.[key] ?? arg,
  }));
  if (params.length > 0) {
    args.push(...params.map(({ key, arg }) => `${arg}: ${named.params[key] ?? 'string'}`));
    for (const { key } of params) if (named.params[key]) used.add(named.params[key]);
    input.push(
      `params: { ${params.map(({ key, arg }) => (key === arg ? key : `${key}: ${arg}`)).join(', ')} }`,
    );
  }
  if (named.body) {
    const arg = ARG_NAMES[id]?.body ?? 'body';
    args.push(`${arg}${endpoint.bodyOptional ? '?' : ''}: ${named.body}`);
    input.push(arg === 'body' ? 'body' : `body: ${arg}`);
    for (const name of typeNames(named.body)) used.add(name);
  }
  // A list pages by cursor when its query takes one; the SDK passes it, the caller does not.
  const cursor = named.item !== undefined && queryShape(endpoint).includes('cursor');
  if (named.query) {
    const query = cursor ? `Omit<${named.query}, 'cursor'>` : named.query;
    args.push(`query${queryOptional(endpoint) ? '?' : ''}: ${query}`);
    input.push(cursor ? 'query: { ...query, cursor }' : 'query');
    for (const name of typeNames(named.query)) used.add(name);
  }
  args.push('options?: RequestOptions');
  const options = serviceOf(family.id) ? tokenOptions(endpoint) : 'options';
  const body = `{ ${input.join(', ')} }`.replace('{  }', '{}');
  let result: string;
  let call: string;
  if (named.item !== undefined) {
    core.add('CursorPagePromise');
    used.add(named.item);
    result = `CursorPagePromise<${named.item}>`;
    const load = `this._client.call(${id}, ${body}, ${options})`;
    call = `requestCursorPage((${cursor ? 'cursor' : ''}) => ${load})`;
  } else if (endpoint.list === true) {
    core.add('PagePromise');
    for (const name of typeNames(named.response)) used.add(name);
    result = `PagePromise<${named.response}>`;
    call = `this._client.list(${id}, ${body}, ${options})`;
  } else {
    core.add('APIPromise');
    // Binary answers are declared as strings for OpenAPI; the client reads them as bytes.
    const binary = endpoint.responseKind === 'binary';
    if (!binary) for (const name of typeNames(named.response)) used.add(name);
    result = `APIPromise<${binary ? 'Uint8Array' : named.response}>`;
    call = `this._client.call(${id}, ${body}, ${options})${binary ? ` as unknown as ${result}` : ''}`;
  }
  const doc = [endpoint.summary.endsWith('.') ? endpoint.summary : `${endpoint.summary}.`];
  if (endpoint.description) doc.push('', ...wrap(endpoint.description));
  if (endpoint.example) doc.push('', '@example', ...exampleLines(endpoint.example));
  return [docComment(doc, '  '), `  ${verb}(${args.join(', ')}): ${result} {`, `    return ${call};`, '  }'];
}

/** The class a service's families extend; it holds the service's token (`_credentials`). */
const RESOURCE = 'VideoResource';

/** What a service's call sends as options: the bound token, as the route's `auth` takes it. */
function tokenOptions(endpoint: Endpoint): string {
  if (endpoint.auth === 'bearer') return 'this._credentials.options(options)';
  // These routes also take the token as a header, which keeps it out of URLs and logs.
  if (endpoint.auth === 'query-token') return 'this._credentials.options(options, true)';
  if (endpoint.auth === 'none') return 'options';
  throw new Error(`${endpoint.path}: auth '${endpoint.auth}' needs a hand-written method (HAND_WRITTEN)`);
}

function queryShape(endpoint: Endpoint): string[] {
  const shape = (endpoint.query as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Object.keys(shape ?? {});
}

/** What a namespace's class is made with: a service's families share its credentials. */
function constructorArgs(id: string): string {
  return serviceOf(id) ? 'this._client, this._credentials' : 'this._client';
}

/** A service's own class: its families, made with the credentials of the token it is given. */
function serviceModule(service: Namespace): string {
  const { module } = SERVICES[service.id]!;
  const out = [HEADER];
  out.push(`import type { BaseNimbus } from '../../../base-client';`);
  out.push(`import { ${RESOURCE}, VideoCredentials } from '../../../${module}';`);
  const imports = service.children.map((family) => {
    const from = EXTENDED[family.id] ? `../../../${EXTENDED[family.id]}` : `./${kebab(family.key)}`;
    return `import { ${finalName(family.id)} } from '${from}';`;
  });
  out.push(...imports.sort(), '');
  const summary = NAMESPACE_SUMMARIES[service.id];
  out.push(
    docComment([summary ? `${summary}.` : `The ${service.id} API, sending the token it is made with.`], ''),
  );
  out.push(`export class ${generatedName(service.id)} extends ${RESOURCE} {`);
  for (const family of service.children) {
    out.push(`  readonly ${family.key} = new ${finalName(family.id)}(this._client, this._credentials);`);
  }
  out.push('');
  out.push('  constructor(client: BaseNimbus, token?: string) {');
  out.push('    super(client, new VideoCredentials(client, token));');
  out.push('  }');
  out.push('}');
  return `${out.join('\n')}\n`;
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
    // An API's own families (the control routes': `mock.faults`) are no record of it.
    if (key !== 'id' || namespace === family || !family.id.includes('.')) return { key, arg: camel(key) };
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

/** The lines of an endpoint's `example`, without their common indent and the blank first and last. */
export function exampleLines(example: string): string[] {
  const lines = example.split('\n');
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length));
  return lines.map((line) => line.slice(indent).trimEnd());
}

/** `NimbusResources`: the client with a property per family. */
function resourcesModule(families: Namespace[]): string {
  const out = [HEADER];
  out.push(`import { BaseNimbus } from '../../base-client';`);
  const imports = families
    .map((family) => {
      const own = SERVICES[family.id] ? `./${serviceModuleOf(family.id)}` : `./${moduleOf(family)}`;
      const module = EXTENDED[family.id] ? `../../${EXTENDED[family.id]}` : own;
      return `import { ${finalName(family.id)} } from '${module}';`;
    })
    .sort();
  out.push(...imports, '');
  out.push(
    '/** The client with a property per family of the contract; `Nimbus` adds the hand-written ones. */',
  );
  out.push('export class NimbusResources extends BaseNimbus {');
  for (const family of families) {
    const key = SERVICES[family.id]?.key ?? family.key;
    out.push(`  readonly ${key} = new ${finalName(family.id)}(this);`);
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}

/** Every resource class the generated tree uses, as the root entries export them. */
function classesModule(families: Namespace[], services: Namespace[]): string {
  const byModule = new Map<string, string[]>();
  for (const service of services) {
    const module = EXTENDED[service.id]
      ? `../../${EXTENDED[service.id]}`
      : `./${serviceModuleOf(service.id)}`;
    byModule.set(module, [finalName(service.id)]);
  }
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
