import { readFile } from 'node:fs/promises';
import { type EventStream, globalWebSocket, Nimbus, type NimbusOptions, type VideoEvent } from '@nimbus/sdk';
import { setupServer } from 'msw/node';
import { WebSocket as UndiciWebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNimbusHandlers, type NimbusHandlers } from '../src/entries/msw';
import { type MockServer, startMockServer } from '../src/entries/testing';
import { bundledMedia } from '../src/media/generated/fixtures';
import { createMediaSource, defaultMediaRoot } from '../src/node/media-source';
import { eventually } from './v2/helpers';
import { type Recordings, recordTwoHours } from './v2/recording-fixture';
import { probeTs } from './v2/ts-probe';

/**
 * msw mode against the Node server's behaviour: HLS segments and snapshots, the /docs routes and
 * the /v2/ws/events stream, all answered by the handlers with no server running.
 */
const ORIGIN = 'http://nimbus.test';

// Node 20 has no global WebSocket; msw intercepts the global one, as a browser's would be.
const hadWebSocket = 'WebSocket' in globalThis;
if (!hadWebSocket) Object.assign(globalThis, { WebSocket: UndiciWebSocket });

let nimbus: NimbusHandlers;
let docsServer: MockServer;
const worker = setupServer();
let rec: Recordings;

/** What the shared test helpers need of a server, answered by the msw handlers. */
function mswServer(): MockServer {
  const createClient = (options: Omit<NimbusOptions, 'baseUrl'> = {}) =>
    new Nimbus({
      maxRetries: 0,
      // Through the global fetch, which msw intercepts; and the global WebSocket, likewise.
      fetch: (url, init) => fetch(url, init),
      webSocket: globalWebSocket,
      ...options,
      baseUrl: ORIGIN,
    });
  const client = createClient();
  return {
    url: ORIGIN,
    client,
    createClient,
    clock: {
      advance: async (seconds: number) => void (await client.mock.clock.advance({ seconds })),
      now: () => new Date(nimbus.app.runtime.clock.now()),
    },
  } as unknown as MockServer;
}

beforeAll(async () => {
  // The docs page's Swagger UI files, served from elsewhere (here: a Node server's /docs/assets).
  docsServer = await startMockServer();
  nimbus = createNimbusHandlers({
    baseUrl: ORIGIN,
    validateResponses: true,
    passwordCost: 'test',
    docsAssetsUrl: `${docsServer.url}/docs/assets`,
  });
  worker.use(...nimbus.handlers);
  worker.listen({ onUnhandledRequest: 'error' });
  rec = await recordTwoHours(mswServer());
});

afterAll(async () => {
  worker.close();
  await nimbus.close();
  await docsServer.close();
  if (!hadWebSocket) Reflect.deleteProperty(globalThis, 'WebSocket');
});

