import { operations } from '@nimbus/sdk/contract';
import { expect } from 'vitest';
import { checkFetchExchange, type Divergence, operationLookup } from '../../src/fidelity';
import { it, rejection } from '../support';

const lookup = operationLookup(operations());

/** A fetch that checks every exchange it carries, adding what diverges to `found`. */
function checkingFetch(found: Divergence[], checked: string[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    // The copy the check reads is made before the request is sent (see checkFetchExchange).
    const sent = request.clone();
    const response = await fetch(request);
    const operation = lookup(request.method, new URL(request.url).pathname);
    if (!operation) throw new Error(`No operation for ${request.method} ${request.url}`);
    found.push(...(await checkFetchExchange(operation, sent, response)));
    checked.push(`${operation.id} ${response.status}`);
    return response;
  };
}

it('finds no divergence in the reference server’s own answers, errors and pages included', async ({
  mock,
  tenant,
}) => {
  const found: Divergence[] = [];
  const checked: string[] = [];
  const client = mock.createClient({
    fetch: checkingFetch(found, checked),
    accessToken: tenant.accessToken,
    projectId: tenant.project.id,
  });
  const created = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
  await client.instances.create({ name: 'web-2', flavor: 'micro', region: 'hn' });
  await client.instances.retrieve(created.id);
  await client.instances.list({ per_page: 1 }).then((page) => page.getNextPage());
  await rejection(client.instances.retrieve(crypto.randomUUID()));
  await rejection(client.instances.start(created.id));
  await rejection(client.instances.create({ name: 'web 3', flavor: 'small', region: 'hn' }));
  await rejection(client.withProject(crypto.randomUUID()).instances.list());
  const { token } = await client.auth.workloadToken({
    project_id: tenant.project.id,
    scopes: ['cameras:write'],
  });
  const video = client.video.withToken(token);
  await video.cameras.create({ name: 'Door', rtsp_url: 'rtsp://u:p@camera.local/s', features: ['person'] });
  await rejection(video.cameras.list());
  await client.instances.delete(created.id);
  expect(found).toEqual([]);
  expect(checked).toEqual([
    'v1.instances.create 201',
    'v1.instances.create 201',
    'v1.instances.retrieve 200',
    'v1.instances.list 200',
    'v1.instances.list 200',
    'v1.instances.retrieve 404',
    'v1.instances.start 409',
    'v1.instances.create 400',
    'v1.instances.list 403',
    'v1.auth.workloadToken 200',
    'v2.cameras.create 201',
    'v2.cameras.list 403',
    'v1.instances.delete 204',
  ]);
});
