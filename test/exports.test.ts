import { join } from 'node:path';
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
      const specifier = join(name, subpath);
      const at = (types: string) => join(app.dir, 'node_modules', name, types);
      const conditions = target as { types: string; browser?: { types: string } };
      entries.push({ specifier, declarations: at(conditions.types), conditions: [] });
      if (conditions.browser) {
        entries.push({ specifier, declarations: at(conditions.browser.types), conditions: ['browser'] });
      }
    }
  }
});

afterAll(() => app?.remove());

/** The names each way of loading `specifier` gives, from one Node process in the app. */
async function runtimeNames(entry: Entry): Promise<{ import: string[]; require: string[] }> {
  const script = `
    const { createRequire } = await import('node:module');
    const require = createRequire(process.cwd() + '/');
    const imported = await import(${JSON.stringify(entry.specifier)});
    const required = require(${JSON.stringify(entry.specifier)});
    console.log(JSON.stringify({ import: Object.keys(imported), require: Object.keys(required) }));`;
  const conditions = entry.conditions.map((condition) => `--conditions=${condition}`);
  const { stdout } = await app.node([...conditions, '--input-type=module', '-e', script]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
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
        '@nimbus/mock-server',
        '@nimbus/mock-server/testing',
        '@nimbus/mock-server/msw',
        '@nimbus/cli',
      ]),
    );
  });

  it('have at run time, with import() and require(), every value their declarations export', async () => {
    const missing: string[] = [];
    const values = declaredValues(entries.map((entry) => entry.declarations));
    for (const entry of entries) {
      const declared = values.get(entry.declarations)!;
      expect(declared.length, `${entry.specifier} declares no values`).toBeGreaterThan(0);
      const loaded = await runtimeNames(entry);
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
    // The types file declares the contract's schemas beside their types (`Instance` is both).
    expect(values.get(types)).toEqual(expect.arrayContaining(['Instance', 'InstanceCreateBody']));
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
