import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { declaredNames, declaredValues } from './support/declared-values';
import { createPackedApp, type PackedApp } from './support/packed-app';

// What the published declarations promise as values must be there at run time, through the
// package's `exports` map, with `import()` and with `require()` (and with the `browser`
// condition where the package has one). Read from the installed tarballs, not the sources.
interface Entry {
  specifier: string;
  /** The path of the declaration file the entry's `types` condition names. */
  declarations: string;
  conditions: string[];
}

let app: PackedApp;
let entries: Entry[];

beforeAll(async () => {
  app = await createPackedApp(inject('tarballs'));
  entries = [];
  for (const name of ['@nimbus/sdk', '@nimbus/mock-server', '@nimbus/cli']) {
    const manifest = await app.manifest(name);
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target !== 'object' || target === null) continue; // ./package.json
      const at = (types: string) => join(app.dir, 'node_modules', name, types);
      const conditions = target as { types: string; browser?: { types: string } };
      if (subpath.includes('*')) {
        // `./contract/*`: every declaration file the pattern matches is an entry.
        for (const match of await patternMatches(at(conditions.types))) {
          entries.push({
            specifier: join(name, subpath.replace('*', match.stem)),
            declarations: match.file,
            conditions: [],
          });
        }
        continue;
      }
      const specifier = join(name, subpath);
      entries.push({ specifier, declarations: at(conditions.types), conditions: [] });
      if (conditions.browser) {
        entries.push({ specifier, declarations: at(conditions.browser.types), conditions: ['browser'] });
      }
    }
  }
});

afterAll(() => app?.remove());

/** The files a `types` pattern (`.../dist/contract/*.d.ts`) matches, with what `*` stands for. */
async function patternMatches(pattern: string): Promise<{ file: string; stem: string }[]> {
  const [dir, suffix] = pattern.split('*') as [string, string];
  const files = await readdir(dir, { recursive: true });
  return files
    .filter((file) => file.endsWith(suffix))
    .map((file) => ({
      file: join(dir, file),
      stem: relative(dir, join(dir, file)).slice(0, -suffix.length),
    }));
}

/** The names each way of loading each entry gives, from one Node process in the app per set of conditions. */
async function runtimeNames(group: Entry[]): Promise<Map<Entry, { import: string[]; require: string[] }>> {
  const script = `
    const { createRequire } = await import('node:module');
    const require = createRequire(process.cwd() + '/');
    const names = [];
    for (const specifier of ${JSON.stringify(group.map((entry) => entry.specifier))}) {
      const imported = await import(specifier);
      const required = require(specifier);
      names.push({ import: Object.keys(imported), require: Object.keys(required) });
    }
    console.log(JSON.stringify(names));`;
  const conditions = group[0]!.conditions.map((condition) => `--conditions=${condition}`);
  const { stdout } = await app.node([...conditions, '--input-type=module', '-e', script]);
  const names = JSON.parse(stdout.trim().split('\n').at(-1)!) as { import: string[]; require: string[] }[];
  return new Map(group.map((entry, i) => [entry, names[i]!]));
}

describe('the packed packages', () => {
  it('expose every entry of their exports maps (sdk, contract, mock-server and its subpaths, cli)', () => {
    const names = entries.map(
      (entry) => `${entry.specifier}${entry.conditions.map((c) => ` [${c}]`).join('')}`,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        '@nimbus/sdk',
        '@nimbus/sdk [browser]',
        '@nimbus/sdk/contract',
        '@nimbus/sdk/contract/v1/instances',
        '@nimbus/mock-server',
        '@nimbus/mock-server/openapi',
        '@nimbus/mock-server/testing',
        '@nimbus/mock-server/verify',
        '@nimbus/mock-server/msw',
        '@nimbus/cli',
      ]),
    );
  });

  it('have at run time, with import() and require(), every value their declarations export', async () => {
    const missing: string[] = [];
    const values = declaredValues(entries.map((entry) => entry.declarations));
    // A process per entry: one entry's load must not lend another what its own lacks. The
    // contract's modules share one process: each is a re-export from the contract's declarations.
    const groups = new Map<unknown, Entry[]>();
    for (const entry of entries) {
      const key = entry.specifier.startsWith('@nimbus/sdk/contract/') ? 'contract modules' : entry;
      groups.set(key, [...(groups.get(key) ?? []), entry]);
    }
    const loadedNames = new Map<Entry, { import: string[]; require: string[] }>();
    for (const group of groups.values())
      for (const [entry, names] of await runtimeNames(group)) loadedNames.set(entry, names);
    for (const entry of entries) {
      const declared = values.get(entry.declarations)!;
      expect(declared.length, `${entry.specifier} declares no values`).toBeGreaterThan(0);
      const loaded = loadedNames.get(entry)!;
      for (const system of ['import', 'require'] as const) {
        const present = new Set(loaded[system]);
        for (const name of declared.filter((value) => !present.has(value))) {
          missing.push(
            `${system}('${entry.specifier}')${entry.conditions.map((c) => ` [${c}]`).join('')}: ${name}`,
          );
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('declare the contract as types only from @nimbus/sdk, and as values from @nimbus/sdk/contract', () => {
    const sdk = entries.find((entry) => entry.specifier === '@nimbus/sdk' && entry.conditions.length === 0)!;
    const contract = entries.find((entry) => entry.specifier === '@nimbus/sdk/contract')!;
    const values = declaredValues([sdk.declarations, contract.declarations]);
    const rootValues = values.get(sdk.declarations)!;
    expect(rootValues).toEqual(expect.arrayContaining(['Nimbus', 'APIError', 'NotFoundError', 'CursorPage']));
    expect(rootValues).not.toContain('Instance');
    expect(values.get(contract.declarations)).toEqual(
      expect.arrayContaining(['Instance', 'v1', 'operations']),
    );
  });

  it('export from @nimbus/sdk, in Node and browsers, every named type of the contract as a type', () => {
    const roots = entries.filter((entry) => entry.specifier === '@nimbus/sdk');
    const types = join(app.dir, 'node_modules/@nimbus/sdk/dist/types.d.ts');
    const files = [types, ...roots.map((entry) => entry.declarations)];
    const names = declaredNames(files);
    const values = declaredValues(files);
    // The types file declares types only: the schemas of the same names are the contract's.
    expect(values.get(types)).toEqual([]);
    expect(names.get(types)).toEqual(
      expect.arrayContaining(['Instance', 'InstanceCreateParams', 'ErrorCode']),
    );
    expect(roots).toHaveLength(2);
    for (const root of roots) {
      expect(names.get(root.declarations)).toEqual(expect.arrayContaining(names.get(types)!));
      expect(values.get(root.declarations)!.filter((name) => names.get(types)!.includes(name))).toEqual([]);
    }
  });
});
