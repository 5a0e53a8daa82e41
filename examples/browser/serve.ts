/**
 * Bundles `main.ts` for the browser with esbuild and serves the page with msw's worker script.
 *
 *   npm run browser -w @nimbus/examples     # then open the printed URL
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { type StaticSite, serveFiles } from '../support/static-server';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The app as one browser script. */
export async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [`${here}main.ts`],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    logLevel: 'warning',
    // Inside this repository the packages resolve to their sources (an app resolves them in
    // node_modules, where the SDK's `browser` export condition picks the fetch transport).
    alias: {
      '@nimbus/sdk/contract': `${root}packages/sdk/src/contract`,
      '@nimbus/sdk': `${root}packages/sdk/src/index.browser.ts`,
      '@nimbus/mock-server/msw': `${root}packages/mock-server/src/entries/msw.ts`,
    },
  });
  return result.outputFiles[0]!.text;
}

export async function serveBrowserExample(port = 5173): Promise<StaticSite> {
  const script = await bundle();
  // The worker script of the installed msw (what `npx msw init` copies), so versions always match.
  const worker = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  return serveFiles(
    {
      '/': { type: 'text/html; charset=utf-8', body: () => readFile(`${here}index.html`) },
      '/main.js': { type: 'text/javascript; charset=utf-8', body: script },
      '/mockServiceWorker.js': { type: 'text/javascript; charset=utf-8', body: () => readFile(worker) },
    },
    port,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  serveBrowserExample(Number(process.env.PORT ?? 5173)).then(
    (site) => console.log(`Open ${site.url}\n(Ctrl-C to stop)`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
