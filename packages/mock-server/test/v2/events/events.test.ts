import { BadRequestError, NotFoundError, type VideoEvent } from '@nimbus/sdk';
import { VideoEvent as VideoEventSchema } from '@nimbus/sdk/contract';
import { describe, expect } from 'vitest';
import { EVENTS_KEPT_PER_TENANT, recordEvent } from '../../../src/families/v2/events/log';
import { videoCameras } from '../../../src/families/v2/tables';
import { it, rejection } from '../../support';
import { cameraBody, rawFetch, seedVideoTenant, type VideoTenant } from '../helpers';

let tenant: VideoTenant;
let cameraA: string;
let cameraB: string;
/** Injected into `tenant`, oldest first. */
const injected: VideoEvent[] = [];

it.beforeAll(async ({ mock }) => {
  tenant = await seedVideoTenant(mock);
  cameraA = (await tenant.video.cameras.create(cameraBody({ name: 'a' }))).id;
  cameraB = (await tenant.video.cameras.create(cameraBody({ name: 'b' }))).id;
  for (let i = 0; i < 12; i++) {
    injected.push(
      await mock.client.mock.videoEvents.create({
        camera_id: i % 3 === 0 ? cameraB : cameraA,
        type: i % 2 ? 'person' : 'vehicle',
      }),
    );
    await mock.clock.advance(1);
  }
});

const ids = (events: { id: string }[]) => events.map((e) => e.id);
const newestFirst = () => ids([...injected].reverse());

describe('event injection (mock control)', () => {
  it('stores the full Event shape', async () => {
    const event = injected[0]!;
    expect(VideoEventSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      tenant_id: tenant.tenantId,
      camera_id: cameraB,
      type: 'vehicle',
      model_version: expect.any(String),
    });
    expect(event.trace_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(event.ts).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(event.confidence).toBeGreaterThan(0);
    expect(event.confidence).toBeLessThanOrEqual(1);
    expect(Number.isInteger(event.payload.track_id)).toBe(true);
    expect(event.payload.boxes.length).toBeGreaterThan(0);
    const [date, time] = event.ts.split('T') as [string, string];
    expect(event.snapshot_url).toBe(
      `/v2/hls/${cameraB}/${date}/${time.slice(0, 2)}/snapshots/${event.id}.jpg`,
    );
  });

  it('keeps a given confidence and payload', async ({ mock }) => {
    const boxes = [{ x: 0.1, y: 0.2, w: 0.3, h: 0.4, label: 'car' }];
    const event = await mock.client.mock.videoEvents.create({
      camera_id: cameraA,
      type: 'license_plate',
      confidence: 0.42,
      payload: { boxes, track_id: 7 },
    });
    expect(event).toMatchObject({ type: 'license_plate', confidence: 0.42, payload: { boxes, track_id: 7 } });
    await tenant.video.cameras.list(); // no side effects on cameras
    injected.push(event);
  });

  it('refuses unknown cameras (404) and bad fields (400)', async ({ mock }) => {
    expect(
      await rejection(
        mock.client.mock.videoEvents.create({ camera_id: crypto.randomUUID(), type: 'person' }),
      ),
    ).toBeInstanceOf(NotFoundError);
    const bad = await rejection(
      mock.client.mock.videoEvents.create({ camera_id: cameraA, type: 'ghost' as 'person', confidence: 1.5 }),
    );
    expect((bad.details as { path: string }[]).map((d) => d.path).sort()).toEqual([
      'body.confidence',
      'body.type',
    ]);
  });
});

