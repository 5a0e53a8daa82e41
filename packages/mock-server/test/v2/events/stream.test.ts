import type { VideoEvent } from '@nimbus/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/entries/testing';
import { Replay, recordEvent } from '../../../src/families/v2/events/log';
import { videoServices } from '../../../src/families/v2/services';
import { videoCameras } from '../../../src/families/v2/tables';
import { cameraBody, capturingLogger, eventually, seedVideoTenant, type VideoTenant } from '../helpers';
import { openStream, refusedUpgrade, streamUrl } from '../ws-client';

const { logger, lines: logs } = capturingLogger();

let mock: MockServer;
let alice: VideoTenant;
let bob: VideoTenant;
let aliceCam: string;
let aliceCam2: string;
let bobCam: string;

beforeAll(async () => {
  mock = await startMockServer({ logger, streamPingIntervalMs: 250, streamMaxBufferedBytes: 64 * 1024 });
  alice = await seedVideoTenant(mock);
  bob = await seedVideoTenant(mock, undefined, { newUser: true });
  aliceCam = (await alice.video.cameras.create(cameraBody())).id;
  aliceCam2 = (await alice.video.cameras.create(cameraBody({ name: 'yard' }))).id;
  bobCam = (await bob.video.cameras.create(cameraBody())).id;
});
afterAll(() => mock.close());

const inject = (camera_id: string, type: VideoEvent['type'] = 'person') =>
  mock.client.mock.videoEvents.create({ camera_id, type });
const ids = (events: { id: string }[]) => events.map((e) => e.id);

describe('upgrade authentication', () => {
  it.each([
    ['no token', () => ({}), 401, 'UNAUTHENTICATED'],
    ['a broken token', () => ({ token: 'abc.def.ghi' }), 401, 'UNAUTHENTICATED'],
    ['a v1 access token', () => ({ token: alice.accessToken }), 401, 'UNAUTHENTICATED'],
    ['an unknown type', () => ({ token: alice.token, type: 'person,ghost' }), 400, 'VALIDATION_ERROR'],
    ['a bad since', () => ({ token: alice.token, since: 'now' }), 400, 'VALIDATION_ERROR'],
    ["another tenant's camera", () => ({ token: alice.token, camera_id: bobCam }), 404, 'NOT_FOUND'],
  ])('refuses %s at the upgrade', async (_label, query, status, code) => {
    const answer = await refusedUpgrade(streamUrl(mock, query()));
    expect(answer.status).toBe(status);
    expect(answer.body?.error.code).toBe(code);
  });

  it('refuses a token without events:read with 403 INSUFFICIENT_SCOPE', async () => {
    const token = await alice.tokenWith(['cameras:read', 'playback:read']);
    const answer = await refusedUpgrade(streamUrl(mock, { token }));
    expect(answer).toEqual({
      status: 403,
      body: { error: expect.objectContaining({ code: 'INSUFFICIENT_SCOPE' }) },
    });
  });

  it('leaves other upgrade paths alone (404)', async () => {
    const url = streamUrl(mock, { token: alice.token }).replace('/v2/ws/events', '/v2/ws/other');
    expect((await refusedUpgrade(url)).status).toBe(404);
  });
});

