import { NotFoundError } from '@nimbus/sdk';
import { Parser } from 'm3u8-parser';
import { describe, expect } from 'vitest';
import { it, rejection } from '../../support';
import { cameraBody, seedVideoTenant } from '../helpers';
import { type Recordings, recordTwoHours } from '../recording-fixture';

let rec: Recordings;

/** The server's address, for the helpers below. */
let url: string;

it.beforeAll(async ({ mock }) => {
  url = mock.url;
  rec = await recordTwoHours(mock);
});

function parsePlaylist(text: string) {
  const parser = new Parser();
  parser.push(text);
  parser.end();
  return parser.manifest;
}

const dayBefore = (date: string) => new Date(Date.parse(date) - 86_400_000).toISOString().slice(0, 10);

describe('playback timeline', () => {
  it('lists the hours with recordings, from creation up to now', async () => {
    const { video } = rec.tenant;
    await expect(video.playback.timeline({ camera_id: rec.camera.id, date: rec.date })).resolves.toEqual({
      camera_id: rec.camera.id,
      date: rec.date,
      hours: ['00', '01', '02'],
    });
    expect(
      (await video.playback.timeline({ camera_id: rec.camera.id, date: dayBefore(rec.date) })).hours,
    ).toEqual([]);
    expect((await video.playback.timeline({ camera_id: rec.silent.id, date: rec.date })).hours).toEqual([]);
  });

  it.each([
    ['an impossible date', { date: '2026-02-30' }, 'query.date'],
    ['a short date', { date: '2026-1-01' }, 'query.date'],
    ['a bad camera id', { camera_id: 'cam' }, 'query.camera_id'],
  ])('refuses %s with 400', async (_label, override, path) => {
    const query = { camera_id: rec.camera.id, date: rec.date, ...override };
    const error = await rejection(rec.tenant.video.playback.timeline(query));
    expect(error.status).toBe(400);
    expect(error.details).toEqual([expect.objectContaining({ path })]);
  });

  it("answers 404 for another tenant's camera and needs playback:read", async ({ mock }) => {
    const other = await seedVideoTenant(mock, undefined, { newUser: true });
    const query = { camera_id: rec.camera.id, date: rec.date };
    expect(await rejection(other.video.playback.timeline(query))).toBeInstanceOf(NotFoundError);
    const noPlayback = rec.tenant.client.video.withToken(
      await rec.tenant.tokenWith(['cameras:read', 'events:read']),
    );
    expect((await rejection(noPlayback.playback.timeline(query))).code).toBe('INSUFFICIENT_SCOPE');
  });
});

describe('event playback', () => {
  it('points at the hour playlist and the offset of the event in it', async () => {
    const { video } = rec.tenant;
    const late = await video.playback.forEvent(rec.late.id);
    expect(late).toEqual({
      event_id: rec.late.id,
      camera_id: rec.camera.id,
      playlist_url: `/v2/hls/${rec.camera.id}/${rec.date}/02/index.m3u8`,
      offset_sec: (Date.parse(rec.late.ts) - rec.hourStart(2)) / 1000,
    });
    // The creation hour's playlist starts at the segment holding 00:30, so the offset is within it.
    const early = await video.playback.forEvent(rec.early.id);
    expect(early.playlist_url).toBe(`/v2/hls/${rec.camera.id}/${rec.date}/00/index.m3u8`);
    expect(early.offset_sec).toBeGreaterThanOrEqual(0);
    expect(early.offset_sec).toBeLessThan(6);
  });

  it('lands on the event: playlist start + offset is the event time, in the right segment', async () => {
    const { video } = rec.tenant;
    for (const event of [rec.early, rec.late]) {
      const at = await video.playback.forEvent(event.id);
      const manifest = parsePlaylist(await (await fetch(video.playback.playlistUrl(at))).text());
      const start = Date.parse(manifest.dateTimeString!);
      expect(start + at.offset_sec * 1000).toBe(Date.parse(event.ts));
      const index = Math.floor(at.offset_sec / manifest.targetDuration!);
      const segment = manifest.segments[index]!;
      const segmentStart = start + index * manifest.targetDuration! * 1000;
      expect(Date.parse(event.ts)).toBeGreaterThanOrEqual(segmentStart);
      expect(segment.uri).toMatch(/^\d{3}\.ts\?token=/);
    }
  });

  it('answers 404 for events it cannot play and for other tenants', async ({ mock }) => {
    const { video } = rec.tenant;
    const silentEvent = await mock.client.mock.videoEvents.create({
      camera_id: rec.silent.id,
      type: 'person',
    });
    expect(await rejection(video.playback.forEvent(silentEvent.id))).toBeInstanceOf(NotFoundError);
    expect(await rejection(video.playback.forEvent(crypto.randomUUID()))).toBeInstanceOf(NotFoundError);
    const other = await seedVideoTenant(mock, undefined, { newUser: true });
    expect(await rejection(other.video.playback.forEvent(rec.late.id))).toBeInstanceOf(NotFoundError);
    const gone = await seedVideoTenant(mock);
    const camera = await gone.video.cameras.create(cameraBody());
    const event = await mock.client.mock.videoEvents.create({ camera_id: camera.id, type: 'person' });
    await gone.video.cameras.delete(camera.id);
    expect(await rejection(gone.video.playback.forEvent(event.id))).toBeInstanceOf(NotFoundError);
  });
});

