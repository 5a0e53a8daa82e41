import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPackedApp, type PackedApp } from './support/packed-app';

const packages = ['@nimbus/sdk', '@nimbus/mock-server', '@nimbus/cli'];

let app: PackedApp;
beforeAll(async () => {
  app = await createPackedApp(inject('tarballs'));
});
afterAll(() => app?.remove());

describe('the packed packages', () => {
  it.each(packages)('%s ships the MIT LICENSE its package.json names', async (name) => {
    const manifest = await app.manifest(name);
    expect(manifest.license).toBe('MIT');
    expect(manifest.files).toContain('LICENSE');
    const license = await readFile(join(app.dir, 'node_modules', name, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n/);
  });

  it.each(packages)('%s brings no telemetry package into the installer’s tree', async (name) => {
    const closure = await app.dependencyClosure(name);
    expect(closure).toContain('zod');
    expect([...closure].filter((dependency) => /scarf/.test(dependency))).toEqual([]);
    expect(closure).not.toContain('swagger-ui-dist');
  });

  it('the dependency walk follows the dependencies of dependencies', async () => {
    const closure = await app.dependencyClosure('@nimbus/mock-server');
    expect([...closure]).toEqual(
      expect.arrayContaining(['@nimbus/sdk', 'msw', '@mswjs/interceptors', 'undici']),
    );
  });

  it('@nimbus/mock-server asks for msw only as an optional peer, for its /msw entry', async () => {
    const manifest = await app.manifest('@nimbus/mock-server');
    expect(manifest.dependencies).not.toHaveProperty('msw');
    expect(manifest.peerDependencies).toHaveProperty('msw');
    expect(manifest.peerDependenciesMeta?.msw?.optional).toBe(true);
  });

  it('@nimbus/mock-server carries the /docs page files with their Apache-2.0 LICENSE and NOTICE', () => {
    const folder = join(app.dir, 'node_modules/@nimbus/mock-server/dist/swagger-ui');
    for (const file of [
      'swagger-ui.css',
      'swagger-ui-bundle.js',
      'swagger-ui-standalone-preset.js',
      'LICENSE',
      'NOTICE',
    ]) {
      expect(existsSync(join(folder, file)), file).toBe(true);
    }
  });
});