describe('live events', () => {
  it('sends { v: 2, data: Event } of the caller tenant only', async () => {
    const aliceStream = await openStream(mock, { token: alice.token });
    const bobStream = await openStream(mock, { token: bob.token });
    const a = await inject(aliceCam);
    const b = await inject(bobCam);
    const [fromAlice] = await aliceStream.received(1);
    expect(aliceStream.envelopes[0]).toEqual({ v: 2, data: a });
    expect(fromAlice).toEqual(a);
    expect(await bobStream.received(1)).toEqual([b]);
    await inject(aliceCam2);
    await aliceStream.received(2);
    expect(bobStream.envelopes).toHaveLength(1);
    aliceStream.ws.close();
    bobStream.ws.close();
  });

  it('filters by camera_id and a list of types', async () => {
    const stream = await openStream(mock, {
      token: alice.token,
      camera_id: aliceCam,
      type: 'person,vehicle',
    });
    await inject(aliceCam, 'motion');
    await inject(aliceCam2, 'person');
    const wanted = [await inject(aliceCam, 'vehicle'), await inject(aliceCam, 'person')];
    await inject(aliceCam, 'face');
    const marker = await inject(aliceCam, 'person');
    expect(ids(await stream.received(3))).toEqual([...ids(wanted), marker.id]);
    stream.ws.close();
  });

  it('replays stored events from since (inclusive, oldest first), then goes live', async () => {
    const tenant = await seedVideoTenant(mock);
    const cam = (await tenant.video.cameras.create(cameraBody())).id;
    const stored: VideoEvent[] = [];
    for (let i = 0; i < 5; i++) {
      stored.push(await inject(cam));
      await mock.clock.advance(1);
    }
    const stream = await openStream(mock, { token: tenant.token, since: stored[2]!.ts });
    expect(ids(await stream.received(3))).toEqual(ids(stored.slice(2)));
    const live = await inject(cam);
    expect(ids(await stream.received(4))).toEqual([...ids(stored.slice(2)), live.id]);
    stream.ws.close();
  });

  it('switches from replay to live with no gap and no duplicate while events keep coming', async () => {
    const tenant = await seedVideoTenant(mock);
    const cam = (await tenant.video.cameras.create(cameraBody())).id;
    const row = mock.server.store.table(videoCameras).get(cam)!;
    const runtime = mock.server.app.runtime;
    const before = Array.from({ length: 300 }, () => recordEvent(runtime, row, { type: 'person' }).id);
    // Keep recording while the stream authenticates, replays and switches to live.
    const during: string[] = [];
    const feeder = setInterval(() => {
      for (let i = 0; i < 5; i++) during.push(recordEvent(runtime, row, { type: 'person' }).id);
    }, 1);
    const stream = await openStream(mock, { token: tenant.token, since: '2000-01-01T00:00:00Z' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    clearInterval(feeder);
    const after = [(await inject(cam)).id];
    const all = [...before, ...during, ...after];
    const received = await stream.received(all.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.envelopes).toHaveLength(all.length);
    expect(new Set(ids(received))).toEqual(new Set(all));
    const times = received.map((e) => e.ts);
    expect(times).toEqual([...times].sort());
    stream.ws.close();
  });
});

describe('replay order', () => {
  it('sends an event recorded mid-replay in the same millisecond before any later one', async () => {
    const tenant = await seedVideoTenant(mock);
    const cam = mock.server.store
      .table(videoCameras)
      .get((await tenant.video.cameras.create(cameraBody())).id)!;
    const runtime = mock.server.app.runtime;
    const at = runtime.clock.now();
    // Same-millisecond events get random ids, so some recorded later sort before earlier ones.
    const now = vi.spyOn(runtime.clock, 'now').mockReturnValue(at);
    try {
      const record = () => recordEvent(runtime, cam, { type: 'person' }).id;
      const all = Array.from({ length: 10 }, record);
      const replay = new Replay(runtime.store, cam.tenant_id, { since: runtime.clock.iso(at) });
      const replayed = replay.next(5);
      all.push(...Array.from({ length: 20 }, record));
      now.mockReturnValue(at + 1);
      const later = record();
      all.push(later);
      for (let rows = replay.next(5); rows.length > 0; rows = replay.next(5)) replayed.push(...rows);
      expect(ids(replayed)).toHaveLength(all.length);
      expect(new Set(ids(replayed))).toEqual(new Set(all));
      expect(replayed.at(-1)!.id).toBe(later);
    } finally {
      now.mockRestore();
    }
  });
});

describe('connection health', () => {
  it('pings every interval and keeps a client that answers', async () => {
    const stream = await openStream(mock, { token: alice.token });
    // The server pings again only once it had the pong to its last ping: a third ping means the
    // client was kept through two checks. Counted, not timed, so a slow machine waits longer.
    let pings = 0;
    await new Promise<void>((resolve) => {
      stream.ws.on('ping', () => {
        if (++pings === 3) resolve();
      });
    });
    expect(stream.ws.readyState).toBe(stream.ws.OPEN);
    stream.ws.close();
  });

  it('drops a client that misses a pong', async () => {
    const stream = await openStream(mock, { token: alice.token }, { autoPong: false });
    const { code } = await stream.closed;
    expect(code).toBe(1006);
    expect(logs.some((line) => line.startsWith('video stream dropped: no pong'))).toBe(true);
  });

  it('cuts off a consumer that stops reading instead of buffering without bound', async () => {
    // A server of its own: the heartbeat would drop a paused client first on the short interval above.
    const slow = await startMockServer({ logger, streamMaxBufferedBytes: 64 * 1024 });
    const tenant = await seedVideoTenant(slow);
    const cam = (await tenant.video.cameras.create(cameraBody())).id;
    const row = slow.server.store.table(videoCameras).get(cam)!;
    const stream = await openStream(slow, { token: tenant.token });
    const streams = videoServices(slow.server.app.runtime).streams;
    expect(streams.size).toBe(1);
    stream.ws.pause();
    const cutOff = () =>
      logs.some((line) => line.startsWith('video stream cut off') && line.includes(tenant.tenantId));
    const payload = {
      boxes: Array.from({ length: 4 }, () => ({ x: 0.1, y: 0.1, w: 0.2, h: 0.2, label: 'person' })),
      track_id: 1,
    };
    let recorded = 0;
    for (let batch = 0; batch < 500 && !cutOff(); batch++) {
      for (let i = 0; i < 100; i++) recordEvent(slow.server.app.runtime, row, { type: 'person', payload });
      recorded += 100;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(cutOff()).toBe(true);
    // Reading again, the client gets what was sent before the cut, then the close frame.
    stream.ws.resume();
    expect((await stream.closed).code).toBe(1013);
    expect(stream.envelopes.length).toBeLessThan(recorded);
    await eventually(() => expect(streams.size).toBe(0));
    await slow.close();
  });

  it('keeps tokens out of the logs', async () => {
    const stream = await openStream(mock, { token: alice.token, type: 'person' });
    stream.ws.close();
    await refusedUpgrade(streamUrl(mock, { token: `${alice.token}x` }));
    expect(logs.some((line) => line.startsWith('video stream opened'))).toBe(true);
    expect(logs.join('\n')).not.toContain(alice.token.slice(-20));
  });

  it('closes the open streams when the server stops', async () => {
    const other = await startMockServer();
    const tenant = await seedVideoTenant(other);
    const stream = await openStream(other, { token: tenant.token });
    await other.close();
    expect((await stream.closed).code).toBe(1006);
  });
});
