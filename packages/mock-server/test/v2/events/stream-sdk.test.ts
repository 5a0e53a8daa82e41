import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APIConnectionError,
  type EventStream,
  Nimbus,
  PermissionDeniedError,
  type VideoEvent,
} from '@nimbus/sdk';
import { describe, expect, vi } from 'vitest';
import { WebSocket } from 'ws';
import { globalWebSocket } from '../../../../sdk/src/core/websocket';
import { type MockServer, startMockServer } from '../../../src/entries/testing';
import { videoServices } from '../../../src/families/v2/services';
import { it } from '../../support';
import { cameraBody, eventually, seedVideoTenant, type VideoTenant } from '../helpers';

let tenant: VideoTenant;
let camera: string;

it.beforeAll(async ({ mock }) => {
  tenant = await seedVideoTenant(mock);
  camera = (await tenant.video.cameras.create(cameraBody())).id;
});

const inject = (server: MockServer, type: VideoEvent['type'] = 'person', camera_id = camera) =>
  server.client.mock.videoEvents.create({ camera_id, type });
const ids = (events: { id: string }[]) => events.map((e) => e.id);
/** The documented order of stored events (and so of a replay): `ts`, then id for events of one millisecond. */
const inStoredOrder = <T extends { ts: string; id: string }>(events: T[]) =>
  [...events].sort((a, b) => (a.ts === b.ts ? (a.id < b.id ? -1 : 1) : a.ts < b.ts ? -1 : 1));

/** Collects a stream's events and tells when it is open. */
function collect(stream: EventStream) {
  const events: VideoEvent[] = [];
  let opens = 0;
  stream.on('event', (event) => events.push(event)).on('open', () => opens++);
  return {
    events,
    opened: (count = 1) => eventually(() => expect(opens).toBeGreaterThanOrEqual(count)),
    received: (count: number) => eventually(() => expect(events.length).toBeGreaterThanOrEqual(count)),
  };
}

