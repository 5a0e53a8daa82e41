import { afterAll, afterEach, beforeAll, describe, expect, vi } from 'vitest';
import { type MockServer, startMockServer } from '../../src/entries/testing';
import { startSimulator } from '../../src/families/v2/simulator';
import { it } from '../support';
import { cameraBody, seedVideoTenant } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the detection simulator (config.simulator)', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ simulator: true, simulatorEventsPerMinute: 6 });
  });
  afterAll(() => mock.close());

  it('emits one event per tick for each online camera, of its features, on the simulated clock', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.3); // never drops a camera; picks the first feature
    const { video } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody({ features: ['vehicle', 'person'] }));
    await video.cameras.create(cameraBody({ name: 'off', enabled: false }));
    await video.cameras.list(); // connecting -> online
    const stream = video.events.stream();
    const live: string[] = [];
    stream.on('event', (event) => live.push(event.id));
    await new Promise<void>((resolve) => stream.on('open', resolve));
    for (let tick = 0; tick < 3; tick++) await mock.clock.advance(10);
    const { data } = await video.events.list();
    expect(data).toHaveLength(3);
    expect(data.every((e) => e.camera_id === camera.id && e.type === 'vehicle')).toBe(true);
    await vi.waitFor(() => expect(live).toHaveLength(3));
    stream.close();
  });

  it('resumes from the present after a clock jump instead of back-filling every tick', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.3);
    const { video } = await seedVideoTenant(mock);
    await video.cameras.create(cameraBody());
    await video.cameras.list();
    await mock.clock.advance(3600);
    expect((await video.events.list()).data.length).toBeLessThanOrEqual(1);
    await mock.clock.advance(10);
    expect((await video.events.list()).data.length).toBeGreaterThanOrEqual(1);
  });
});

describe('camera outages', () => {
  it('drops a camera offline now and then and brings it back', async ({ mock }) => {
    const rolls = [0.01, 0.9, 0.4, 0.3];
    const random = () => rolls.shift() ?? 0.3;
    const { video } = await seedVideoTenant(mock);
    const camera = await video.cameras.create(cameraBody());
    await video.cameras.list();
    startSimulator(mock.server.app.runtime, random);
    const status = async () => (await video.cameras.list()).data.find((c) => c.id === camera.id)!.status;
    await mock.clock.advance(10); // 0.01 < 2%: drops
    expect(await status()).toBe('offline');
    await mock.clock.advance(10); // 0.9: stays offline
    expect(await status()).toBe('offline');
    await mock.clock.advance(10); // 0.4 < 50%: back
    expect(await status()).toBe('online');
    expect((await video.events.list()).data).toHaveLength(0);
    await mock.clock.advance(10); // online again: detects
    expect((await video.events.list()).data).toHaveLength(1);
  });
});
