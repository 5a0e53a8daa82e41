import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPackedApp, type PackedApp } from './support/packed-app';

// One process loads the packed SDK with require() and with import(): one module (Node takes the
// ES module for both, by the exports map's \`module-sync\`), so an error thrown by a client made
// from one is an instance of the classes of the other. The CommonJS build (what jest's CommonJS
// mode loads) is a second copy, whose error classes match the ES module's by name both ways.
const script = `
const required = require('@nimbus/sdk');
const commonJs = require('./node_modules/@nimbus/sdk/dist/index.cjs');
const { startMockServer } = require('@nimbus/mock-server/testing');

(async () => {
  const imported = await import('@nimbus/sdk');
  const mock = await startMockServer();
  try {
    const error = await new required.Nimbus({ baseUrl: mock.url, maxRetries: 0 }).users.me().catch((e) => e);
    const docs = await fetch(mock.url + '/docs/assets/swagger-ui.css');
    const fromCommonJs = await new commonJs.Nimbus({ baseUrl: mock.url, maxRetries: 0 }).users.me().catch((e) => e);
    console.log(JSON.stringify({
      sameClass: required.APIError === imported.APIError,
      sameClient: required.Nimbus === imported.Nimbus,
      status: error.status,
      importedAuthenticationError: error instanceof imported.AuthenticationError,
      importedAPIError: error instanceof imported.APIError,
      requiredAPIError: error instanceof required.APIError,
      commonJsIsASecondCopy: commonJs.APIError !== imported.APIError,
      commonJsAuthenticationError: error instanceof commonJs.AuthenticationError,
      commonJsNimbusError: error instanceof commonJs.NimbusError,
      importedFromCommonJs: fromCommonJs instanceof imported.AuthenticationError,
      notAnotherClass: fromCommonJs instanceof imported.NotFoundError || error instanceof commonJs.NotFoundError,
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
  it('has one class per error, so instanceof holds across both, and across the CommonJS build by name', async () => {
    const { stdout } = await app.node(['identity.cjs']);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({
      sameClass: true,
      sameClient: true,
      status: 401,
      importedAuthenticationError: true,
      importedAPIError: true,
      requiredAPIError: true,
      commonJsIsASecondCopy: true,
      commonJsAuthenticationError: true,
      commonJsNimbusError: true,
      importedFromCommonJs: true,
      notAnotherClass: false,
      docsAsset: 200,
    });
  });
});
