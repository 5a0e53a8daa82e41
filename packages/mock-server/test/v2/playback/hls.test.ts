import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { createMediaSource, defaultMediaRoot } from '../../../src/node/media-source';
import { it } from '../../support';
import { seedVideoTenant } from '../helpers';
import { type Recordings, recordTwoHours } from '../recording-fixture';
import { probeTs } from '../ts-probe';

let rec: Recordings;
/** The server's address, for the helpers below. */
let url: string;

it.beforeAll(async ({ mock }) => {
  url = mock.url;
  rec = await recordTwoHours(mock);
});

const hourPath = (hour = '01', camera = rec.camera.id, date = rec.date) =>
  `/v2/hls/${camera}/${date}/${hour}`;
const withToken = (path: string, token = rec.tenant.token) =>
  `${url}${path}?token=${encodeURIComponent(token)}`;
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

/** GET with the path sent exactly as written (fetch would normalise `..` away before sending). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/`, { path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HLS segments', () => {
  it('serves H.264 in MPEG-TS, re-stamped so segments follow each other', async () => {
    const first = await fetch(withToken(`${hourPath()}/000.ts`));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('video/mp2t');
    const zero = probeTs(await bytes(first));
    expect(zero.packets).toBeGreaterThan(10);
    const video = [...zero.streams].find(([, type]) => type === 0x1b);
    expect(video, 'a PMT entry with stream_type 0x1B (H.264)').toBeDefined();
    const pid = video![0];
    const fifth = probeTs(await bytes(await fetch(withToken(`${hourPath()}/005.ts`))));
    expect(fifth.firstPts.get(pid)! - zero.firstPts.get(pid)!).toBe(5 * 6 * 90_000);
  });

  it('answers 404 for segments outside the recording and 400 for bad names', async () => {
    expect((await fetch(withToken(`${hourPath('00')}/010.ts`))).status).toBe(404); // before creation
    expect((await fetch(withToken(`${hourPath('02')}/599.ts`))).status).toBe(404); // not recorded yet
    for (const name of ['1.ts', '0000.ts', 'abc.ts', '000.mp4', '000.ts.jpg']) {
      const res = await fetch(withToken(`${hourPath()}/${name}`));
      expect(res.status, name).toBe(400);
      expect((await res.json()).error.details[0].path).toBe('path.segment');
    }
  });

  it('checks the token and the tenant of every segment', async ({ mock }) => {
    expect((await fetch(`${mock.url}${hourPath()}/000.ts`)).status).toBe(401);
    expect((await fetch(withToken(`${hourPath()}/000.ts`, 'forged'))).status).toBe(401);
    const other = await seedVideoTenant(mock, undefined, { newUser: true });
    expect((await fetch(withToken(`${hourPath()}/000.ts`, other.token))).status).toBe(404);
    const noPlayback = await rec.tenant.tokenWith(['cameras:read', 'events:read']);
    const res = await fetch(withToken(`${hourPath()}/000.ts`, noPlayback));
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('INSUFFICIENT_SCOPE');
  });
});

describe('HLS playlists: access and paths', () => {
  it('needs a valid token of the camera tenant with playback:read', async ({ mock }) => {
    const path = `${hourPath()}/index.m3u8`;
    const missing = await fetch(`${mock.url}${path}`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: expect.objectContaining({ code: 'UNAUTHENTICATED' }) });
    expect((await fetch(withToken(path, `${rec.tenant.token}x`))).status).toBe(401);
    const other = await seedVideoTenant(mock, undefined, { newUser: true });
    expect((await fetch(withToken(path, other.token))).status).toBe(404);
    expect((await fetch(withToken(path, await rec.tenant.tokenWith(['events:read'])))).status).toBe(403);
  });

  it('also takes the token as a bearer header, and then lists segments without one', async ({ mock }) => {
    const res = await fetch(`${mock.url}${hourPath()}/index.m3u8`, {
      headers: { authorization: `Bearer ${rec.tenant.token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('\n000.ts\n');
  });

  it.each([
    ['a camera that is not a UUID', () => hourPath('01', 'front-door'), 'path.cam'],
    ['an impossible date', () => hourPath('01', undefined, '2026-02-29'), 'path.date'],
    ['a date in another format', () => hourPath('01', undefined, '01-02-2026'), 'path.date'],
    ['hour 24', () => hourPath('24'), 'path.hour'],
    ['a one-digit hour', () => hourPath('7'), 'path.hour'],
  ])('refuses %s with 400', async (_label, path, field) => {
    const res = await fetch(withToken(`${path()}/index.m3u8`));
    expect(res.status).toBe(400);
    expect((await res.json()).error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it.each([
    ['dot segments', () => `${hourPath()}/../../../../../etc/passwd`],
    ['encoded dot segments', () => `${hourPath()}/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json`],
    ['encoded slashes', () => `${hourPath()}/..%2F..%2F..%2F..%2Fpackage.json`],
    ['an encoded absolute path', () => `${hourPath()}/%2Fetc%2Fpasswd`],
    ['a traversal in the camera part', () => `/v2/hls/..%2F..%2Fmedia/${rec.date}/01/segment.ts`],
    ['a traversal in the snapshot name', () => `${hourPath()}/snapshots/..%2F..%2Fsnapshot.jpg`],
  ])('never escapes with %s', async (_label, path) => {
    const res = await rawGet(`${path()}?token=${encodeURIComponent(rec.tenant.token)}`);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain('root:');
    expect(res.body).not.toContain('"name"');
    expect(JSON.parse(res.body)).toHaveProperty('error');
  });
});

describe('snapshots', () => {
  it("serves a JPEG at an event's snapshot_url", async () => {
    const res = await fetch(rec.tenant.video.playback.snapshotUrl(rec.late));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = await bytes(res);
    expect([jpeg[0], jpeg[1], jpeg[2]]).toEqual([0xff, 0xd8, 0xff]);
    expect([jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd9]);
  });

  it('answers 404 for a path that is not the event’s, or another tenant, and needs events:read', async ({
    mock,
  }) => {
    const wrongHour = rec.late.snapshot_url.replace(/\/(\d{2})\/snapshots\//, '/00/snapshots/');
    expect((await fetch(withToken(wrongHour))).status).toBe(404);
    const unknown = `${hourPath()}/snapshots/${crypto.randomUUID()}.jpg`;
    expect((await fetch(withToken(unknown))).status).toBe(404);
    const other = await seedVideoTenant(mock, undefined, { newUser: true });
    expect((await fetch(withToken(rec.late.snapshot_url, other.token))).status).toBe(404);
    expect(
      (await fetch(withToken(rec.late.snapshot_url, await rec.tenant.tokenWith(['playback:read'])))).status,
    ).toBe(403);
  });
});

describe('through the SDK', () => {
  it('fetches playlists as text and segments and snapshots as bytes', async () => {
    const text = await rec.tenant.video.playback.playlist({
      camera_id: rec.camera.id,
      date: rec.date,
      hour: '01',
    });
    expect(text.startsWith('#EXTM3U\n')).toBe(true);
    expect(text).toContain('\n005.ts\n'); // the token went in a header, so URIs carry none
    const segment = await rec.tenant.video.playback.segment({
      camera_id: rec.camera.id,
      date: rec.date,
      hour: '01',
      segment: 5,
    });
    expect(segment).toBeInstanceOf(Uint8Array);
    expect(segment).toEqual(await bytes(await fetch(withToken(`${hourPath()}/005.ts`))));
    expect(
      await rec.tenant.video.playback.segment({
        camera_id: rec.camera.id,
        date: rec.date,
        hour: '01',
        segment: '005.ts',
      }),
    ).toEqual(segment);
    const jpeg = await rec.tenant.video.playback.snapshot(rec.late);
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  });

  it('takes what forEvent() answers for playlist() and playlistUrl()', async () => {
    const { playback } = rec.tenant.video;
    const at = await playback.forEvent(rec.late.id);
    const hour = rec.late.ts.slice(11, 13);
    const byHour = await playback.playlist({ camera_id: rec.camera.id, date: rec.date, hour });
    expect(await playback.playlist(at)).toBe(byHour);
    expect(new URL(playback.playlistUrl(at)).pathname).toBe(at.playlist_url);
    expect(() => playback.playlist({ playlist_url: '/v2/hls/elsewhere' })).toThrow(TypeError);
  });

  it('refuses a segment call without a segment instead of fetching the first one', async () => {
    const hour = { camera_id: rec.camera.id, date: rec.date, hour: '01' };
    await expect(rec.tenant.video.playback.segment(hour as never)).rejects.toThrow(
      /Missing path parameter "segment"/,
    );
  });
});

describe('the media source', () => {
  const media = createMediaSource(defaultMediaRoot());

  it('reads the fixtures', async () => {
    expect(probeTs(await media.read('segment.ts')).packets).toBeGreaterThan(0);
    expect((await media.read('snapshot.jpg'))[0]).toBe(0xff);
  });

  it.each([
    '../package.json',
    '../../../../etc/passwd',
    '/etc/passwd',
    join(defaultMediaRoot(), '..', 'package.json'),
    '',
    '.',
    'segment.ts\0.jpg',
  ])('refuses %j, which is outside the media folder', async (name) => {
    await expect(media.read(name)).rejects.toThrow();
  });
});