describe('client.video.events.stream()', () => {
  it('emits events and stops on close()', async ({ mock }) => {
    const stream = tenant.video.events.stream();
    const seen = collect(stream);
    let closed = 0;
    stream.on('close', () => closed++);
    await seen.opened();
    const sent = [await inject(mock), await inject(mock, 'vehicle')];
    await seen.received(2);
    expect(seen.events).toEqual(sent);
    stream.close();
    expect(stream.closed).toBe(true);
    expect(closed).toBe(1);
    await inject(mock);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.events).toHaveLength(2);
  });

  it('is an async iterable; leaving the loop closes the connection', async ({ mock }) => {
    const streams = videoServices(mock.server.app.runtime).streams;
    const before = streams.size;
    const stream = tenant.video.events.stream({ types: ['vehicle'], camera_id: camera });
    const feeding = (async () => {
      await eventually(() => expect(streams.size).toBe(before + 1));
      await inject(mock, 'person');
      for (let i = 0; i < 3; i++) await inject(mock, 'vehicle');
    })();
    const got: VideoEvent[] = [];
    for await (const event of stream) {
      got.push(event);
      if (got.length === 3) break;
    }
    await feeding;
    expect(got.map((e) => e.type)).toEqual(['vehicle', 'vehicle', 'vehicle']);
    expect(stream.closed).toBe(true);
    await eventually(() => expect(streams.size).toBe(before));
  });

  it('replays from since before the live events', async ({ mock }) => {
    const first = await inject(mock);
    await mock.clock.advance(1);
    const second = await inject(mock);
    const stream = tenant.video.events.stream({ since: new Date(first.ts) });
    const seen = collect(stream);
    await seen.received(2);
    expect(ids(seen.events).slice(0, 2)).toEqual([first.id, second.id]);
    stream.close();
  });

  it('reconnects after the server drops it and resumes without missing or repeating events', async ({
    mock,
  }) => {
    const stream = tenant.video.events.stream({ initialBackoffMs: 100 });
    const seen = collect(stream);
    const reconnects: number[] = [];
    stream.on('reconnecting', ({ attempt }) => reconnects.push(attempt));
    await seen.opened();
    const sent: VideoEvent[] = [];
    for (let i = 0; i < 3; i++) sent.push(await inject(mock));
    await seen.received(3);
    // Drop it from the server side, then record events while the client is away.
    for (const connection of videoServices(mock.server.app.runtime).streams) connection.terminate();
    for (let i = 0; i < 3; i++) sent.push(await inject(mock, 'vehicle'));
    await seen.opened(2);
    sent.push(await inject(mock, 'motion'));
    await seen.received(sent.length);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Live events arrive as recorded; those recorded while away are replayed in stored order.
    const replayed = inStoredOrder(sent.slice(3, 6));
    expect(ids(seen.events)).toEqual(ids([...sent.slice(0, 3), ...replayed, sent[6]!]));
    expect(reconnects).toEqual([1]);
    stream.close();
  });

  it('survives a server restart on the same port (state in a file)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nimbus-video-'));
    const statePath = join(dir, 'state.json');
    const first = await startMockServer({ inMemory: false, statePath, watch: false });
    const owner = await seedVideoTenant(first);
    const cam = (await owner.video.cameras.create(cameraBody())).id;
    const client = new Nimbus({ baseUrl: first.url, maxRetries: 0 }).video.withToken(owner.token);
    const stream = client.events.stream({ initialBackoffMs: 50, maxBackoffMs: 200 });
    const seen = collect(stream);
    await seen.opened();
    const before = await inject(first, 'person', cam);
    await seen.received(1);
    await first.close();
    const second = await startMockServer({
      inMemory: false,
      statePath,
      watch: false,
      port: first.server.port,
    });
    const after = [await inject(second, 'vehicle', cam), await inject(second, 'motion', cam)];
    await seen.received(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ids(seen.events)).toEqual([before.id, ...ids(after)]);
    stream.close();
    await second.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives up on a refusal it cannot fix: error, close, and the iterator throws', async () => {
    const noEvents = tenant.client.video.withToken(await tenant.tokenWith(['cameras:read']));
    const stream = noEvents.events.stream({ initialBackoffMs: 10 });
    const errors: Error[] = [];
    stream.on('error', (error) => errors.push(error));
    await expect(
      (async () => {
        for await (const _ of stream) break;
      })(),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(errors).toHaveLength(1);
    expect((errors[0] as PermissionDeniedError).code).toBe('INSUFFICIENT_SCOPE');
    expect(stream.closed).toBe(true);
  });

  it('with reconnect: false, ends with a connection error when dropped', async ({ mock }) => {
    const stream = tenant.video.events.stream({ reconnect: false });
    const seen = collect(stream);
    const errors: Error[] = [];
    stream.on('error', (error) => errors.push(error));
    await seen.opened();
    for (const connection of videoServices(mock.server.app.runtime).streams) connection.terminate();
    await eventually(() => expect(stream.closed).toBe(true));
    expect(errors[0]).toBeInstanceOf(APIConnectionError);
  });

  it('closes at once when its signal aborts', async () => {
    const controller = new AbortController();
    const stream = tenant.video.events.stream({ signal: controller.signal });
    await collect(stream).opened();
    controller.abort();
    expect(stream.closed).toBe(true);
  });

  it('runs over a WHATWG WebSocket too (the browser entry)', async ({ mock }) => {
    vi.stubGlobal('WebSocket', WebSocket);
    try {
      const browserLike = mock.createClient({ webSocket: globalWebSocket }).video.withToken(tenant.token);
      const stream = browserLike.events.stream();
      const seen = collect(stream);
      await seen.opened();
      const event = await inject(mock);
      await seen.received(1);
      expect(seen.events).toEqual([event]);
      stream.close();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
