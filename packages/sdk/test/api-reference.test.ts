import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sdkPathOf } from '../src/codegen/api-reference';
import { typeNameOf } from '../src/codegen/sdk-types';
import { operations } from '../src/contract/index';

const sdkDir = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const onDisk = readFileSync(`${sdkDir}/api.md`, 'utf8');

/** One row of a namespace's table: the method's name, its route, and what it returns. */
interface Row {
  name: string;
  route: string;
  returns: string;
}

/** The rows of api.md by namespace (`client.databases.replicas`). */
function rowsByNamespace(markdown: string): Map<string, Row[]> {
  const sections = new Map<string, Row[]>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const heading = /^`([\w.]+)`/.exec(section)?.[1];
    if (!heading) continue;
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Method') && !line.startsWith('| ---'))
      .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()))
      .map(([, name, route, , returns]) => ({
        name: /`(\w+)`|^(\w+)$/.exec(name!)?.slice(1).find(Boolean) ?? name!,
        route: route!.replaceAll('`', ''),
        returns: returns!,
      }));
    sections.set(heading, rows);
  }
  return sections;
}

// That api.md is what the contract and the SDK make of it is `npm run generate -- --check`'s
// (test/repository/generated-files.test.ts); these hold what it says.
describe('api.md', () => {
  it('lists every contract operation under its SDK path, a duplicate route with the method serving it', () => {
    const sections = rowsByNamespace(onDisk);
    const missing: string[] = [];
    for (const { id, endpoint } of operations()) {
      const path = sdkPathOf(id);
      const namespace = path.slice(0, path.lastIndexOf('.'));
      const name = path.slice(path.lastIndexOf('.') + 1);
      const route = `${endpoint.method} ${endpoint.path}`;
      const row = sections.get(namespace)?.find((candidate) => candidate.name === name);
      if (!row || row.route !== route) missing.push(`${id}: ${path} (${route})`);
      else if (endpoint.sameAs && row.returns !== `served by \`${sdkPathOf(endpoint.sameAs)}\``) {
        missing.push(`${id}: not served by ${sdkPathOf(endpoint.sameAs)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives each method its declared signature', () => {
    const body = `${typeNameOf('v1.databases.replicas.create')}Params`;
    expect(onDisk).toContain(
      `client.databases.replicas.create(databaseId: string, body: ${body}, options?: RequestOptions): APIPromise<DatabaseReplica>`,
    );
    expect(onDisk).toContain(
      '| [`list`](src/generated/resources/v2/cameras.ts) | `GET /v2/api/cameras` | — | `CursorPagePromise<Camera>` |',
    );
  });
});
