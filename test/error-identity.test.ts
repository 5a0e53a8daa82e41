import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPackedApp, type PackedApp } from './support/packed-app';

// One process loads the packed SDK with require() and with import(): one module, so an error
// thrown by a client made from one is an instance of the classes of the other.
const script = `
const required = require('@nimbus/sdk');
const { startMockServer } = require('@nimbus/mock-server/testing');

(async () => {
  const imported = await import('@nimbus/sdk');
  const mock = await startMockServer();
  try {
    const error = await new required.Nimbus({ baseUrl: mock.url, maxRetries: 0 }).users.me().catch((e) => e);
    const docs = await fetch(mock.url + '/docs/assets/swagger-ui.css');
    console.log(JSON.stringify({
      sameClass: required.APIError === imported.APIError,
      sameClient: required.Nimbus === imported.Nimbus,
      status: error.status,
      importedAuthenticationError: error instanceof imported.AuthenticationError,
      importedAPIError: error instanceof imported.APIError,
      requiredAPIError: error instanceof required.APIError,
      docsAsset: docs.status,
    }));
  } finally {
    await mock.close();
  }
})();`;

let app: PackedApp;
beforeAll(async () => {
  app = await createPackedApp(inject('tarballs'));
  await app.write('identity.cjs', script);
});
afterAll(() => app?.remove());

describe('the packed SDK loaded with require() and import() in one process', () => {
  it('has one class per error, so instanceof holds across both', async () => {
    const { stdout } = await app.node(['identity.cjs']);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({
      sameClass: true,
      sameClient: true,
      status: 401,
      importedAuthenticationError: true,
      importedAPIError: true,
      requiredAPIError: true,
      docsAsset: 200,
    });
  });
});
