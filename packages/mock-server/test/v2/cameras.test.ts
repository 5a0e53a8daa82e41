import { AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError } from '@nimbus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret } from '../../src/core/services/secrets';
import { type MockServer, startMockServer } from '../../src/entries/testing';
import { videoCameras } from '../../src/families/v2/tables';
import { rejection } from '../support';
import { cameraBody, capturingLogger, RTSP, rawFetch, seedVideoTenant } from './helpers';

const { logger, lines: logs } = capturingLogger();

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ logger });
});
afterAll(() => mock.close());

const cameraRows = () => mock.server.store.state.tables.video_cameras ?? {};

describe('cameras: create', () => {
  it('fills the defaults and server fields, masks the password, and goes connecting -> online', async () => {
    const { video, tenantId } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    expect(camera).toMatchObject({
      tenant_id: tenantId,
      name: 'Front door',
      rtsp_url: 'rtsp://admin:***@10.0.0.5:554/stream1',
      features: ['person', 'vehicle'],
      fps: 15,
      enabled: true,
      record: true,
      status: 'connecting',
    });
    expect(camera.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(camera.created_at).toBe(camera.updated_at);
    const { data: items } = await video.cameras.list();
    expect(items).toEqual([expect.objectContaining({ id: camera.id, status: 'online' })]);
  });

  it('lists as an iterable page, like every other list', async () => {
    const { video } = await seedVideoTenant(mock);
    const created = [await video.cameras.create(cameraBody({ name: 'a' }))];
    created.push(await video.cameras.create(cameraBody({ name: 'b' })));
    const seen: string[] = [];
    for await (const camera of video.cameras.list()) seen.push(camera.id);
    expect(seen).toEqual(created.map((camera) => camera.id));
    const page = await video.cameras.list();
    expect(page.hasNextPage()).toBe(false);
    expect(page.nextCursor).toBeNull();
  });

  it('keeps URLs without credentials as they are, and rtsps://', async () => {
    const { video } = await seedVideoTenant(mock);
    const plain = await video.cameras.create(cameraBody({ rtsp_url: 'rtsp://cam.local/live' }));
    expect(plain.rtsp_url).toBe('rtsp://cam.local/live');
    const user = await video.cameras.create(cameraBody({ rtsp_url: 'rtsps://viewer@cam.local:322/a?b=1' }));
    expect(user.rtsp_url).toBe('rtsps://viewer@cam.local:322/a?b=1');
  });

  it('drops requested features outside the plan, and keeps them once the plan allows them', async () => {
    const { video, tenantId } = await seedVideoTenant(mock);
    const before = await video.cameras.create(
      cameraBody({ features: ['face', 'person', 'fire_smoke', 'person'] }),
    );
    expect(before.features).toEqual(['person']);
    const plan = await mock.client.mock.videoTenants.update(tenantId, { features: ['person', 'face'] });
    expect(plan).toEqual({ tenant_id: tenantId, camera_limit: 16, features: ['person', 'face'] });
    const after = await video.cameras.create(cameraBody({ features: ['face', 'motion', 'person'] }));
    expect(after.features).toEqual(['face', 'person']);
  });

  it('refuses an unknown feature name, naming the field', async () => {
    const { video } = await seedVideoTenant(mock);
    const error = await rejection(video.cameras.create(cameraBody({ features: ['person', 'teleport'] })));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([expect.objectContaining({ path: 'body.features.1' })]);
  });

  it.each([
    ['name', { name: undefined }, 'body.name'],
    ['empty name', { name: '   ' }, 'body.name'],
    ['rtsp_url', { rtsp_url: undefined }, 'body.rtsp_url'],
    ['features', { features: undefined }, 'body.features'],
    ['http URL', { rtsp_url: 'http://10.0.0.5/stream' }, 'body.rtsp_url'],
    ['URL without host', { rtsp_url: 'rtsp:///stream' }, 'body.rtsp_url'],
    ['not a URL', { rtsp_url: 'rtsp://exa mple' }, 'body.rtsp_url'],
    ['fps 0', { fps: 0 }, 'body.fps'],
    ['fps 61', { fps: 61 }, 'body.fps'],
    ['fractional fps', { fps: 12.5 }, 'body.fps'],
    ['enabled as text', { enabled: 'yes' }, 'body.enabled'],
    ['record as number', { record: 1 }, 'body.record'],
  ])('refuses a bad %s with 400 VALIDATION_ERROR', async (_label, override, path) => {
    const { video } = await seedVideoTenant(mock);
    const error = await rejection(video.cameras.create(cameraBody(override)));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect((error.details as { path: string }[]).map((d) => d.path)).toContain(path);
  });

  it('refuses a masked password on create: there is nothing stored to keep', async () => {
    const { video } = await seedVideoTenant(mock);
    const error = await rejection(
      video.cameras.create(cameraBody({ rtsp_url: 'rtsp://admin:***@10.0.0.5/s' })),
    );
    expect(error.details).toEqual([expect.objectContaining({ path: 'body.rtsp_url' })]);
  });

  it('creates a disabled camera as disabled, and honours fps and record', async () => {
    const { video } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody({ enabled: false, fps: 60, record: false }));
    expect(camera).toMatchObject({ enabled: false, status: 'disabled', fps: 60, record: false });
    const { data: items } = await video.cameras.list();
    expect(items[0]!.status).toBe('disabled');
  });

  it('enforces camera_limit with 403 CAMERA_LIMIT_REACHED, and frees a slot on delete', async () => {
    const { video, tenantId } = await seedVideoTenant(mock);
    await mock.client.mock.videoTenants.update(tenantId, { camera_limit: 2 });
    const first = await video.cameras.create(cameraBody({ name: 'one' }));
    await video.cameras.create(cameraBody({ name: 'two' }));
    const error = await rejection(video.cameras.create(cameraBody({ name: 'three' })));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.code).toBe('CAMERA_LIMIT_REACHED');
    expect(error.details).toEqual({ camera_limit: 2 });
    await video.cameras.delete(first.id);
    await expect(video.cameras.create(cameraBody({ name: 'three' }))).resolves.toMatchObject({
      name: 'three',
    });
  });

  it('applies the default limit of 16 cameras', async () => {
    const { video } = await seedVideoTenant(mock);
    for (let i = 0; i < 16; i++) await video.cameras.create(cameraBody({ name: `cam-${i}` }));
    expect((await rejection(video.cameras.create(cameraBody()))).code).toBe('CAMERA_LIMIT_REACHED');
  });
});

