import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/core/pipeline/app';
import { type MockServer, startMockServer } from '../../src/entries/testing';
import { families } from '../../src/families';
import { videoServices } from '../../src/families/v2/services';
import { MemoryPersistence } from '../../src/store/persistence';
import { emptyState } from '../../src/store/state';
import { Store } from '../../src/store/store';
import { rejection } from '../support';
import { cameraBody, RTSP, seedVideoTenant } from './helpers';
import { openStream } from './ws-client';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ metricsUser: 'prom', metricsPassword: 'scrape-me' });
});
afterAll(() => mock.close());

const basic = (user: string, password: string) => ({ authorization: `Basic ${btoa(`${user}:${password}`)}` });

describe('health', () => {
  it('answers liveness without a token', async () => {
    await expect(mock.client.video.health.live()).resolves.toEqual({ status: 'ok' });
    const res = await fetch(`${mock.url}/v2/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the store and the cache answer', async () => {
    await expect(mock.client.video.health.ready()).resolves.toEqual({
      status: 'ready',
      checks: { database: { status: 'ok' }, cache: { status: 'ok' } },
    });
  });

  it('answers 503 naming the cache while the cache is down, and recovers', async () => {
    const { cache } = videoServices(mock.server.app.runtime);
    cache.fail('connection refused');
    try {
      const res = await fetch(`${mock.url}/v2/health/ready`);
      expect(res.status).toBe(503);
      const { error } = await res.json();
      expect(error.code).toBe('SERVICE_UNAVAILABLE');
      expect(error.message).toContain('cache');
      expect(error.details).toEqual({
        status: 'unavailable',
        failing: ['cache'],
        checks: { database: { status: 'ok' }, cache: { status: 'fail', reason: 'connection refused' } },
      });
      // Cameras still work without the cache: counts come from the store.
      const { video } = await seedVideoTenant(mock);
      await expect(video.cameras.create(cameraBody())).resolves.toMatchObject({ status: 'connecting' });
    } finally {
      cache.recover();
    }
    expect((await fetch(`${mock.url}/v2/health/ready`)).status).toBe(200);
  });

  it('answers 503 naming the database when the state file cannot be written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nimbus-ready-'));
    const stateDir = join(dir, 'state');
    const server = await startMockServer({
      inMemory: false,
      statePath: join(stateDir, 'state.json'),
      watch: false,
    });
    try {
      await server.server.store.flush();
      expect((await fetch(`${server.url}/v2/health/ready`)).status).toBe(200);
      // The folder becomes a file: the next write fails, as on a full or read-only disk.
      await rm(stateDir, { recursive: true });
      await writeFile(stateDir, 'not a folder');
      // A change that cannot be saved is not acknowledged.
      const unsaved = await rejection(server.clock.advance(1));
      expect(unsaved.status).toBe(503);
      expect(unsaved.message).toBe('The change could not be saved to the state file');
      const error = await rejection(server.client.video.health.ready());
      expect(error.status).toBe(503);
      expect(error.details).toMatchObject({
        failing: ['database'],
        checks: { database: { status: 'fail' } },
      });
      // Back to a folder: the retried write succeeds and the server is ready again.
      await rm(stateDir);
      await mkdir(stateDir);
      await server.server.store.flush();
      await expect(server.client.video.health.ready()).resolves.toMatchObject({ status: 'ready' });
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('metrics', () => {
  const scrape = async () => {
    const res = await fetch(`${mock.url}/v2/metrics`, { headers: basic('prom', 'scrape-me') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    return { text, families: parsePrometheusTextFormat(text) };
  };
  const family = (all: PrometheusFamily[], name: string) => {
    const found = all.find((f) => f.name === name);
    expect(found, name).toBeDefined();
    return found!;
  };
  const sample = (f: PrometheusFamily, labels: Record<string, string>) =>
    f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

  it('needs basic auth: 401 with WWW-Authenticate: Basic', async () => {
    for (const headers of [{}, basic('prom', 'wrong'), { authorization: 'Bearer x' }]) {
      const res = await fetch(`${mock.url}/v2/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    }
    await expect(
      mock.client.video.health.metrics({ username: 'prom', password: 'scrape-me' }),
    ).resolves.toContain('# TYPE nimbus_http_requests_total counter');
  });

  it('counts requests and their latency by route template and status', async () => {
    const { video, token } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    await video.cameras.list();
    await fetch(
      `${mock.url}/v2/hls/${camera.id}/2020-01-01/00/index.m3u8?token=${encodeURIComponent(token)}`,
    );
    const { text, families: all } = await scrape();
    const requests = family(all, 'nimbus_http_requests_total');
    expect(requests.type).toBe('COUNTER');
    expect(
      Number(sample(requests, { method: 'POST', route: '/v2/api/cameras', status: '201' })?.value),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(requests, { method: 'GET', route: '/v2/hls/{cam}/{date}/{hour}/index.m3u8', status: '404' }),
    ).toBeDefined();
    const latency = family(all, 'nimbus_http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');
    // The parser folds labelled histograms into one sample; the per-route count is read from its line.
    expect(latency.metrics[0]!.buckets).toHaveProperty('+Inf');
    const count =
      /^nimbus_http_request_duration_seconds_count\{method="POST",route="\/v2\/api\/cameras",status="201"\} (\d+)$/m.exec(
        text,
      );
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(1);
    // Route templates, never URLs: no ids, tokens or passwords in label values.
    expect(text).not.toContain(camera.id);
    expect(text).not.toContain(token.slice(-16));
    expect(text).not.toContain(new URL(RTSP).password);
  });

  it('reports cameras by status, events emitted by type and open WebSockets', async () => {
    const { video, token } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    await video.cameras.create(cameraBody({ enabled: false }));
    const before = await scrape();
    const stream = await openStream(mock, { token });
    await mock.client.mock.videoEvents.create({ camera_id: camera.id, type: 'fire_smoke' });
    await stream.received(1);
    const { families: all } = await scrape();
    expect(Number(family(all, 'nimbus_video_ws_connections').metrics[0]!.value)).toBe(1);
    const emitted = (f: PrometheusFamily[]) =>
      Number(sample(family(f, 'nimbus_video_events_emitted_total'), { type: 'fire_smoke' })?.value ?? 0);
    expect(emitted(all) - emitted(before.families)).toBe(1);
    const cameras = family(all, 'nimbus_video_cameras');
    expect(Number(sample(cameras, { status: 'disabled' })?.value)).toBeGreaterThanOrEqual(1);
    expect(Number(sample(cameras, { status: 'online' })?.value)).toBeGreaterThanOrEqual(1);
    expect(sample(cameras, { status: 'error' })?.value).toBe('0');
    stream.ws.close();
  });
});

describe('without the Node layer (the core as msw runs it)', () => {
  it('answers 503 for metrics and media, and still serves the JSON API', async () => {
    const app = createApp({
      store: new Store(new MemoryPersistence(), emptyState('x'.repeat(43))),
      families,
    });
    try {
      const metrics = await app.fetch(
        new Request('http://local/v2/metrics', { headers: basic('metrics', 'metrics') }),
      );
      expect(metrics.status).toBe(503);
      expect((await app.fetch(new Request('http://local/v2/health'))).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
