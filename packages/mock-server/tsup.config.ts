import { cp, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'tsup';

/** The `/docs` page's files and the notices their Apache-2.0 licence asks to keep with them. */
const SWAGGER_UI_FILES = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'swagger-ui-bundle.js.LICENSE.txt',
  'swagger-ui-standalone-preset.js.LICENSE.txt',
  'LICENSE',
  'NOTICE',
];

/** Copies them into `dist/swagger-ui/`, where `src/node/docs-assets.ts` finds them. */
async function copySwaggerUi(): Promise<void> {
  const from = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await mkdir('dist/swagger-ui', { recursive: true });
  await Promise.all(SWAGGER_UI_FILES.map((file) => cp(join(from, file), join('dist/swagger-ui', file))));
}

/** The `/__mock/ui` dashboard's page, styles and script, into `dist/dashboard/` (src/node/dashboard-assets.ts). */
async function copyDashboard(): Promise<void> {
  await cp('src/dashboard', 'dist/dashboard', { recursive: true });
}

export default defineConfig({
  entry: { index: 'src/index.ts', testing: 'src/entries/testing.ts', msw: 'src/entries/msw.ts' },
  // ESM only, for `import` and `require` alike, as the SDK (see its README).
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node20',
  sourcemap: true,
  // The SDK (and its contract) stay one copy at run time: never bundled into the server.
  external: [/^@nimbus\//],
  onSuccess: async () => {
    await Promise.all([copySwaggerUi(), copyDashboard()]);
  },
});