describe('cameras: update and delete', () => {
  it('keeps the stored password when PATCH sends the masked URL, and replaces it when given a new one', async () => {
    const { video } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    const sealed = cameraRows()[camera.id]!.rtsp_password_sealed as string;
    expect(sealed).toMatch(/^sealed\$/);
    expect(await openSecret(mock.server.store.state.secret, sealed)).toBe('s3cret-pass');

    const moved = await video.cameras.update(camera.id, {
      rtsp_url: 'rtsp://admin:***@10.0.0.9:8554/main',
      name: 'Moved',
    });
    expect(moved).toMatchObject({ rtsp_url: 'rtsp://admin:***@10.0.0.9:8554/main', name: 'Moved' });
    const kept = cameraRows()[camera.id]!;
    expect(kept.rtsp_password_sealed).toBe(sealed);
    expect(kept.rtsp_url).toBe('rtsp://admin:***@10.0.0.9:8554/main');

    await video.cameras.update(camera.id, { rtsp_url: 'rtsp://admin:n3w-pass@10.0.0.9:8554/main' });
    const replaced = cameraRows()[camera.id]!.rtsp_password_sealed as string;
    expect(await openSecret(mock.server.store.state.secret, replaced)).toBe('n3w-pass');

    await video.cameras.update(camera.id, { rtsp_url: 'rtsp://10.0.0.9/main' });
    expect(cameraRows()[camera.id]!.rtsp_password_sealed).toBeNull();
    const error = await rejection(
      video.cameras.update(camera.id, { rtsp_url: 'rtsp://admin:***@10.0.0.9/main' }),
    );
    expect(error.details).toEqual([expect.objectContaining({ path: 'body.rtsp_url' })]);
  });

  it('never shows the password: responses, lists, the state export and the logs', async () => {
    const { video, token } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    await video.cameras.update(camera.id, { rtsp_url: RTSP.replace('10.0.0.5', '10.0.0.6') });
    const listed = await rawFetch(mock, '/v2/api/cameras', token);
    const shown = [
      JSON.stringify(camera),
      await listed.text(),
      JSON.stringify(await mock.client.mock.state.export()),
      logs.join('\n'),
    ];
    for (const text of shown) expect(text).not.toContain('s3cret-pass');
    expect(logs.some((line) => line.includes('rtsp://admin:***@10.0.0.6:554/stream1'))).toBe(true);
  });

  it('filters features on update through the plan', async () => {
    const { video } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    const updated = await video.cameras.update(camera.id, { features: ['motion', 'license_plate'], fps: 5 });
    expect(updated).toMatchObject({ features: ['motion'], fps: 5 });
  });

  it('disables and re-enables: disabled, then connecting -> online', async () => {
    const { video } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    const disabled = await video.cameras.update(camera.id, { enabled: false });
    expect(disabled).toMatchObject({ enabled: false, status: 'disabled' });
    expect((await video.cameras.list()).data[0]!.status).toBe('disabled');
    const enabled = await video.cameras.update(camera.id, { enabled: true });
    expect(enabled).toMatchObject({ enabled: true, status: 'connecting' });
    expect((await video.cameras.list()).data[0]!.status).toBe('online');
    const again = await video.cameras.update(camera.id, { enabled: true });
    expect(again.status).toBe('online');
  });

  it('reconnects an offline camera when enabled is sent again', async () => {
    const { video } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    await video.cameras.list();
    // What the simulator does when a camera stops answering.
    mock.server.store
      .table(videoCameras)
      .update(camera.id, { status: 'offline' }, mock.clock.now().toISOString());
    expect((await video.cameras.update(camera.id, { enabled: true })).status).toBe('connecting');
    expect((await video.cameras.list()).data[0]!.status).toBe('online');
  });

  it('refuses bad PATCH fields and unknown ids', async () => {
    const { video, token } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    expect((await rejection(video.cameras.update(camera.id, { fps: 100 }))).details).toEqual([
      expect.objectContaining({ path: 'body.fps' }),
    ]);
    expect(await rejection(video.cameras.update(crypto.randomUUID(), { name: 'x' }))).toBeInstanceOf(
      NotFoundError,
    );
    const malformed = await rawFetch(mock, '/v2/api/cameras/not-a-uuid', token, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.details[0].path).toBe('path.id');
  });

  it('deletes with 204; the camera is gone', async () => {
    const { video, token } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    const res = await rawFetch(mock, `/v2/api/cameras/${camera.id}`, token, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await video.cameras.list()).data).toEqual([]);
    expect(await rejection(video.cameras.delete(camera.id))).toBeInstanceOf(NotFoundError);
  });
});

