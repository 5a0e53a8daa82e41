import { describe, expect, it } from 'vitest';
import { generateSdkTypes, typeNameOf } from '../src/codegen/sdk-types';
import { operations } from '../src/contract';

const generated = generateSdkTypes();

// That the files on disk are what the contract makes is `npm run generate -- --check`'s
// (test/repository/generated-files.test.ts); these hold what the generator writes.
describe('generated SDK types', () => {
  it('names bodies and list queries as callers pass them, before defaults', () => {
    const types = generated['types.d.ts'];
    expect(types).toMatch(/export interface InstanceCreateParams \{[^}]*\n {2}image\?: string;/);
    expect(types).toMatch(/export interface PageParams \{[^}]*\n {2}per_page\?: number;/);
    // A list query extends the paging fields it took over, as a model extends `ProjectRecord`.
    expect(types).toMatch(
      /export interface InstanceListParams extends PageParams \{\n {2}status\?: InstanceStatus;/,
    );
    expect(types).toContain('export interface Instance extends ProjectRecord {');
    // The parsed body (defaults applied) keeps the contract's name, with `image` always there;
    // it extends what callers pass and restates only the fields a default fills in.
    expect(types).toMatch(
      /export interface InstanceCreateBody extends InstanceCreateParams \{\n {2}image: string;\n\}/,
    );
    expect(types).toMatch(
      /export interface InstanceListQuery extends InstanceListParams \{\n {2}page: number;/,
    );
  });

  it('keeps zod out of the types file: the contract declares each schema beside an alias of its type', () => {
    const types = generated['types.d.ts'];
    const contract = generated['contract.d.ts'];
    // The root entries re-export the types file; a consumer's check then loads no zod declarations.
    expect(types).not.toMatch(/\bzod\b|\bz\./);
    expect(types).not.toMatch(/^export declare const /m);
    expect(contract).toContain(
      'export declare const Instance: z.ZodType<T.Instance>;\nexport type Instance = T.Instance;',
    );
    expect(contract).toContain(
      'export declare const InstanceCreateBody: z.ZodType<T.InstanceCreateBody, T.InstanceCreateParams>;',
    );
    // A schema whose type has another name keeps its own declaration and alias in the contract.
    expect(contract).toContain('export declare const AuthLoginBody: z.ZodType<T.AuthLoginParams>;');
    expect(contract).toContain('export type AuthLoginBody = T.AuthLoginParams;');
  });

  it("declares a query schema's shape from its two interfaces, and a tree holding a tree by name", () => {
    expect(generated['contract.d.ts']).toContain(
      'export declare const InstanceListQuery: z.ZodObject<Shape<T.InstanceListQuery, T.InstanceListParams>>;',
    );
    expect(generated['contract.d.ts']).toContain(
      'export declare const contract: {\n  v1: typeof v1;\n  v2: typeof v2;\n  mock: typeof mock;\n  docs: typeof docs;\n}',
    );
  });

  it('leaves the usual status (200) and auth (bearer) out of endpoint declarations', () => {
    const contract = generated['contract.d.ts'];
    expect(contract).toContain(
      "list: Declared<{ method: 'GET'; path: '/api/v1/instances'; project: true; list: true; query: typeof InstanceListQuery; response: typeof Instance }>;",
    );
    expect(contract).toContain(
      "login: Declared<{ method: 'POST'; path: '/api/v1/auth/login'; auth: 'none'; body: typeof AuthLoginBody; response: typeof LoginResult }>;",
    );
  });

  it('routes carry no schema, only what a call needs and the result type', () => {
    expect(generated['routes.ts']).not.toMatch(/from 'zod'/);
    expect(generated['routes.ts']).toContain(
      "create: { id: 'v1.instances.create', api: 'v1', method: 'POST', path: '/api/v1/instances', status: 201, auth: 'bearer', project: true } as Route<Instance>,",
    );
  });

  it('names the input of each operation after it: v1.databases.replicas.create takes DatabaseReplicaCreateParams', () => {
    const uses = new Map<unknown, number>();
    for (const { endpoint } of operations())
      for (const part of [endpoint.query, endpoint.body]) if (part) uses.set(part, (uses.get(part) ?? 0) + 1);
    const declared = new Set(
      [...generated['types.d.ts'].matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]),
    );
    const misnamed = operations().flatMap(({ id, endpoint }) =>
      [endpoint.query, endpoint.body]
        // A schema several operations share keeps its general name (`PageParams`).
        .filter((part) => part !== undefined && uses.get(part) === 1)
        .map(() => `${typeNameOf(id)}Params`)
        .filter((name) => !declared.has(name))
        .map((name) => `${id}: no ${name}`),
    );
    expect(misnamed).toEqual([]);
    expect(typeNameOf('v1.databases.replicas.create')).toBe('DatabaseReplicaCreate');
    expect(typeNameOf('mock.clock.advance')).toBe('MockClockAdvance');
  });
});
