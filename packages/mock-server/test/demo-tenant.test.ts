import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type MockServer, startMockServer } from '../src/entries/testing';
import { it } from './support';

/** What `nimbus mock start` seeds: /v2 and `nimbus events tail` have something to show at once. */
describe('the demo tenant', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ seed: true, simulator: true, simulatorEventsPerMinute: 6 });
  });
  afterAll(() => mock.close());

  it('has a recording camera that the simulator sends events for', async () => {
    const demo = mock.server.demo!;
    const client = mock.createClient({ accessToken: demo.accessToken });
    const { token } = await client.auth.workloadToken({
      project_id: demo.projectId,
      scopes: ['cameras:read', 'events:read', 'playback:read'],
    });
    const video = client.video.withToken(token);
    const { data: cameras } = await video.cameras.list();
    expect(cameras).toEqual([expect.objectContaining({ name: 'Front door', record: true })]);
    const camera = cameras[0]!;
    // One tick of the simulator a step (10 s at 6 a minute): a tick drops the camera offline now
    // and then (2 %) instead of reporting a detection, so one step alone could show none.
    let events: unknown[] = [];
    for (let step = 0; step < 30 && events.length === 0; step++) {
      await mock.clock.advance(10);
      events = (await video.events.list({ camera_id: camera.id })).data;
    }
    expect(events.length).toBeGreaterThan(0);
    const today = mock.clock.now().toISOString().slice(0, 10);
    const timeline = await video.playback.timeline({ camera_id: camera.id, date: today });
    expect(timeline.hours.length).toBeGreaterThan(0);
  });
});
