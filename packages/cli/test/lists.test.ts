import { describe, expect } from 'vitest';
import { type Cli, cliFor, it, json } from './helpers';

it.beforeAll(async ({ tenant }) => {
  for (let i = 0; i < 23; i++) await tenant.client.topics.create({ name: `topic-${i}` });
});

describe('/v1 lists', () => {
  it('print the first page and say on stderr that more exist and how to get them', async ({ cli }) => {
    const first = await cli.run('topics', 'list');
    expect(first.code, first.stderr).toBe(0);
    expect(json<unknown[]>(first)).toHaveLength(20);
    expect(first.stderr).toBe('Showing 1-20 of 23: --page 2 for the next page, --all for every page\n');

    const [second, all, quietAll] = await Promise.all([
      cli.run('topics', 'list', '--page', '2'),
      cli.run('topics', 'list', '--all'),
      cli.run('topics', 'list', '--all', '-q'),
    ]);
    expect(json<unknown[]>(second)).toHaveLength(3);
    expect(second.stderr).toBe('');
    expect(
      json<{ name: string }[]>(all)
        .map((t) => t.name)
        .sort(),
    ).toEqual(Array.from({ length: 23 }, (_, i) => `topic-${i}`).sort());
    expect(all.stderr).toBe('');
    expect(quietAll.stdout.trim().split('\n')).toHaveLength(23);
  });

  it('say nothing when the page holds everything', async ({ cli }) => {
    const result = await cli.run('topics', 'list', '--per-page', '50');
    expect(json<unknown[]>(result)).toHaveLength(23);
    expect(result.stderr).toBe('');
  });
});

describe('/v2 lists', () => {
  let video: Cli;
  let cameraIds: string[];
  it.beforeAll(async ({ mock, tenant }) => {
    const { token } = await tenant.client.auth.workloadToken({
      project_id: tenant.project.id,
      scopes: ['cameras:read', 'cameras:write', 'events:read'],
    });
    const cameras = tenant.client.video.withToken(token).cameras;
    cameraIds = [];
    for (const name of ['door', 'bay']) {
      cameraIds.push(
        (await cameras.create({ name, rtsp_url: `rtsp://10.0.0.1/${name}`, features: ['motion'] })).id,
      );
    }
    for (let i = 0; i < 5; i++)
      await mock.client.mock.videoEvents.create({ camera_id: cameraIds[0]!, type: 'motion' });
    video = await cliFor(mock, { NIMBUS_TOKEN: token });
  });

  it('render as a table of rows and -q prints ids, like /v1', async () => {
    const [table, quiet, asJson] = await Promise.all([
      video.run('cameras', 'list', '-o', 'table'),
      video.run('cameras', 'list', '-q'),
      video.run('cameras', 'list'),
    ]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/│ id\s+│ name\s+│/);
    for (const id of cameraIds) expect(table.stdout).toContain(id);
    expect(quiet.stdout.trim().split('\n')).toEqual(cameraIds);
    expect(json<{ id: string }[]>(asJson).map((c) => c.id)).toEqual(cameraIds);
  });

  it('paged by cursor: the next cursor on stderr, --all walks every page', async () => {
    const [page, all] = await Promise.all([
      video.run('events', 'list', '--per-page', '2', '-q'),
      video.run('events', 'list', '--per-page', '2', '--all', '-q'),
    ]);
    expect(page.code, page.stderr).toBe(0);
    expect(page.stdout.trim().split('\n')).toHaveLength(2);
    expect(page.stderr).toMatch(/^More items: --cursor \S+ for the next page, --all for every page\n$/);
    const ids = all.stdout.trim().split('\n');
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });
});
