import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { operations, PERMISSION_FAMILIES } from '@nimbus/sdk/contract';
import { validate } from '@readme/openapi-parser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../src/entries/testing';
import { openApiDocument } from '../src/openapi/document';
import { browserTestsRun, launchChromium } from './support/chromium';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: assertions walk the generated JSON by path
type Json = Record<string, any>;
const v1 = openApiDocument('v1') as Json;
const v2 = openApiDocument('v2') as Json;
const op = (doc: Json, method: string, path: string): Json => doc.paths[path][method];

/** Follows a local `$ref` (one level), as a reader of the document would. */
function deref(doc: Json, node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce((at: Json, key: string) => at[key], doc);
}

function allRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) allRefs(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else allRefs(value, out);
    }
  }
  return out;
}

describe('OpenAPI documents', () => {
  it.each([
    ['v1', v1],
    ['v2', v2],
  ])('the %s document is valid OpenAPI 3.1 with every $ref resolvable', async (_name, doc) => {
    const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
    expect(result).toMatchObject({ valid: true, specification: 'OpenAPI' });
    expect(doc.openapi).toBe('3.1.0');
    for (const ref of new Set(allRefs(doc))) {
      expect(ref).toMatch(/^#\/components\/(schemas|responses|parameters)\/[\w.-]+$/);
      expect(deref(doc, { $ref: ref }), ref).toBeDefined();
    }
  });

  it('carry the package version, which the packages share', async () => {
    const versionOf = async (pkg: string) =>
      JSON.parse(await readFile(`${repoRoot}packages/${pkg}/package.json`, 'utf8')).version;
    const version = await versionOf('mock-server');
    expect(version).toBe(await versionOf('sdk'));
    expect(v1.info.version).toBe(version);
    expect(v2.info.version).toBe(version);
  });

  it('has one operation per contract endpoint, named and tagged after it', () => {
    for (const { id, endpoint } of operations()) {
      const doc = id.startsWith('v1.') ? v1 : id.startsWith('v2.') ? v2 : undefined;
      if (!doc) continue;
      const operation = op(doc, endpoint.method.toLowerCase(), endpoint.path);
      expect(operation, id).toMatchObject({
        operationId: id,
        tags: [endpoint.family],
        summary: endpoint.summary,
      });
      expect(doc.tags.map((t: Json) => t.name)).toContain(endpoint.family);
      const pathParams = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = operation.parameters.filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
      expect(declared.sort(), id).toEqual(pathParams.sort());
    }
    const ids = [...Object.values(v1.paths), ...Object.values(v2.paths)].flatMap((item) =>
      Object.values(item as Json).map((o: Json) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(v1.paths['/api/v1/openapi.json']).toBeUndefined();
  });

  it('wraps /api/v1 answers in the envelope, with list meta, and 4xx in the error envelope', () => {
    const list = op(v1, 'get', '/api/v1/instances');
    const listBody = list.responses['200'].content['application/json'].schema;
    expect(listBody.properties.data).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Instance' },
    });
    expect(deref(v1, listBody.properties.meta).required).toEqual(['request_id', 'page', 'per_page', 'total']);
    expect(list.parameters.map((p: Json) => p.name ?? p.$ref)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'status', '#/components/parameters/ProjectId']),
    );

    const create = op(v1, 'post', '/api/v1/instances');
    expect(create.responses['201'].content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/Instance',
    });
    const notFound = deref(v1, op(v1, 'get', '/api/v1/instances/{id}').responses['404']);
    const errorBody = deref(v1, notFound.content['application/json'].schema);
    expect(errorBody.properties.success).toEqual({ type: 'boolean', const: false });
    expect(create.responses['4XX']).toBeDefined();
    expect(op(v1, 'delete', '/api/v1/instances/{id}').responses['204']).toEqual({
      description: expect.any(String),
    });

    // /v2 answers are bare, its errors `{ error }`.
    const camera = op(v2, 'patch', '/v2/api/cameras/{id}');
    expect(camera.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Camera',
    });
    const v2Error = deref(v2, deref(v2, camera.responses['404']).content['application/json'].schema);
    expect(Object.keys(v2Error.properties)).toEqual(['error']);
  });

  it('describes bodies as input (defaults optional) and records as output', () => {
    const create = op(v1, 'post', '/api/v1/instances');
    const body = deref(v1, create.requestBody.content['application/json'].schema);
    expect(body.required).toEqual(['name', 'flavor', 'region']);
    expect(body.properties.image).toMatchObject({ default: 'ubuntu-24.04' });
    expect(body.properties.flavor).toEqual({ $ref: '#/components/schemas/Flavor' });
    const instance = v1.components.schemas.Instance;
    expect(instance.required).toEqual(expect.arrayContaining(['id', 'status', 'image', 'created_at']));
    // Responses are closed: the server answers exactly the declared fields.
    expect(instance).toHaveProperty('additionalProperties', false);
    expect(deref(v1, create.requestBody.content['application/json'].schema)).not.toHaveProperty(
      'additionalProperties',
    );
  });

  it('names the permission families of the project routes in the Permission pattern', () => {
    const families = new Set(
      operations()
        .filter((op) => op.endpoint.api === 'v1' && op.endpoint.project)
        .map((op) => op.endpoint.family),
    );
    expect([...PERMISSION_FAMILIES].sort()).toEqual([...families].sort());
    const role = v1.components.schemas.IamRoleCreateBody;
    const pattern = new RegExp(role.properties.permissions.items.pattern);
    for (const family of families) expect(pattern.test(`${family}:read`), family).toBe(true);
    expect(pattern.test('iam:*')).toBe(false);
    expect(pattern.test('*:*')).toBe(false);
    expect(pattern.test('nosuch:read')).toBe(false);
  });

  it('declares the security of every kind of route', () => {
    expect(op(v1, 'post', '/api/v1/auth/login').security).toEqual([]);
    expect(op(v1, 'get', '/api/v1/instances').security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
    expect(op(v1, 'get', '/api/v1/projects').security).toEqual([{ bearerAuth: [] }]);
    expect(op(v2, 'get', '/v2/api/cameras').security).toEqual([{ bearerAuth: ['cameras:read'] }]);
    expect(op(v2, 'get', '/v2/metrics').security).toEqual([{ basicAuth: [] }]);
    expect(op(v2, 'get', '/v2/hls/{cam}/{date}/{hour}/index.m3u8')).toMatchObject({
      security: [{ queryToken: ['playback:read'] }],
      responses: { '200': { content: { 'application/vnd.apple.mpegurl': { schema: { type: 'string' } } } } },
    });
    expect(Object.keys(v1.components.securitySchemes)).toEqual(['apiKeyAuth', 'bearerAuth']);
    expect(Object.keys(v2.components.securitySchemes)).toEqual(['basicAuth', 'bearerAuth', 'queryToken']);
    expect(v2.components.securitySchemes.queryToken).toEqual(
      expect.objectContaining({ in: 'query', name: 'token' }),
    );
  });
});