describe('cameras: tenancy, scopes and the wire', () => {
  it("keeps tenants apart: another tenant's camera is invisible and 404", async () => {
    const alice = await seedVideoTenant(mock);
    const bob = await seedVideoTenant(mock, undefined, { newUser: true });
    const camera = await alice.video.cameras.create(cameraBody());
    expect((await bob.video.cameras.list()).data).toEqual([]);
    expect(await rejection(bob.video.cameras.update(camera.id, { name: 'mine' }))).toBeInstanceOf(
      NotFoundError,
    );
    expect(await rejection(bob.video.cameras.delete(camera.id))).toBeInstanceOf(NotFoundError);
    expect((await alice.video.cameras.list()).data).toHaveLength(1);
  });

  it('needs the right scope: 403 INSUFFICIENT_SCOPE', async () => {
    const tenant = await seedVideoTenant(mock, ['cameras:read']);
    const readOnly = tenant.video;
    const error = await rejection(readOnly.cameras.create(cameraBody()));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.code).toBe('INSUFFICIENT_SCOPE');
    expect(error.details).toEqual({ scope: 'cameras:write' });
    expect((await readOnly.cameras.list()).data).toEqual([]);
    const eventsOnly = tenant.client.video.withToken(await tenant.tokenWith(['events:read']));
    expect((await rejection(eventsOnly.cameras.list())).code).toBe('INSUFFICIENT_SCOPE');
  });

  it('needs a workload token: none, a broken one or a v1 access token is 401', async () => {
    const tenant = await seedVideoTenant(mock);
    for (const token of [undefined, 'not.a.jwt', tenant.accessToken]) {
      const res = await rawFetch(mock, '/v2/api/cameras', token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({ error: expect.objectContaining({ code: 'UNAUTHENTICATED' }) });
    }
    const anonymous = mock.client.video;
    expect(() =>
      anonymous.playback.playlistUrl({ playlist_url: '/v2/hls/x/2026-03-01/01/index.m3u8' }),
    ).toThrow(/No token for \/v2/);
    expect(await rejection(mock.createClient({ accessToken: 'nope' }).video.cameras.list())).toBeInstanceOf(
      AuthenticationError,
    );
  });

  it('answers bare JSON: no v1 envelope on success or error', async () => {
    const { token } = await seedVideoTenant(mock);
    const created = await rawFetch(mock, '/v2/api/cameras', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cameraBody()),
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).not.toHaveProperty('success');
    expect(body).not.toHaveProperty('rtsp_password_sealed');
    expect(body).not.toHaveProperty('project_id');
    const bad = await rawFetch(mock, '/v2/api/cameras', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.objectContaining({ code: 'INVALID_JSON' }) });
  });
});