describe('HLS playlists', () => {
  const playlist = (hour: string, token = rec.tenant.token) =>
    fetch(`${url}/v2/hls/${rec.camera.id}/${rec.date}/${hour}/index.m3u8?token=${encodeURIComponent(token)}`);

  it('serves a VOD playlist of the whole hour, every segment URI with the same token', async () => {
    const res = await playlist('01');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const text = await res.text();
    expect(text.split('\n').slice(0, 5)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:6',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
    ]);
    const manifest = parsePlaylist(text);
    expect(manifest).toMatchObject({
      endList: true,
      playlistType: 'VOD',
      targetDuration: 6,
      mediaSequence: 0,
    });
    expect(manifest.segments).toHaveLength(600);
    expect(manifest.segments.every((s) => s.duration === 6)).toBe(true);
    expect(manifest.segments[0]!.uri).toBe(`000.ts?token=${encodeURIComponent(rec.tenant.token)}`);
    expect(manifest.segments[599]!.uri).toMatch(/^599\.ts\?token=/);
    expect(Date.parse(manifest.dateTimeString!)).toBe(rec.hourStart(1));
  });

  it('starts the creation hour at the creation segment and ends the current hour now', async ({ mock }) => {
    const created = parsePlaylist(await (await playlist('00')).text());
    expect(created.mediaSequence).toBe(300);
    expect(created.segments[0]!.uri).toMatch(/^300\.ts/);
    expect(created.segments).toHaveLength(300);
    const before = mock.clock.now().getTime();
    const current = parsePlaylist(await (await playlist('02')).text());
    const after = mock.clock.now().getTime();
    const lastIndex = (at: number) => Math.ceil((at - rec.hourStart(2)) / 6000) - 1;
    expect(current.segments.length - 1).toBeGreaterThanOrEqual(lastIndex(before));
    expect(current.segments.length - 1).toBeLessThanOrEqual(lastIndex(after));
  });

  it('answers 404 for hours without recordings', async ({ mock }) => {
    expect((await playlist('03')).status).toBe(404);
    const silent = await fetch(
      `${mock.url}/v2/hls/${rec.silent.id}/${rec.date}/01/index.m3u8?token=${encodeURIComponent(rec.tenant.token)}`,
    );
    expect(silent.status).toBe(404);
  });

  it('builds tokenised absolute URLs for players', ({ mock }) => {
    const url = new URL(
      rec.tenant.video.playback.playlistUrl({ camera_id: rec.camera.id, date: rec.date, hour: '01' }),
    );
    expect(url.origin).toBe(mock.url);
    expect(url.pathname).toBe(`/v2/hls/${rec.camera.id}/${rec.date}/01/index.m3u8`);
    expect(url.searchParams.get('token')).toBe(rec.tenant.token);
    const snapshot = new URL(rec.tenant.video.playback.snapshotUrl(rec.late));
    expect(snapshot.pathname).toBe(rec.late.snapshot_url);
    expect(() => rec.tenant.video.playback.playlistUrl({ playlist_url: '/etc/passwd' })).toThrow(TypeError);
  });
});

// Last: it moves the shared clock an hour on.
describe('recordings over time', () => {
  it('grows with the clock', async ({ mock }) => {
    const tenant = await seedVideoTenant(mock);
    const camera = await tenant.video.cameras.create(cameraBody());
    const at = new Date(camera.created_at);
    const day = camera.created_at.slice(0, 10);
    expect((await tenant.video.playback.timeline({ camera_id: camera.id, date: day })).hours).toEqual([
      camera.created_at.slice(11, 13),
    ]);
    await mock.clock.advance(3600);
    const later = new Date(at.getTime() + 3_600_000).toISOString();
    const hours = (await tenant.video.playback.timeline({ camera_id: camera.id, date: later.slice(0, 10) }))
      .hours;
    expect(hours).toContain(later.slice(11, 13));
  });
});