describe('documentation routes', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ controlToken: 'control-secret' });
  });
  afterAll(() => mock.close());

  it('serve both documents with the server itself as the server URL', async () => {
    const cloud = await mock.client.docs.cloudPlatform();
    expect(cloud.servers).toEqual([{ url: mock.url }]);
    expect({ ...cloud, servers: undefined }).toEqual({ ...openApiDocument('v1'), servers: undefined });
    const video = await mock.client.docs.video();
    expect(video.info).toMatchObject({ title: 'Nimbus Video Management API' });
    const raw = await fetch(`${mock.url}/api/v1/openapi.json`);
    expect(raw.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('serve a section of the /api/v1 document through the SDK: the tags asked for, and their schemas', async () => {
    const section = await mock.client.docs.cloudPlatform({ tags: 'compute' });
    const tags = Object.values(section.paths).flatMap((item) =>
      Object.values(item as Record<string, { tags?: string[] }>).flatMap((operation) => operation.tags ?? []),
    );
    expect(new Set(tags)).toEqual(new Set(['compute']));
    expect(section.servers).toEqual([{ url: mock.url }]);
    await expect(mock.client.docs.cloudPlatform({ tags: 'no-such-tag' })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('serve the reference page and its files without the control token', async () => {
    const page = await mock.client.docs.page();
    expect(page).toContain('/api/v1/openapi.json');
    expect(page).toContain('/v2/openapi.json');
    const bundle = await mock.client.docs.asset('swagger-ui-bundle.js');
    expect(bundle.byteLength).toBeGreaterThan(100_000);
    const css = await fetch(`${mock.url}/docs/assets/swagger-ui.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const other = await fetch(`${mock.url}/docs/assets/..%2Fpackage.json`);
    expect(other.status).toBe(400);
    expect(page).toContain('href="/docs/assets/favicon.svg"');
    const icon = await fetch(`${mock.url}/docs/assets/favicon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
  });
});

describe.runIf(browserTestsRun)('the /docs page in headless Chromium', () => {
  let mock: MockServer;
  let browser: Browser;
  beforeAll(async () => {
    mock = await startMockServer();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  it('renders the operations of both APIs, the first section open and the others a link away', {
    timeout: 60_000,
  }, async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A Content-Security-Policy refusal shows as a console error.
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${mock.url}/docs`);
    // compute is in the first section; network (28 operations) is a section of its own, a link away.
    await page.getByText('Create an instance (provisioning -> running)').first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('/api/v1/instances/{id}/start').count()).toBeGreaterThan(0);
    expect(await page.getByText('/api/v1/vpcs/{id}/subnets').count()).toBe(0);
    await page.getByRole('link', { name: 'network', exact: true }).click({ timeout: 30_000 });
    await page.getByText('/api/v1/vpcs/{id}/subnets').first().waitFor({ timeout: 30_000 });
    await page.goto(`${mock.url}/docs?api=v2`);
    await page.getByText("List the tenant's cameras, oldest first").first().waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('cannot be framed by a page on another origin', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => refused.push(message.text()));
    // A page on another origin: localhost and 127.0.0.1 are two origins to the browser.
    await page.goto(`${mock.url.replace('127.0.0.1', 'localhost')}/v2/health`);
    await page.setContent(`<iframe src="${mock.url}/docs"></iframe>`);
    await expect
      .poll(() => refused.join('\n'), { timeout: 10_000 })
      .toMatch(/frame-ancestors|X-Frame-Options|Refused to (display|frame)/);
    await page.close();
  });
});

describe.runIf(browserTestsRun)(
  '"Try it out" on the /docs page of the demo tenant, in headless Chromium',
  () => {
    let mock: MockServer;
    let browser: Browser;
    beforeAll(async () => {
      // What `npm start` serves: the demo tenant, its two instances.
      mock = await startMockServer({ seed: true });
      browser = await launchChromium();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await mock?.close();
    });

    it('lists the demo instances at the first Execute, with no 404 on the page', {
      timeout: 150_000,
    }, async () => {
      const demo = mock.server.demo!;
      const page = await browser.newPage();
      const notFound: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404) notFound.push(response.url());
      });
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.goto(`${mock.url}/docs`);

      // Swagger UI parses the 500 KB document before it shows anything: slow on a busy machine.
      await page.locator('.auth-wrapper button.authorize').click({ timeout: 60_000 });
      // The dialog has a form per scheme, each with its own button: the bearer one applies the token.
      const bearer = page.locator('.auth-container', { has: page.getByLabel('auth-bearer-value') });
      await bearer.getByLabel('auth-bearer-value').fill(demo.accessToken);
      await bearer.getByLabel('Apply credentials').click();
      await page.locator('.modal-ux button.btn-done').first().click();

      const list = page.locator('.opblock-get', { has: page.locator('[data-path="/api/v1/instances"]') });
      await list.locator('.opblock-summary-control').click({ timeout: 30_000 });
      await list.locator('button.try-out__btn').click();
      await list.locator('tr[data-param-name="X-Project-ID"] input').fill(demo.projectId);
      await list.locator('button.execute').click();

      const answer = list.locator('.live-responses-table td.response-col_description:not(.col_header)');
      await answer.getByText('worker-1').first().waitFor({ timeout: 30_000 });
      const text = await answer.textContent();
      expect(text).toContain('"web-1"');
      expect(text).toContain('"success": true');
      // It went out once, with the paging defaults only: no filter the user did not choose.
      const sent = mock.requests({ path: '/api/v1/instances' });
      expect(sent.map((request) => request.query)).toEqual([{ page: '1', per_page: '20' }]);
      expect(notFound).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    });
  },
);
