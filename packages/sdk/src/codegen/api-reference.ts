/**
 * Writes `packages/sdk/api.md`, the API reference: every namespace of the client with its
 * methods, the route each calls, what it takes and what it returns. Operations, routes and
 * namespace sentences come from the contract; signatures come from the resource classes as
 * declared, read with the TypeScript compiler, so the reference says what a hover says.
 * Run by `scripts/api-reference.mjs`, a generator of `npm run generate`; `npm run generate --
 * --check` fails when api.md is not what it writes.
 */

import type * as TypeScript from 'typescript';
import { type Operation, operations } from '../contract/index';
import { NAMESPACE_SUMMARIES } from '../contract/namespaces';

type TS = typeof TypeScript;

/** One public method of a namespace, as declared. */
export interface SdkMethod {
  name: string;
  /** The declaring file, relative to the SDK package: the generated class's or its extension's. */
  file: string;
  /** `name(params): ReturnType`, one per overload. */
  signatures: string[];
  /** Types of what the caller passes besides path ids and `options`. */
  params: string[];
  returns: string;
  /** Operation ids of the routes it calls (`v1.databases.replicas.create`); none for a local helper. */
  routes: string[];
  /** Named types its signatures use, by name. */
  types: Map<string, SdkType>;
}

/** A named type of a signature: the file declaring it (relative to the SDK package) and its doc's first sentence. */
export interface SdkType {
  file: string;
  doc: string;
}

/** A namespace of the client (`client.databases.replicas`) and the class behind it. */
export interface SdkNamespace {
  path: string;
  /** The declaring file, relative to the SDK package. */
  file: string;
  /** The first sentence of the class's doc comment. */
  doc: string;
  methods: SdkMethod[];
}

const GENERATED_TYPES = 'src/generated/types.d.ts';
const HEADER =
  '<!-- Generated from the contract and the SDK by scripts/api-reference.mjs (`npm run generate`). Do not edit. -->\n';

/**
 * Where the SDK offers an operation: /v1 under the client itself, /v2 under `client.video`, the
 * control routes under `client.mock`, the documentation under `client.docs`
 * (`v1.databases.replicas.create` -> `client.databases.replicas.create`).
 */
export function sdkPathOf(operationId: string): string {
  const [api, ...rest] = operationId.split('.');
  const prefix = { v1: [], v2: ['video'], mock: ['mock'], docs: ['docs'] }[api!];
  if (!prefix) throw new Error(`No SDK namespace for the API of ${operationId}`);
  return ['client', ...prefix, ...rest].join('.');
}

/** The SDK namespace of an operation (`client.databases.replicas` for `v1.databases.replicas.create`). */
function namespaceOf(operationId: string): string {
  return sdkPathOf(operationId).replace(/\.\w+$/, '');
}

/** The contract's name of an SDK namespace, as `NAMESPACE_SUMMARIES` keys it (`client.video.cameras` -> `v2.cameras`). */
function contractNamespaceOf(sdkPath: string): string {
  const [, first, ...rest] = sdkPath.split('.');
  if (first === 'video') return ['v2', ...rest].join('.');
  if (first === 'mock' || first === 'docs') return [first, ...rest].join('.');
  return ['v1', first, ...rest].join('.');
}

/**
 * The API reference as markdown. TypeScript comes in as an argument: the generators run bundled
 * in memory, where a bare import of it would not resolve. `sdkDir` is the SDK package's folder.
 */
