import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPackedApp, type PackedApp, root } from './support/packed-app';

// What an editor loads to type `@nimbus/sdk`: the declaration files of the root entries (`.`,
// `./base`, `./contract`) and every file they import. A size budget (bytes on disk), not a timing;
// bench/sdk-types.mjs reports the same total as `rootBytes` (bench/README.md, "SDK types and
// browser weight").
// 300 KB held until the control token, the secret marks, faults as a resource, the journal's
// responses and webhooks.sign() added about 11 KB of public API; what the budget guards, a
// consumer's type-check cost, fell meanwhile from about 79,000 to 2,500 instantiations per call
// (test/consumer-types.test.ts). Each module of the contract is an entry too
// (`@nimbus/sdk/contract/v1/instances`), whose declarations are one re-export from the
// contract's: checked apart, as an editor loads one only where it is imported. The CommonJS
// declarations (`.d.cts`, for `require()`) are the same files pointed at each other: an editor
// loads one set or the other.
// 320 KB held until the root entries stopped importing zod (a strict consumer's check fell from
// 158,014 instantiations to 751): the contract now declares each schema's type name itself, an
// alias of the types file's, which its bundled declarations print as renamed imports (+22 KB);
// the generated resource classes then took 9 KB off (their JSDoc is the contract's summaries).
// `@nimbus/sdk` alone loads 207.9 KB, down from 239.9 KB.
// 340 KB held until the generated methods got back the `@example` of 62 endpoints (+11.2 KB of
// JSDoc, which an editor shows on hover and a type-check only skims).
const BUDGET_BYTES = 360 * 1024;
const ROOT_DECLARATIONS = [
  'index.d.ts',
  'index.browser.d.ts',
  'base.d.ts',
  'base.browser.d.ts',
  'contract/index.d.ts',
];

let app: PackedApp;
beforeAll(async () => {
  app = await createPackedApp({ '@nimbus/sdk': inject('tarballs')['@nimbus/sdk']! });
});
afterAll(() => app?.remove());

async function declarationFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.d\.ts$/.test(entry.name))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** The declaration files `roots` import, themselves included, by relative path under `dir`. */
async function reachable(dir: string, roots: string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (texts.has(file)) continue;
    const text = await readFile(join(dir, file), 'utf8');
    texts.set(file, text);
    for (const [, specifier] of text.matchAll(/(?:from|import) '(\.[^']+)\.js'/g)) {
      queue.push(join(dirname(file), `${specifier}.d.ts`));
    }
  }
  return texts;
}

describe('@nimbus/sdk declarations', () => {
  it(`load under ${BUDGET_BYTES / 1024} KB in all from the root entries`, async () => {
    const dist = join(app.dir, 'node_modules/@nimbus/sdk/dist');
    const loaded = await reachable(dist, ROOT_DECLARATIONS);
    const sizes = [...loaded].map(([file, text]) => [file, Buffer.byteLength(text)] as const);
    const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
    expect(total, sizes.map(([file, bytes]) => `${file}: ${bytes}`).join('\n')).toBeLessThan(BUDGET_BYTES);
    // The SDK README states the figure: within 1 % of what is published, or the README is stale.
    const readme = await readFile(join(root, 'packages/sdk/README.md'), 'utf8');
    const stated = Number(/declarations weigh about ([\d.]+) KB in all/.exec(readme)?.[1]);
    const measured = Math.round((total / 1024) * 10) / 10;
    expect(
      Math.abs(stated - measured) / measured,
      `the SDK README says ${stated} KB; the packed declarations weigh ${measured} KB`,
    ).toBeLessThan(0.01);
  });

  it("give each other file only a re-export from the contract's declarations", async () => {
    const dist = join(app.dir, 'node_modules/@nimbus/sdk/dist');
    const loaded = await reachable(dist, ROOT_DECLARATIONS);
    const others = (await declarationFiles(dist)).filter((file) => !loaded.has(file));
    expect(others).toContain(join('contract', 'v1', 'instances.d.ts'));
    for (const file of others) {
      const text = await readFile(join(dist, file), 'utf8');
      expect(text, file).toMatch(/^export \{ [\w, ]+ \} from '(?:\.\.?\/)+index\.js';\n$/);
    }
  });

  it('have CommonJS twins: each .d.cts the .d.ts beside it, importing .cjs files', async () => {
    const dist = join(app.dir, 'node_modules/@nimbus/sdk/dist');
    const files = await declarationFiles(dist);
    expect(files.length).toBeGreaterThan(ROOT_DECLARATIONS.length);
    for (const file of files) {
      const text = await readFile(join(dist, file), 'utf8');
      const twin = await readFile(join(dist, `${file.slice(0, -'.d.ts'.length)}.d.cts`), 'utf8');
      expect(twin, file).toBe(text.replace(/((?:from|import) '\.[^']+)\.js'/g, "$1.cjs'"));
    }
  });
});
