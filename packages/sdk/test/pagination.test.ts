import { type Instance, Nimbus, NimbusError, Page } from '@nimbus/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { instance, PROJECT_ID, uuid } from './helpers/fixtures';
import { ok, type StubServer, startStubServer } from './helpers/stub-server';

const TOTAL = 7;
const all = Array.from({ length: TOTAL }, (_, i) => instance({ id: uuid(i + 1), name: `vm-${i + 1}` }));

let server: StubServer;
afterEach(() => server?.close());

/** Pages `all` like the reference server: `?page=`, `?per_page=`, meta with the total. */
async function pagedClient() {
  server = await startStubServer((req) => {
    const page = Number(req.query.get('page') ?? 1);
    const perPage = Number(req.query.get('per_page') ?? 20);
    const data = all.slice((page - 1) * perPage, page * perPage);
    return ok(data, { page, per_page: perPage, total: TOTAL });
  });
  return new Nimbus({ baseUrl: server.url, projectId: PROJECT_ID, accessToken: 'at' });
}

describe('list pagination', () => {
  it('awaits to the first page with its position', async () => {
    const client = await pagedClient();

    const page = await client.instances.list({ per_page: 3 });

    expect(page).toBeInstanceOf(Page);
    expect(page.data.map((vm) => vm.name)).toEqual(['vm-1', 'vm-2', 'vm-3']);
    expect([page.page, page.perPage, page.total]).toEqual([1, 3, TOTAL]);
    expect(page.hasNextPage()).toBe(true);
  });

  it('for await walks all 3 pages, requesting each only when the previous one is used up', async () => {
    const client = await pagedClient();
    const seen: string[] = [];
    const requestsWhenSeen: number[] = [];

    for await (const vm of client.instances.list({ per_page: 3, status: 'running' })) {
      seen.push(vm.name);
      requestsWhenSeen.push(server.requests.length);
    }

    expect(seen).toEqual(all.map((vm) => vm.name));
    expect(requestsWhenSeen).toEqual([1, 1, 1, 2, 2, 2, 3]);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v1/instances?per_page=3&status=running',
      '/api/v1/instances?per_page=3&status=running&page=2',
      '/api/v1/instances?per_page=3&status=running&page=3',
    ]);
  });

  it('stops early without fetching further pages', async () => {
    const client = await pagedClient();

    for await (const vm of client.instances.list({ per_page: 3 })) {
      if (vm.name === 'vm-2') break;
    }

    expect(server.requests).toHaveLength(1);
  });

  it('walks pages with getNextPage() and iterPages()', async () => {
    const client = await pagedClient();

    const first = await client.instances.list({ per_page: 3 });
    const second = await first.getNextPage();
    const sizes: number[] = [];
    for await (const page of first.iterPages()) sizes.push(page.data.length);

    expect(second.data[0]?.name).toBe('vm-4');
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('says when there is no next page', async () => {
    const client = await pagedClient();

    const last = await client.instances.list({ per_page: 3, page: 3 });

    expect(last.data.map((vm: Instance) => vm.name)).toEqual(['vm-7']);
    expect(last.hasNextPage()).toBe(false);
    expect(() => last.getNextPage()).toThrow(NimbusError);
  });

  it('iterates from a page already awaited', async () => {
    const client = await pagedClient();

    const second = await client.instances.list({ per_page: 3, page: 2 });
    const names: string[] = [];
    for await (const vm of second) names.push(vm.name);

    expect(names).toEqual(['vm-4', 'vm-5', 'vm-6', 'vm-7']);
  });

  it('offers withResponse() on a page too', async () => {
    const client = await pagedClient();

    const { data: page, requestId } = await client.instances.list({ per_page: 5 }).withResponse();

    expect(page.data).toHaveLength(5);
    expect(requestId).toBe('req_header');
  });
});