export function generateApiReference(ts: TS, sdkDir: string): string {
  const namespaces = readSdkNamespaces(ts, sdkDir);
  const all = operations();
  const byId = new Map(all.map((op) => [op.id, op]));
  const servedBy = new Map<string, string>();
  for (const namespace of namespaces) {
    for (const method of namespace.methods) {
      for (const route of method.routes) servedBy.set(route, `${namespace.path}.${method.name}`);
    }
  }

  const sections = orderedNamespaces(namespaces, all);
  const typeUses = new Map<string, Set<string>>();
  for (const namespace of namespaces) {
    for (const method of namespace.methods) {
      for (const [name, { file }] of method.types) {
        if (file !== GENERATED_TYPES) continue;
        typeUses.set(name, (typeUses.get(name) ?? new Set()).add(namespace.path));
      }
    }
  }
  const shared = new Set([...typeUses].filter(([, uses]) => uses.size > 1).map(([name]) => name));

  const out = [HEADER, '# API reference\n'];
  out.push(
    'Every namespace of `Nimbus`, each method with the route it calls, what it takes and what it returns.',
    'Params leaves out path ids and `options?: RequestOptions` (timeout, retries, headers, signal); a',
    'method whose route is `—` works locally or polls another method.\n',
  );
  out.push(sharedTypesSection(namespaces, shared));
  for (const path of sections) {
    const namespace = namespaces.find((candidate) => candidate.path === path);
    const duplicates = all.filter((op) => op.endpoint.sameAs !== undefined && namespaceOf(op.id) === path);
    out.push(namespaceSection(path, namespace, duplicates, byId, servedBy, shared));
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * Namespaces in the contract's order (each after its parents), then those only the SDK has
 * (`client.webhooks`). A namespace the SDK lacks is kept when the contract has operations there
 * (a `sameAs` route, listed with the method that serves it).
 */
function orderedNamespaces(namespaces: SdkNamespace[], all: Operation[]): string[] {
  const ordered: string[] = [];
  const add = (path: string) => {
    const parts = path.split('.');
    for (let depth = 2; depth <= parts.length; depth++) {
      const prefix = parts.slice(0, depth).join('.');
      if (!ordered.includes(prefix)) ordered.push(prefix);
    }
  };
  for (const { id } of all) add(namespaceOf(id));
  for (const { path } of namespaces) add(path);
  return ordered;
}

function sharedTypesSection(namespaces: SdkNamespace[], shared: Set<string>): string {
  const sdkTypes = new Map<string, SdkType>();
  for (const namespace of namespaces) {
    for (const method of namespace.methods) {
      for (const [name, type] of method.types) if (type.file !== GENERATED_TYPES) sdkTypes.set(name, type);
    }
  }
  const lines = ['## Shared types\n', 'Declared by the SDK and used in the signatures below:\n'];
  for (const name of [...sdkTypes.keys()].sort()) {
    const { file, doc } = sdkTypes.get(name)!;
    lines.push(`- [\`${name}\`](${file})${doc ? `: ${doc}` : ''}`);
  }
  lines.push('', 'Records and parameters used by more than one namespace (generated from the contract):\n');
  lines.push(`${typeLinks([...shared])}\n`);
  return lines.join('\n');
}

function typeLinks(names: string[]): string {
  return [...names]
    .sort()
    .map((name) => `[\`${name}\`](${GENERATED_TYPES})`)
    .join(', ');
}

function namespaceSection(
  path: string,
  namespace: SdkNamespace | undefined,
  duplicates: Operation[],
  byId: Map<string, Operation>,
  servedBy: Map<string, string>,
  shared: Set<string>,
): string {
  const lines = [`## \`${path}\`\n`];
  const summary = NAMESPACE_SUMMARIES[contractNamespaceOf(path)] ?? namespace?.doc;
  if (summary) lines.push(`${summary.replace(/\.$/, '')}.\n`);
  const methods = namespace?.methods ?? [];
  const own = new Set(methods.flatMap((method) => [...method.types]).map(([name]) => name));
  const types = [...own].filter((name) => !shared.has(name) && isGenerated(methods, name));
  if (types.length > 0) lines.push(`Types: ${typeLinks(types)}\n`);

  if (methods.length > 0 || duplicates.length > 0) {
    lines.push('| Method | Route | Params | Returns |', '| --- | --- | --- | --- |');
    for (const method of methods) {
      const name = `[\`${method.name}\`](${method.file})`;
      const routes = method.routes.map((id) => code(routeOf(byId.get(id)!))).join(', ') || '—';
      const params = method.params.map(code).join(', ') || '—';
      lines.push(`| ${name} | ${routes} | ${params} | ${code(method.returns)} |`);
    }
    for (const op of duplicates) {
      const other = servedBy.get(op.endpoint.sameAs!) ?? op.endpoint.sameAs!;
      const name = sdkPathOf(op.id).split('.').pop()!;
      lines.push(`| ${name} | ${code(routeOf(op))} | — | served by \`${other}\` |`);
    }
    lines.push('');
  }
  if (methods.length > 0) {
    lines.push('```ts');
    for (const method of methods)
      for (const signature of method.signatures) lines.push(`${path}.${signature}`);
    lines.push('```\n');
  }
  return lines.join('\n');
}

function isGenerated(methods: SdkMethod[], name: string): boolean {
  return methods.some((method) => method.types.get(name)?.file === GENERATED_TYPES);
}

function routeOf(op: Operation): string {
  return `${op.endpoint.method} ${op.endpoint.path}`;
}

/** Inline code inside a table cell, where `|` would end the cell. */
function code(text: string): string {
  return `\`${text.replaceAll('|', '\\|')}\``;
}

/** Reads the client's namespaces from `src/client.ts`, following each resource class's fields. */
export function readSdkNamespaces(ts: TS, sdkDir: string): SdkNamespace[] {
  const clientFile = `${sdkDir}/src/client.ts`;
  const program = ts.createProgram([clientFile], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(clientFile)!;
  const root = source.statements.find(
    (node): node is TypeScript.ClassDeclaration =>
      ts.isClassDeclaration(node) && node.name?.text === 'Nimbus',
  );
  if (!root) throw new Error(`No Nimbus class in ${clientFile}`);
  const reader = new NamespaceReader(ts, program, checker, sdkDir);
  return reader.children(root, 'client');
}

class NamespaceReader {
  readonly #found: SdkNamespace[] = [];

  constructor(
    private readonly ts: TS,
    private readonly program: TypeScript.Program,
    private readonly checker: TypeScript.TypeChecker,
    private readonly sdkDir: string,
  ) {}

  /** The namespaces under `owner`'s fields and its SDK base classes' (`NimbusResources`), depth first. */
  children(owner: TypeScript.ClassDeclaration, path: string): SdkNamespace[] {
    const { ts } = this;
    for (const member of this.#chain(owner).flatMap((declaration) => [...declaration.members])) {
      if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) continue;
      if (isHidden(ts, member)) continue;
      const resource = this.#resourceClass(this.checker.getTypeAtLocation(member.name));
      if (!resource) continue;
      const childPath = `${path}.${member.name.text}`;
      this.#found.push({
        path: childPath,
        file: this.#relative(resource.getSourceFile().fileName),
        doc: this.#doc(resource),
        methods: this.#methods(resource),
      });
      this.children(resource, childPath);
    }
    return this.#found;
  }

  /**
   * `node` and the SDK classes it extends, the furthest base first: a hand-written extension
   * (`Instances`) after the generated class it extends (`InstancesBase`). `APIResource` and
   * `BaseNimbus` hold no namespace or method of the reference.
   */
  #chain(node: TypeScript.ClassDeclaration): TypeScript.ClassDeclaration[] {
    const heritage = node.heritageClauses?.find(
      (clause) => clause.token === this.ts.SyntaxKind.ExtendsKeyword,
    );
    const base = heritage?.types[0];
    const declaration = base && this.checker.getTypeAtLocation(base.expression).getSymbol()?.valueDeclaration;
    const own = [node];
    if (!declaration || !this.ts.isClassDeclaration(declaration)) return own;
    if (['APIResource', 'BaseNimbus'].includes(declaration.name?.text ?? '')) return own;
    return [...this.#chain(declaration), ...own];
  }

  #doc(node: TypeScript.ClassDeclaration): string {
    const symbol = node.name && this.checker.getSymbolAtLocation(node.name);
    return symbol
      ? firstSentence(this.ts.displayPartsToString(symbol.getDocumentationComment(this.checker)))
      : '';
  }

  /** The class of a field's type when it is a resource (extends `APIResource`). */
  #resourceClass(type: TypeScript.Type): TypeScript.ClassDeclaration | undefined {
    const declaration = type.getSymbol()?.valueDeclaration;
    if (!declaration || !this.ts.isClassDeclaration(declaration)) return undefined;
    const bases = this.checker.getBaseTypes(type as TypeScript.InterfaceType);
    const extendsResource = (base: TypeScript.BaseType): boolean =>
      base.getSymbol()?.name === 'APIResource' ||
      this.checker.getBaseTypes(base as TypeScript.InterfaceType).some(extendsResource);
    return bases.some(extendsResource) ? declaration : undefined;
  }

  #methods(resource: TypeScript.ClassDeclaration): SdkMethod[] {
    const { ts } = this;
    // A method the extension overrides keeps the place of the generated one, with its declaration.
    const byName = new Map<string, TypeScript.MethodDeclaration[]>();
    for (const declaration of this.#chain(resource)) {
      const own = new Map<string, TypeScript.MethodDeclaration[]>();
      for (const member of declaration.members) {
        if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name) || isHidden(ts, member))
          continue;
        own.set(member.name.text, [...(own.get(member.name.text) ?? []), member]);
      }
      for (const [name, members] of own) byName.set(name, members);
    }
    return [...byName].map(([name, declarations]) => {
      const overloads = declarations.filter((declaration) => !declaration.body);
      const shown = overloads.length > 0 ? overloads : declarations;
      const implementation = declarations.find((declaration) => declaration.body);
      for (const declaration of shown) {
        if (!declaration.type) throw new Error(`${resource.name?.text}.${name} declares no return type`);
      }
      const types = new Map<string, SdkType>();
      for (const declaration of shown) this.#collectTypes(declaration, types);
      return {
        name,
        file: this.#relative(declarations[0]!.getSourceFile().fileName),
        signatures: shown.map((declaration) => this.#signature(name, declaration)),
        params: [...new Set(shown.flatMap((declaration) => this.#params(declaration)))],
        returns: [...new Set(shown.map((declaration) => flat(declaration.type!.getText())))].join(' | '),
        routes: implementation ? this.#routes(implementation) : [],
        types,
      };
    });
  }

  #signature(name: string, declaration: TypeScript.MethodDeclaration): string {
    const params = declaration.parameters.map((param) => {
      const optional = param.questionToken || param.initializer ? '?' : '';
      const rest = param.dotDotDotToken ? '...' : '';
      return `${rest}${param.name.getText()}${optional}: ${flat(param.type?.getText() ?? 'unknown')}`;
    });
    return `${name}(${params.join(', ')}): ${flat(declaration.type!.getText())}`;
  }

  /** What the caller passes: not the path ids (plain strings) and not the request options. */
  #params(declaration: TypeScript.MethodDeclaration): string[] {
    return declaration.parameters
      .map((param) => flat(param.type?.getText() ?? 'unknown'))
      .filter((type) => type !== 'string' && type !== 'RequestOptions');
  }

  /** Operation ids of the routes handed to `this._client.call()` or `this._client.list()`. */
  #routes(method: TypeScript.MethodDeclaration): string[] {
    const { ts } = this;
    const routes = new Set<string>();
    const visit = (node: TypeScript.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const callee = node.expression;
        const first = node.arguments[0];
        if (
          ['call', 'list'].includes(callee.name.text) &&
          callee.expression.getText() === 'this._client' &&
          first
        ) {
          routes.add(this.#routeId(first));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(method.body!);
    return [...routes];
  }

  /** `v1.databases.replicas.create` read from the route table (`generated/routes.ts`), whose keys are the operation ids. */
  #routeId(expression: TypeScript.Expression): string {
    const text = flat(expression.getText());
    let root: TypeScript.Expression = expression;
    while (this.ts.isPropertyAccessExpression(root)) root = root.expression;
    if (
      !/^[\w.]+$/.test(text) ||
      this.#declared(root as TypeScript.Identifier)?.file !== 'src/generated/routes.ts'
    ) {
      throw new Error(`A call whose route is not read from the route table: ${text}`);
    }
    return text;
  }

  /** Named types in a method's parameters and return type, each with its declaring file. */
  #collectTypes(declaration: TypeScript.MethodDeclaration, into: Map<string, SdkType>): void {
    const { ts } = this;
    const visit = (node: TypeScript.Node) => {
      if (ts.isTypeReferenceNode(node)) {
        const declared = this.#declared(node.typeName);
        if (declared) into.set(node.typeName.getText(), declared);
      }
      ts.forEachChild(node, visit);
    };
    for (const param of declaration.parameters) if (param.type) visit(param.type);
    if (declaration.type) visit(declaration.type);
  }

  /** Where the SDK declares a name; undefined for TypeScript's own (`Promise`, `Pick`). */
  #declared(name: TypeScript.EntityName): SdkType | undefined {
    let symbol = this.checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & this.ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const file = symbol?.declarations?.[0]?.getSourceFile();
    if (
      !symbol ||
      !file ||
      this.program.isSourceFileDefaultLibrary(file) ||
      file.fileName.includes('/node_modules/')
    ) {
      return undefined;
    }
    const doc = this.ts.displayPartsToString(symbol.getDocumentationComment(this.checker));
    return { file: this.#relative(file.fileName), doc: firstSentence(doc) };
  }

  #relative(fileName: string): string {
    return fileName.slice(this.sdkDir.length + 1);
  }
}

function isHidden(ts: TS, member: TypeScript.ClassElement): boolean {
  const flags = ts.getCombinedModifierFlags(member as TypeScript.Declaration);
  const name = member.name?.getText() ?? '';
  return (
    (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static)) !== 0 ||
    name.startsWith('#') ||
    name.startsWith('_')
  );
}

/** Up to the first full stop, on one line. */
function firstSentence(doc: string): string {
  const sentence = flat(doc.split(/\.(?:\s|$)/)[0] ?? '');
  return sentence && `${sentence}.`;
}

/** One line: signatures split over several by the formatter read as one. */
function flat(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\(\s/g, '(')
    .replace(/,?\s\)/g, ')')
    .trim();
}