describe('GET /v2/api/events', () => {
  it('lists newest first with the defaults', async () => {
    const page = await tenant.video.events.list();
    expect(ids(page.data)).toEqual(newestFirst());
    expect(page.nextCursor).toBeNull();
    expect(page.hasNextPage()).toBe(false);
  });

  it('filters by camera_id, type and since (inclusive, any offset)', async () => {
    const byCamera = await tenant.video.events.list({ camera_id: cameraB });
    expect(ids(byCamera.data)).toEqual(
      newestFirst().filter((id) => injected.find((e) => e.id === id)!.camera_id === cameraB),
    );
    const byType = await tenant.video.events.list({ type: 'person' });
    expect(byType.data.every((e) => e.type === 'person')).toBe(true);
    expect(byType.data).toHaveLength(injected.filter((e) => e.type === 'person').length);
    const pivot = injected[8]!;
    const since = await tenant.video.events.list({ since: pivot.ts });
    expect(ids(since.data)).toEqual(newestFirst().slice(0, injected.length - 8));
    const shifted = new Date(Date.parse(pivot.ts) + 1).toISOString().replace('Z', '+00:00');
    expect(ids((await tenant.video.events.list({ since: shifted })).data)).toEqual(
      ids(since.data).slice(0, -1),
    );
    const both = await tenant.video.events.list({
      camera_id: cameraA,
      type: 'vehicle',
      since: injected[2]!.ts,
    });
    expect(
      both.data.every((e) => e.camera_id === cameraA && e.type === 'vehicle' && e.ts >= injected[2]!.ts),
    ).toBe(true);
  });

  it.each([
    ['since', { since: 'yesterday' }, 'query.since'],
    ['since without a zone', { since: '2026-01-01T00:00:00' }, 'query.since'],
    ['limit 0', { limit: 0 }, 'query.limit'],
    ['limit 101', { limit: 101 }, 'query.limit'],
    ['limit text', { limit: 'many' as unknown as number }, 'query.limit'],
    ['camera_id', { camera_id: 'cam-1' }, 'query.camera_id'],
    ['type', { type: 'ghost' as 'person' }, 'query.type'],
  ])('refuses a bad %s with 400', async (_label, query, path) => {
    const error = await rejection(tenant.video.events.list(query));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.details).toEqual([expect.objectContaining({ path })]);
  });

  it('pages with next_cursor until the end, and iterates every page', async () => {
    const pages: string[][] = [];
    let page = await tenant.video.events.list({ limit: 5 });
    pages.push(ids(page.data));
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      pages.push(ids(page.data));
    }
    expect(pages.map((p) => p.length)).toEqual([5, 5, 3]);
    expect(pages.flat()).toEqual(newestFirst());
    const walked: string[] = [];
    for await (const event of tenant.video.events.list({ limit: 4, type: 'vehicle' })) walked.push(event.id);
    expect(walked).toEqual(
      newestFirst().filter((id) => injected.find((e) => e.id === id)!.type === 'vehicle'),
    );
  });

  it('defaults to 50 per page and caps at 100', async ({ mock }) => {
    const busy = await seedVideoTenant(mock);
    const camera = await busy.video.cameras.create(cameraBody());
    const row = mock.server.store.table(videoCameras).get(camera.id)!;
    for (let i = 0; i < 120; i++) recordEvent(mock.server.app.runtime, row, { type: 'motion' });
    const first = await busy.video.events.list();
    expect(first.data).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect((await busy.video.events.list({ limit: 100 })).data).toHaveLength(100);
  });

  it('pages through events of the same millisecond without skipping or repeating', async ({ mock }) => {
    const same = await seedVideoTenant(mock);
    const camera = await same.video.cameras.create(cameraBody());
    const row = mock.server.store.table(videoCameras).get(camera.id)!;
    const runtime = mock.server.app.runtime;
    // Recorded in one synchronous burst: most share a timestamp, so order falls back to ids.
    const burst = Array.from({ length: 40 }, () => recordEvent(runtime, row, { type: 'motion' }).id);
    const seen: string[] = [];
    for await (const event of same.video.events.list({ limit: 3 })) seen.push(event.id);
    expect(seen).toHaveLength(40);
    expect(new Set(seen)).toEqual(new Set(burst));
  });

  it('refuses a forged or edited cursor with 400', async ({ mock }) => {
    const page = await tenant.video.events.list({ limit: 2 });
    const cursor = page.nextCursor!;
    const [payload, signature] = cursor.split('.') as [string, string];
    const forged = `${btoa(`2999-01-01T00:00:00.000Z|${crypto.randomUUID()}`).replace(/=+$/, '')}.${signature}`;
    const flipped = `${payload}.${signature.startsWith('0') ? '1' : '0'}${signature.slice(1)}`;
    for (const bad of [forged, flipped, 'garbage', `${cursor}.x`, '']) {
      const res = await rawFetch(mock, `/v2/api/events?cursor=${encodeURIComponent(bad)}`, tenant.token);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).error.details[0].path).toBe('query.cursor');
    }
  });

  it('keeps tenants apart and needs events:read', async ({ mock }) => {
    const other = await seedVideoTenant(mock, undefined, { newUser: true });
    expect((await other.video.events.list()).data).toEqual([]);
    const camerasOnly = tenant.client.video.withToken(await tenant.tokenWith(['cameras:read']));
    expect((await rejection(camerasOnly.events.list())).code).toBe('INSUFFICIENT_SCOPE');
  });

  it(`keeps the newest ${EVENTS_KEPT_PER_TENANT} events of a tenant`, async ({ mock }) => {
    const flood = await seedVideoTenant(mock);
    const camera = await flood.video.cameras.create(cameraBody());
    const row = mock.server.store.table(videoCameras).get(camera.id)!;
    const first = recordEvent(mock.server.app.runtime, row, { type: 'motion' });
    await mock.clock.advance(1); // strictly the oldest: same-millisecond events are ordered by id
    for (let i = 0; i < EVENTS_KEPT_PER_TENANT; i++)
      recordEvent(mock.server.app.runtime, row, { type: 'motion' });
    const stored = Object.values(mock.server.store.state.tables.video_events!).filter(
      (e) => e.tenant_id === flood.tenantId,
    );
    expect(stored).toHaveLength(EVENTS_KEPT_PER_TENANT);
    expect(stored.some((e) => e.id === first.id)).toBe(false);
  });
});
