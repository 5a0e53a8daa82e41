import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Bundles a page that calls `users.me()` against the browser entry, as a bundler would (ESM,
 * dynamic imports split off), and looks at which sources land in what the page loads first.
 * bench/browser-bundle.mjs measures the same against the built package.
 */
const entry = fileURLToPath(new URL('../src/index.browser.ts', import.meta.url));
let dir: string;
let outputs: Metafile['outputs'];
let initial: Set<string>;
/** Minified and gzipped, the bytes of each output file. */
let gzipped: Map<string, number>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nimbus-browser-'));
  writeFileSync(
    join(dir, 'page.ts'),
    `import { Nimbus } from ${JSON.stringify(entry)};\n` +
      `new Nimbus({ baseUrl: location.origin }).users.me().then((me) => console.log(me.email));\n`,
  );
  const result = await build({
    entryPoints: [join(dir, 'page.ts')],
    absWorkingDir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: 'out',
    write: false,
    metafile: true,
    minify: true,
    logLevel: 'error',
  });
  outputs = result.metafile.outputs;
  gzipped = new Map(
    result.outputFiles.map((file) => [file.path.slice(dir.length + 1), gzipSync(file.contents).length]),
  );
  initial = new Set<string>();
  const visit = (path: string) => {
    if (initial.has(path)) return;
    initial.add(path);
    for (const link of outputs[path]?.imports ?? []) if (link.kind === 'import-statement') visit(link.path);
  };
  visit(Object.keys(outputs).find((path) => outputs[path]?.entryPoint)!);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sourcesOf = (paths: string[]) => paths.flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}));
const lazy = () => Object.keys(outputs).filter((path) => !initial.has(path) && path.endsWith('.js'));

describe('browser bundle of a users.me() call', () => {
  it('loads neither zod nor the contract schemas up front', () => {
    const sources = sourcesOf([...initial]);
    expect(sources.some((source) => source.includes('src/generated/resources/v1/users.ts'))).toBe(true);
    expect(sources.filter((source) => source.includes('/zod/'))).toEqual([]);
    expect(sources.filter((source) => source.includes('src/contract/v1/'))).toEqual([]);
  });

  it('keeps the contract and zod in a chunk loaded only to validate responses', () => {
    const sources = sourcesOf(lazy());
    expect(sources.some((source) => source.includes('/zod/'))).toBe(true);
    expect(sources.some((source) => source.includes('src/contract/v1/instances.ts'))).toBe(true);
  });
});

describe("the README's figure for it", () => {
  it('is within 10 % of the gzipped bytes the page loads first', () => {
    const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    const stated = Number(
      /browser bundle of a `users\.me\(\)` call is about\s+([\d.]+) KB gzip/.exec(readme)?.[1],
    );
    const measured = [...initial].reduce((sum, path) => sum + (gzipped.get(path) ?? 0), 0) / 1024;
    expect(stated, `README says ${stated} KB; measured ${measured.toFixed(1)} KB`).toBeGreaterThan(
      measured * 0.9,
    );
    expect(stated, `README says ${stated} KB; measured ${measured.toFixed(1)} KB`).toBeLessThan(
      measured * 1.1,
    );
  });
});
