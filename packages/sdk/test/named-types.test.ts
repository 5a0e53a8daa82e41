import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerProgram } from './helpers/consumer-program';

/**
 * Compiles a consumer of `@nimbus/sdk` (the sources, as the repository's tsconfig maps them) and
 * reads what an editor would show: named types in signatures, and errors on wrong arguments.
 */
const CONSUMER = `
import { type APIError, type Instance, Nimbus, WaitTimeoutError } from '@nimbus/sdk';

const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010' });
export const created = client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
export const listed = client.buckets.list({ region: 'hn' });
export const create = client.instances.create;
export const listBuckets = client.buckets.list;

export async function main(error: APIError): Promise<string> {
  const vm: Instance = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
  // @ts-expect-error 'huge' is not a flavor
  await client.instances.create({ name: 'web-2', flavor: 'huge', region: 'hn' });
  // @ts-expect-error region is required
  await client.instances.create({ name: 'web-3', flavor: 'small' });
  // @ts-expect-error storage classes are upper case
  await client.buckets.list({ storage_class: 'standard' });
  // @ts-expect-error APIError.code is the ErrorCode union
  if (error.code === 'NOT_A_CODE') return 'never';
  const waited = new WaitTimeoutError<Instance>('timed out', vm);
  return waited.lastValue.status;
}
`;

let dir: string;
let program: ts.Program;
let file: ts.SourceFile;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nimbus-named-types-'));
  const path = join(dir, 'consumer.ts');
  writeFileSync(path, CONSUMER);
  program = consumerProgram([path]);
  file = program.getSourceFile(path)!;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The type of an exported `const`, as a hover prints it. */
function typeOf(name: string): string {
  const checker = program.getTypeChecker();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.name.getText(file) === name) {
        return checker.typeToString(checker.getTypeAtLocation(declaration.name));
      }
    }
  }
  throw new Error(`No const ${name} in the consumer`);
}

describe('SDK signatures use named types', () => {
  it('compiles, and every @ts-expect-error marks a real error', () => {
    const messages = ts
      .getPreEmitDiagnostics(program, file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(messages).toEqual([]);
  });

  it('results read as APIPromise<Instance> and PagePromise<Bucket>', () => {
    expect(typeOf('created')).toBe('APIPromise<Instance>');
    expect(typeOf('listed')).toBe('PagePromise<Bucket>');
  });

  it('parameters read as InstanceCreateParams and BucketListParams', () => {
    expect(typeOf('create')).toBe(
      '(body: InstanceCreateParams, options?: RequestOptions | undefined) => APIPromise<Instance>',
    );
    expect(typeOf('listBuckets')).toBe(
      '(query?: BucketListParams | undefined, options?: RequestOptions | undefined) => PagePromise<Bucket>',
    );
  });
});
