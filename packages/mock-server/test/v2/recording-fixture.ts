import type { Camera, VideoEvent } from '@nimbus/sdk';
import type { MockServer } from '../../src/entries/testing';
import { ALL_SCOPES, cameraBody, seedVideoTenant, type VideoTenant } from './helpers';

const HOUR_MS = 3_600_000;

export interface Recordings {
  tenant: VideoTenant;
  /** Records; created at 00:30 UTC of `date`. */
  camera: Camera;
  /** Does not record. */
  silent: Camera;
  /** The day the camera was created, YYYY-MM-DD. */
  date: string;
  /** Detected just after the camera was created (00:30), and two hours later (02:30). */
  early: VideoEvent;
  late: VideoEvent;
  hourStart(hour: number): number;
}

/**
 * Moves the simulated clock to 00:30 UTC of the next day, creates a recording camera there,
 * and lets two hours pass, so the day has hours 00, 01 (whole) and 02 (up to now).
 */
export async function recordTwoHours(mock: MockServer): Promise<Recordings> {
  const seeded = await seedVideoTenant(mock);
  const now = mock.clock.now().getTime();
  const midnight = (Math.floor(now / (24 * HOUR_MS)) + 1) * 24 * HOUR_MS;
  await mock.clock.advance((midnight + HOUR_MS / 2 - now) / 1000);
  // Seeded before the jump, so the camera is created within a second of 00:30; the token is
  // minted after it, so it is still valid.
  const token = await seeded.tokenWith([...ALL_SCOPES]);
  const tenant = { ...seeded, token, video: seeded.client.video.withToken(token) };
  const camera = await tenant.video.cameras.create(cameraBody());
  const silent = await tenant.video.cameras.create(cameraBody({ name: 'no recording', record: false }));
  const early = await mock.client.mock.videoEvents.create({ camera_id: camera.id, type: 'person' });
  await mock.clock.advance(2 * 3600);
  const late = await mock.client.mock.videoEvents.create({ camera_id: camera.id, type: 'vehicle' });
  const date = new Date(midnight).toISOString().slice(0, 10);
  return { tenant, camera, silent, date, early, late, hourStart: (hour) => midnight + hour * HOUR_MS };
}
