// Browser weight of the built SDK: esbuild (browser platform, minified, ESM with code splitting,
// as bundlers split dynamic imports) of a page that calls `users.me()`. Needs
// `npm run build -w @nimbus/sdk` first. Prints one JSON line (run.mjs reads it).
// - initial: the entry chunk and every chunk it imports statically (what the page loads);
// - lazy: chunks behind dynamic imports (the contract with zod, loaded with `validateResponses`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

const PAGE = `import { Nimbus } from '@nimbus/sdk';

const client = new Nimbus({ baseUrl: location.origin, accessToken: localStorage.getItem('token') ?? undefined });
client.users.me().then((me) => { document.title = me.email; });
`;

export async function browserBundle() {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-bundle-'));
  try {
    writeFileSync(join(dir, 'page.js'), PAGE);
    const result = await build({
      entryPoints: [join(dir, 'page.js')],
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: join(dir, 'out'),
      nodePaths: [join(root, 'node_modules')],
      absWorkingDir: dir,
      metafile: true,
      write: false,
      // tsup's ESM entries import a shared chunk for its side effects, which `sideEffects: false` drops (a warning).
      logLevel: 'error',
    });
    const contents = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
    const outputs = result.metafile.outputs;
    const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint);
    const initial = new Set();
    const visit = (path) => {
      if (initial.has(path)) return;
      initial.add(path);
      for (const link of outputs[path].imports) if (link.kind === 'import-statement') visit(link.path);
    };
    visit(entry);
    // Metafile paths are relative to `absWorkingDir`; output files carry absolute ones.
    const describe = (paths) => {
      const list = [...paths].filter((path) => path.endsWith('.js'));
      const files = list.map((path) => contents.get(join(dir, path)));
      return {
        minifiedBytes: files.reduce((sum, file) => sum + file.length, 0),
        gzipBytes: files.reduce((sum, file) => sum + gzipSync(file).length, 0),
        hasZod: list.some((path) =>
          Object.keys(outputs[path].inputs).some((input) => input.includes('/zod/')),
        ),
        files: list.map((path) => relative('out', path)),
      };
    };
    const lazy = Object.keys(outputs).filter((path) => !initial.has(path));
    return { initial: describe(initial), lazy: describe(lazy) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(await browserBundle()));
