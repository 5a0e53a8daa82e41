import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createServer } from '../../src';
import { startMockServer } from '../../src/entries/testing';
import { it } from '../support';

const PASSWORD = 'correct-horse-battery';
const CAMERA_PASSWORD = 'camera-pass-9';

it('records what the deployment answered as a state that a server seeded from it gives back, secrets left out', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'nimbus-record-'));
  const recordPath = join(folder, 'staging.json');
  const reference = await startMockServer();
  const proxy = await createServer({ port: 0, inMemory: true, proxyTarget: reference.url, recordPath });
  try {
    const client = proxy.createClient({ maxRetries: 0 });
    await client.auth.register({ email: 'rec@example.com', password: PASSWORD, full_name: 'Rec' });
    const { access_token: accessToken } = await client.auth.login({
      email: 'rec@example.com',
      password: PASSWORD,
    });
    const me = await client.users.me();
    const project = await client.projects.create({ name: 'recorded' });
    const shop = client.withProject(project.id);
    const kept = await shop.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    const gone = await shop.instances.create({ name: 'web-2', flavor: 'small', region: 'hn' });
    await shop.instances.delete(gone.id);
    await shop.instances.list();
    const { key } = await shop.iam.keys.create({ name: 'ci', role: 'editor' });
    const { token } = await client.auth.workloadToken({ project_id: project.id, scopes: ['cameras:write'] });
    const camera = await client.video.withToken(token).cameras.create({
      name: 'Door',
      rtsp_url: `rtsp://admin:${CAMERA_PASSWORD}@camera.local/s`,
      features: ['person'],
    });
    await proxy.close();

    const text = await readFile(recordPath, 'utf8');
    for (const secret of [PASSWORD, CAMERA_PASSWORD, accessToken, token, key])
      expect(text).not.toContain(secret);
    expect((await stat(recordPath)).mode & 0o777).toBe(0o600);
    const recorded = JSON.parse(text);
    expect(recorded.secret).toBeUndefined();
    expect(recorded.tables.api_keys).toBeUndefined();

    // What `nimbus mock start --seed <file>` does: PUT /__mock/state on a new server.
    const seeded = await startMockServer();
    try {
      await seeded.importState(recorded);
      const state = seeded.exportState();
      expect(Object.keys(state.tables.instances!)).toEqual([kept.id]);
      expect(state.tables.instances![kept.id]).toEqual(
        expect.objectContaining({ name: 'web-1', project_id: project.id }),
      );
      expect(state.tables.projects![project.id]).toEqual(expect.objectContaining({ name: 'recorded' }));
      expect(Object.values(state.tables.memberships!)).toEqual([
        expect.objectContaining({ project_id: project.id, user_id: me.id, role: project.role }),
      ]);
      expect(state.tables.video_cameras![camera.id]).toEqual(
        expect.objectContaining({
          name: 'Door',
          project_id: project.id,
          rtsp_url: 'rtsp://admin:***@camera.local/s',
        }),
      );
      expect(state.tables.users![me.id]).toEqual(expect.objectContaining({ email: 'rec@example.com' }));
      expect(state.tables.users![me.id]!.password_hash).toBeUndefined();
    } finally {
      await seeded.close();
    }
  } finally {
    await proxy.close();
    await reference.close();
    await rm(folder, { recursive: true, force: true });
  }
});
