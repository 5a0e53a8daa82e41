import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPackedApp, type PackedApp, root } from './support/packed-app';

// jest 30 on the packed packages, as an app's suite runs it: in its CommonJS mode (the default,
// `require()` through jest's own module system, which cannot load an ES module) and in its ES
// module mode (`--experimental-vm-modules`, `import` through node:vm's modules). The app lives
// outside the repository (jest skips test files under node_modules), with links to the
// workspace's copies of the packages' dependencies.

/** Every entry of each package's exports map, loaded with require(); one file's server, a fault, the journal. */
const commonJsSuite = `
const { Nimbus, NotFoundError, APIError, InternalServerError } = require('@nimbus/sdk');
const { BaseNimbus } = require('@nimbus/sdk/base');
const { v1 } = require('@nimbus/sdk/contract');
const { instances } = require('@nimbus/sdk/contract/v1/instances');
const { createServer, consoleLogger } = require('@nimbus/mock-server');
const { startMockServer, seedTenant } = require('@nimbus/mock-server/testing');
const { createNimbusHandlers } = require('@nimbus/mock-server/msw');
const { openApiDocument } = require('@nimbus/mock-server/openapi');
const { run, buildProgram } = require('@nimbus/cli');

let mock;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());

test('every entry loads with require()', () => {
  const loaded = [Nimbus, BaseNimbus, createServer, consoleLogger.error, createNimbusHandlers, run, buildProgram];
  expect(loaded.map((value) => typeof value)).toEqual(loaded.map(() => 'function'));
  expect(instances.create).toBe(v1.instances.create);
  expect(typeof openApiDocument).toBe('function');
});

test('a seeded tenant, an SDK error of its class, a fault and the journal', async () => {
  const { client, resources } = await seedTenant(mock, { instances: [{ name: 'web', flavor: 'small', region: 'hn' }] });
  const missing = await client.instances.retrieve('00000000-0000-4000-8000-000000000000').catch((error) => error);
  expect(missing).toBeInstanceOf(NotFoundError);
  expect(missing).toBeInstanceOf(APIError);
  await mock.faults.create({ method: 'GET', path: '/api/v1/instances/*', status: 503, times: 1 });
  const failed = await client.instances.retrieve(resources.instances[0].id, { maxRetries: 0 }).catch((error) => error);
  expect(failed).toBeInstanceOf(InternalServerError);
  mock.requests.expect({ method: 'POST', path: '/api/v1/instances', body: { name: 'web' } }, 1);
});
`;

/**
 * The ES module mode's trap: the server loads jose, prom-client and its families on first use,
 * with import(), and jest's module system failed parallel imports that share modules ("request
 * for '../util/errors.js' is not in cache"): every login answered 500. Many first requests at
 * once, with a logger, on a fresh server.
 */
const esModuleSuite = `
import { NotFoundError } from '@nimbus/sdk';
import { startMockServer, seedTenant } from '@nimbus/mock-server/testing';

const errors = [];
const logger = { info() {}, warn() {}, error: (...args) => errors.push(args.map(String).join(' ')) };

test('many first requests at once, with a logger', async () => {
  const mock = await startMockServer({ logger });
  try {
    const tenants = await Promise.all(Array.from({ length: 12 }, () => seedTenant(mock)));
    const [{ client }] = tenants;
    const scrape = fetch(mock.url + '/v2/metrics', { headers: { authorization: 'Basic ' + btoa('metrics:metrics') } });
    const results = await Promise.all([
      ...tenants.map(({ client }) => client.instances.create({ name: 'web', flavor: 'small', region: 'hn' })),
      ...tenants.map(({ client }) => client.video.cameras.list().catch((error) => error)),
      client.instances.retrieve('00000000-0000-4000-8000-000000000000').catch((error) => error),
    ]);
    expect(results.at(-1)).toBeInstanceOf(NotFoundError);
    expect((await scrape).status).toBe(200);
    expect(errors).toEqual([]);
  } finally {
    await mock.close();
  }
});
`;

/**
 * What jest's CommonJS mode needs besides the packages, for msw: msw 2's own CommonJS build
 * requires packages that are ES modules only, which jest compiles to CommonJS when told to (as
 * examples/runners/jest-commonjs/jest.config.js does). The app is outside the repository:
 * babel-jest and the plugin are named by their paths in it.
 */
const commonJsConfig = `
const { join } = require('node:path');
const modules = ${JSON.stringify(join(root, 'node_modules'))};
const ES_MODULES_ONLY = '(@open-draft/deferred-promise|rettime|until-async)';
module.exports = {
  testEnvironment: 'node',
  transform: {
    [\`/node_modules/\${ES_MODULES_ONLY}/.+\\\\.m?js$\`]: [
      join(modules, 'babel-jest'),
      { plugins: [join(modules, '@babel/plugin-transform-modules-commonjs')] },
    ],
  },
  transformIgnorePatterns: [\`/node_modules/(?!\${ES_MODULES_ONLY}/)\`],
};
`;

let app: PackedApp;
beforeAll(async () => {
  // Outside the repository; msw linked in (an optional peer the suite uses).
  app = await createPackedApp(inject('tarballs'), { without: [] });
  await app.write('commonjs.test.cjs', commonJsSuite);
  await app.write('es-module.test.mjs', esModuleSuite);
  await app.write('jest.commonjs.config.cjs', commonJsConfig);
});
afterAll(() => app?.remove());

const jest = join(root, 'node_modules/jest/bin/jest.js');

/** Runs jest in the app on one test file; its JSON report. */
async function runJest(file: string, options: { nodeOptions?: string; config?: string } = {}) {
  const { nodeOptions = '', config } = options;
  const args = [jest, '--ci', '--json', '--testEnvironment=node', `--rootDir=${app.dir}`, file];
  if (config) args.push(`--config=${config}`);
  const env = { ...process.env, NODE_OPTIONS: nodeOptions, NODE_ENV: 'test' };
  const { stdout } = await app.node(args, { env }).catch((error: { stdout: string; stderr: string }) => {
    if (!error.stdout) throw error;
    return error;
  });
  return JSON.parse(stdout) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { message: string }[];
  };
}

describe('jest on the packed packages', () => {
  it('loads every entry with require() in its CommonJS mode and runs a suite', async () => {
    const report = await runJest('commonjs.test.cjs', { config: 'jest.commonjs.config.cjs' });
    expect(report.testResults.map((result) => result.message)).toEqual(['']);
    expect(report.numPassedTests).toBe(2);
  });

  it('runs a suite in its ES module mode, many first requests at once, with a logger', async () => {
    const report = await runJest('es-module.test.mjs', {
      nodeOptions: '--experimental-vm-modules --no-warnings',
    });
    expect(report.testResults.map((result) => result.message)).toEqual(['']);
    expect(report.numPassedTests).toBe(1);
  });
});
