import { Nimbus, NotFoundError, nodeHttpFetch } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { it } from './helpers';

// `_request_id` on results and `.asResponse()`, against the reference server on an ephemeral
// port, over the default Node transport and over a `fetch` option (the path msw takes).

const transports = {
  'the Node transport': undefined,
  'a fetch option': (url: string, init: RequestInit) => fetch(url, init),
  'nodeHttpFetch (node:http)': nodeHttpFetch,
};

describe.each(Object.entries(transports))('over %s', (_name, fetchOption) => {
  let client: () => Nimbus;
  it.beforeAll(({ mock, tenant }) => {
    client = () =>
      new Nimbus({
        baseUrl: mock.url,
        accessToken: tenant.accessToken,
        projectId: tenant.project.id,
        ...(fetchOption ? { fetch: fetchOption } : {}),
      });
  });

  it('puts the request id on returned objects, non-enumerable', async () => {
    const { data, requestId, response } = await client()
      .instances.create({ name: 'web-1', flavor: 'small', region: 'hn' })
      .withResponse();
    const vm = await client().instances.retrieve(data.id);

    expect(requestId).toBe(response.headers.get('x-request-id'));
    expect(vm._request_id).toMatch(/\S/);
    expect(vm._request_id).not.toBe(requestId);
    expect(Object.keys(vm)).not.toContain('_request_id');
    expect(JSON.stringify(vm)).not.toContain('_request_id');
    expect({ ...vm }).not.toHaveProperty('_request_id');
  });

  it('puts it on pages too; items stay plain', async () => {
    const page = await client().instances.list({ per_page: 1 });

    expect(page._request_id).toMatch(/\S/);
    expect(page.data[0]).toBeDefined();
    expect(Object.hasOwn(page.data[0] as object, '_request_id')).toBe(false);
  });

  it('withResponse() of a page and of a transformed result (login) gives the response', async ({
    tenant,
  }) => {
    const page = await client().instances.list({ per_page: 1 }).withResponse();
    const login = await client()
      .auth.login({ email: tenant.user.email, password: tenant.user.password })
      .withResponse();

    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('x-request-id')).toBe(page.requestId);
    expect(login.response.status).toBe(200);
    expect(login.data.access_token).toMatch(/\S/);
  });

  it('withResponse() has one shape for a record and a page: data, response (body unread), requestId', async () => {
    const created = await client().instances.create({ name: 'web-3', flavor: 'small', region: 'hn' });
    const record = await client().instances.retrieve(created.id).withResponse();
    const page = await client().instances.list({ per_page: 1 }).withResponse();

    for (const result of [record, page]) {
      expect(Object.keys(result).sort()).toEqual(['data', 'requestId', 'response']);
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
      expect(result.response.bodyUsed).toBe(false);
      expect(result.response.headers.get('x-request-id')).toBe(result.requestId);
    }
    expect(await record.response.json()).toMatchObject({ data: { id: created.id } });
  });

  it('asResponse() gives the Response with its body unread', async () => {
    const created = await client().instances.create({ name: 'web-2', flavor: 'small', region: 'hn' });

    const response = await client().instances.retrieve(created.id).asResponse();

    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.bodyUsed).toBe(false);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const envelope = (await response.json()) as { success: boolean; data: { id: string; name: string } };
    expect(envelope).toMatchObject({ success: true, data: { id: created.id, name: 'web-2' } });
  });

  it('asResponse() of a 204 has no body, and a failed call rejects as await does', async () => {
    const created = await client().instances.create({ name: 'web-3', flavor: 'small', region: 'hn' });

    const deleted = await client().instances.delete(created.id).asResponse();

    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    await expect(client().instances.retrieve(created.id).asResponse()).rejects.toBeInstanceOf(NotFoundError);
  });
});