const hourPath = (hour = '01') => `${ORIGIN}/v2/hls/${rec.camera.id}/${rec.date}/${hour}`;
const withToken = (url: string, token = rec.tenant.token) => `${url}?token=${encodeURIComponent(token)}`;
const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe('msw: recordings', () => {
  it('serves the playlist and every segment it lists, re-stamped one after the other', async () => {
    const playlist = await fetch(withToken(`${hourPath()}/index.m3u8`));
    expect(playlist.status).toBe(200);
    const segments = (await playlist.text()).split('\n').filter((line) => /^\d{3}\.ts/.test(line));
    expect(segments).toHaveLength(600);

    const first = await fetch(`${hourPath()}/${segments[0]}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('video/mp2t');
    const zero = probeTs(await bytes(first));
    const video = [...zero.streams].find(([, type]) => type === 0x1b);
    expect(video, 'an H.264 elementary stream').toBeDefined();
    const fifth = probeTs(await bytes(await fetch(`${hourPath()}/${segments[5]}`)));
    expect(fifth.firstPts.get(video![0])! - zero.firstPts.get(video![0])!).toBe(5 * 6 * 90_000);
  });

  it('checks the token of a segment as the server does', async () => {
    const missing = await fetch(`${hourPath()}/000.ts`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).error.code).toBe('UNAUTHENTICATED');
    expect((await fetch(withToken(`${hourPath('02')}/599.ts`))).status).toBe(404);
  });

  it("serves the JPEG at an event's snapshot_url", async () => {
    const response = await fetch(withToken(`${ORIGIN}${rec.early.snapshot_url}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = await bytes(response);
    expect([...jpeg.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('bundles exactly the files of the media folder (npm run generate)', async () => {
    const files = createMediaSource(defaultMediaRoot());
    for (const name of ['segment.ts', 'snapshot.jpg']) {
      const onDisk = Buffer.from(await files.read(name));
      expect(bundledMedia[name], `${name}: run npm run generate`).toBe(onDisk.toString('base64'));
      expect(onDisk.equals(await readFile(`${defaultMediaRoot()}/${name}`))).toBe(true);
    }
  });
});

describe('msw: /docs', () => {
  it('serves the page, both documents and the Swagger UI files from docsAssetsUrl', async () => {
    const page = await fetch(`${ORIGIN}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('/docs/assets/swagger-ui-bundle.js');
    const client = mswServer().client;
    expect((await client.docs.cloudPlatform()).openapi).toMatch(/^3\./);
    expect((await client.docs.video()).openapi).toMatch(/^3\./);
    const css = await fetch(`${ORIGIN}/docs/assets/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toBe(await (await fetch(`${docsServer.url}/docs/assets/swagger-ui.css`)).text());
  });

  it('answers the assets with 503 in the error envelope when no docsAssetsUrl is given', async () => {
    const bare = createNimbusHandlers({ baseUrl: 'http://bare.test' });
    worker.use(...bare.handlers);
    try {
      expect((await fetch('http://bare.test/docs')).status).toBe(200);
      const asset = await fetch('http://bare.test/docs/assets/swagger-ui.css');
      expect(asset.status).toBe(503);
      expect((await asset.json()).error.code).toBe('SERVICE_UNAVAILABLE');
      expect((await fetch('http://bare.test/docs/assets/other.js')).status).toBe(400);
    } finally {
      worker.resetHandlers(...nimbus.handlers);
      await bare.close();
    }
  });

  it('answers 503, not 500, when docsAssetsUrl cannot be reached', async () => {
    const unreachable = createNimbusHandlers({
      baseUrl: 'http://gone.test',
      docsAssetsUrl: 'http://127.0.0.1:9/swagger-ui',
    });
    worker.use(...unreachable.handlers);
    try {
      const asset = await fetch('http://gone.test/docs/assets/swagger-ui.css');
      expect(asset.status).toBe(503);
      expect((await asset.json()).error.message).toMatch(/could not be fetched/);
    } finally {
      worker.resetHandlers(...nimbus.handlers);
      await unreachable.close();
    }
  });
});

describe('msw: /v2/ws/events', () => {
  function collect(stream: EventStream) {
    const events: VideoEvent[] = [];
    const errors: Error[] = [];
    let opens = 0;
    stream
      .on('event', (event) => events.push(event))
      .on('open', () => opens++)
      .on('error', (error) => errors.push(error));
    return { events, errors, opened: () => eventually(() => expect(opens).toBeGreaterThan(0)) };
  }

  it("streams the tenant's live events to client.video.events.stream()", async () => {
    const stream = rec.tenant.video.events.stream({ camera_id: rec.camera.id });
    const seen = collect(stream);
    try {
      await seen.opened();
      const injected = await mswServer().client.mock.videoEvents.create({
        camera_id: rec.camera.id,
        type: 'vehicle',
      });
      await eventually(() => expect(seen.events.map((e) => e.id)).toEqual([injected.id]));
      expect(seen.events[0]).toEqual(injected);
    } finally {
      stream.close();
    }
  });

  it('replays stored events from `since`, then goes live', async () => {
    const stream = rec.tenant.video.events.stream({ since: rec.early.ts });
    const seen = collect(stream);
    try {
      await eventually(() => expect(seen.events.length).toBeGreaterThanOrEqual(2));
      expect(seen.events.slice(0, 2).map((e) => e.id)).toEqual([rec.early.id, rec.late.id]);
    } finally {
      stream.close();
    }
  });

  it('refuses a bad token with close code 4401 and the reason, and the SDK stops', async () => {
    const forged = mswServer().createClient().video.withToken('not-a-token');
    const stream = forged.events.stream();
    const seen = collect(stream);
    await eventually(() => expect(stream.closed).toBe(true));
    expect(seen.errors).toHaveLength(1);
    expect(seen.errors[0]).toMatchObject({ status: 401 });

    const codes = await new Promise<{ code: number; reason: string }>((resolve) => {
      const socket = new WebSocket(
        `ws://nimbus.test/v2/ws/events?token=${encodeURIComponent(rec.tenant.token)}&camera_id=${crypto.randomUUID()}`,
      );
      socket.onclose = (event) => resolve({ code: event.code, reason: event.reason });
    });
    expect(codes).toEqual({ code: 4404, reason: 'NOT_FOUND: Camera not found' });
  });
});
