import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPackedApp, type PackedApp } from './support/packed-app';

// What an editor loads to type `@nimbus/sdk`: every declaration file the tarball publishes.
// A size budget (bytes on disk), not a timing; bench/sdk-types.mjs reports the same total
// (bench/README.md, "SDK types and browser weight"). 300 KB held until the control token, the
// secret marks, faults as a resource, the journal's responses and webhooks.sign() added about
// 11 KB of public API; what the budget guards, a consumer's type-check cost, fell meanwhile from
// about 79,000 to 2,500 instantiations per call (test/consumer-types.test.ts).
const BUDGET_BYTES = 320 * 1024;

let app: PackedApp;
beforeAll(async () => {
  app = await createPackedApp({ '@nimbus/sdk': inject('tarballs')['@nimbus/sdk']! });
});
afterAll(() => app?.remove());

async function declarationFiles(dir: string): Promise<{ path: string; bytes: number }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && /\.d\.c?ts$/.test(entry.name));
  return Promise.all(
    files.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: (await stat(path)).size };
    }),
  );
}

describe('@nimbus/sdk declarations', () => {
  it(`publish under ${BUDGET_BYTES / 1024} KB in all`, async () => {
    const files = await declarationFiles(join(app.dir, 'node_modules/@nimbus/sdk/dist'));
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/dist\/index\.d\.ts$/)]),
    );
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    expect(total, files.map((file) => `${file.path}: ${file.bytes}`).join('\n')).toBeLessThan(BUDGET_BYTES);
  });
});
