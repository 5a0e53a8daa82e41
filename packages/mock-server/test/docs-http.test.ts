import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../src/entries/testing';
import { openApiDocument } from '../src/openapi/document';

/** A raw HTTP GET: undici's `request` neither asks for nor decodes compression by itself. */
async function get(url: string, headers: Record<string, string> = {}) {
  const answer = await request(url, { headers });
  const body = Buffer.from(await answer.body.arrayBuffer());
  const header = (name: string) => {
    const value = answer.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return { status: answer.statusCode, header, body };
}

describe('/docs and the OpenAPI documents over HTTP', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ allowedHosts: ['docs.example.test'] });
  });
  afterAll(() => mock.close());

  it('compresses the v1 document with brotli or gzip as Accept-Encoding asks, identity otherwise', async () => {
    const url = `${mock.url}/api/v1/openapi.json`;
    const expected = openApiDocument('v1', { serverUrl: mock.url });

    const plain = await get(url);
    expect(plain.status).toBe(200);
    expect(plain.header('content-encoding')).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(expected);

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.header('content-encoding')).toBe('br');
    expect(br.header('vary')).toMatch(/Accept-Encoding/);
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 5);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(expected);

    const gzip = await get(url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.header('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(expected);

    const refused = await get(url, { 'accept-encoding': 'identity, *;q=0' });
    expect(refused.header('content-encoding')).toBeUndefined();
  });

  it('serves a section of the v1 document: the operations of the tags asked for and the schemas they use', async () => {
    const whole = openApiDocument('v1', { serverUrl: mock.url });
    const answer = await get(`${mock.url}/api/v1/openapi.json?tags=storage,compute`);
    expect(answer.status).toBe(200);
    const section = JSON.parse(answer.body.toString('utf8'));
    expect(section.tags).toEqual([{ name: 'compute' }, { name: 'storage' }]);
    const operations = Object.values(
      section.paths as Record<string, Record<string, { tags: string[] }>>,
    ).flatMap((item) => Object.values(item));
    expect(new Set(operations.map((operation) => operation.tags[0]))).toEqual(
      new Set(['compute', 'storage']),
    );
    expect(section.paths['/api/v1/instances']).toEqual(whole.paths['/api/v1/instances']);
    // Every schema it refers to is in it, under the whole document's name, and no other.
    const text = JSON.stringify(section);
    const refs = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!));
    expect(Object.keys(section.components.schemas).sort()).toEqual([...refs].sort());
    const schemas = (whole.components as { schemas: Record<string, unknown> }).schemas;
    for (const name of refs) expect(section.components.schemas[name], name).toEqual(schemas[name]);
    expect(answer.body.byteLength).toBeLessThan(JSON.stringify(whole).length / 5);
  });

  it('answers 400 in the v1 envelope to a section of an unknown tag, naming the tags there are', async () => {
    for (const tags of ['compute,videos', 'Compute', '']) {
      const answer = await get(`${mock.url}/api/v1/openapi.json?tags=${tags}`);
      expect(answer.status, tags).toBe(400);
      const { error } = JSON.parse(answer.body.toString('utf8'));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details[0].path).toBe('query.tags');
    }
    const unknown = JSON.parse(
      (await get(`${mock.url}/api/v1/openapi.json?tags=compute,videos`)).body.toString(),
    );
    expect(unknown.error.details[0].message).toMatch(/^No such tag: videos \(the tags are auth, users, /);
  });

  it('answers 304 to If-None-Match with the ETag, for every representation, and 200 to a stale tag', async () => {
    const url = `${mock.url}/v2/openapi.json`;
    const first = await get(url, { 'accept-encoding': 'br' });
    const etag = first.header('etag');
    expect(etag).toMatch(/^"[0-9a-f]{24}-br"$/);
    expect(first.header('cache-control')).toBe('no-cache');

    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.header('etag')).toBe(etag);

    const identity = await get(url);
    expect(identity.header('etag')).not.toBe(etag);
    expect((await get(url, { 'if-none-match': `W/${identity.header('etag')}` })).status).toBe(304);
    expect((await get(url, { 'if-none-match': `"0123", ${identity.header('etag')}` })).status).toBe(304);
    expect((await get(url, { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('gives each origin a document that names it as the server, each with its own ETag', async () => {
    const local = await get(`${mock.url}/v2/openapi.json`);
    const other = await get(`${mock.url}/v2/openapi.json`, { host: 'docs.example.test' });
    expect(JSON.parse(other.body.toString('utf8')).servers).toEqual([{ url: 'http://docs.example.test' }]);
    expect(other.header('etag')).not.toBe(local.header('etag'));
  });

  it('serves the page and the Swagger UI files compressed, cached and revalidated', async () => {
    const page = await get(`${mock.url}/docs`, { 'accept-encoding': 'gzip' });
    expect(page.header('content-type')).toMatch(/^text\/html/);
    expect(page.header('cache-control')).toBe('no-cache');
    const html = gunzipSync(page.body).toString('utf8');
    expect(html).toContain(`const FIRST_SECTION = ["auth","users","projects","compute"];`);
    expect(html).toContain("docExpansion: 'list'");
    // A link to each section of the /api/v1 document, by its tag.
    const tags = (openApiDocument('v1').tags as { name: string }[]).map((tag) => tag.name);
    for (const tag of tags) expect(html).toContain(`<a href="/docs?tags=${tag}">${tag}</a>`);

    const bundle = await get(`${mock.url}/docs/assets/swagger-ui-bundle.js`, { 'accept-encoding': 'br' });
    expect(bundle.status).toBe(200);
    expect(bundle.header('content-encoding')).toBe('br');
    expect(bundle.header('cache-control')).toBe('public, max-age=3600');
    const plain = await get(`${mock.url}/docs/assets/swagger-ui-bundle.js`);
    expect(brotliDecompressSync(bundle.body).equals(plain.body)).toBe(true);
    expect(bundle.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
    const revalidated = await get(`${mock.url}/docs/assets/swagger-ui-bundle.js`, {
      'if-none-match': plain.header('etag')!,
    });
    expect(revalidated.status).toBe(304);
  });

  it('sends the page with a Content-Security-Policy that refuses framing, on a 200 and a 304', async () => {
    const page = await get(`${mock.url}/docs`);
    const policy = page.header('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("default-src 'none'");
    // The inline script runs by its hash, not by 'unsafe-inline'.
    expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/]+=*'(;|$)/);
    expect(page.header('x-frame-options')).toBe('DENY');
    const revalidated = await get(`${mock.url}/docs`, { 'if-none-match': page.header('etag')! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.header('content-security-policy')).toBe(policy);
    expect(revalidated.header('x-frame-options')).toBe('DENY');
  });

  it("points an address without a route (the server's root, an API's root) at /docs in its 404", async () => {
    for (const path of ['/', '/api/v1', '/v2']) {
      const answer = await get(`${mock.url}${path}`);
      expect(answer.status, path).toBe(404);
      const { error } = JSON.parse(answer.body.toString('utf8')) as { error: { message: string } };
      expect(error.message).toBe(`No route for GET ${path}: the routes of both APIs are listed at /docs`);
    }
  });
});
